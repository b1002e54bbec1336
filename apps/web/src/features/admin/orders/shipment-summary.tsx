import type { Item } from '../lib/admin-api';
import { formatMoney } from './money';
import { dateOf, SummaryList } from './order-summary';
import { postalAddressOrNull } from './postal-address';

/** A shipment's carrier, tracking and dates; its cost in USD, as shipments carry no currency of their own. */
export function ShipmentSummary({ shipment }: { shipment: Item }) {
  const text = (name: string) => (typeof shipment[name] === 'string' ? (shipment[name] as string) : null);
  return (
    <SummaryList
      title="Shipment summary"
      rows={[
        ['Shipper', text('Shipper')],
        ['Tracking number', text('TrackingNumber')],
        ['Cost', formatMoney(shipment.Cost)],
        ['Shipped', dateOf(shipment.DateShipped)],
        ['Delivered', dateOf(shipment.DateDelivered)],
        ['Ship to', postalAddressOrNull(shipment.ToAddress)],
      ]}
    />
  );
}
