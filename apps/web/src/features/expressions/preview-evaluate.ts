import {
  evaluatePromotion,
  explainApprovalRule,
  explainPromotion,
  promotionHolds,
  undiscountedOrder,
  wholeOrderRoom,
  type EligibilityExplanation,
  type Explanation,
  type PromotionRules,
  type RuleSubject,
} from '@portal/expressions';

// LIVE PREVIEW (evaluation)
// What the platform would make of the builder's expressions on one order: whether a promotion's Eligible
// expression holds and what its Value gives (per eligible line for a line-item-level promotion, within its
// limits), or whether an approval rule would require approval, and why not. The platform's own evaluation from
// the expressions package does the work, on the order as the platform's rules see it;
// preview-agrees-with-platform.test.ts checks the two agree on every demo order.

/** The order, its line items, their products' categories and the clock (no rule approved yet). */
export type PreviewSubject = RuleSubject;

/** A line-item-level promotion's limits, from its form (ItemLimitPerOrder, QuantityLimitPerOrder, ItemSortBy). */
export interface LineLimits {
  readonly itemLimit?: number | null;
  readonly quantityLimit?: number | null;
  readonly sortBy?: string | null;
}

export interface PromotionPreview {
  readonly eligible: boolean;
  /** The discount, in the order's currency; 0 when not eligible. */
  readonly amount: number;
  /** Line-item-level promotions: the line items that qualify. */
  readonly eligibleLineIds: readonly string[];
  /** Why not, when not eligible: the first part of the Eligible expression that does not hold. */
  readonly why: EligibilityExplanation;
}

export interface PreviewPromotionExpressions {
  readonly eligible: string;
  readonly value: string;
  readonly lineItemLevel: boolean;
  readonly limits?: LineLimits;
}

function promotionOf(expressions: PreviewPromotionExpressions): PromotionRules {
  const limits = expressions.limits ?? {};
  return {
    EligibleExpression: expressions.eligible,
    ValueExpression: expressions.value,
    LineItemLevel: expressions.lineItemLevel,
    ItemLimitPerOrder: limits.itemLimit,
    QuantityLimitPerOrder: limits.quantityLimit,
    ItemSortBy: limits.sortBy,
  };
}

/** A promotion alone on the order (no other promotion has taken part of the subtotal). */
export function previewPromotion(expressions: PreviewPromotionExpressions, given: PreviewSubject): PromotionPreview {
  // Promotion rules see the order before any promotion discount; approval rules see it as it stands.
  const subject = { ...given, order: undiscountedOrder(given.order) };
  const promotion = promotionOf(expressions);
  const outcome = evaluatePromotion(promotion, subject, wholeOrderRoom(subject.order));
  const eligibleLineIds = expressions.lineItemLevel
    ? subject.items.filter((line) => promotionHolds(promotion, subject, line)).map((line) => String(line.ID))
    : [];
  return {
    eligible: outcome.eligible,
    amount: outcome.amount,
    eligibleLineIds,
    why: explainPromotion(promotion, subject),
  };
}

/** Whether an approval rule would hold on submit, so the order would wait for approval, and why not. */
export function previewApproval(rule: string, subject: PreviewSubject): Explanation {
  return explainApprovalRule(rule, subject);
}
