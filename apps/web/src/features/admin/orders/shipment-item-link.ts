import type { SpecialRowHrefInput } from '../slots';

/**
 * Where a shipment item opens: its line item on the incoming order (spec 2 §2: "items link to the incoming order
 * line item"); null for an item without both ids.
 *
 * @example
 * shipmentItemHref({ OrderID: 'o1', LineItemID: 'li 1' }); // '/admin/orders/incoming/o1/line-items/li%201'
 */
export function shipmentItemHref(item: Readonly<Record<string, unknown>>): string | null {
  const { OrderID: orderId, LineItemID: lineItemId } = item;
  if (typeof orderId !== 'string' || orderId === '' || typeof lineItemId !== 'string' || lineItemId === '') return null;
  return `/admin/orders/incoming/${encodeURIComponent(orderId)}/line-items/${encodeURIComponent(lineItemId)}`;
}

/** The orders module's row links: shipment items open their line item; every other list keeps its own. */
export function specialRowHref(input: SpecialRowHrefInput): string | null {
  return input.collection.special === 'shipment-items' ? shipmentItemHref(input.item) : null;
}
