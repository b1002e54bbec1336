import type { Item } from '../engine/item.ts';
import type { AuthContext } from '../engine/auth-context.ts';
import type { OperationContext } from '../resources/types.ts';
import { ApiError, idExists, notFound, validation } from '../engine/errors.ts';
import type { Store } from '../engine/store.ts';
import { filled } from '../engine/values.ts';
import { parseDirection, requireOrder } from './access.ts';
import {
  companyKind,
  companyUser,
  lineItemsOf,
  nowIso,
  recalculateOrder,
  saveOrder,
  userSnapshot,
} from './order-store.ts';
import { newOrderFields } from './order-writes.ts';
import { lineAmounts } from './pricing.ts';
import { applyTransition, ORDER_TRANSITIONS } from './status.ts';

/*
 * Orders.Split and Orders.Forward: an order a buyer placed with the marketplace is passed on to the
 * suppliers of its products, one outgoing order per supplier, from the marketplace to that supplier.
 *
 * - The outgoing order of supplier S is `{orderID}-{supplierID}`, the name apps built on the public
 *   API expect (they read the supplier back from the ID).
 * - Each copied line keeps its ID, product, quantity, unit price, specs and ship-to address, and
 *   names the order it came from in IncomingOrderID; the original line names its copy's order in
 *   OutgoingOrderID. Lines whose product has no supplier stay with the marketplace.
 * - Calling either again does not duplicate anything: lines already passed on (to an order that
 *   still exists) are left alone and the existing outgoing orders are answered, so a Split followed
 *   by a Forward submits what the Split created. Lines added since are added to their supplier's
 *   order while it is still Unsubmitted or Open.
 * - Forwarded orders open at once: approval rules are for buyers' orders and this one is the
 *   marketplace's own purchase.
 */

/** Statuses of an existing outgoing order that may still take new lines. */
const OPEN_TO_LINES = ['Unsubmitted', 'Open'];

/** What Orders.Split and Orders.Forward answer (the `OrderSplitResult` model). */
export interface OrderSplitResult {
  OutgoingOrders: Item[];
  RemainingLineItemIDs: string[];
}

/** Only the marketplace owner passes orders on, and only orders it received. */
function assertMayForward(auth: AuthContext, direction: string): void {
  if (direction === 'Outgoing') {
    throw validation(
      'Only incoming orders can be split or forwarded.',
      { Direction: direction },
      'Order.CannotSplitOutgoing',
    );
  }
  if (auth.userType !== 'admin') {
    throw new ApiError(
      403,
      'Order.CannotSplitWrongUserType',
      'Only marketplace owner users can split and forward orders.',
      { UserType: auth.userType },
    );
  }
}

function assertForwardable(order: Item, marketplaceId: string): void {
  if (order.ToCompanyID !== marketplaceId) {
    throw validation(
      'Only incoming orders (sold by the marketplace) can be split or forwarded.',
      { OrderID: order.ID, ToCompanyID: order.ToCompanyID },
      'Order.CannotSplitOutgoing',
    );
  }
  if (order.IsSubmitted !== true || order.Status === 'Unsubmitted') {
    throw validation(
      'The order must be submitted before it can be split or forwarded.',
      { OrderID: order.ID, Status: order.Status },
      'Order.AllowedOnSubmittedOnly',
    );
  }
  if (order.Status !== 'Open') {
    throw validation(`Only Open orders can be split or forwarded; this one is ${String(order.Status)}.`, {
      OrderID: order.ID,
      Status: order.Status,
    });
  }
}

/** The supplier a line goes to: its product's DefaultSupplierID, as the line recorded it. */
function supplierOf(line: Item): string | undefined {
  if (filled(line.SupplierID)) return line.SupplierID;
  const product = line.Product as Item | null | undefined;
  return product && filled(product.DefaultSupplierID) ? product.DefaultSupplierID : undefined;
}

/** The caller as the FromUser of the orders it creates (what its token says when it has no record). */
async function callerSnapshot(store: Store, auth: AuthContext): Promise<Item> {
  const user = await companyUser(store, store.marketplaceId, auth.userId).catch(() => ({
    ID: auth.userId,
    Username: auth.username,
    CompanyID: store.marketplaceId,
  }));
  return userSnapshot(user);
}

