import type { Item } from '../engine/item.ts';

// The evaluation of a promotion's rules (eligibility, amounts, line limits, rounding) lives in the expressions
// package, where the portal's live preview uses the same code; the platform's modules keep importing it here.
export {
  evaluatePromotion,
  roundCents,
  sortLines,
  type DiscountRoom,
  type PromotionOutcome,
  type RuleSubject as PromotionSubject,
} from '@portal/expressions';

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
