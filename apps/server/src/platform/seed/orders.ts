import type { Item } from '../engine/item.ts';
import { DEFAULT_CURRENCY, userSnapshot } from '../orders/order-store.ts';
import { orderTotal, orderTotals, roundMoney } from '../orders/pricing.ts';
import { applyTransition, ORDER_TRANSITIONS, type OrderStatus } from '../orders/status.ts';
import type { SeededBuyer } from './buyers.ts';
import { orderableProducts, type SeededCatalog } from './catalog.ts';
import { addDays, daysAgo, snapshot, type SeedContext } from './common.ts';
import { payOrder, shipLines, type ShipmentCounter } from './fulfilment.ts';
import { buildLine, orderableQuantity, type LineSources } from './order-lines.ts';
import type { ProductPlan } from './product-gen.ts';
import { pad, Random } from './random.ts';
import { ORDER_COMMENTS } from './words.ts';

/** How many orders of each status, and how many days old they are. */
const STATUS_PLAN: ReadonlyArray<{ status: OrderStatus; count: number; age: readonly [number, number] }> = [
  { status: 'Completed', count: 96, age: [8, 360] },
  { status: 'Open', count: 56, age: [1, 21] },
  { status: 'Canceled', count: 14, age: [4, 200] },
  { status: 'Declined', count: 10, age: [3, 90] },
  { status: 'AwaitingApproval', count: 14, age: [0.3, 6] },
  { status: 'Unsubmitted', count: 30, age: [0.05, 12] },
];

/** Orders are numbered up to this, so the `orders` incrementor continues from it. */
export const LAST_ORDER_NUMBER = 1000;
/** The approval rule every demo buyer has: orders above this total wait for an approver. */
const APPROVAL_THRESHOLD = 1000;
const TAX_RATE = 0.0725;
const FREE_SHIPPING_FROM = 500;

export interface SeededOrders {
  count: number;
  byStatus: Record<string, number>;
  shipments: number;
}

interface Timeline {
  rng: Random;
  now: number;
}

/** A moment after `from`, at most `maxDays` later and never in the future. */
function later(timeline: Timeline, from: string, minDays: number, maxDays: number): string {
  const at = Date.parse(addDays(from, timeline.rng.decimal(minDays, maxDays, 4)));
  return new Date(Math.min(at, timeline.now - 60_000)).toISOString();
}

function shippingCost(subtotal: number, lines: readonly Item[]): number {
  if (subtotal >= FREE_SHIPPING_FROM) return 0;
  const weight = lines.reduce(
    (sum, line) => sum + Number((line.Product as Item).ShipWeight ?? 1) * Number(line.Quantity),
    0,
  );
  return roundMoney(Math.round((9.95 + weight * 0.6) * 100) / 100);
}

/** The order's figures as the order logic keeps them: count, subtotal, shipping, tax, total. */
function withTotals(order: Item, lines: readonly Item[], submitted: boolean): Item {
  const { LineItemCount, Subtotal } = orderTotals(order, lines);
  const next = {
    ...order,
    LineItemCount,
    Subtotal,
    ShippingCost: submitted ? shippingCost(Subtotal, lines) : 0,
    TaxCost: submitted ? roundMoney(Math.round(Subtotal * TAX_RATE * 100) / 100) : 0,
  };
  return { ...next, Total: orderTotal(next) };
}

function approval(rng: Random, buyer: SeededBuyer, at: string, decided?: { status: string; at: string }): Item {
  const approver = decided ? rng.pick(buyer.approvers) : undefined;
  return {
    ID: rng.id(22),
    ApprovalRuleID: buyer.approvalRuleId,
    ApprovingGroupID: buyer.approverGroupId,
    Status: decided?.status ?? 'Pending',
    AllowResubmit: false,
    DateCreated: at,
    DateCompleted: decided?.at ?? null,
    Approver: approver ? userSnapshot(approver) : null,
    Comments: decided?.status === 'Declined' ? 'Over the quarterly budget; please split the order.' : null,
  };
}

interface Placed {
  buyer: SeededBuyer;
  user: Item;
  status: OrderStatus;
  created: string;
  number: number;
}

