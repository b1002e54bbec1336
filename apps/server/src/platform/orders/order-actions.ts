import type { Item } from '../engine/item.ts';
import type { OperationContext } from '../resources/types.ts';
import { notFound, validation } from '../engine/errors.ts';
import type { Store } from '../engine/store.ts';
import { deepMerge } from '../engine/validate.ts';
import { canSeeOrder, hasAnyRole, parseDirection, requireOrderOfPath } from './access.ts';
import {
  approvedRuleIds,
  decideApprovals,
  listApprovers,
  matchingRules,
  openApprovals,
  resubmitAllowed,
  type ApprovalTarget,
} from './approvals.ts';
import { assertCalculatedForCheckout } from './checkout-worksheet.ts';
import { checkedBody } from './operation-helpers.ts';
import { checkPromotionsOnSubmit, redeemPromotions } from './order-promotions.ts';
import { companyKind, lineItemsOf, nowIso, saveOrder } from './order-store.ts';
import { settleSpendingAccounts } from './payment-rules.ts';
import { applyTransition, ORDER_TRANSITIONS, statusOf, type OrderStatus } from './status.ts';

/** Where an order's approvals live. */
export const orderApprovals = (orderId: string): ApprovalTarget => ({ resource: 'OrderApprovals', parents: [orderId] });

/** Runs an action on the order of the path in one transaction, after checking the caller may see it. */
export async function withOrder(
  context: OperationContext,
  work: (store: Store, order: Item) => Promise<Item | undefined>,
): Promise<Item | undefined> {
  return context.store.transaction(async (store) => {
    const order = await requireOrderOfPath({ ...context, store });
    return work(store, order);
  });
}

/**
 * Checks an order could be submitted as it is: it has line items and every product on it still
 * exists, is active and is not a parent product.
 */
export async function assertSubmittable(store: Store, order: Item, lines: readonly Item[]): Promise<void> {
  if (lines.length === 0) {
    throw validation(
      'Cannot submit an order without any line items.',
      { OrderID: order.ID },
      'Order.CannotSubmitWithNoLineItems',
    );
  }
  const missing: string[] = [];
  for (const productId of new Set(lines.map((line) => String(line.ProductID)))) {
    const product = await store.get('Products', [], productId);
    if (!product) {
      missing.push(productId);
      continue;
    }
    if (product.Active !== true) {
      throw validation(
        `Product ${productId} is not active.`,
        { ProductID: productId },
        'Order.CannotSubmitWithInactiveProduct',
      );
    }
    if (product.IsParent === true) {
      throw validation(
        `Product ${productId} is a parent product.`,
        { ProductID: productId },
        'Order.CannotSubmitWithParentProduct',
      );
    }
  }
  if (missing.length > 0) {
    throw validation('Some products of the order no longer exist.', { ProductIDs: missing }, 'Order.ProductsNotFound');
  }
}

/** Statuses in which an order's spending-account payments have been taken from the balances. */
const CHARGED: readonly OrderStatus[] = ['AwaitingApproval', 'Open', 'Completed'];

/**
 * `Orders.Submit`: Unsubmitted (or Declined, when the decline allowed a resubmit) to Open, or to
 * AwaitingApproval when an approval rule of the buyer or seller holds for the order.
 */
export async function submitOrder(context: OperationContext): Promise<unknown> {
  return withOrder(context, async (store, order) => {
    const orderId = String(order.ID);
    const target = orderApprovals(orderId);
    const alsoFrom: OrderStatus[] = (await resubmitAllowed(store, target)) ? ['Declined'] : [];
    // Status first: submitting a submitted order is a status error, whatever its line items.
    applyTransition(ORDER_TRANSITIONS, 'Submit', order, nowIso(), alsoFrom);
    const items = await lineItemsOf(store, orderId);
    await assertSubmittable(store, order, items);
    await assertCalculatedForCheckout(store, order, context.auth.clientId);
    // Promotions are evaluated again: one that no longer holds stops the submit.
    const priced = await checkPromotionsOnSubmit(store, order);
    const now = nowIso();
    const buyerId =
      (await companyKind(store, order.FromCompanyID as string)) === 'buyer' ? String(order.FromCompanyID) : null;
    const matched = await matchingRules(store, {
      buyerId,
      sellerId: (order.ToCompanyID as string | null) ?? null,
      type: 'Order',
      subject: priced,
      items,
      approvedRuleIds: await approvedRuleIds(store, target),
    });
    let next: Item;
    if (matched.length > 0) {
      next = applyTransition(ORDER_TRANSITIONS, 'SubmitForApproval', priced, now, alsoFrom);
      await openApprovals(store, target, matched, now);
    } else {
      next = applyTransition(ORDER_TRANSITIONS, 'Submit', priced, now, alsoFrom);
    }
    await redeemPromotions(store, order);
    await settleSpendingAccounts(store, next, -1);
    return saveOrder(store, next);
  });
}

