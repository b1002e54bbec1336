import type { Item } from '../engine/item.ts';
import type { Store } from '../engine/store.ts';
import { groupIdsOf } from './order-store.ts';
import { promotionTimingProblem } from './promotion-rules.ts';

/** Who a promotion has to reach: a buyer user, by their buyer and the groups they belong to. */
export interface PromotionAudience {
  buyerId: string;
  userId: string;
  groupIds: ReadonlySet<string>;
}

/** The audience of a buyer user (their buyer's groups read once). */
export async function audienceOf(store: Store, buyerId: string, userId: string): Promise<PromotionAudience> {
  return { buyerId, userId, groupIds: await groupIdsOf(store, [buyerId], userId) };
}

/**
 * Ids of the promotions assigned to the audience: to their whole buyer, to one of their groups or
 * (should assignments name users) to them.
 */
async function assignedPromotionIds(store: Store, audience: PromotionAudience): Promise<Set<string>> {
  const assignments = await store.findAssignments('PromotionAssignment', undefined, { BuyerID: audience.buyerId });
  const reaches = (assignment: Item): boolean => {
    if (typeof assignment.UserID === 'string' && assignment.UserID !== '') return assignment.UserID === audience.userId;
    if (typeof assignment.UserGroupID === 'string' && assignment.UserGroupID !== '')
      return audience.groupIds.has(assignment.UserGroupID);
    return true;
  };
  return new Set(assignments.filter(reaches).map((assignment) => String(assignment.PromotionID)));
}

/** Whether a promotion reaches the audience: AllowAllBuyers, or an assignment to them. */
export async function promotionReaches(store: Store, promotion: Item, audience: PromotionAudience): Promise<boolean> {
  if (promotion.AllowAllBuyers === true) return true;
  return (await assignedPromotionIds(store, audience)).has(String(promotion.ID));
}

/**
 * Ids of the promotions a buyer user sees through Me: active, within their dates, and for every
 * buyer or assigned to theirs (whole buyer or one of their groups).
 */
export async function visiblePromotionIds(store: Store, audience: PromotionAudience, now: Date): Promise<string[]> {
  const assigned = await assignedPromotionIds(store, audience);
  const promotions = (await store.find('Promotions', [])).map((stored) => stored.item);
  return promotions
    .filter((promotion) => promotion.AllowAllBuyers === true || assigned.has(String(promotion.ID)))
    .filter((promotion) => promotionTimingProblem(promotion, now) === undefined)
    .map((promotion) => String(promotion.ID));
}
