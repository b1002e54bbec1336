import { evaluateNumber, type ExpressionContext } from './evaluate.ts';
import { amountOf, conditionHolds, roundCents, roundMoney, ruleContext, type RuleSubject } from './rules.ts';

// PROMOTIONS ON AN ORDER
// What a promotion gives an order, as the platform computes it when a promotion is added, the order changes or
// it is submitted, and as the live preview shows it: EligibleExpression decides, ValueExpression gives the amount
// (per qualifying line for a line-item-level promotion, within its item and quantity limits), capped by the
// discount room left and rounded to cents.

type Item = Record<string, unknown>;

/** The promotion fields evaluation reads, as the platform's JSON holds them (anything may be missing). */
export interface PromotionRules {
  readonly EligibleExpression?: unknown;
  readonly ValueExpression?: unknown;
  readonly LineItemLevel?: unknown;
  readonly ItemLimitPerOrder?: unknown;
  readonly QuantityLimitPerOrder?: unknown;
  readonly ItemSortBy?: unknown;
}

/** How much discount is still available: the order's subtotal and each line's subtotal, less what earlier promotions took. */
export interface DiscountRoom {
  readonly order: number;
  /** By line item ID; a line without an entry has its whole LineSubtotal. */
  readonly lines: ReadonlyMap<string, number>;
}

/** A promotion alone on the order: the whole subtotal and every line's is room. */
export function wholeOrderRoom(order: Item): DiscountRoom {
  return { order: amountOf(order.Subtotal), lines: new Map() };
}

/** What a promotion gives an order: nothing when not eligible, else an order amount or amounts per line. */
export interface PromotionOutcome {
  eligible: boolean;
  /** The whole discount (for line-item-level promotions, the sum of the lines'). */
  amount: number;
  /** Line-item-level promotions: the discount of each discounted line, by line item ID. */
  lines: Map<string, number>;
}

/** Whether a promotion's Eligible expression holds on the order, or on one line item (`item`). */
export function promotionHolds(promotion: PromotionRules, subject: RuleSubject, item?: Item): boolean {
  return conditionHolds(promotion.EligibleExpression, ruleContext(subject, item), 'true-or-text');
}

/**
 * The amount of a value rule, in cents, never negative nor above `cap`. Without a value rule the discount would
 * come from a promotion integration, which this platform does not call: nothing. A value that fails gives nothing.
 */
function valueAmount(expression: unknown, context: ExpressionContext, cap: number): number {
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
 * Lines in ItemSortBy order: a field path of the line (`LineSubtotal`, `Product.Name`), `!` first for descending,
 * several separated by commas; lines without a value go last, ties keep their order.
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

const limit = (value: unknown): number => (typeof value === 'number' ? value : Infinity);

/**
 * A line-item-level promotion: ValueExpression per line whose EligibleExpression holds, in ItemSortBy order, for
 * at most ItemLimitPerOrder lines or QuantityLimitPerOrder units (a line partly within the quantity limit is
 * valued as if it had only the units left).
 */
function lineLevelOutcome(promotion: PromotionRules, subject: RuleSubject, room: DiscountRoom): PromotionOutcome {
  const eligible = subject.items.filter((line) => promotionHolds(promotion, subject, line));
  const lines = new Map<string, number>();
  if (eligible.length === 0) return { eligible: false, amount: 0, lines };
  let unitsLeft = limit(promotion.QuantityLimitPerOrder);
  for (const line of sortLines(eligible, promotion.ItemSortBy).slice(0, limit(promotion.ItemLimitPerOrder))) {
    if (unitsLeft <= 0) break;
    const quantity = amountOf(line.Quantity);
    const counted = Math.min(quantity, unitsLeft);
    unitsLeft -= counted;
    const valued =
      counted === quantity
        ? line
        : { ...line, Quantity: counted, LineSubtotal: roundMoney(amountOf(line.UnitPrice) * counted) };
    const id = String(line.ID);
    const cap = room.lines.get(id) ?? amountOf(line.LineSubtotal);
    lines.set(id, valueAmount(promotion.ValueExpression, ruleContext(subject, valued), cap));
  }
  const amount = roundCents([...lines.values()].reduce((sum, value) => sum + value, 0));
  return { eligible: true, amount, lines };
}

/**
 * What a promotion gives the order now, within the discount room left by promotions applied before it. The
 * subject's order is the one promotion rules see: `undiscountedOrder` of the stored order.
 */
export function evaluatePromotion(
  promotion: PromotionRules,
  subject: RuleSubject,
  room: DiscountRoom,
): PromotionOutcome {
  if (promotion.LineItemLevel === true) return lineLevelOutcome(promotion, subject, room);
  if (!promotionHolds(promotion, subject)) return { eligible: false, amount: 0, lines: new Map() };
  const amount = valueAmount(promotion.ValueExpression, ruleContext(subject), room.order);
  return { eligible: true, amount, lines: new Map() };
}
