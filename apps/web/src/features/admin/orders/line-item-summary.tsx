import { Text } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { usePortalContext } from '@/app/portal/portal-context';
import { getOperation } from '@/description/api-model';
import { AppLink } from '@/ui/app-link';
import { collectionByKey } from '../catalogue/catalogue';
import { adminHref, type RouteParams } from '../catalogue/resolve-path';
import { useAdminApi, type Item } from '../lib/admin-api';
import { useItem } from '../lib/item-queries';
import { currencyOf, formatMoney } from './money';
import { dateOf, SummaryList } from './order-summary';
import { postalAddressOrNull } from './postal-address';

/** The line item's order (shared with the order page's cache) and, when the order names no currency, its price schedule. */
function useLineItemCurrency(params: RouteParams, lineItem: Item): string {
  const order = useItem(collectionByKey('orders'), params, params.orderID ?? null);
  const api = useAdminApi();
  const { description, marketplace } = usePortalContext();
  const scheduleId = typeof lineItem.PriceScheduleID === 'string' ? lineItem.PriceScheduleID : '';
  const orderCurrency = typeof order.data?.Currency === 'string' && order.data.Currency !== '';
  const getSchedule = getOperation(description, 'PriceSchedules.Get');
  const schedule = useQuery({
    queryKey: ['platform', marketplace.Id, 'item', 'PriceSchedules.Get', { priceScheduleID: scheduleId }],
    queryFn: ({ signal }) => {
      if (!getSchedule) throw new Error('Price schedules cannot be read.');
      return api.get(getSchedule, { priceScheduleID: scheduleId }, signal);
    },
    enabled: order.isFetched && !orderCurrency && scheduleId !== '' && getSchedule !== undefined,
    retry: false,
  });
  return currencyOf(order.data, schedule.data);
}

function ProductLink({ lineItem }: { lineItem: Item }) {
  const product = (lineItem.Product ?? {}) as Item;
  const id = String(lineItem.ProductID ?? product.ID ?? '');
  const name = typeof product.Name === 'string' && product.Name.trim() !== '' ? product.Name : '';
  if (id === '') return name || null;
  return (
    // One inline span: the value cell is a flex box, which would drop the space between name and ID.
    <Text as="span">
      <AppLink to={adminHref(collectionByKey('products'), {}, id)} color="blue.fg">
        {name || id}
      </AppLink>
      {name && (
        <Text as="span" color="fg.muted">
          {' '}
          ({id})
        </Text>
      )}
    </Text>
  );
}

/** A line item's product, quantities and prices in its order's currency, and where it ships. */
export function LineItemSummary({ params, lineItem }: { params: RouteParams; lineItem: Item }) {
  const currency = useLineItemCurrency(params, lineItem);
  const money = (name: string) => formatMoney(lineItem[name], currency);
  const variant = lineItem.Variant as Item | null | undefined;
  return (
    <SummaryList
      title="Line item summary"
      rows={[
        ['Product', <ProductLink key="product" lineItem={lineItem} />],
        ['Variant', typeof variant?.Name === 'string' ? variant.Name : null],
        ['Quantity', typeof lineItem.Quantity === 'number' ? String(lineItem.Quantity) : null],
        ['Quantity shipped', typeof lineItem.QuantityShipped === 'number' ? String(lineItem.QuantityShipped) : null],
        ['Unit price', money('UnitPrice')],
        ['Promotion discount', money('PromotionDiscount')],
        ['Line total', money('LineTotal')],
        ['Currency', currency],
        ['Ship to', postalAddressOrNull(lineItem.ShippingAddress)],
        ['Ship from', postalAddressOrNull(lineItem.ShipFromAddress)],
        ['Added', dateOf(lineItem.DateAdded)],
      ]}
    />
  );
}
