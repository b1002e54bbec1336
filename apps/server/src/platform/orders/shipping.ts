import type { Item } from '../engine/item.ts';
import type { OperationContext } from '../resources/types.ts';
import { validation } from '../engine/errors.ts';
import { generateId, resolveIdTokens } from '../engine/ids.ts';
import type { Store } from '../engine/store.ts';
import { withDefaults } from '../engine/validate.ts';
import { filled } from '../engine/values.ts';
import { requireOrder } from './access.ts';
import { withOrder } from './order-actions.ts';
import { checkedBody, withoutStorageId } from './operation-helpers.ts';
import { companyAddress, companyKind, lineItemsOf, nowIso, saveOrder } from './order-store.ts';
import { applyTransition, ORDER_TRANSITIONS, statusOf } from './status.ts';

/** Shipment items are stored under their shipment, keyed by order and line item. */
export const shipmentItemKey = (orderId: string, lineItemId: string): string => `${orderId}/${lineItemId}`;

const shipped = (line: Item): number => (typeof line.QuantityShipped === 'number' ? line.QuantityShipped : 0);
const ordered = (line: Item): number => (typeof line.Quantity === 'number' ? line.Quantity : 0);

/**
 * Fills a shipment's address copies from its address ids: ToAddressID is one of the buyer's
 * addresses, FromAddressID one of the owner's (a supplier, or the marketplace).
 */
export async function resolveShipmentAddresses(store: Store, next: Item, previous: Item | undefined): Promise<void> {
  if (filled(next.ToAddressID) && next.ToAddressID !== previous?.ToAddressID) {
    next.ToAddress = await companyAddress(store, next.BuyerID as string | null, next.ToAddressID);
  } else if (!filled(next.ToAddressID) && filled(previous?.ToAddressID)) {
    next.ToAddress = null;
  }
  if (filled(next.FromAddressID) && next.FromAddressID !== previous?.FromAddressID) {
    const owner = filled(next.OwnerID) ? next.OwnerID : store.marketplaceId;
    next.FromAddress = await companyAddress(store, owner, next.FromAddressID);
  } else if (!filled(next.FromAddressID) && filled(previous?.FromAddressID)) {
    next.FromAddress = null;
  }
}

/** Completes an Open order once every line item is fully shipped (shipping is its last step). */
async function completeWhenShipped(store: Store, order: Item): Promise<void> {
  if (statusOf(order) !== 'Open') return;
  const lines = await lineItemsOf(store, String(order.ID));
  if (lines.length > 0 && lines.every((line) => shipped(line) >= ordered(line))) {
    await saveOrder(store, applyTransition(ORDER_TRANSITIONS, 'Ship', order, nowIso()));
  }
}

/** A shipment item as stored: the quantity plus what it shows of its line item (the demo seed's too). */
export function shipmentItem(orderId: string, line: Item, quantity: number): Item {
  return {
    ID: shipmentItemKey(orderId, String(line.ID)),
    OrderID: orderId,
    LineItemID: line.ID,
    QuantityShipped: quantity,
    UnitPrice: line.UnitPrice ?? null,
    CostCenter: line.CostCenter ?? null,
    DateNeeded: line.DateNeeded ?? null,
    Product: line.Product ?? null,
    Variant: line.Variant ?? null,
    Specs: line.Specs ?? [],
    xp: line.xp ?? {},
  };
}

/**
 * Puts `quantity` units of a line item on a shipment (replacing what the shipment had of it) and
 * keeps the line item's QuantityShipped in step. More than ordered is ShipmentItem.QuantityExceeded;
 * shipping more of an order that is not Open is Order.CannotShipBadStatus.
 */