function buildLines(rng: Random, sources: LineSources, placed: Placed, products: readonly ProductPlan[]): Item[] {
  const { buyer, user, created, status } = placed;
  const userId = String(user.ID);
  const shipTo = rng.pick([
    ...buyer.shippingAddresses,
    ...(buyer.groupsOf.get(userId) ?? []).flatMap((groupId) => buyer.groupShipping.get(groupId) ?? []),
  ]);
  const needsApproval = status === 'AwaitingApproval' || status === 'Declined';
  // Only products that existed when the order was placed.
  const existing = products.filter((plan) => Date.parse(String(plan.product.DateCreated)) < Date.parse(created));
  const pricey = existing.filter((plan) => priceOf(plan) >= 120);
  const pool = needsApproval && pricey.length > 0 ? pricey : existing;
  const lines: Item[] = [];
  const used = new Set<string>();
  const wanted = rng.int(1, 4);
  // Orders that must wait for approval keep adding lines until they pass the rule's threshold.
  for (let attempt = 0; attempt < 200; attempt += 1) {
    const subtotal = lines.reduce((sum, line) => sum + Number(line.LineSubtotal), 0);
    if (lines.length >= wanted && (!needsApproval || subtotal > APPROVAL_THRESHOLD)) break;
    const plan = rng.pick(pool);
    if (used.has(String(plan.product.ID))) continue;
    const quantity = orderableQuantity(rng, plan);
    if (quantity === undefined) continue;
    used.add(String(plan.product.ID));
    lines.push(
      buildLine(rng, sources, {
        buyer,
        userId,
        plan,
        quantity,
        dateAdded: addDays(created, (lines.length * 3) / 1440),
        shippingAddressId: String(shipTo.ID),
        costCenter: rng.chance(0.5) ? rng.pick(buyer.costCenters) : null,
        kind: 'order',
      }),
    );
  }
  return lines;
}

function priceOf(plan: ProductPlan): number {
  const breaks = Array.isArray(plan.schedule.PriceBreaks) ? (plan.schedule.PriceBreaks as Item[]) : [];
  return Number(breaks[0]?.Price ?? 0);
}

/** The orders to place, oldest first, numbered in that order. */
function placements(rng: Random, context: SeedContext, buyers: readonly SeededBuyer[]): Placed[] {
  const planned = STATUS_PLAN.flatMap(({ status, count, age }) =>
    Array.from({ length: count }, () => ({ status, age: rng.decimal(age[0], age[1], 4) })),
  ).sort((a, b) => b.age - a.age);
  const total = planned.length;
  return planned.map(({ status, age }, index) => {
    const buyer = rng.pick(buyers);
    return {
      buyer,
      user: rng.pick(buyer.users),
      status,
      created: daysAgo(context, age),
      number: LAST_ORDER_NUMBER - total + 1 + index,
    };
  });
}

/**
 * Orders of every status from the buyers' users to the marketplace, with line items priced from
 * the schedules that apply, status dates stamped by the order status rules, approvals for orders
 * over the approval rule's threshold, payments for submitted orders and shipments for shipped ones.
 */
