import { Box, Button, CloseButton, Drawer, Portal } from '@chakra-ui/react';
import { useState, type ReactNode } from 'react';
import { TOP_BAR_HEIGHT } from '@/ui/layout-sizes';

// The console's resource list is long (70 resources): beside the form it stays in view and scrolls on its own, so
// choosing a resource near its end keeps the form in sight; on narrow screens the form comes first and the list
// waits behind a button.

/** The list as a column from lg: sticky below the top bar, scrolling by itself (a named tab stop to scroll it). */
export function ResourcesColumn({ children }: { children: ReactNode }) {
  return (
    <Box
      hideBelow="lg"
      position="sticky"
      top={`calc(${TOP_BAR_HEIGHT} + var(--chakra-spacing-4))`}
      maxH={`calc(100dvh - ${TOP_BAR_HEIGHT} - var(--chakra-spacing-8))`}
      overflowY="auto"
      overscrollBehavior="contain"
      role="region"
      aria-label="Resource list"
      tabIndex={0}
      pe="2"
      _focusVisible={{ outline: '2px solid', outlineColor: 'colorPalette.focusRing' }}
    >
      {children}
    </Box>
  );
}

/**
 * Below lg: a button naming the current resource that opens the list in a drawer. `children` gets a `close`
 * callback, so choosing a resource can shut the drawer.
 */
export function ResourcesDrawerButton(props: { current: string; children: (close: () => void) => ReactNode }) {
  const { current, children } = props;
  const [open, setOpen] = useState(false);
  return (
    <Box hideFrom="lg">
      <Button variant="outline" size="sm" onClick={() => setOpen(true)} aria-haspopup="dialog">
        Resources: {current}
      </Button>
      <Drawer.Root
        open={open}
        onOpenChange={(details) => setOpen(details.open)}
        placement="start"
        // Mounted only while open, so the resource list and its landmark are never in the page twice.
        lazyMount
        unmountOnExit
      >
        <Portal>
          <Drawer.Backdrop />
          <Drawer.Positioner>
            <Drawer.Content maxW="xs">
              <Drawer.Header borderBottomWidth="1px" borderColor="border">
                <Drawer.Title>Resources</Drawer.Title>
              </Drawer.Header>
              <Drawer.Body py="4">{children(() => setOpen(false))}</Drawer.Body>
              <Drawer.CloseTrigger asChild>
                <CloseButton size="sm" aria-label="Close resources" />
              </Drawer.CloseTrigger>
            </Drawer.Content>
          </Drawer.Positioner>
        </Portal>
      </Drawer.Root>
    </Box>
  );
}
