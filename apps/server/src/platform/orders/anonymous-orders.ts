import type { Item } from '../engine/item.ts';
import type { Store } from '../engine/store.ts';
import { userSnapshot } from './order-store.ts';

/** The anonymous shopper whose orders move: its buyer and its generated user id (the token's `u`). */
export interface AnonymousOwner {
  buyerId: string;
  anonymousUserId: string;
}

/** The registered buyer user the orders move to. */
export interface OrderRecipient {
  buyerId: string;
  /** The stored user record (Users); its ID, name and email become the orders' FromUser. */
  user: Item;
}

/**
 * Hands the anonymous shopper's unsubmitted orders to a registered buyer user (Me.Register,
 * Me.TransferAnonUserOrder): FromUserID, FromUser and FromCompanyID become the user's, so the
 * orders leave the anonymous token's sight and appear in the user's. Submitted orders stay where
 * they are: they were placed as the guest and are fulfilled as such. Call inside a transaction.
 *
 * @returns the IDs of the orders moved.
 */
export async function moveAnonymousOrders(store: Store, from: AnonymousOwner, to: OrderRecipient): Promise<string[]> {
  const found = await store.find('Orders', [], { FromCompanyID: from.buyerId, FromUserID: from.anonymousUserId });
  const moved: string[] = [];
  for (const { item } of found) {
    if (item.Status !== 'Unsubmitted') continue;
    await store.put('Orders', [], {
      ...item,
      FromCompanyID: to.buyerId,
      FromUserID: to.user.ID,
      FromUser: userSnapshot(to.user),
    });
    moved.push(String(item.ID));
  }
  return moved;
}
