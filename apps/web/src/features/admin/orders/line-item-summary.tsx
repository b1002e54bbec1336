import { useQuery } from '@tanstack/react-query';
import { usePortalContext } from '@/app/portal/portal-context';
import { getOperation } from '@/description/api-model';
import { displayName } from '@/lib/display-name';
import { collectionByKey } from '../catalogue/catalogue';
import type { RouteParams } from '../catalogue/resolve-path';
import { useAdminApi, type Item } from '../lib/admin-api';
import { useItem } from '../lib/item-queries';
import { currencyOf, formatMoney } from './money';
import { dateOf, SummaryList } from './order-summary';

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

/** A line item's product, quantities and prices in its order's currency. */
export function LineItemSummary({ params, lineItem }: { params: RouteParams; lineItem: Item }) {
  const currency = useLineItemCurrency(params, lineItem);
  const money = (name: string) => formatMoney(lineItem[name], currency);
  const product = lineItem.Product as Item | undefined;
  return (
    <SummaryList
      title="Line item summary"
      rows={[
        ['Product', product ? `${displayName(product)} (${String(lineItem.ProductID ?? product.ID ?? '')})` : null],
        ['Quantity', typeof lineItem.Quantity === 'number' ? String(lineItem.Quantity) : null],
        ['Quantity shipped', typeof lineItem.QuantityShipped === 'number' ? String(lineItem.QuantityShipped) : null],
        ['Unit price', money('UnitPrice')],
        ['Promotion discount', money('PromotionDiscount')],
        ['Line total', money('LineTotal')],
        ['Currency', currency],
        ['Added', dateOf(lineItem.DateAdded)],
      ]}
    />
  );
}
