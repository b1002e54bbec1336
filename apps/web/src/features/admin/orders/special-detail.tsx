import type { SpecialDetailProps } from '../slots';
import { LineItemSummary } from './line-item-summary';
import { OrderSummary } from './order-summary';
import { PaymentSummary } from './payment-summary';
import { ShipmentSummary } from './shipment-summary';

/** What the detail page shows below the fields of an order, line item, payment or shipment. */
export function SpecialDetail({ collection, params, item }: SpecialDetailProps) {
  switch (collection.special) {
    case 'order':
      return <OrderSummary order={item} />;
    case 'line-item':
      return <LineItemSummary params={params} lineItem={item} />;
    case 'payment':
      return <PaymentSummary params={params} payment={item} />;
    case 'shipment':
      return <ShipmentSummary shipment={item} />;
    default:
      return null;
  }
}
