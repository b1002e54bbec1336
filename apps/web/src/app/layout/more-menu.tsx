import { Button, type ButtonProps } from '@chakra-ui/react';
import { DeferredOverlay } from './deferred-overlay';

/** The More menu's button, shown below md only. */
export function MoreMenuButton(props: ButtonProps) {
  return (
    <Button variant="ghost" size="sm" px="2" hideFrom="md" {...props}>
      More...
    </Button>
  );
}

const loadMoreMenu = () => import('./more-menu-open');

/** Below md the top bar's links, plus index tools, collapse into this menu. */
export function MoreMenu() {
  return <DeferredOverlay trigger={<MoreMenuButton />} load={loadMoreMenu} />;
}
