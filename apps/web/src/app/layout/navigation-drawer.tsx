import { SideDrawer } from '@/ui/side-drawer';
import { Sidebar } from './sidebar';

export interface NavigationDrawerProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/** The sidebar for screens below lg, opened from the top bar's "Open navigation" button. */
export function NavigationDrawer({ open, onOpenChange }: NavigationDrawerProps) {
  return (
    <SideDrawer
      open={open}
      onOpenChange={onOpenChange}
      title="Navigation"
      closeLabel="Close navigation"
      bodyProps={{ px: '0', py: '0' }}
    >
      <Sidebar onNavigate={() => onOpenChange(false)} />
    </SideDrawer>
  );
}