/**
 * The order to approve or decline. Approvers see the orders of their buyer waiting for them even
 * when they may not see other users' orders otherwise.
 */
async function orderForApproval(context: OperationContext, store: Store): Promise<Item> {
  const direction = parseDirection(context.params.direction);
  const orderId = context.params.orderID ?? '';
  const order = await store.require('Orders', [], orderId, 'Order');
  const { auth } = context;
  const sameBuyer = auth.userType === 'buyer' && auth.companyId !== undefined && order.FromCompanyID === auth.companyId;
  if (!sameBuyer && !canSeeOrder(order, context, direction)) throw notFound('Order', orderId);
  return order;
}

async function decideOrder(context: OperationContext, status: 'Approved' | 'Declined'): Promise<unknown> {
  const info = checkedBody(context, 'OrderApprovalInfo');
  return context.store.transaction(async (store) => {
    const order = await orderForApproval(context, store);
    const action = status === 'Approved' ? 'Approve' : 'Decline';
    applyTransition(ORDER_TRANSITIONS, action, order, nowIso());
    const now = nowIso();
    const { remaining } = await decideApprovals(
      store,
      orderApprovals(String(order.ID)),
      context,
      {
        status,
        comments: typeof info.Comments === 'string' ? info.Comments : null,
        allowResubmit: info.AllowResubmit === true,
        notEligibleCode: 'Order.NotEligibleToApprove',
      },
      now,
    );
    // One decline settles the order; an approval only once every pending approval is given.
    if (status === 'Approved' && remaining > 0) return saveOrder(store, order);
    const next = applyTransition(ORDER_TRANSITIONS, action, order, now);
    if (status === 'Declined') await settleSpendingAccounts(store, order, 1);
    return saveOrder(store, next);
  });
}

/** `Orders.Approve`: records the caller's approval; the order opens when none is pending any more. */
export const approveOrder = (context: OperationContext) => decideOrder(context, 'Approved');
/** `Orders.Decline`: declines the order (AllowResubmit lets the buyer submit it again). */
export const declineOrder = (context: OperationContext) => decideOrder(context, 'Declined');

/** `Orders.Cancel`: Unsubmitted, AwaitingApproval or Open orders with nothing shipped. */
export async function cancelOrder(context: OperationContext): Promise<unknown> {
  return withOrder(context, async (store, order) => {
    const shipped = (await lineItemsOf(store, String(order.ID))).filter(
      (line) => Number(line.QuantityShipped ?? 0) > 0,
    );
    if (shipped.length > 0) {
      throw validation(
        'An order with shipped items cannot be canceled.',
        { LineItemIDs: shipped.map((line) => line.ID) },
        'Order.CannotCancelInCurrentStatus',
      );
    }
    const next = applyTransition(ORDER_TRANSITIONS, 'Cancel', order, nowIso());
    if (CHARGED.includes(statusOf(order))) await settleSpendingAccounts(store, order, 1);
    return saveOrder(store, next);
  });
}

/** `Orders.Complete`: an Open order that needs no shipment. */
export async function completeOrder(context: OperationContext): Promise<unknown> {
  return withOrder(context, async (store, order) =>
    saveOrder(store, applyTransition(ORDER_TRANSITIONS, 'Complete', order, nowIso())),
  );
}

/** `Orders.Validate`: the checks of a submit, without submitting. */
export async function validateOrder(context: OperationContext): Promise<unknown> {
  await withOrder(context, async (store, order) => {
    await assertSubmittable(store, order, await lineItemsOf(store, String(order.ID)));
    return undefined;
  });
  return undefined;
}

/** Addresses of an order change while it is unsubmitted, or by an order admin. */
function assertAddressEditable(order: Item, context: OperationContext): void {
  if (order.Status === 'Unsubmitted' || hasAnyRole(context.auth, ['OrderAdmin'])) return;
  throw validation('The addresses of a submitted order cannot be changed.', {
    OrderID: order.ID,
    Status: order.Status,
  });
}

