import type { Item } from '../engine/item.ts';
import type { DeleteContext, OperationContext, WriteContext } from '../resources/types.ts';
import { ApiError, notFound, validation } from '../engine/errors.ts';
import type { Store } from '../engine/store.ts';
import { hasAnyRole, requireOrder, visibleOrderIds } from './access.ts';
import {
  approvedRuleIds,
  decideApprovals,
  listApprovers,
  matchingRules,
  openApprovals,
  type ApprovalTarget,
} from './approvals.ts';
import { checkedBody, listWithin, queryParam } from './operation-helpers.ts';
import { lineItemsOf, nowIso } from './order-store.ts';
import { applyTransition, RETURN_TRANSITIONS, statusOf } from './status.ts';

const isRecord = (value: unknown): value is Item =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const itemsOf = (orderReturn: Item): Item[] =>
  Array.isArray(orderReturn.ItemsToReturn) ? orderReturn.ItemsToReturn.filter(isRecord) : [];

/** Where an order return's approvals live. */
const returnApprovals = (returnId: string): ApprovalTarget => ({
  resource: 'OrderReturnApprovals',
  parents: [returnId],
  extra: { OrderReturnID: returnId },
});

/** The order return of the path, as the caller may see it (through its order); 404 otherwise. */
export async function requireReturn(
  context: Pick<OperationContext, 'auth' | 'marketplaceId' | 'params'>,
  store: Store,
): Promise<Item> {
  const returnId = context.params.returnID ?? '';
  const orderReturn = await store.require('OrderReturns', [], returnId, 'OrderReturn');
  try {
    await requireOrder({ ...context, store }, String(orderReturn.OrderID ?? ''));
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) throw notFound('OrderReturn', returnId);
    throw error;
  }
  return orderReturn;
}

/** Units of a line item asked back by the order's other returns that still stand. */
async function quantityAlreadyReturned(
  store: Store,
  orderId: string,
  lineItemId: string,
  ownId: string,
): Promise<number> {
  let total = 0;
  for (const { item } of await store.find('OrderReturns', [], { OrderID: orderId })) {
    if (item.ID === ownId || item.Status === 'Canceled' || item.Status === 'Declined') continue;
    for (const entry of itemsOf(item)) if (entry.LineItemID === lineItemId) total += Number(entry.Quantity ?? 0);
  }
  return total;
}

async function checkItems(store: Store, order: Item, orderReturn: Item, ownId: string): Promise<void> {
  const orderId = String(order.ID);
  const lines = new Map((await lineItemsOf(store, orderId)).map((line) => [String(line.ID), line]));
  const seen = new Set<string>();
  for (const entry of itemsOf(orderReturn)) {
    const lineItemId = String(entry.LineItemID ?? '');
    if (!lineItemId)
      throw validation('Every item to return needs a LineItemID.', { Property: 'ItemsToReturn.LineItemID' });
    if (seen.has(lineItemId)) {
      throw validation(
        'LineItemID must be unique across ItemsToReturn.',
        { LineItemID: lineItemId },
        'OrderReturn.CannotCreateDuplicateItemToReturn',
      );
    }
    seen.add(lineItemId);
    const line = lines.get(lineItemId);
    if (!line) throw notFound('LineItem', lineItemId);
    if (isRecord(line.Product) && line.Product.Returnable === false) {
      throw validation(
        'The product of this line item cannot be returned.',
        { LineItemID: lineItemId },
        'OrderReturn.ProductNotEligibleToReturn',
      );
    }
    if (typeof entry.RefundAmount === 'number' && entry.RefundAmount < 0) {
      throw validation(
        'RefundAmount must not be negative.',
        { LineItemID: lineItemId },
        'OrderReturn.RefundAmountMustNotBeNegative',
      );
    }
    const eligible = Number(line.Quantity ?? 0) - (await quantityAlreadyReturned(store, orderId, lineItemId, ownId));
    if (Number(entry.Quantity ?? 0) > eligible) {
      throw validation(
        'The quantity requested exceeds the quantity eligible to return.',
        { LineItemID: lineItemId, QuantityEligible: Math.max(0, eligible) },
        'OrderReturn.ItemQuantityExceeded',
      );
    }
  }
}

/**
 * `OrderReturns` beforeWrite: the order must exist, be visible to the caller and be Open or
 * Completed; the items must be line items of it, once each, within what may still be returned.
 * Returns change only while Unsubmitted, unless an order admin changes them.
 */
