import type { SpecialDetailProps } from '../slots';
import { LineItemSummary } from './line-item-summary';
import { OrderOverview } from './order-overview';
import { PaymentSummary } from './payment-summary';
import { ShipmentSummary } from './shipment-summary';

/** What the detail page shows above the raw fields of an order, line item, payment or shipment. */
export function SpecialDetail({ collection, params, item }: SpecialDetailProps) {
  switch (collection.special) {
    case 'order':
      return <OrderOverview params={params} order={item} />;
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
