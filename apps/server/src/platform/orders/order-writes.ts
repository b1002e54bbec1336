import type { Item } from '../engine/item.ts';
import type { DeleteContext, OperationContext, WriteContext } from '../resources/types.ts';
import { ApiError, notFound, validation } from '../engine/errors.ts';
import type { Match, Store } from '../engine/store.ts';
import { filled } from '../engine/values.ts';
import {
  canSeeOrder,
  hasAnyRole,
  narrowScope,
  orderScope,
  parseDirection,
  sellerCompanyOf,
  type OrderDirection,
} from './access.ts';
import { listWithin, queryParam } from './operation-helpers.ts';
import { refreshOrderPromotions } from './order-promotions.ts';
import {
  buyerCurrency,
  companyAddress,
  companyKind,
  companyUser,
  DEFAULT_CURRENCY,
  lineItemsOf,
  moveChildren,
  renamedFrom,
  userSnapshot,
} from './order-store.ts';
import { orderTotal } from './pricing.ts';

/** Figures a new order starts with; the read-only ones only ever change through line items and actions. */
export const NEW_ORDER: Readonly<Item> = {
  Status: 'Unsubmitted',
  IsSubmitted: false,
  LineItemCount: 0,
  Subtotal: 0,
  PromotionDiscount: 0,
  Fees: 0,
  SubscriptionID: null,
  DateSubmitted: null,
  DateApproved: null,
  DateDeclined: null,
  DateCanceled: null,
  DateCompleted: null,
};

/** The status, dates and zero amounts of an order created by the platform itself (subscriptions, forwarding). */
export function newOrderFields(now: string): Item {
  return { ...NEW_ORDER, DateCreated: now, LastUpdated: now, ShippingCost: 0, TaxCost: 0, Gratuity: 0, Total: 0 };
}

/**
 * Who a new order is from and to. Buyer users order for themselves. Admin and supplier users
 * either order from their own company (Outgoing) or place an order for a buyer user, naming both
 * FromCompanyID and FromUserID (Incoming, or All with them given); the order then goes to them.
 */
/**
 * The parties of an order the caller places from their own company: their user record (or what
 * their token says of them), to the ToCompanyID given or else the marketplace.
 */
async function ownOrderParties(context: WriteContext, company: string): Promise<Item> {
  const { auth, next, store, marketplaceId } = context;
  const user = await companyUser(store, company, auth.userId).catch(() => ({
    ID: auth.userId,
    Username: auth.username,
    CompanyID: company,
  }));
  return {
    FromCompanyID: company,
    FromUserID: auth.userId,
    FromUser: userSnapshot(user),
    ToCompanyID: filled(next.ToCompanyID) ? next.ToCompanyID : marketplaceId,
  };
}

async function orderParties(context: WriteContext, direction: OrderDirection): Promise<Item> {
  const { auth, next, store, marketplaceId } = context;
  if (auth.userType === 'buyer') {
    if (direction === 'Incoming')
      throw validation('Buyer users can only create outgoing orders.', { Property: 'direction' });
    return ownOrderParties(context, auth.companyId ?? '');
  }
  const seller = sellerCompanyOf(auth, marketplaceId) ?? marketplaceId;
  const onBehalf =
    direction === 'Incoming' || (direction === 'All' && (filled(next.FromCompanyID) || filled(next.FromUserID)));
  if (onBehalf) {
    if (!filled(next.FromCompanyID) || !filled(next.FromUserID)) {
      throw validation(
        'To create an incoming order, give both FromCompanyID and FromUserID.',
        { FromCompanyID: next.FromCompanyID ?? null, FromUserID: next.FromUserID ?? null },
        'Order.CreateIncomingRequiresFromUser',
      );
    }
    if ((await companyKind(store, next.FromCompanyID)) !== 'buyer') throw notFound('Buyer', next.FromCompanyID);
    const user = await companyUser(store, next.FromCompanyID, next.FromUserID);
    // A supplier takes orders for itself only; the marketplace may route one to a supplier.
    const to = auth.userType === 'supplier' ? seller : filled(next.ToCompanyID) ? next.ToCompanyID : seller;
    return {
      FromCompanyID: next.FromCompanyID,
      FromUserID: next.FromUserID,
      FromUser: userSnapshot(user),
      ToCompanyID: to,
    };
  }
  return ownOrderParties(context, seller);
}

