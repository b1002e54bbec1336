import type { Item } from '../engine/item.ts';
import { roundMoney } from '../orders/pricing.ts';
import { addInterval, notificationDate, type SubscriptionInterval } from '../orders/schedule.ts';
import { adminClientId } from './access.ts';
import type { SeededBuyer } from './buyers.ts';
import { orderableProducts, type SeededCatalog } from './catalog.ts';
import { daysAgo, hoursFromNow, type SeedContext } from './common.ts';
import { buildLine, type LineSources } from './order-lines.ts';
import { pad, Random } from './random.ts';

/** Days before an order that the reminder goes out. */
const NOTIFICATION_DAYS = 3;
/** Products people reorder on a schedule. */
const REPLENISHED = ['cookware', 'hiking-socks', 'first-aid-kits', 'headlamps', 'carabiners', 'base-tops'];

type Kind = 'due' | 'future' | 'inactive' | 'ended';

/** Ten subscriptions: some due now (within the run's five-hour window), some later, one paused, one ended. */
const PLAN: readonly Kind[] = ['due', 'future', 'due', 'future', 'due', 'inactive', 'future', 'due', 'ended', 'future'];

export interface SeededSubscriptions {
  count: number;
  due: number;
}

function nextOrderDate(context: SeedContext, rng: Random, kind: Kind): string {
  if (kind === 'future') return daysAgo(context, -rng.decimal(1, 20, 3));
  // Ended before its next order came round: never due again.
  if (kind === 'ended') return daysAgo(context, 20);
  // Due ones sit inside the run's window (at most five hours old), so the next run picks them up.
  return hoursFromNow(context, -rng.decimal(0.5, 4.5, 3));
}

/**
 * Subscriptions of buyer users with their items (line items priced at subscription prices), and
 * the active subscription integration the subscription run reports to.
 */
export function seedSubscriptions(
  context: SeedContext,
  buyers: readonly SeededBuyer[],
  catalog: SeededCatalog,
  sources: LineSources,
): SeededSubscriptions {
  const { writer } = context;
  const rng = Random.stream('subscriptions');
  // A singleton: the engine stores it under its resource name.
  writer.add('SubscriptionIntegrations', [], {
    ID: 'SubscriptionIntegrations',
    ApiClientID: adminClientId(context.marketplaceId),
    HashKey: rng.id(32),
    ElevatedRoles: [],
    Active: true,
    NotificationDays: NOTIFICATION_DAYS,
    Url: 'https://example.com/subscriptions',
    xp: {},
    CustomAuthHeaderName: null,
    CustomAuthHeaderValue: null,
  });
  let due = 0;
  for (const [index, kind] of PLAN.entries()) {
    const buyer = buyers[index % buyers.length] as SeededBuyer;
    const user = rng.pick(buyer.users);
    const userId = String(user.ID);
    const id = `SUB-${pad(index + 1, 4)}`;
    const interval: SubscriptionInterval = rng.pick(['Weeks', 'Months', 'Months', 'Days']);
    const frequency =
      interval === 'Days' ? rng.pick([14, 30]) : interval === 'Weeks' ? rng.pick([2, 4]) : rng.pick([1, 3]);
    const next = nextOrderDate(context, rng, kind);
    const created = daysAgo(context, rng.int(60, 300));
    const products = orderableProducts(catalog, buyer);
    const replenished = products.filter((plan) => REPLENISHED.includes(plan.placed.leaf.id));
    const pool = (replenished.length > 0 ? replenished : products).filter(
      (plan) => Date.parse(String(plan.product.DateCreated)) < Date.parse(created),
    );
    const shipTo = rng.pick(buyer.shippingAddresses);
    const items = rng.sample(pool, rng.int(1, 3)).map((plan) =>
      buildLine(rng, sources, {
        buyer,
        userId,
        plan,
        quantity: rng.int(2, 12),
        dateAdded: created,
        shippingAddressId: String(shipTo.ID),
        costCenter: rng.chance(0.5) ? rng.pick(buyer.costCenters) : null,
        kind: 'subscription',
      }),
    );
    const card = buyer.creditCards.find((candidate) => candidate.userId === userId)?.card;
    const payment: Item = card
      ? { Type: 'CreditCard', CreditCardID: card.ID, SpendingAccountID: null }
      : { Type: 'PurchaseOrder', CreditCardID: null, SpendingAccountID: null };
    writer.add('Subscriptions', [], {
      ID: id,
      Frequency: frequency,
      Interval: interval,
      NextOrderDate: next,
      LastOrderDate: addInterval(next, -frequency, interval),
      NotificationDate: notificationDate(next, NOTIFICATION_DAYS),
      DateCreated: created,
      EndDate: kind === 'ended' ? daysAgo(context, 10) : null,
      Active: kind !== 'inactive',
      FromCompanyID: buyer.id,
      FromUserID: userId,
      ToCompanyID: context.marketplaceId,
      Payment: payment,
      BillingAddressID: buyer.billingAddress.ID,
      ShippingAddressID: shipTo.ID,
      ProjectedSubtotal: roundMoney(items.reduce((sum, item) => sum + Number(item.LineSubtotal), 0)),
      xp: { Label: `${String(user.FirstName)}'s restock` },
    });
    for (const item of items) writer.add('SubscriptionItems', [id], item);
    if (kind === 'due') due += 1;
  }
  return { count: PLAN.length, due };
}
