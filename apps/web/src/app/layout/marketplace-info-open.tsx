import { Popover, Portal } from '@chakra-ui/react';
import { usePortalContext } from '@/app/portal/portal-context';
import { AppLink } from '@/ui/app-link';
import { DetailList, type DetailRow } from '@/ui/detail-list';
import type { OverlayProps } from './deferred-overlay';
import { MarketplaceInfoButton } from './marketplace-info-button';

/** The marketplace information popover itself, loaded on first approach of its button (see DeferredOverlay). */
export default function MarketplaceInfoOpen({ defaultOpen }: OverlayProps) {
  const { marketplace, me } = usePortalContext();
  const environment = marketplace.OcEnvironment;
  const linkText = me.IsOrganizationAdmin ? 'Manage marketplaces' : 'All marketplaces';
  const rows: DetailRow[] = [
    ['Marketplace Name', marketplace.Name],
    ['ID', marketplace.Id],
    ['Environment', environment],
    ['Base API URL', marketplace.CoreApiUrl],
    ['Region', marketplace.Region.Name ?? 'N/A'],
  ];
  return (
    <Popover.Root defaultOpen={defaultOpen}>
      <Popover.Trigger asChild>
        <MarketplaceInfoButton />
      </Popover.Trigger>
      <Portal>
        <Popover.Positioner>
          <Popover.Content>
            <Popover.Arrow />
            <Popover.Body>
              <Popover.Title fontWeight="semibold" mb="3">
                Marketplace information
              </Popover.Title>
              <DetailList rows={rows} />
              {/* A close trigger too, so the popover does not stay open over the page the link opens. Its own
                  label, as the trigger would name the link "close" and hide the words it shows. */}
              <Popover.CloseTrigger asChild>
                <AppLink
                  to="/marketplaces"
                  aria-label={linkText}
                  display="inline-block"
                  mt="3"
                  fontSize="sm"
                  colorPalette="blue"
                >
                  {linkText}
                </AppLink>
              </Popover.CloseTrigger>
            </Popover.Body>
          </Popover.Content>
        </Popover.Positioner>
      </Portal>
    </Popover.Root>
  );
}
