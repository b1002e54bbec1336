import { Box, HStack, SimpleGrid, Spinner, Stack, Text } from '@chakra-ui/react';
import { AppLink } from '@/ui/app-link';
import { collectionByKey } from '../catalogue/catalogue';
import { adminHref, type RouteParams } from '../catalogue/resolve-path';
import type { Item } from '../lib/admin-api';
import { distinctAddresses } from './address-lines';
import { InfoCard } from './info-card';
import { currencyOf, formatMoney } from './money';
import { OrderCustomerCard } from './order-customer-card';
import { OrderDates } from './order-dates';
import { LineItemsTable, OVERVIEW_LINE_ITEMS, useOrderList } from './order-line-items';
import { OrderStatusBadge } from './order-status-badge';
import { OrderTotals } from './order-totals';
import { PostalAddress } from './postal-address';

function plural(count: number, one: string, many: string): string {
  return `${count} ${count === 1 ? one : many}`;
}

/**
 * An order as people read one, above its raw fields: status and dates, the customer and company (linked), the
 * billing and shipping addresses, the line items with products and prices, and the totals in the order's
 * currency. Shipping addresses come from the line items (each keeps its own), else from the order's shipments.
 */
export function OrderOverview({ params, order }: { params: RouteParams; order: Item }) {
  const currency = currencyOf(order);
  const orderId = typeof order.ID === 'string' ? order.ID : '';
  const orderParams = { ...params, orderID: orderId };
  const lineItems = useOrderList('orders.line-items', orderParams, orderId !== '');
  const items = lineItems.data?.Items ?? [];
  const lineShipping = distinctAddresses(items.map((lineItem) => lineItem.ShippingAddress));
  const shipments = useOrderList('orders.shipments', orderParams, lineItems.isSuccess && lineShipping.length === 0);
  const shipping =
    lineShipping.length > 0
      ? lineShipping
      : distinctAddresses((shipments.data?.Items ?? []).map((shipment) => shipment.ToAddress));
  const itemCount =
    lineItems.data?.Meta.TotalCount ?? (typeof order.LineItemCount === 'number' ? order.LineItemCount : 0);
  const comments = typeof order.Comments === 'string' ? order.Comments.trim() : '';
  const lineItemsHref = `${adminHref(collectionByKey('orders'), params, orderId)}/line-items`;

  return (
    <Stack as="section" aria-label="Order summary" gap="4">
      <HStack gap="3" wrap="wrap">
        <OrderStatusBadge status={order.Status} />
        <Text fontSize="sm" color="fg.muted">
          {plural(itemCount, 'line item', 'line items')} · Total {formatMoney(order.Total, currency)}
        </Text>
      </HStack>
      <OrderDates order={order} />
      <SimpleGrid columns={{ base: 1, md: 3 }} gap="3">
        <OrderCustomerCard order={order} />
        <InfoCard title="Billing address">
          <PostalAddress address={order.BillingAddress as Item | null | undefined} />
        </InfoCard>
        <InfoCard title={shipping.length > 1 ? 'Shipping addresses' : 'Shipping address'}>
          <Stack gap="3">
            {shipping.length === 0 ? (
              <PostalAddress address={null} emptyText={lineItems.isPending ? 'Loading…' : 'None'} />
            ) : (
              shipping.map((address, index) => <PostalAddress key={index} address={address} />)
            )}
          </Stack>
        </InfoCard>
      </SimpleGrid>
      <InfoCard title="Line items">
        {lineItems.isPending ? (
          <Spinner size="sm" aria-label="Loading line items" />
        ) : lineItems.isError ? (
          <Text color="fg.muted">The line items could not be loaded.</Text>
        ) : items.length === 0 ? (
          <Text color="fg.muted">This order has no line items.</Text>
        ) : (
          <Stack gap="2">
            <LineItemsTable lineItems={items} params={orderParams} currency={currency} />
            {itemCount > OVERVIEW_LINE_ITEMS && (
              <Text fontSize="sm">
                Showing {OVERVIEW_LINE_ITEMS} of {itemCount}.{' '}
                <AppLink to={lineItemsHref} color="blue.fg">
                  See all line items
                </AppLink>
              </Text>
            )}
          </Stack>
        )}
      </InfoCard>
      <SimpleGrid columns={{ base: 1, md: 2 }} gap="3">
        {comments && (
          <InfoCard title="Comments">
            <Text fontSize="sm" whiteSpace="pre-wrap" wordBreak="break-word">
              {comments}
            </Text>
          </InfoCard>
        )}
        {/* Totals sit on the right, under the prices they add up, as on an invoice. */}
        <Box gridColumn={{ md: '2' }}>
          <InfoCard title="Totals">
            <OrderTotals order={order} currency={currency} />
          </InfoCard>
        </Box>
      </SimpleGrid>
    </Stack>
  );
}
