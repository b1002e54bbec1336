import { Badge, Box, Card, Heading, HStack, Stack, Table, Text } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { usePortalContext } from '@/app/portal/portal-context';
import { displayName } from '@/lib/display-name';
import { formatMoney } from '../orders/money';
import { useAdminApi, type Item } from '../lib/admin-api';
import type { SpecialDetailProps } from '../slots';
import { isProductsCollection, useApiBaseUrl } from './merchandise-columns';
import { useImageField } from './merchandise-settings';
import {
  defaultScheduleId,
  formatProductPrice,
  inventoryText,
  priceBreaksOf,
  productImageUrl,
  scheduleCurrency,
  variantsText,
} from './merchandise-values';
import { fetchSchedulesById, PRICE_SCHEDULES_LIST, usePriceScheduleList } from './page-prices';
import { ProductThumbnail } from './product-thumbnail';

/** The product's default schedule: undefined while loading or when it has none, null when it cannot be read. */
function useDefaultSchedule(product: Item) {
  const { marketplace } = usePortalContext();
  const api = useAdminApi();
  const listOperation = usePriceScheduleList();
  const id = defaultScheduleId(product);
  return useQuery({
    queryKey: ['platform', marketplace.Id, 'list', PRICE_SCHEDULES_LIST, 'by-id', id ? [id] : []],
    queryFn: async ({ signal }) =>
      // null, not undefined (which a query may not resolve to): the schedule is not there.
      listOperation && id ? ((await fetchSchedulesById(api, listOperation, [id], signal)).get(id) ?? null) : null,
    enabled: listOperation !== null && id !== null,
    retry: false,
  });
}

function PriceBreaks({ schedule }: { schedule: Item }) {
  const breaks = priceBreaksOf(schedule);
  if (breaks.length === 0) return <Text color="fg.muted">The default price schedule has no price breaks.</Text>;
  const currency = scheduleCurrency(schedule);
  const hasSale = breaks.some((entry) => entry.salePrice !== null);
  return (
    <Table.Root size="sm" variant="outline" maxW="sm">
      <Table.Caption captionSide="top" textAlign="start" mt="0" mb="1" color="fg.muted">
        Price breaks ({currency})
      </Table.Caption>
      <Table.Header>
        <Table.Row>
          <Table.ColumnHeader>Quantity</Table.ColumnHeader>
          <Table.ColumnHeader textAlign="end">Price</Table.ColumnHeader>
          {hasSale && <Table.ColumnHeader textAlign="end">Sale price</Table.ColumnHeader>}
        </Table.Row>
      </Table.Header>
      <Table.Body>
        {breaks.map((entry) => (
          <Table.Row key={entry.quantity}>
            <Table.Cell>{entry.quantity}+</Table.Cell>
            <Table.Cell textAlign="end">{formatMoney(entry.price, currency)}</Table.Cell>
            {hasSale && <Table.Cell textAlign="end">{formatMoney(entry.salePrice, currency)}</Table.Cell>}
          </Table.Row>
        ))}
      </Table.Body>
    </Table.Root>
  );
}

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Stack gap="0">
      <Text as="dt" fontSize="xs" color="fg.muted" textTransform="uppercase" letterSpacing="wide">
        {label}
      </Text>
      <Text as="dd" fontWeight="medium">
        {children}
      </Text>
    </Stack>
  );
}

/** A product as merchandise, above its form: picture, price and breaks, stock, active and variants. */
export function ProductSummary({ item }: { item: Item }) {
  const { marketplace } = usePortalContext();
  const [imageField] = useImageField(marketplace.Id);
  const apiBaseUrl = useApiBaseUrl();
  const schedule = useDefaultSchedule(item);
  const priceReadable = usePriceScheduleList() !== null;
  const hasSchedule = defaultScheduleId(item) !== null;
  let price: string;
  if (!priceReadable) price = 'Not available to your roles';
  else if (hasSchedule && schedule.isPending) price = 'Loading…';
  else price = formatProductPrice(schedule.data ?? undefined);

  return (
    <Card.Root size="sm" as="section" aria-labelledby="merchandise-summary-heading">
      <Card.Body>
        {/* Compact on a phone, so the form (and its pinned Save and Delete) still starts within the first screen. */}
        <Stack direction="row" gap="4" align="flex-start">
          <ProductThumbnail
            url={productImageUrl(item, imageField, apiBaseUrl)}
            name={displayName(item)}
            size={120}
            phoneSize={64}
          />
          <Stack gap="3" flex="1" minW="0">
            <HStack gap="2" wrap="wrap">
              <Heading as="h2" size="md" id="merchandise-summary-heading">
                Merchandise
              </Heading>
              <Badge colorPalette={item.Active === true ? 'green' : 'gray'}>
                {item.Active === true ? 'Active' : 'Inactive'}
              </Badge>
            </HStack>
            <Box
              as="dl"
              display="grid"
              gridTemplateColumns={{ base: '1fr 1fr', md: 'repeat(3, auto)' }}
              gap={{ base: '2', md: '3' }}
            >
              <Fact label="Price">{price}</Fact>
              <Fact label="Inventory">{inventoryText(item)}</Fact>
              <Fact label="Variants">{variantsText(item)}</Fact>
            </Box>
            {!hasSchedule && <Text color="fg.muted">No default price schedule.</Text>}
            {/* Below md the price (its first break) stands alone; the breaks are a click away in the price schedule. */}
            {schedule.data && (
              <Box hideBelow="md">
                <PriceBreaks schedule={schedule.data} />
              </Box>
            )}
            {hasSchedule && priceReadable && schedule.isSuccess && !schedule.data && (
              <Text color="fg.muted">The default price schedule was not found.</Text>
            )}
          </Stack>
        </Stack>
      </Card.Body>
    </Card.Root>
  );
}

/** The detail page's summary slot: a product's merchandise summary; nothing for other resources. */
export function ResourceSummary({ collection, item }: SpecialDetailProps) {
  return isProductsCollection(collection) ? <ProductSummary item={item} /> : null;
}