export function seedOrders(
  context: SeedContext,
  buyers: readonly SeededBuyer[],
  catalog: SeededCatalog,
  sources: LineSources,
): SeededOrders {
  const { writer } = context;
  const rng = Random.stream('orders');
  const timeline: Timeline = { rng, now: context.now.getTime() };
  const counter: ShipmentCounter = { next: 0 };
  const balances = new Map(
    buyers.flatMap((buyer) =>
      buyer.spendingAccounts.map(({ account }) => [String(account.ID), Number(account.Balance)]),
    ),
  );
  const productsOf = new Map(buyers.map((buyer) => [buyer.id, orderableProducts(catalog, buyer)]));
  const byStatus: Record<string, number> = {};

  for (const placed of placements(rng, context, buyers)) {
    const { buyer, user, status, created } = placed;
    const orderId = `ORD-${pad(placed.number, 6)}`;
    const lines = buildLines(rng, sources, placed, productsOf.get(buyer.id) ?? []);
    const submitted = status !== 'Unsubmitted';
    const comment = rng.pick(ORDER_COMMENTS);
    let order: Item = withTotals(
      {
        ID: orderId,
        FromUser: userSnapshot(user),
        FromCompanyID: buyer.id,
        ToCompanyID: context.marketplaceId,
        FromUserID: user.ID,
        BillingAddressID: buyer.billingAddress.ID,
        BillingAddress: snapshot(buyer.billingAddress),
        ShippingAddressID: lines[0]?.ShippingAddressID ?? null,
        Comments: comment === '' ? null : comment,
        Status: 'Unsubmitted',
        DateCreated: created,
        DateSubmitted: null,
        DateApproved: null,
        DateDeclined: null,
        DateCanceled: null,
        DateCompleted: null,
        LastUpdated: String(lines.at(-1)?.DateAdded ?? created),
        Gratuity: 0,
        Fees: 0,
        PromotionDiscount: 0,
        Currency: DEFAULT_CURRENCY,
        IsSubmitted: false,
        SubscriptionID: null,
        xp: { Channel: rng.pick(['Storefront', 'Storefront', 'Sales Rep', 'Procurement']), Rush: rng.chance(0.1) },
      },
      lines,
      submitted,
    );
    const approvals: Item[] = [];
    let settledAt: string | null = null;
    let submittedAt = '';
    if (submitted) {
      submittedAt = later(timeline, String(order.LastUpdated), 0.02, 1.5);
      const needsApproval = Number(order.Total) > APPROVAL_THRESHOLD;
      order = applyTransition(ORDER_TRANSITIONS, needsApproval ? 'SubmitForApproval' : 'Submit', order, submittedAt);
      let openedAt = submittedAt;
      if (needsApproval && status === 'Declined') {
        const at = later(timeline, submittedAt, 0.05, 3);
        order = applyTransition(ORDER_TRANSITIONS, 'Decline', order, at);
        approvals.push(approval(rng, buyer, submittedAt, { status: 'Declined', at }));
      } else if (needsApproval && status !== 'AwaitingApproval') {
        openedAt = later(timeline, submittedAt, 0.05, 2);
        order = applyTransition(ORDER_TRANSITIONS, 'Approve', order, openedAt);
        approvals.push(approval(rng, buyer, submittedAt, { status: 'Approved', at: openedAt }));
      } else if (needsApproval) {
        approvals.push(approval(rng, buyer, submittedAt));
      }
      if (status === 'Completed') {
        settledAt = later(timeline, openedAt, 0.5, 9);
        shipLines(context, rng, counter, order, lines, settledAt);
        order = applyTransition(ORDER_TRANSITIONS, 'Ship', order, settledAt);
      } else if (status === 'Canceled') {
        settledAt = later(timeline, openedAt, 0.1, 4);
        order = applyTransition(ORDER_TRANSITIONS, 'Cancel', order, settledAt);
      } else if (status === 'Open' && lines.length >= 2 && rng.chance(0.3)) {
        // Partly shipped: the first lines are on their way, the rest wait.
        shipLines(
          context,
          rng,
          counter,
          order,
          lines.slice(0, rng.int(1, lines.length - 1)),
          later(timeline, openedAt, 0.2, 3),
        );
      }
      const dates = ['DateSubmitted', 'DateApproved', 'DateDeclined', 'DateCanceled', 'DateCompleted'];
      order.LastUpdated = dates
        .map((field) => order[field])
        .filter((value) => typeof value === 'string')
        .sort()
        .at(-1);
    }
    writer.add('Orders', [], order);
    for (const line of lines) writer.add('LineItems', [orderId], line);
    for (const item of approvals) writer.add('OrderApprovals', [orderId], item);
    if (submitted) {
      payOrder(context, rng, { buyer, userId: String(user.ID), order, submittedAt, settledAt, balances });
    }
    byStatus[String(order.Status)] = (byStatus[String(order.Status)] ?? 0) + 1;
  }

  // What the spending accounts have left after the orders that stand were charged to them.
  for (const buyer of buyers) {
    for (const { account } of buyer.spendingAccounts)
      account.Balance = balances.get(String(account.ID)) ?? account.Balance;
  }
  return { count: Object.values(byStatus).reduce((sum, n) => sum + n, 0), byStatus, shipments: counter.next };
}
