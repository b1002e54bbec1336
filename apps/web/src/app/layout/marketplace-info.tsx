import { Button, Popover, Portal } from '@chakra-ui/react';
import { usePortalContext } from '@/app/portal/portal-context';
import { DetailList, type DetailRow } from '@/ui/detail-list';

/** The marketplace name in the top bar, opening its identifying details (spec 1 §2 Shell). */
export function MarketplaceInfo() {
  const { marketplace } = usePortalContext();
  const rows: DetailRow[] = [
    ['Marketplace Name', marketplace.Name],
    ['ID', marketplace.Id],
    ['Environment', marketplace.OcEnvironment],
    ['Base API URL', marketplace.CoreApiUrl],
    ['Region', marketplace.Region.Name ?? 'N/A'],
  ];
  return (
    <Popover.Root>
      <Popover.Trigger asChild>
        <Button variant="outline" size="sm" maxW="48" hideBelow="md">
          {marketplace.Name}
        </Button>
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
            </Popover.Body>
          </Popover.Content>
        </Popover.Positioner>
      </Portal>
    </Popover.Root>
  );
}
