import type { Item } from '../engine/item.ts';
import { ApiError, notFound, validation } from '../engine/errors.ts';
import { generateId } from '../engine/ids.ts';
import type { Store } from '../engine/store.ts';
import { filled } from '../engine/values.ts';
import { buildLineItem } from './line-item-builder.ts';
import { newOrderFields } from './order-writes.ts';
import { buyerCurrency, companyAddress, recalculateOrder, userSnapshot } from './order-store.ts';
import { addInterval, isDue, type SubscriptionInterval } from './schedule.ts';

/** A subscription whose order could not be placed; it is tried again on the next run while still due. */
export interface SubscriptionRunFailure {
  SubscriptionID: string;
  ErrorCode: string;
  Message: string;
}

/** Products left off a subscription's order because its user can no longer buy them. */
export interface UnavailableProducts {
  SubscriptionID: string;
  OrderID: string;
  ProductIDs: string[];
}

/** What one run of the subscription job did. */
export interface SubscriptionRunSummary {
  /** Due subscriptions looked at. */
  processed: number;
  /** Ids of the orders created, one per subscription that succeeded. */
  ordersCreated: string[];
  failed: SubscriptionRunFailure[];
  unavailableProducts: UnavailableProducts[];
}

/** The buyer user a subscription orders for, who must still exist and be active with an active buyer. */
async function activeSubscriber(store: Store, subscription: Item): Promise<Item> {
  const buyerId = String(subscription.FromCompanyID ?? '');
  const buyer = await store.get('Buyers', [], buyerId);
  if (!buyer) throw notFound('Buyer', buyerId);
  if (buyer.Active === false)
    throw validation(`Buyer ${buyerId} is not active.`, { BuyerID: buyerId }, 'Auth.CompanyNotActive');
  const userId = String(subscription.FromUserID ?? '');
  const user = await store.get('Users', [buyerId], userId);
  if (!user) throw notFound('User', userId);
  if (user.Active !== true) throw validation(`User ${userId} is not active.`, { UserID: userId }, 'Auth.UserNotActive');
  return user;
}

/** A new unsubmitted order for the subscription's user, before its line items. */
async function newOrder(store: Store, subscription: Item, user: Item, now: string): Promise<Item> {
  const buyerId = String(subscription.FromCompanyID);
  const billingId = filled(subscription.BillingAddressID) ? subscription.BillingAddressID : null;
  return {
    ID: generateId(),
    FromUser: userSnapshot(user),
    FromCompanyID: buyerId,
    ToCompanyID: filled(subscription.ToCompanyID) ? subscription.ToCompanyID : store.marketplaceId,
    FromUserID: subscription.FromUserID,
    BillingAddressID: billingId,
    BillingAddress: billingId ? await companyAddress(store, buyerId, billingId) : null,
    ShippingAddressID: filled(subscription.ShippingAddressID) ? subscription.ShippingAddressID : null,
    Comments: null,
    ...newOrderFields(now),
    Currency: await buyerCurrency(store, buyerId),
    SubscriptionID: subscription.ID,
    xp: {},
  };
}

/** The fields of a subscription item that carry over to the order's line item. */
function lineInput(item: Item): Item {
  const fields = [
    'ProductID',
    'Quantity',
    'CostCenter',
    'DateNeeded',
    'ShippingAccount',
    'ShippingAddressID',
    'ShipFromAddressID',
    'InventoryRecordID',
    'Specs',
    'xp',
  ];
  const input: Item = { ID: generateId() };
  for (const field of fields) input[field] = item[field] ?? null;
  input.xp ??= {};
  return input;
}