/** `Orders.SetBillingAddress`: a one-off billing address (BillingAddressID is cleared). */
export async function setBillingAddress(context: OperationContext): Promise<unknown> {
  const address = checkedBody(context, 'Address', ['Street1', 'City', 'State', 'Zip', 'Country']);
  return withOrder(context, async (store, order) => {
    assertAddressEditable(order, context);
    return saveOrder(store, { ...order, BillingAddressID: null, BillingAddress: address });
  });
}

/** `Orders.PatchBillingAddress`: changes a one-off billing address. */
export async function patchBillingAddress(context: OperationContext): Promise<unknown> {
  const patch = checkedBody(context, 'Address');
  return withOrder(context, async (store, order) => {
    assertAddressEditable(order, context);
    if (!order.BillingAddress) {
      throw validation(
        'The order has no billing address to change.',
        { OrderID: order.ID },
        'BillingAddress.CannotModifyNotFound',
      );
    }
    if (order.BillingAddressID && order.Status === 'Unsubmitted') {
      throw validation(
        'The billing address is a saved address; change it through the addresses instead.',
        { OrderID: order.ID },
        'BillingAddress.CannotPatchSetByID',
      );
    }
    return saveOrder(store, { ...order, BillingAddress: deepMerge(order.BillingAddress, patch) });
  });
}

/** `Orders.SetShippingAddress`: a one-off shipping address put on every line item. */
export async function setShippingAddress(context: OperationContext): Promise<unknown> {
  const address = checkedBody(context, 'Address', ['Street1', 'City', 'State', 'Zip', 'Country']);
  return withOrder(context, async (store, order) => {
    assertAddressEditable(order, context);
    const orderId = String(order.ID);
    for (const line of await lineItemsOf(store, orderId)) {
      await store.put('LineItems', [orderId], { ...line, ShippingAddressID: null, ShippingAddress: address });
    }
    return saveOrder(store, { ...order, ShippingAddressID: null });
  });
}

/** `Orders.PatchShippingAddress`: changes the one-off shipping address of every line item. */
export async function patchShippingAddress(context: OperationContext): Promise<unknown> {
  const patch = checkedBody(context, 'Address');
  return withOrder(context, async (store, order) => {
    assertAddressEditable(order, context);
    const orderId = String(order.ID);
    const lines = (await lineItemsOf(store, orderId)).filter((line) => line.ShippingAddress);
    if (lines.length === 0) {
      throw validation(
        'The order has no shipping address to change.',
        { OrderID: orderId },
        'ShippingAddress.CannotModifyNotFound',
      );
    }
    if (order.Status === 'Unsubmitted' && lines.some((line) => line.ShippingAddressID)) {
      throw validation(
        'The shipping address is a saved address; change it through the addresses instead.',
        { OrderID: orderId },
        'ShippingAddress.CannotPatchSetByID',
      );
    }
    for (const line of lines) {
      await store.put('LineItems', [orderId], { ...line, ShippingAddress: deepMerge(line.ShippingAddress, patch) });
    }
    return saveOrder(store, order);
  });
}

const FROM_USER_EDITABLE = ['FirstName', 'LastName', 'Email'];

/** `Orders.PatchFromUser`: corrects the name and email the order shows for its creator (guest checkout). */
export async function patchFromUser(context: OperationContext): Promise<unknown> {
  const patch = checkedBody(context, 'User');
  const others = Object.keys(patch).filter((field) => !FROM_USER_EDITABLE.includes(field));
  if (others.length > 0) {
    throw validation(`Only ${FROM_USER_EDITABLE.join(', ')} of the order's user can be changed.`, {
      Properties: others,
    });
  }
  return withOrder(context, async (store, order) =>
    saveOrder(store, { ...order, FromUser: { ...((order.FromUser as Item | null) ?? {}), ...patch } }),
  );
}

/**
 * `Orders.ListEligibleApprovers`: the users who may decide the approvals the order waits for —
 * members of the approving groups of its pending approvals.
 */
export async function listEligibleApprovers(context: OperationContext): Promise<unknown> {
  const order = await requireOrderOfPath(context);
  const pending = await context.store.find('OrderApprovals', [String(order.ID)], { Status: 'Pending' });
  return listApprovers(
    context,
    pending.map(({ item }) => item),
    String(order.FromCompanyID ?? ''),
    String(order.ToCompanyID ?? context.marketplaceId),
  );
}
