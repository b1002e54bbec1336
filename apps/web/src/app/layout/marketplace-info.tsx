import { DeferredOverlay } from './deferred-overlay';
import { MarketplaceInfoButton } from './marketplace-info-button';

const loadMarketplaceInfo = () => import('./marketplace-info-open');

/**
 * The marketplace (tenant) name in the top bar, opening its identifying details (spec 1 §2 Shell). It used to be an
 * outlined button beside the tenant switcher and read as a second switcher; it is a label with the environment and
 * an info mark now, and switching stays with the switcher's grid button. Visible at every width, truncated on phones.
 */
export function MarketplaceInfo() {
  return <DeferredOverlay trigger={<MarketplaceInfoButton />} load={loadMarketplaceInfo} />;
}
