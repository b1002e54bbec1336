import { CloseButton, Drawer, Portal, type DrawerBodyProps } from '@chakra-ui/react';
import type { ReactNode } from 'react';

export interface SideDrawerProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  /** The close button's accessible name, e.g. 'Close navigation'. */
  closeLabel: string;
  bodyProps?: DrawerBodyProps;
  children: ReactNode;
}

/**
 * A panel sliding in from the start edge on narrow screens (the portal's navigation, the console's resources).
 * Mounted only while open, so a list it holds and that list's landmark are never in the page twice.
 */
export function SideDrawer({ open, onOpenChange, title, closeLabel, bodyProps, children }: SideDrawerProps) {
  return (
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
              <Drawer.Title>{title}</Drawer.Title>
            </Drawer.Header>
            <Drawer.Body {...bodyProps}>{children}</Drawer.Body>
            <Drawer.CloseTrigger asChild>
              <CloseButton size="sm" aria-label={closeLabel} />
            </Drawer.CloseTrigger>
          </Drawer.Content>
        </Drawer.Positioner>
      </Portal>
    </Drawer.Root>
  );
}