export async function saveShipmentItem(
  context: Pick<OperationContext, 'auth' | 'marketplaceId'>,
  store: Store,
  shipment: Item,
  input: { OrderID: string; LineItemID: string; QuantityShipped: number },
): Promise<Item> {
  const order = await requireOrder({ ...context, store }, input.OrderID);
  const line = await store.require('LineItems', [input.OrderID], input.LineItemID, 'LineItem');
  const shipmentId = String(shipment.ID);
  const key = shipmentItemKey(input.OrderID, input.LineItemID);
  const before = await store.get('ShipmentItems', [shipmentId], key);
  if (input.QuantityShipped < 0) {
    throw validation('QuantityShipped must not be negative.', { QuantityShipped: input.QuantityShipped });
  }
  const delta = input.QuantityShipped - Number(before?.QuantityShipped ?? 0);
  if (delta > 0 && statusOf(order) !== 'Open') {
    throw validation(
      'Only Open orders can be shipped.',
      { OrderID: order.ID, Status: order.Status },
      'Order.CannotShipBadStatus',
    );
  }
  if (shipped(line) + delta > ordered(line)) {
    throw validation(
      'The quantity shipped cannot exceed the quantity ordered.',
      { LineItemID: line.ID, Quantity: ordered(line), QuantityShipped: shipped(line) + delta },
      'ShipmentItem.QuantityExceeded',
    );
  }
  await store.put('LineItems', [input.OrderID], { ...line, QuantityShipped: shipped(line) + delta });
  const item = shipmentItem(input.OrderID, line, input.QuantityShipped);
  await store.put('ShipmentItems', [shipmentId], item);
  // A shipment made without naming its buyer belongs to the buyer of its first order.
  if (!filled(shipment.BuyerID) && (await companyKind(store, order.FromCompanyID as string)) === 'buyer') {
    await store.put('Shipments', [], { ...shipment, BuyerID: order.FromCompanyID });
  }
  await completeWhenShipped(store, order);
  return withoutStorageId(item);
}

/** Takes a line item off a shipment, giving its quantity back to the line item. */
export async function removeShipmentItem(
  store: Store,
  shipmentId: string,
  orderId: string,
  lineItemId: string,
): Promise<void> {
  const key = shipmentItemKey(orderId, lineItemId);
  const item = await store.require('ShipmentItems', [shipmentId], key, 'ShipmentItem');
  const line = await store.get('LineItems', [orderId], lineItemId);
  if (line) {
    const remaining = Math.max(0, shipped(line) - Number(item.QuantityShipped ?? 0));
    await store.put('LineItems', [orderId], { ...line, QuantityShipped: remaining });
  }
  await store.remove('ShipmentItems', [shipmentId], key);
}

/** Removes every item of a shipment (before the shipment goes), giving the quantities back. */
export async function emptyShipment(store: Store, shipmentId: string): Promise<void> {
  for (const { item } of await store.find('ShipmentItems', [shipmentId])) {
    await removeShipmentItem(store, shipmentId, String(item.OrderID), String(item.LineItemID));
  }
}

/**
 * `Orders.Ship`: one shipment with every line item of an Open order in full, which completes the
 * order. Line items already (partly) on other shipments are Order.ConflictsWithOtherShipments.
 */
export async function shipOrder(context: OperationContext): Promise<unknown> {
  const body = checkedBody(context, 'Shipment');
  return withOrder(context, async (store, order) => {
    const orderId = String(order.ID);
    if (statusOf(order) !== 'Open') {
      throw validation(
        'Only Open orders can be shipped.',
        { OrderID: orderId, Status: order.Status },
        'Order.CannotShipBadStatus',
      );
    }
    const lines = await lineItemsOf(store, orderId);
    if (lines.length === 0) {
      throw validation(
        'Cannot ship an order without any line items.',
        { OrderID: orderId },
        'Order.CannotShipWithNoLineItems',
      );
    }
    const conflicts = lines.filter((line) => shipped(line) > 0);
    if (conflicts.length > 0) {
      throw validation(
        'Some line items are already on other shipments.',
        conflicts,
        'Order.ConflictsWithOtherShipments',
      );
    }
    const shipment = withDefaults(context.registry.model('Shipment'), body);
    let id = filled(body.ID) ? body.ID : generateId();
    if (id.includes('{')) id = await resolveIdTokens(id, store);
    shipment.ID = id;
    if (!filled(shipment.BuyerID) && (await companyKind(store, order.FromCompanyID as string)) === 'buyer')
      shipment.BuyerID = order.FromCompanyID;
    if (!filled(shipment.OwnerID)) {
      shipment.OwnerID = context.auth.userType === 'supplier' ? (context.auth.companyId ?? null) : store.marketplaceId;
    }
    await resolveShipmentAddresses(store, shipment, undefined);
    await store.insert('Shipments', [], shipment);
    for (const line of lines) {
      await store.put('ShipmentItems', [id], shipmentItem(orderId, line, ordered(line)));
      await store.put('LineItems', [orderId], { ...line, QuantityShipped: ordered(line) });
    }
    await saveOrder(store, applyTransition(ORDER_TRANSITIONS, 'Ship', order, nowIso()));
    return shipment;
  });
}

/** Ids of the shipments holding items of an order. */
export async function shipmentIdsOfOrder(store: Store, orderId: string): Promise<string[]> {
  const items = await store.find('ShipmentItems', undefined, { OrderID: orderId });
  return [...new Set(items.map((stored) => stored.parents[0] ?? ''))].filter(Boolean);
}
