import { lazy, Suspense, useState } from 'react';
import { Sidebar } from './sidebar';

// The drawer's dialog code (focus trap, scroll lock, dismissal: about 15 KB compressed) loads on its first opening,
// not with the first page (issue 22); wide screens, which show the sidebar itself, never load it.
const SideDrawer = lazy(async () => ({ default: (await import('@/ui/side-drawer')).SideDrawer }));

export interface NavigationDrawerProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/** The sidebar for screens below lg, opened from the top bar's "Open navigation" button. */
export function NavigationDrawer({ open, onOpenChange }: NavigationDrawerProps) {
  const [opened, setOpened] = useState(open);
  // Once opened, the drawer stays mounted so it can play its closing animation.
  if (open && !opened) setOpened(true);
  if (!opened) return null;
  return (
    <Suspense fallback={null}>
      <SideDrawer
        open={open}
        onOpenChange={onOpenChange}
        title="Navigation"
        closeLabel="Close navigation"
        bodyProps={{ px: '0', py: '0' }}
      >
        <Sidebar onNavigate={() => onOpenChange(false)} />
      </SideDrawer>
    </Suspense>
  );
}