/** ShippingCost and TaxCost are calculated by the platform unless the caller holds the override role. */
function assertCostOverrides(context: WriteContext): void {
  const body = (context.body ?? {}) as Item;
  const checks = [
    { field: 'ShippingCost', role: 'OverrideShipping', code: 'Order.OverrideShippingPermission' },
    { field: 'TaxCost', role: 'OverrideTax', code: 'Order.OverrideTaxPermission' },
  ] as const;
  for (const { field, role, code } of checks) {
    const sent = body[field];
    if (sent === undefined || sent === null) continue;
    if (sent === (context.previous?.[field] ?? 0)) continue;
    if (!hasAnyRole(context.auth, [role])) {
      throw new ApiError(403, code, `Changing ${field} needs the ${role} role.`, {
        Property: field,
        SufficientRoles: ['FullAccess', role],
      });
    }
  }
}

/** Who an order is from and to never changes after it is created. */
function keepParties(next: Item, previous: Item): void {
  for (const field of ['FromCompanyID', 'FromUserID', 'ToCompanyID'] as const) {
    const sent = next[field];
    if (sent !== null && sent !== undefined && sent !== previous[field]) {
      throw validation(`${field} of an existing order cannot be changed.`, { Property: field });
    }
    next[field] = previous[field] ?? null;
  }
}

/**
 * An anonymous shopper's token reserves an order id (its `orderid` claim): the first order the
 * shopper creates without naming an ID takes it, as the platform does, so an app can find the cart
 * from the token alone. Later orders get generated ids.
 */
async function useReservedCartId(context: WriteContext): Promise<void> {
  const reserved = context.auth.anonymous?.orderId;
  const body = context.body as Item | null | undefined;
  if (!reserved || filled(body?.ID) || context.params.orderID !== undefined) return;
  if (await context.store.get('Orders', [], reserved)) return;
  context.id = reserved;
  context.next.ID = reserved;
}

/**
 * `Orders` beforeWrite: on create, sets who the order is from and to, its status, currency and
 * zero totals; on every write, checks cost overrides, copies the saved billing address and
 * recomputes the total.
 */
export async function beforeOrderWrite(context: WriteContext): Promise<void> {
  const direction = parseDirection(context.params.direction);
  const { next, previous, store } = context;
  if (previous) {
    keepParties(next, previous);
    if (context.id !== previous.ID && previous.Status !== 'Unsubmitted') {
      throw validation('The ID of a submitted order cannot be changed.', { OrderID: previous.ID });
    }
  } else {
    await useReservedCartId(context);
    Object.assign(next, NEW_ORDER, await orderParties(context, direction));
    if ((await companyKind(store, next.ToCompanyID as string)) === undefined)
      throw notFound('Supplier', String(next.ToCompanyID));
    next.Currency =
      (await companyKind(store, next.FromCompanyID as string)) === 'buyer'
        ? await buyerCurrency(store, next.FromCompanyID as string)
        : DEFAULT_CURRENCY;
  }
  assertCostOverrides(context);
  for (const field of ['ShippingCost', 'TaxCost', 'Gratuity'] as const)
    if (typeof next[field] !== 'number') next[field] = 0;
  if (filled(next.BillingAddressID) && next.BillingAddressID !== previous?.BillingAddressID) {
    next.BillingAddress = await companyAddress(store, next.FromCompanyID as string, next.BillingAddressID);
  } else if (!filled(next.BillingAddressID) && filled(previous?.BillingAddressID)) {
    next.BillingAddress = null;
  }
  if (filled(next.ShippingAddressID) && next.ShippingAddressID !== previous?.ShippingAddressID) {
    // Checked here so a bad id fails before anything is stored; line items get it after the write.
    await companyAddress(store, next.FromCompanyID as string, next.ShippingAddressID);
  }
  next.Total = orderTotal(next);
}

/** The figures promotions change on an order. */
function pickFigures(order: Item): Item {
  const { LineItemCount, Subtotal, PromotionDiscount, Total, LastUpdated } = order;
  return { LineItemCount, Subtotal, PromotionDiscount, Total, LastUpdated };
}

/**
 * `Orders` afterWrite: what hangs off a renamed order follows it; the promotions of an unsubmitted
 * order are evaluated again; a new saved shipping address goes onto every line item.
 */
