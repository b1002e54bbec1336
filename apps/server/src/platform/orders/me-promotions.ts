import type { OperationContext } from '../resources/types.ts';
import { notFound } from '../engine/errors.ts';
import { presentItems } from '../resources/catalog-rules.ts';
import { listWithin } from './operation-helpers.ts';
import { audienceOf, visiblePromotionIds } from './promotion-access.ts';

/** Ids of the promotions the caller sees through Me; buyer users only (others have no buyer to reach). */
async function myPromotionIds(context: OperationContext): Promise<string[]> {
  const { auth, store } = context;
  if (auth.userType !== 'buyer' || !auth.companyId) return [];
  return visiblePromotionIds(store, await audienceOf(store, auth.companyId, auth.userId), new Date());
}

/** `Me.ListPromotions`: active promotions within their dates, for every buyer or assigned to the user's. */
export async function listMyPromotions(context: OperationContext): Promise<unknown> {
  const ids = await myPromotionIds(context);
  return listWithin(context, context.registry.resource('Promotions'), { ids });
}

/** `Me.GetPromotion`: one of those; a 404 for any other. */
export async function getMyPromotion(context: OperationContext): Promise<unknown> {
  const id = context.params.promotionID ?? '';
  if (!(await myPromotionIds(context)).includes(id)) throw notFound('Promotion', id);
  const promotion = await context.store.require('Promotions', [], id, 'Promotion');
  const [shown] = await presentItems(context.registry.resource('Promotions'), [promotion], context.store);
  return shown;
}