/** One subscription's order: created, filled with what can still be bought, paid as the subscription says. */
async function placeOrder(
  store: Store,
  subscription: Item,
  now: Date,
): Promise<{ orderId: string; unavailable: string[] }> {
  const user = await activeSubscriber(store, subscription);
  const stamp = now.toISOString();
  const order = await newOrder(store, subscription, user, stamp);
  const orderId = String(order.ID);
  await store.insert('Orders', [], order);
  const party = { buyerId: String(subscription.FromCompanyID), userId: String(subscription.FromUserID) };
  const lines: Item[] = [];
  const unavailable: string[] = [];
  const items = await store.find('SubscriptionItems', [String(subscription.ID)]);
  if (items.length === 0) {
    throw validation(
      'The subscription has no items to order.',
      { SubscriptionID: subscription.ID },
      'Order.CannotSubmitWithNoLineItems',
    );
  }
  for (const { item } of items) {
    try {
      // A price set by hand on the subscription item carries over; any other is worked out again.
      const line = await buildLineItem(store, party, lineInput(item), undefined, {
        kind: 'subscription',
        now,
        canOverridePrice: true,
        body: item.PriceOverridden === true ? { UnitPrice: item.UnitPrice } : {},
        siblings: lines,
        defaultShippingAddressId: (order.ShippingAddressID as string | null) ?? null,
        checkInventory: true,
      });
      lines.push(line);
    } catch (error) {
      if (!(error instanceof ApiError) || error.status >= 500) throw error;
      unavailable.push(String(item.ProductID));
    }
  }
  if (lines.length === 0) {
    throw validation(
      "None of the subscription's products can be ordered any more.",
      { UnavailableProductIDs: unavailable },
      'Order.ProductsNotFound',
    );
  }
  for (const line of lines) await store.insert('LineItems', [orderId], line);
  const priced = await recalculateOrder(store, orderId);
  const payment = subscription.Payment as Item | null;
  if (payment && filled(payment.Type)) {
    await store.insert('Payments', [orderId], {
      ID: generateId(),
      Type: payment.Type,
      DateCreated: stamp,
      CreditCardID: payment.CreditCardID ?? null,
      SpendingAccountID: payment.SpendingAccountID ?? null,
      Description: null,
      Currency: priced.Currency,
      Amount: priced.Total,
      Accepted: false,
      OrderReturnID: null,
      xp: {},
      Transactions: [],
    });
  }
  return { orderId, unavailable };
}

/**
 * Places the orders of every due subscription (active, NextOrderDate within the last few hours,
 * not ended): an Unsubmitted order from its buyer user with a line item per subscription item the
 * user can still buy, priced at subscription prices, and a payment as the subscription says.
 * Then LastOrderDate is set and NextOrderDate moves on by Frequency × Interval. A subscription
 * that fails is left as it was (in its own transaction) and reported, to be tried again next run.
 */
export async function processDueSubscriptions(store: Store, now: Date = new Date()): Promise<SubscriptionRunSummary> {
  const summary: SubscriptionRunSummary = { processed: 0, ordersCreated: [], failed: [], unavailableProducts: [] };
  const due = (await store.find('Subscriptions', []))
    .map((stored) => stored.item)
    .filter((subscription) => isDue(subscription, now));
  for (const subscription of due) {
    summary.processed += 1;
    const subscriptionId = String(subscription.ID);
    try {
      const { orderId, unavailable } = await store.transaction(async (tx) => {
        const placed = await placeOrder(tx, subscription, now);
        const next = addInterval(
          String(subscription.NextOrderDate),
          Number(subscription.Frequency ?? 1),
          subscription.Interval as SubscriptionInterval,
        );
        await tx.put('Subscriptions', [], { ...subscription, LastOrderDate: now.toISOString(), NextOrderDate: next });
        return placed;
      });
      summary.ordersCreated.push(orderId);
      if (unavailable.length > 0)
        summary.unavailableProducts.push({ SubscriptionID: subscriptionId, OrderID: orderId, ProductIDs: unavailable });
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      const entry = error.errors[0];
      summary.failed.push({
        SubscriptionID: subscriptionId,
        ErrorCode: entry?.ErrorCode ?? 'ServerError',
        Message: entry?.Message ?? error.message,
      });
    }
  }
  return summary;
}
