import type { Item } from '../engine/item.ts';
import type { OperationContext } from '../resources/types.ts';
import { notFound, validation } from '../engine/errors.ts';
import type { Store } from '../engine/store.ts';
import { requireOrderOfPath } from './access.ts';
import { companyKind, lineItemsOf, recalculateOrder } from './order-store.ts';
import { audienceOf, promotionReaches } from './promotion-access.ts';
import { appliedPromotions, ORDER_PROMOTIONS, undiscounted } from './promotion-discounts.ts';
import { evaluatePromotion, promotionTimingProblem, roundCents } from './promotion-rules.ts';
import { productCategories, usesParentCategories } from './rule-expressions.ts';

/** Statuses in which promotions may be added to or removed from an order. */
const PROMOTABLE = ['Unsubmitted', 'AwaitingApproval'];

const fail = (code: string, message: string, data: unknown): never => {
  throw validation(message, data, code);
};

function assertPromotable(order: Item): void {
  if (PROMOTABLE.includes(String(order.Status))) return;
  fail(
    'Order.CannotApplyPromoBadStatus',
    'Order status must be Unsubmitted or Awaiting Approval to apply a promotion.',
    {
      OrderID: order.ID,
      Status: order.Status,
    },
  );
}

/** The promotion a code names; a 404 naming the code when none has it. */
async function promotionByCode(store: Store, code: string): Promise<Item> {
  const [found] = await store.find('Promotions', [], { Code: code });
  if (!found) throw notFound('Promotion', code);
  return found.item;
}

/** How many other submitted orders of the user redeemed the promotion. */
async function redemptionsBy(store: Store, promotionId: string, userId: unknown, orderId: string): Promise<number> {
  const orderIds = new Set(
    (await store.find(ORDER_PROMOTIONS, undefined, { PromotionID: promotionId }))
      .map((stored) => String(stored.parents[0]))
      .filter((id) => id !== orderId),
  );
  let count = 0;
  for (const id of orderIds) {
    const order = await store.get('Orders', [], id);
    if (order?.IsSubmitted === true && order.Status !== 'Canceled' && order.FromUserID === userId) count += 1;
  }
  return count;
}

/**
 * The rules a promotion must pass to be on the order, other than eligibility: active and within its
 * dates, reaching the order's buyer user, owned by the marketplace or the order's seller, and not used
 * up (RedemptionLimit over every order, RedemptionLimitPerUser over the user's submitted orders).
 */
async function assertUsable(store: Store, order: Item, promotion: Item): Promise<void> {
  const timing = promotionTimingProblem(promotion, new Date());
  if (timing) fail(timing.code, timing.message, { PromotionID: promotion.ID });
  const buyerId = String(order.FromCompanyID ?? '');
  // Orders of the marketplace or a supplier (to a supplier) have no buyer for assignments to reach.
  if ((await companyKind(store, buyerId)) === 'buyer') {
    const audience = await audienceOf(store, buyerId, String(order.FromUserID ?? ''));
    if (!(await promotionReaches(store, promotion, audience))) throw notFound('Promotion', String(promotion.Code));
  }
  const owner = promotion.OwnerID;
  if (typeof owner === 'string' && owner !== '' && owner !== store.marketplaceId && owner !== order.ToCompanyID) {
    fail(
      'Promotion.OwnerIDMustMatchOrderToCompanyID',
      'Only promotions owned by the marketplace or by the order’s seller may be applied to this order.',
      { PromotionID: promotion.ID, OwnerID: owner, ToCompanyID: order.ToCompanyID },
    );
  }
  const limit = promotion.RedemptionLimit;
  const count = typeof promotion.RedemptionCount === 'number' ? promotion.RedemptionCount : 0;
  if (typeof limit === 'number' && count >= limit)
    fail('Promotion.ExceedsUsageLimit', 'Promotion code has already been used.', { PromotionID: promotion.ID });
  const perUser = promotion.RedemptionLimitPerUser;
  if (typeof perUser === 'number') {
    const used = await redemptionsBy(store, String(promotion.ID), order.FromUserID, String(order.ID));
    if (used >= perUser)
      fail('Promotion.ExceedsUsageLimit', 'Promotion code has already been used by this user.', {
        PromotionID: promotion.ID,
      });
  }
}

/** CanCombine: a promotion that does not combine must be alone on the order, whichever came first. */
async function assertCombines(store: Store, promotion: Item, appliedIds: readonly string[]): Promise<void> {
  if (appliedIds.length === 0) return;
  let combines = promotion.CanCombine === true;
  for (const id of appliedIds) {
    if (!combines) break;
    combines = (await store.get('Promotions', [], id))?.CanCombine === true;
  }
  if (!combines) {
    fail('Promotion.CannotCombine', 'Promotion cannot be combined with any other promo on the same order.', {
      PromotionID: promotion.ID,
      AppliedPromotionIDs: appliedIds,
    });
  }
}

function notEligible(promotion: Item): never {
  return fail('Promotion.NotEligible', 'Order does not meet eligibility requirements for this promotion.', {
    PromotionID: promotion.ID,
    Code: promotion.Code,
  });
}

/** The OrderPromotion answered for a promotion on an order: its fields and the whole discount it gives. */
function appliedView(records: readonly Item[]): Item {
  const [first] = records;
  const amount = roundCents(records.reduce((sum, record) => sum + Number(record.Amount ?? 0), 0));
  const { PromotionID: promotionId, ...rest } = first ?? {};
  const single = records.length === 1;
  return { ...rest, ID: promotionId, Amount: amount, LineItemID: single ? (first?.LineItemID ?? null) : null };
}