export async function beforeReturnWrite(context: WriteContext): Promise<void> {
  const { next, previous, store, auth } = context;
  if (previous && next.OrderID !== previous.OrderID) {
    throw validation('The order of an order return cannot be changed.', { Property: 'OrderID' });
  }
  if (previous && previous.Status !== 'Unsubmitted' && !hasAnyRole(auth, ['OrderAdmin'])) {
    throw validation('A submitted order return cannot be changed.', {
      OrderReturnID: previous.ID,
      Status: previous.Status,
    });
  }
  const order = await requireOrder(context, String(next.OrderID ?? ''));
  if (!previous && statusOf(order) !== 'Open' && statusOf(order) !== 'Completed') {
    throw validation(
      'Order returns can only be made for Open or Completed orders.',
      { OrderID: order.ID, Status: order.Status },
      'OrderReturn.CannotCreateBadOrderStatus',
    );
  }
  if (typeof next.RefundAmount === 'number' && next.RefundAmount < 0) {
    throw validation(
      'RefundAmount must not be negative.',
      { RefundAmount: next.RefundAmount },
      'OrderReturn.RefundAmountMustNotBeNegative',
    );
  }
  next.ItemsToReturn = itemsOf(next).map((entry) => ({ Quantity: 0, RefundAmount: null, Comments: null, ...entry }));
  await checkItems(store, order, next, context.id);
  if (!previous) {
    Object.assign(next, {
      Status: 'Unsubmitted',
      PaymentIDs: [],
      DateSubmitted: null,
      DateApproved: null,
      DateDeclined: null,
      DateCanceled: null,
      DateCompleted: null,
    });
  }
}

/** `OrderReturns` beforeDelete: completed returns only by order admins. */
export async function beforeReturnDelete(context: DeleteContext): Promise<void> {
  await requireReturn(context, context.store);
  if (context.previous.Status === 'Completed' && !hasAnyRole(context.auth, ['OrderAdmin'])) {
    throw new ApiError(
      403,
      'OrderReturn.NotAuthorizedToDelete',
      'Only order admins may delete or cancel completed order returns.',
      null,
    );
  }
}

/** `OrderReturns.List`: the returns of orders the caller sees; `approvable` keeps those awaiting approval. */
export async function listReturns(context: OperationContext): Promise<unknown> {
  const ids = await visibleOrderIds(context);
  const approvable = queryParam(context, 'approvable')?.toLowerCase() === 'true';
  return listWithin(context, context.resource, {
    extraParams: ['approvable'],
    scope: approvable ? { Status: 'AwaitingApproval' } : {},
    ...(ids ? { ids, idField: 'OrderID' } : {}),
  });
}

/** Runs a return action in one transaction and stores the result (stamping LastUpdated). */
async function withReturn(
  context: OperationContext,
  work: (store: Store, orderReturn: Item) => Promise<Item>,
): Promise<unknown> {
  return context.store.transaction(async (store) => {
    const orderReturn = await requireReturn(context, store);
    const saved = { ...(await work(store, orderReturn)), LastUpdated: nowIso() };
    await store.put('OrderReturns', [], saved);
    return saved;
  });
}

/** `OrderReturns.Submit`: to Open, or AwaitingApproval when a seller approval rule for returns holds. */
export function submitReturn(context: OperationContext): Promise<unknown> {
  return withReturn(context, async (store, orderReturn) => {
    applyTransition(RETURN_TRANSITIONS, 'Submit', orderReturn, nowIso());
    if (itemsOf(orderReturn).length === 0 && typeof orderReturn.RefundAmount !== 'number') {
      throw validation('An order return needs items to return or a refund amount.', { OrderReturnID: orderReturn.ID });
    }
    const order = await store.require('Orders', [], String(orderReturn.OrderID), 'Order');
    const now = nowIso();
    const sellerId = (order.ToCompanyID as string | null) ?? null;
    const matched = await matchingRules(store, {
      buyerId: null,
      sellerId,
      type: 'OrderReturn',
      subject: order,
      items: await lineItemsOf(store, String(order.ID)),
      approvedRuleIds: await approvedRuleIds(store, returnApprovals(String(orderReturn.ID))),
    });
    if (matched.length === 0) return applyTransition(RETURN_TRANSITIONS, 'Submit', orderReturn, now);
    await openApprovals(store, returnApprovals(String(orderReturn.ID)), matched, now);
    return applyTransition(RETURN_TRANSITIONS, 'SubmitForApproval', orderReturn, now);
  });
}