export async function afterOrderWrite(context: WriteContext): Promise<void> {
  const { next, previous, store } = context;
  const oldId = renamedFrom(previous, next);
  if (oldId)
    await moveChildren(store, ['LineItems', 'Payments', 'OrderApprovals', 'OrderPromotions'], oldId, String(next.ID));
  if (previous && next.Status === 'Unsubmitted') {
    // Promotion rules may read any field of the order (xp, costs): they are evaluated again, as after
    // a line item change, and the answer shows the discounts as stored.
    const refreshed = await refreshOrderPromotions(store, String(next.ID));
    if (refreshed) Object.assign(next, pickFigures(refreshed));
  }
  if (!previous || !filled(next.ShippingAddressID) || next.ShippingAddressID === previous.ShippingAddressID) return;
  const address = await companyAddress(store, next.FromCompanyID as string, next.ShippingAddressID);
  const orderId = String(next.ID);
  for (const line of await lineItemsOf(store, orderId)) {
    await store.put('LineItems', [orderId], {
      ...line,
      ShippingAddressID: next.ShippingAddressID,
      ShippingAddress: address,
    });
  }
}

/**
 * `Orders` beforeDelete: unsubmitted orders may be deleted by whoever may see them, others only by
 * order admins. Line items, payments and approvals go with the order (they live under it);
 * shipment items of the order are removed here.
 */
export async function beforeOrderDelete(context: DeleteContext): Promise<void> {
  const { previous, store, auth } = context;
  if (previous.Status !== 'Unsubmitted' && !hasAnyRole(auth, ['OrderAdmin'])) {
    throw validation('Only unsubmitted orders can be deleted.', { OrderID: context.id, Status: previous.Status });
  }
  const forwarded = await forwardedOrderIds(store, context.id);
  if (forwarded.length > 0) {
    throw validation(
      'The order was forwarded: delete its outgoing orders first.',
      { OrderID: context.id, OutgoingOrderIDs: forwarded },
      'Order.CannotDeleteForwardedOrder',
    );
  }
  for (const stored of await store.find('ShipmentItems', undefined, { OrderID: context.id })) {
    await store.remove('ShipmentItems', stored.parents, stored.id);
  }
}

/**
 * Ids of the outgoing orders (Orders.Split, Orders.Forward) the order's lines were passed on to that
 * still exist: the order cannot be deleted before them.
 */
async function forwardedOrderIds(store: Store, orderId: string): Promise<string[]> {
  const named = new Set<string>();
  for (const line of await lineItemsOf(store, orderId))
    if (filled(line.OutgoingOrderID)) named.add(line.OutgoingOrderID);
  const existing: string[] = [];
  for (const id of named) if (await store.get('Orders', [], id)) existing.push(id);
  return existing;
}

/** `Orders` visible hook: the caller's view of the order in the path's direction. */
export function orderVisible(order: Item, context: OperationContext): boolean {
  return canSeeOrder(order, context, parseDirection(context.params.direction));
}

/** ISO form of a `from`/`to` parameter (a date or date-time), or a 400. */
export function isoParam(name: string, raw: string): string {
  const time = Date.parse(raw);
  if (Number.isNaN(time))
    throw validation(`${name} must be a date.`, { Property: name, Value: raw }, 'List.InvalidType');
  return new Date(time).toISOString();
}

/**
 * The orders a list over orders covers: what the caller sees in the direction, narrowed by the
 * `buyerID` and `supplierID` query parameters; null when nothing can match.
 */
export function listedOrderScope(context: OperationContext, direction: OrderDirection): Match | null {
  const visible = orderScope(context.auth, context.marketplaceId, direction);
  return (
    visible &&
    narrowScope(visible, {
      FromCompanyID: queryParam(context, 'buyerID'),
      ToCompanyID: queryParam(context, 'supplierID'),
    })
  );
}

/**
 * `Orders.List`: the orders the caller sees in the direction, narrowed by `buyerID`, `supplierID`
 * and a `from`/`to` range of DateCreated.
 */
export async function listOrders(context: OperationContext): Promise<unknown> {
  const scope = listedOrderScope(context, parseDirection(context.params.direction));
  const from = queryParam(context, 'from');
  const to = queryParam(context, 'to');
  const filters = [
    ...(from ? [{ field: 'DateCreated', values: [`>=${isoParam('from', from)}`] }] : []),
    ...(to ? [{ field: 'DateCreated', values: [`<=${isoParam('to', to)}`] }] : []),
  ];
  return listWithin(context, context.resource, {
    extraParams: ['buyerID', 'supplierID', 'from', 'to'],
    scope,
    filters,
  });
}