/** A new, empty outgoing order from the marketplace to the supplier, in the incoming order's currency. */
function outgoingOrder(id: string, incoming: Item, supplierId: string, fromUser: Item, auth: AuthContext): Item {
  const now = nowIso();
  return {
    ID: id,
    FromUser: fromUser,
    FromCompanyID: incoming.ToCompanyID,
    ToCompanyID: supplierId,
    FromUserID: auth.userId,
    BillingAddressID: null,
    BillingAddress: null,
    // The incoming order's saved address belongs to its buyer; the lines carry the address itself.
    ShippingAddressID: null,
    Comments: incoming.Comments ?? null,
    ...newOrderFields(now),
    Currency: incoming.Currency ?? null,
    xp: {},
  };
}

/** The copy of an incoming line on the outgoing order. */
function copiedLine(line: Item, incomingId: string): Item {
  const quantity = typeof line.Quantity === 'number' ? line.Quantity : 1;
  const unitPrice = typeof line.UnitPrice === 'number' ? line.UnitPrice : null;
  return {
    ...line,
    DateAdded: nowIso(),
    QuantityShipped: 0,
    PromotionDiscount: 0,
    ...lineAmounts(unitPrice, quantity, 0),
    ShippingAddressID: null,
    IncomingOrderID: incomingId,
    OutgoingOrderID: null,
  };
}

/**
 * The outgoing order of one supplier with `lines` added to it: created when missing, or the existing
 * one this order was passed on to before (lines already on it are not copied again).
 */
async function supplierOrder(
  store: Store,
  incoming: Item,
  supplierId: string,
  lines: readonly Item[],
  fromUser: () => Promise<Item>,
  auth: AuthContext,
): Promise<Item> {
  const incomingId = String(incoming.ID);
  const targetId = `${incomingId}-${supplierId}`;
  const existing = await store.get('Orders', [], targetId);
  const ours = existing !== undefined && lines.some((line) => line.OutgoingOrderID === targetId);
  if (existing && !ours) throw idExists('Order', targetId);
  // A line whose outgoing order was deleted since is passed on again.
  const pending = existing ? lines.filter((line) => line.OutgoingOrderID !== targetId) : [...lines];
  if (pending.length === 0 && existing) return existing;
  if (existing && !OPEN_TO_LINES.includes(String(existing.Status))) {
    throw validation(
      `Outgoing order ${targetId} is ${String(existing.Status)} and cannot take the lines added since it was created.`,
      { OrderID: targetId, LineItemIDs: pending.map((line) => line.ID) },
    );
  }
  if ((await companyKind(store, supplierId)) !== 'supplier') throw notFound('Supplier', supplierId);
  if (!existing)
    await store.insert('Orders', [], outgoingOrder(targetId, incoming, supplierId, await fromUser(), auth));
  for (const line of pending) {
    await store.put('LineItems', [targetId], copiedLine(line, incomingId));
    await store.put('LineItems', [incomingId], { ...line, OutgoingOrderID: targetId });
  }
  return recalculateOrder(store, targetId);
}

/**
 * Splits the order of the path into one outgoing order per supplier (Orders.Split), and with
 * `submit` submits them too (Orders.Forward). Everything happens in one transaction.
 */
async function passOn(context: OperationContext, submit: boolean): Promise<OrderSplitResult> {
  const direction = parseDirection(context.params.direction);
  assertMayForward(context.auth, direction);
  return context.store.transaction(async (store) => {
    const incoming = await requireOrder({ ...context, store }, context.params.orderID ?? '', direction);
    assertForwardable(incoming, context.marketplaceId);
    const bySupplier = new Map<string, Item[]>();
    const remaining: string[] = [];
    for (const line of await lineItemsOf(store, String(incoming.ID))) {
      const supplierId = supplierOf(line);
      if (supplierId === undefined) remaining.push(String(line.ID));
      else bySupplier.set(supplierId, [...(bySupplier.get(supplierId) ?? []), line]);
    }
    let caller: Item | undefined;
    const fromUser = async () => (caller ??= await callerSnapshot(store, context.auth));
    const outgoing: Item[] = [];
    for (const [supplierId, lines] of bySupplier) {
      let order = await supplierOrder(store, incoming, supplierId, lines, fromUser, context.auth);
      if (submit && order.Status === 'Unsubmitted') {
        order = await saveOrder(store, applyTransition(ORDER_TRANSITIONS, 'Submit', order, nowIso()));
      }
      outgoing.push(order);
    }
    return { OutgoingOrders: outgoing, RemainingLineItemIDs: remaining };
  });
}

/** `Orders.Split`: creates, without submitting, one outgoing order per supplier of the order's products. */
export const splitOrder = (context: OperationContext): Promise<OrderSplitResult> => passOn(context, false);

/** `Orders.Forward`: creates and submits one outgoing order per supplier of the order's products. */
export const forwardOrder = (context: OperationContext): Promise<OrderSplitResult> => passOn(context, true);
