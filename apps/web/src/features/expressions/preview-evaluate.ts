import {
  evaluateBoolean,
  evaluateExpression,
  evaluateNumber,
  parseExpression,
  type ExpressionContext,
} from '@portal/expressions';

// LIVE PREVIEW (evaluation)
// What the platform would make of the expressions on one order, computed in the browser with the same language
// package: whether a promotion's Eligible expression holds and what its Value gives (per eligible line for a
// line-item-level promotion, capped at the line or order subtotal, in cents), or whether an approval rule
// would require approval. The wrappers mirror the platform's (apps/server/src/platform/orders): a rule that
// does not read or fails while running never holds, and a failed value gives nothing.
// preview-evaluate.test.ts checks they agree with the platform's own functions.

type Item = Record<string, unknown>;

export interface PreviewSubject {
  readonly order: Item;
  readonly items: readonly Item[];
  /** Categories each product is assigned to directly, by product ID. */
  readonly categories: ReadonlyMap<string, readonly string[]>;
  readonly now: Date;
}

export interface PromotionPreview {
  readonly eligible: boolean;
  /** The discount, in the order's currency; 0 when not eligible. */
  readonly amount: number;
  /** Line-item-level promotions: the line items that qualify. */
  readonly eligibleLineIds: readonly string[];
}

const num = (value: unknown): number => (typeof value === 'number' && Number.isFinite(value) ? value : 0);
const roundMoney = (value: number) => Math.round(value * 10_000) / 10_000;
const roundCents = (value: number) => Math.round(roundMoney(value) * 100) / 100;

function contextOf(subject: PreviewSubject, item?: Item): ExpressionContext {
  return {
    order: subject.order,
    items: subject.items,
    ...(item ? { item } : {}),
    now: subject.now,
    productCategories: (productId) => subject.categories.get(productId) ?? [],
  };
}

function holds(expression: string, context: ExpressionContext): boolean {
  if (expression.trim() === '') return false;
  try {
    return evaluateBoolean(expression, context);
  } catch {
    return false;
  }
}

function amountOf(expression: string, context: ExpressionContext, cap: number): number {
  if (expression.trim() === '') return 0;
  try {
    const value = evaluateNumber(expression, context);
    return Number.isFinite(value) ? roundCents(Math.min(Math.max(value, 0), Math.max(cap, 0))) : 0;
  } catch {
    return 0;
  }
}

/** A promotion alone on the order (no other promotion has taken part of the subtotal). */
export function previewPromotion(
  expressions: { eligible: string; value: string; lineItemLevel: boolean },
  subject: PreviewSubject,
): PromotionPreview {
  if (!expressions.lineItemLevel) {
    const context = contextOf(subject);
    if (!holds(expressions.eligible, context)) return { eligible: false, amount: 0, eligibleLineIds: [] };
    return {
      eligible: true,
      amount: amountOf(expressions.value, context, num(subject.order.Subtotal)),
      eligibleLineIds: [],
    };
  }
  const lines = subject.items.filter((line) => holds(expressions.eligible, contextOf(subject, line)));
  const amount = lines.reduce(
    (sum, line) => sum + amountOf(expressions.value, contextOf(subject, line), num(line.LineSubtotal)),
    0,
  );
  return {
    eligible: lines.length > 0,
    amount: roundCents(amount),
    eligibleLineIds: lines.map((line) => String(line.ID)),
  };
}

/** Whether an approval rule would hold on submit, so the order would wait for approval (no rule approved yet). */
export function previewApproval(rule: string, subject: PreviewSubject): boolean {
  const parsed = parseExpression(rule);
  if (!parsed.ok) return false;
  try {
    // Only the value true holds here (the text 'true' does not), as on the platform's submit.
    return evaluateExpression(parsed.ast, { ...contextOf(subject), isApproved: () => false }) === true;
  } catch {
    return false;
  }
}
