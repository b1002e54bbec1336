import { undiscountedOrder } from '@portal/expressions';
import type { Item } from '../engine/item.ts';
import type { Store } from '../engine/store.ts';
import { roundMoney } from './pricing.ts';
import { evaluatePromotion, roundCents, type DiscountRoom, type PromotionOutcome } from './promotion-rules.ts';
import { productCategories, usesParentCategories } from './rule-expressions.ts';

/**
 * Storage of the promotions applied to an order, under the order. An order-level promotion is one
 * record stored under the promotion's ID; a line-item-level one is a record per discounted line
 * (`{promotionID}~{lineItemID}`), or a single record without a line while no line qualifies. Every
 * record keeps PromotionID and shows it as its ID.
 */
export const ORDER_PROMOTIONS = 'OrderPromotions';

const num = (value: unknown): number => (typeof value === 'number' && Number.isFinite(value) ? value : 0);

/**
 * The order as promotion rules see it: before any promotion discount, so that a rule on
 * `order.Total` does not depend on the discounts it gives (the expressions package's, shared with the preview).
 */
export const undiscounted: (order: Item) => Item = undiscountedOrder;

/** The applied-promotion records of an order, grouped by promotion in the order they were applied. */
export async function appliedPromotions(store: Store, orderId: string): Promise<Map<string, Item[]>> {
  const records = (await store.find(ORDER_PROMOTIONS, [orderId])).map((stored) => stored.item);
  records.sort((a, b) => String(a.DateApplied ?? '').localeCompare(String(b.DateApplied ?? '')));
  const byPromotion = new Map<string, Item[]>();
  for (const record of records) {
    const promotionId = String(record.PromotionID);
    byPromotion.set(promotionId, [...(byPromotion.get(promotionId) ?? []), record]);
  }
  return byPromotion;
}

/** The records of one promotion on an order, with the promotion's current fields. */
function recordsOf(promotion: Item, outcome: PromotionOutcome, dateApplied: string): Item[] {
  const { ID: promotionId, RedemptionCount: _count, ...fields } = promotion;
  const base = { ...fields, PromotionID: promotionId, AmountOverridden: false, DateApplied: dateApplied };
  if (promotion.LineItemLevel !== true || outcome.lines.size === 0)
    return [{ ...base, ID: promotionId, LineItemID: null, Amount: outcome.amount }];
  return [...outcome.lines].map(([lineId, amount]) => ({
    ...base,
    ID: `${String(promotionId)}~${lineId}`,
    LineItemID: lineId,
    Amount: amount,
  }));
}

/** The discounts of an order's promotions as they stand now. */
export interface PromotionDiscounts {
  /** Order.PromotionDiscount. */
  discount: number;
  /** The line items with their PromotionDiscount and LineTotal brought up to date. */
  lines: Item[];
  /** What each applied promotion gives, by promotion ID. */
  outcomes: Map<string, PromotionOutcome>;
}

/**
 * Evaluates every promotion applied to the order against its current line items and stores the
 * result: the applied-promotion records and the lines' discounts. Line-item-level promotions go
 * first (each capped by what is left of its lines), then order-level ones (capped by what is left of
 * the subtotal), each in the order it was applied. A promotion that no longer holds stays on the
 * order with nothing, so that submitting fails with Promotion.NotEligible; a deleted one is dropped.
 */
export async function refreshPromotionDiscounts(
  store: Store,
  order: Item,
  lines: readonly Item[],
  now: Date = new Date(),
): Promise<PromotionDiscounts> {
  const orderId = String(order.ID);
  const applied = await appliedPromotions(store, orderId);
  const outcomes = new Map<string, PromotionOutcome>();
  const lineDiscounts = new Map<string, number>();
  let orderLevelDiscount = 0;
  if (applied.size > 0) {
    const promotions: Array<{ promotion: Item; dateApplied: string }> = [];
    for (const [promotionId, records] of applied) {
      const promotion = await store.get('Promotions', [], promotionId);
      if (promotion) promotions.push({ promotion, dateApplied: String(records[0]?.DateApplied ?? now.toISOString()) });
    }
    const expressions = promotions.flatMap(({ promotion }) => [
      promotion.EligibleExpression,
      promotion.ValueExpression,
    ]);
    const subject = {
      order: undiscounted(order),
      items: lines,
      categories: await productCategories(store, lines, { ancestors: usesParentCategories(...expressions) }),
      now,
    };
    promotions.sort((a, b) => Number(a.promotion.LineItemLevel !== true) - Number(b.promotion.LineItemLevel !== true));
    await store.removeUnder(ORDER_PROMOTIONS, [orderId]);
    for (const { promotion, dateApplied } of promotions) {
      const lineDiscountTotal = [...lineDiscounts.values()].reduce((sum, value) => sum + value, 0);
      const room: DiscountRoom = {
        order: roundMoney(num(order.Subtotal) - lineDiscountTotal - orderLevelDiscount),
        lines: new Map(
          lines.map((line) => [
            String(line.ID),
            roundMoney(num(line.LineSubtotal) - (lineDiscounts.get(String(line.ID)) ?? 0)),
          ]),
        ),
      };
      const outcome = evaluatePromotion(promotion, subject, room);
      outcomes.set(String(promotion.ID), outcome);
      for (const [lineId, amount] of outcome.lines)
        lineDiscounts.set(lineId, (lineDiscounts.get(lineId) ?? 0) + amount);
      if (promotion.LineItemLevel !== true) orderLevelDiscount += outcome.amount;
      for (const record of recordsOf(promotion, outcome, dateApplied))
        await store.insert(ORDER_PROMOTIONS, [orderId], record);
    }
  }
  const updated: Item[] = [];
  for (const line of lines) {
    const discount = roundCents(lineDiscounts.get(String(line.ID)) ?? 0);
    if (num(line.PromotionDiscount) === discount) {
      updated.push(line);
      continue;
    }
    const next = { ...line, PromotionDiscount: discount, LineTotal: roundMoney(num(line.LineSubtotal) - discount) };
    await store.put('LineItems', [orderId], next);
    updated.push(next);
  }
  const lineTotal = [...lineDiscounts.values()].reduce((sum, value) => sum + value, 0);
  return { discount: roundCents(lineTotal + orderLevelDiscount), lines: updated, outcomes };
}