async function decideReturn(context: OperationContext, status: 'Approved' | 'Declined'): Promise<unknown> {
  const info = checkedBody(context, 'ApprovalInfo');
  return withReturn(context, async (store, orderReturn) => {
    const action = status === 'Approved' ? 'Approve' : 'Decline';
    applyTransition(RETURN_TRANSITIONS, action, orderReturn, nowIso());
    const now = nowIso();
    const decision = {
      status,
      comments: typeof info.Comments === 'string' ? info.Comments : null,
      allowResubmit: false,
      notEligibleCode: 'OrderReturn.NotEligibleToApproveOrDecline',
    };
    const { remaining } = await decideApprovals(store, returnApprovals(String(orderReturn.ID)), context, decision, now);
    if (status === 'Approved' && remaining > 0) return orderReturn;
    return applyTransition(RETURN_TRANSITIONS, action, orderReturn, now);
  });
}

/** `OrderReturns.Approve`. */
export const approveReturn = (context: OperationContext) => decideReturn(context, 'Approved');
/** `OrderReturns.Decline`. */
export const declineReturn = (context: OperationContext) => decideReturn(context, 'Declined');

/** `OrderReturns.Cancel`: submitted returns; completed ones by order admins only. */
export function cancelReturn(context: OperationContext): Promise<unknown> {
  return withReturn(context, async (_store, orderReturn) => {
    if (orderReturn.Status === 'Completed' && !hasAnyRole(context.auth, ['OrderAdmin'])) {
      throw new ApiError(
        403,
        'OrderReturn.NotAuthorizedToDelete',
        'Only order admins may delete or cancel completed order returns.',
        null,
      );
    }
    return applyTransition(RETURN_TRANSITIONS, 'Cancel', orderReturn, nowIso());
  });
}

/** `OrderReturns.Complete`: an Open return with a refund amount of zero or more. */
export function completeReturn(context: OperationContext): Promise<unknown> {
  return withReturn(context, async (_store, orderReturn) => {
    const completed = applyTransition(RETURN_TRANSITIONS, 'Complete', orderReturn, nowIso());
    if (typeof orderReturn.RefundAmount !== 'number' || orderReturn.RefundAmount < 0) {
      throw validation(
        'An order return needs a RefundAmount of zero or more to be completed.',
        { OrderReturnID: orderReturn.ID },
        'OrderReturn.CannotCompleteInvalidAmount',
      );
    }
    return completed;
  });
}

/** `OrderReturns.DeleteItem`: takes a line item off an unsubmitted return; answers the return. */
export function deleteReturnItem(context: OperationContext): Promise<unknown> {
  return withReturn(context, async (_store, orderReturn) => {
    if (orderReturn.Status !== 'Unsubmitted' && !hasAnyRole(context.auth, ['OrderAdmin'])) {
      throw validation('A submitted order return cannot be changed.', {
        OrderReturnID: orderReturn.ID,
        Status: orderReturn.Status,
      });
    }
    const lineItemId = context.params.lineItemID ?? '';
    const items = itemsOf(orderReturn);
    if (!items.some((entry) => entry.LineItemID === lineItemId)) throw notFound('OrderReturnItem', lineItemId);
    return { ...orderReturn, ItemsToReturn: items.filter((entry) => entry.LineItemID !== lineItemId) };
  });
}

/**
 * `OrderReturns.ListEligibleApprovers`: members of the approving groups of the return's pending
 * approvals. Returns are approved under seller approval rules, so they are users of the return's
 * seller (the marketplace's admin users, or the supplier's users).
 */
export async function listReturnEligibleApprovers(context: OperationContext): Promise<unknown> {
  const orderReturn = await requireReturn(context, context.store);
  const order = await context.store.get('Orders', [], String(orderReturn.OrderID ?? ''));
  const pending = await context.store.find('OrderReturnApprovals', [String(orderReturn.ID)], { Status: 'Pending' });
  const seller = String(order?.ToCompanyID ?? context.marketplaceId);
  const approvals = pending.map(({ item }) => item);
  return listApprovers(context, approvals, '', seller);
}
