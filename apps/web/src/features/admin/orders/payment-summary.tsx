import type { RouteParams } from '../catalogue/resolve-path';
import { collectionByKey } from '../catalogue/catalogue';
import type { Item } from '../lib/admin-api';
import { useItem } from '../lib/item-queries';
import { currencyOf, formatMoney } from './money';
import { dateOf, SummaryList } from './order-summary';

/** A payment's amount in its own currency, else its order's; its type, acceptance and date. */
export function PaymentSummary({ params, payment }: { params: RouteParams; payment: Item }) {
  const order = useItem(collectionByKey('orders'), params, params.orderID ?? null);
  const currency = currencyOf(payment, order.data);
  return (
    <SummaryList
      title="Payment summary"
      rows={[
        ['Type', typeof payment.Type === 'string' ? payment.Type : null],
        ['Amount', formatMoney(payment.Amount, currency)],
        ['Accepted', payment.Accepted === true ? 'Yes' : 'No'],
        ['Currency', currency],
        ['Created', dateOf(payment.DateCreated)],
      ]}
    />
  );
}