/**
 * `Orders.AddPromotion`: applies the promotion with the code to the order, when it is usable, combines
 * with the promotions already there and the order (or one of its lines) is eligible; the order's
 * discounts and totals are brought up to date. Answers the applied promotion.
 */
export async function addPromotion(context: OperationContext): Promise<unknown> {
  return context.store.transaction(async (store) => {
    const order = await requireOrderOfPath({ ...context, store });
    assertPromotable(order);
    const orderId = String(order.ID);
    const promotion = await promotionByCode(store, context.params.promoCode ?? '');
    const promotionId = String(promotion.ID);
    const applied = await appliedPromotions(store, orderId);
    if (applied.has(promotionId)) {
      fail('Promotion.AlreadyAdded', 'Promotion has already been added to this order.', { PromotionID: promotionId });
    }
    await assertUsable(store, order, promotion);
    await assertCombines(store, promotion, [...applied.keys()]);
    // Applied first, then evaluated with the others: the discount left to it depends on theirs.
    await store.insert(ORDER_PROMOTIONS, [orderId], {
      ID: promotionId,
      PromotionID: promotionId,
      DateApplied: new Date().toISOString(),
    });
    await recalculateOrder(store, orderId);
    const records = (await appliedPromotions(store, orderId)).get(promotionId) ?? [];
    if (records.length === 0 || (await promotionOutcomeHolds(store, orderId, promotion)) === false) {
      notEligible(promotion);
    }
    return appliedView(records);
  });
}

/** Whether the promotion on the order is eligible right now (an order-level one, or any of the lines). */
async function promotionOutcomeHolds(store: Store, orderId: string, promotion: Item): Promise<boolean> {
  const order = await store.require('Orders', [], orderId, 'Order');
  const items = await lineItemsOf(store, orderId);
  const subject = {
    order: undiscounted(order),
    items,
    categories: await productCategories(store, items, {
      ancestors: usesParentCategories(promotion.EligibleExpression, promotion.ValueExpression),
    }),
    now: new Date(),
  };
  // Eligibility does not depend on the room left, only the amount does.
  return evaluatePromotion(promotion, subject, { order: Infinity, lines: new Map() }).eligible;
}

/** `Orders.RemovePromotion`: takes the promotion with the code off the order; answers the order. */
export async function removePromotion(context: OperationContext): Promise<unknown> {
  return context.store.transaction(async (store) => {
    const order = await requireOrderOfPath({ ...context, store });
    assertPromotable(order);
    const orderId = String(order.ID);
    const code = context.params.promoCode ?? '';
    const records = (await store.find(ORDER_PROMOTIONS, [orderId])).filter((stored) => stored.item.Code === code);
    if (records.length === 0) throw notFound('Promotion', code);
    for (const stored of records) await store.remove(ORDER_PROMOTIONS, [orderId], stored.id);
    return recalculateOrder(store, orderId);
  });
}

/**
 * The second evaluation of an order's promotions, on submit: each must still be usable and eligible,
 * and the discounts are recomputed. Answers the order with its figures up to date.
 */
export async function checkPromotionsOnSubmit(store: Store, order: Item): Promise<Item> {
  const orderId = String(order.ID);
  const applied = await appliedPromotions(store, orderId);
  if (applied.size === 0) return order;
  for (const promotionId of applied.keys()) {
    const promotion = await store.get('Promotions', [], promotionId);
    if (!promotion) continue;
    await assertUsable(store, order, promotion);
    if (!(await promotionOutcomeHolds(store, orderId, promotion))) notEligible(promotion);
  }
  return recalculateOrder(store, orderId);
}

/**
 * After a change of the order itself (Orders.Patch, Orders.Save): its promotions are evaluated
 * again, as after a line item change, so amounts follow the new figures and a promotion that no
 * longer holds stays on the order with nothing (the submit then fails with Promotion.NotEligible).
 * Answers the order as stored then, or undefined when it has no promotions (nothing to do).
 */
export async function refreshOrderPromotions(store: Store, orderId: string): Promise<Item | undefined> {
  if ((await appliedPromotions(store, orderId)).size === 0) return undefined;
  return recalculateOrder(store, orderId);
}

/** Counts one redemption of each promotion on the order (its first submit only). */
export async function redeemPromotions(store: Store, order: Item): Promise<void> {
  if (order.DateSubmitted) return;
  for (const promotionId of (await appliedPromotions(store, String(order.ID))).keys()) {
    const promotion = await store.get('Promotions', [], promotionId);
    if (!promotion) continue;
    const count = typeof promotion.RedemptionCount === 'number' ? promotion.RedemptionCount : 0;
    await store.put('Promotions', [], { ...promotion, RedemptionCount: count + 1 });
  }
}

/** Takes a promotion off every unsubmitted order (it was deactivated or deleted). */
export async function withdrawPromotion(store: Store, promotionId: string): Promise<void> {
  const stored = await store.find(ORDER_PROMOTIONS, undefined, { PromotionID: promotionId });
  const orderIds = new Set(stored.map((record) => String(record.parents[0])));
  for (const orderId of orderIds) {
    const order = await store.get('Orders', [], orderId);
    if (order?.Status !== 'Unsubmitted') continue;
    for (const record of stored.filter((entry) => entry.parents[0] === orderId))
      await store.remove(ORDER_PROMOTIONS, [orderId], record.id);
    await recalculateOrder(store, orderId);
  }
}
