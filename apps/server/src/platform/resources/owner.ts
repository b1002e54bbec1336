import type { WriteContext } from './types.ts';

/**
 * OwnerID as the public platform fills it on the objects a seller owns (products, catalogs,
 * bundles, price schedules, specs, promotions, inventory records, locales): the organization that owns it.
 * A supplier's user always writes for their own supplier (only the marketplace owner may name
 * another owner); the marketplace owner's users may name one, and otherwise the marketplace owns
 * it, under the marketplace's id (the id Me.Get shows as the Seller of those users). A replace or
 * patch keeps the stored owner unless the marketplace owner names a new one.
 */
export function fillOwnerId({ next, previous, auth, marketplaceId }: WriteContext): void {
  const stored = typeof previous?.OwnerID === 'string' && previous.OwnerID !== '' ? previous.OwnerID : undefined;
  if (auth.userType === 'supplier') {
    next.OwnerID = stored ?? auth.companyId ?? null;
    return;
  }
  if (typeof next.OwnerID !== 'string' || next.OwnerID === '') next.OwnerID = stored ?? marketplaceId;
}

/** A `beforeWrite` hook that fills OwnerID (see `fillOwnerId`) before the resource's own checks. */
export function withOwnerId(check?: (context: WriteContext) => Promise<void>) {
  return async (context: WriteContext): Promise<void> => {
    fillOwnerId(context);
    await check?.(context);
  };
}
