import { evaluateBoolean, evaluateNumber, type ExpressionContext } from '@portal/expressions';
import type { Item } from '../engine/item.ts';
import { roundMoney } from './pricing.ts';
import { categoryContext, type ProductCategories } from './rule-expressions.ts';

/** Money to whole cents, as discounts are given. */
export const roundCents = (value: number): number => Math.round(roundMoney(value) * 100) / 100;

const num = (value: unknown): number => (typeof value === 'number' && Number.isFinite(value) ? value : 0);

/** A reason a promotion cannot be used right now, with the platform's error code. */
export interface PromotionProblem {
  code: string;
  message: string;
}

/** Whether a promotion is switched on and within its dates at `now`. */
export function promotionTimingProblem(promotion: Item, now: Date): PromotionProblem | undefined {
  if (promotion.Active === false) return { code: 'Promotion.NotActive', message: 'Promotion is not active.' };
  const time = now.getTime();
  if (typeof promotion.StartDate === 'string' && Date.parse(promotion.StartDate) > time)
    return { code: 'Promotion.NotYetValid', message: 'Promotion is not yet valid.' };
  if (typeof promotion.ExpirationDate === 'string' && Date.parse(promotion.ExpirationDate) < time)
    return { code: 'Promotion.Expired', message: 'Promotion is expired.' };
  return undefined;
}

/** What a promotion's rules look at: the order, its line items, their categories and the clock. */
export interface PromotionSubject {
  order: Item;
  items: readonly Item[];
  categories: ProductCategories;
  now: Date;
}

/** What a promotion gives an order: nothing when not eligible, else an order amount or amounts per line. */
export interface PromotionOutcome {
  eligible: boolean;
  /** The whole discount (for line-item-level promotions, the sum of the lines'). */
  amount: number;
  /** Line-item-level promotions: the discount of each discounted line, by line item ID. */
  lines: Map<string, number>;
}

/** How much discount is still available: the order's subtotal and each line's subtotal, less what earlier promotions took. */
export interface DiscountRoom {
  order: number;
  lines: Map<string, number>;
}

function contextOf(subject: PromotionSubject, item?: Item): ExpressionContext {
  return {
    order: subject.order,
    items: subject.items,
    ...(item ? { item } : {}),
    now: subject.now,
    ...categoryContext(subject.categories),
  };
}

/**
 * Whether a rule holds. A rule that does not parse or fails while running (saved before validation
 * existed, say) never holds, as approval rules do: a broken promotion gives nothing.
 */
function holds(expression: unknown, context: ExpressionContext): boolean {
  if (typeof expression !== 'string' || expression.trim() === '') return false;
  try {
    return evaluateBoolean(expression, context);
  } catch {
    return false;
  }
}

/**
 * The amount of a value rule, in cents, never negative nor above `cap`. Without a value rule the
 * discount would come from a promotion integration, which this platform does not call: nothing.
 */
function amountOf(expression: unknown, context: ExpressionContext, cap: number): number {
  if (typeof expression !== 'string' || expression.trim() === '') return 0;
  let value: number;
  try {
    value = evaluateNumber(expression, context);
  } catch {
    return 0;
  }
  if (!Number.isFinite(value)) return 0;
  return roundCents(Math.min(Math.max(value, 0), Math.max(cap, 0)));
}

function fieldAt(item: Item, path: string): unknown {
  let value: unknown = item;
  for (const part of path.split('.')) {
    if (value === null || typeof value !== 'object') return undefined;
    value = (value as Item)[part];
  }
  return value;
}

/**
 * Lines in ItemSortBy order: a field path of the line (`LineSubtotal`, `Product.Name`), `!` first
 * for descending, several separated by commas; lines without a value go last, ties keep their order.
 */
export function sortLines(lines: readonly Item[], sortBy: unknown): Item[] {
  if (typeof sortBy !== 'string' || sortBy.trim() === '') return [...lines];
  const keys = sortBy
    .split(',')
    .map((key) => key.trim())
    .filter((key) => key !== '')
    .map((key) => (key.startsWith('!') ? { path: key.slice(1), sign: -1 } : { path: key, sign: 1 }));
  const compare = (a: Item, b: Item): number => {
    for (const { path, sign } of keys) {
      const left = fieldAt(a, path);
      const right = fieldAt(b, path);
      if (left === right) continue;
      if (left === undefined || left === null) return 1;
      if (right === undefined || right === null) return -1;
      const order =
        typeof left === 'number' && typeof right === 'number'
          ? left - right
          : String(left).localeCompare(String(right));
      if (order !== 0) return order * sign;
    }
    return 0;
  };
  return [...lines].sort(compare);
}

/**
 * A line-item-level promotion: ValueExpression per line whose EligibleExpression holds, in ItemSortBy
 * order, for at most ItemLimitPerOrder lines or QuantityLimitPerOrder units (a line partly within
 * the quantity limit is valued as if it had only the units left).
 */
function lineLevelOutcome(promotion: Item, subject: PromotionSubject, room: DiscountRoom): PromotionOutcome {
  const eligible = subject.items.filter((line) => holds(promotion.EligibleExpression, contextOf(subject, line)));
  const lines = new Map<string, number>();
  if (eligible.length === 0) return { eligible: false, amount: 0, lines };
  const itemLimit = typeof promotion.ItemLimitPerOrder === 'number' ? promotion.ItemLimitPerOrder : Infinity;
  let unitsLeft = typeof promotion.QuantityLimitPerOrder === 'number' ? promotion.QuantityLimitPerOrder : Infinity;
  for (const line of sortLines(eligible, promotion.ItemSortBy).slice(0, itemLimit)) {
    if (unitsLeft <= 0) break;
    const quantity = num(line.Quantity);
    const counted = Math.min(quantity, unitsLeft);
    unitsLeft -= counted;
    const valued =
      counted === quantity
        ? line
        : { ...line, Quantity: counted, LineSubtotal: roundMoney(num(line.UnitPrice) * counted) };
    const id = String(line.ID);
    const cap = room.lines.get(id) ?? num(line.LineSubtotal);
    lines.set(id, amountOf(promotion.ValueExpression, contextOf(subject, valued), cap));
  }
  const amount = roundCents([...lines.values()].reduce((sum, value) => sum + value, 0));
  return { eligible: true, amount, lines };
}

/** What a promotion gives the order now, within the discount room left by promotions applied before it. */
export function evaluatePromotion(promotion: Item, subject: PromotionSubject, room: DiscountRoom): PromotionOutcome {
  if (promotion.LineItemLevel === true) return lineLevelOutcome(promotion, subject, room);
  const context = contextOf(subject);
  if (!holds(promotion.EligibleExpression, context)) return { eligible: false, amount: 0, lines: new Map() };
  return { eligible: true, amount: amountOf(promotion.ValueExpression, context, room.order), lines: new Map() };
}
