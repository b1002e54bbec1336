import { DeferredOverlay } from './deferred-overlay';
import { MoreMenuButton } from './more-menu-button';

const loadMoreMenu = () => import('./more-menu-open');

/** Below md the top bar's links, plus index tools, collapse into this menu. */
export function MoreMenu() {
  return <DeferredOverlay trigger={<MoreMenuButton />} load={loadMoreMenu} />;
}
