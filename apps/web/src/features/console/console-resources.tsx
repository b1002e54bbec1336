import { Box, Button } from '@chakra-ui/react';
import { useState, type ReactNode } from 'react';
import { TOP_BAR_HEIGHT } from '@/ui/layout-sizes';
import { SideDrawer } from '@/ui/side-drawer';

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
      <SideDrawer
        open={open}
        onOpenChange={setOpen}
        title="Resources"
        closeLabel="Close resources"
        bodyProps={{ py: '4' }}
      >
        {children(() => setOpen(false))}
      </SideDrawer>
    </Box>
  );
}
