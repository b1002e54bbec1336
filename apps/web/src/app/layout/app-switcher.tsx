import { DeferredOverlay } from './deferred-overlay';
import { SwitcherButton } from './app-switcher-button';

const loadSwitcher = () => import('./app-switcher-open');

/** Lists the organization's tenants (read when the menu's code loads); choosing one opens the portal for it. */
export function AppSwitcher() {
  return <DeferredOverlay trigger={<SwitcherButton />} load={loadSwitcher} />;
}
