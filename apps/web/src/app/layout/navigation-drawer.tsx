import { CloseButton, Drawer, Portal } from '@chakra-ui/react';
import { Sidebar } from './sidebar';

export interface NavigationDrawerProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/** The sidebar for screens below lg, opened from the top bar's "Open navigation" button. */
export function NavigationDrawer({ open, onOpenChange }: NavigationDrawerProps) {
  return (
    // Mounted only while open, so the "Marketplace resources" landmark is never in the DOM twice.
    <Drawer.Root
      open={open}
      onOpenChange={(details) => onOpenChange(details.open)}
      placement="start"
      lazyMount
      unmountOnExit
    >
      <Portal>
        <Drawer.Backdrop />
        <Drawer.Positioner>
          <Drawer.Content maxW="xs">
            <Drawer.Header borderBottomWidth="1px" borderColor="border">
              <Drawer.Title>Navigation</Drawer.Title>
            </Drawer.Header>
            <Drawer.Body px="0" py="0">
              <Sidebar onNavigate={() => onOpenChange(false)} />
            </Drawer.Body>
            <Drawer.CloseTrigger asChild>
              <CloseButton size="sm" aria-label="Close navigation" />
            </Drawer.CloseTrigger>
          </Drawer.Content>
        </Drawer.Positioner>
      </Portal>
    </Drawer.Root>
  );
}
