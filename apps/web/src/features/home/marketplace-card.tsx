import { Badge, Card, DataList, Heading } from '@chakra-ui/react';
import { environmentPalette } from '@/app/layout/marketplace-environment';
import { usePortalContext } from '@/app/portal/portal-context';

/**
 * The marketplace's identity (spec 1 §2 Routes "/": ID, environment badge with Production in a danger colour, region,
 * base API URL). It sits right under the greeting, in one row on wide screens, so it is in view without scrolling;
 * below the dashboard it was 1,500 px down the page.
 */
export function MarketplaceCard() {
  const { marketplace } = usePortalContext();
  return (
    <Card.Root as="section" aria-labelledby="marketplace-card-title" size="sm" variant="outline">
      <Card.Header>
        <Heading as="h2" id="marketplace-card-title" size="md">
          Your marketplace
        </Heading>
      </Card.Header>
      <Card.Body>
        <DataList.Root
          orientation={{ base: 'horizontal', lg: 'vertical' }}
          display="grid"
          gridTemplateColumns={{ base: '1fr', lg: 'auto auto auto minmax(0, 1fr)' }}
          columnGap="10"
          rowGap="3"
        >
          <DataList.Item alignItems="flex-start">
            <DataList.ItemLabel>Marketplace ID</DataList.ItemLabel>
            <DataList.ItemValue wordBreak="break-all">{marketplace.Id}</DataList.ItemValue>
          </DataList.Item>
          <DataList.Item alignItems="flex-start">
            <DataList.ItemLabel>Environment</DataList.ItemLabel>
            <DataList.ItemValue>
              <Badge colorPalette={environmentPalette(marketplace.OcEnvironment)}>{marketplace.OcEnvironment}</Badge>
            </DataList.ItemValue>
          </DataList.Item>
          <DataList.Item alignItems="flex-start">
            <DataList.ItemLabel>Region</DataList.ItemLabel>
            <DataList.ItemValue>{marketplace.Region.Name ?? 'N/A'}</DataList.ItemValue>
          </DataList.Item>
          <DataList.Item alignItems="flex-start">
            <DataList.ItemLabel>Base API URL</DataList.ItemLabel>
            <DataList.ItemValue wordBreak="break-all">{marketplace.CoreApiUrl}</DataList.ItemValue>
          </DataList.Item>
        </DataList.Root>
      </Card.Body>
    </Card.Root>
  );
}
