import type { Item } from '../engine/item.ts';
import { roundMoney } from '../orders/pricing.ts';
import { shipmentItem } from '../orders/shipping.ts';
import type { SeededBuyer } from './buyers.ts';
import { addDays, snapshot, type SeedContext } from './common.ts';
import { pad, type Random } from './random.ts';
import { SHIPPERS } from './words.ts';

/** Numbering shared by every shipment of the seeding (`SHP-000001`...). */
export interface ShipmentCounter {
  next: number;
}

/**
 * Ships the given line items of an order at `shippedAt`: one shipment per ship-from address (a
 * supplier ships its own goods), each holding its lines in full. Sets the lines' QuantityShipped,
 * as saving shipment items does.
 */
export function shipLines(
  context: SeedContext,
  rng: Random,
  counter: ShipmentCounter,
  order: Item,
  lines: readonly Item[],
  shippedAt: string,
): void {
  const { writer } = context;
  const groups = new Map<string, Item[]>();
  for (const line of lines) {
    const key = String(line.ShipFromAddressID ?? '');
    groups.set(key, [...(groups.get(key) ?? []), line]);
  }
  for (const [fromAddressId, group] of groups) {
    counter.next += 1;
    const shipmentId = `SHP-${pad(counter.next, 6)}`;
    const first = group[0] as Item;
    const weight = group.reduce(
      (sum, line) => sum + Number((line.Product as Item).ShipWeight ?? 1) * Number(line.Quantity),
      0,
    );
    const delivered = addDays(shippedAt, rng.int(2, 6));
    writer.add('Shipments', [], {
      ID: shipmentId,
      BuyerID: order.FromCompanyID,
      Shipper: rng.pick(SHIPPERS),
      DateShipped: shippedAt,
      DateDelivered: Date.parse(delivered) < context.now.getTime() ? delivered : null,
      TrackingNumber: `TRK${rng.digits(12)}`,
      Cost: roundMoney(Math.round((6 + weight * 0.45) * 100) / 100),
      xp: { Service: weight > 40 ? 'Freight' : rng.pick(['Ground', 'Two Day']) },
      OwnerID: first.SupplierID ?? context.marketplaceId,
      Account: null,
      FromAddressID: fromAddressId || null,
      ToAddressID: first.ShippingAddressID ?? null,
      FromAddress: first.ShipFromAddress ? snapshot(first.ShipFromAddress as Item) : null,
      ToAddress: first.ShippingAddress ? snapshot(first.ShippingAddress as Item) : null,
    });
    for (const line of group) {
      line.QuantityShipped = line.Quantity;
      writer.add('ShipmentItems', [shipmentId], shipmentItem(String(order.ID), line, line.Quantity as number));
    }
  }
}

/** What a payment settles at: the order, when it was submitted, and what became of it. */
export interface PaymentRequest {
  buyer: SeededBuyer;
  userId: string;
  order: Item;
  submittedAt: string;
  /** When the card was captured (completed orders) or the authorisation voided (canceled ones). */
  settledAt: string | null;
  /** Remaining spending-account balances, by account ID; charged payments reduce them. */
  balances: Map<string, number>;
}

const CHARGED = ['AwaitingApproval', 'Open', 'Completed'];

function transaction(rng: Random, type: string, at: string, amount: number): Item {
  return {
    ID: rng.id(22),
    Type: type,
    DateExecuted: at,
    Currency: 'USD',
    Amount: amount,
    Succeeded: true,
    ResultCode: '00',
    ResultMessage: type === 'Void' ? 'Authorization voided' : 'Approved',
    xp: {},
  };
}

/**
 * One payment covering the order's total: a spending account when the user's group has one with
 * enough left, else a card the user may use, else a purchase order. Spending-account payments of
 * orders that stand (awaiting approval, open, completed) come off the balance, as submitting does.
 */
export function payOrder(context: SeedContext, rng: Random, request: PaymentRequest): Item {
  const { buyer, order, userId } = request;
  const amount = Number(order.Total);
  const status = String(order.Status);
  const groups = buyer.groupsOf.get(userId) ?? [];
  const at = Date.parse(request.submittedAt);
  const usable = (account: Item) =>
    Date.parse(String(account.StartDate)) <= at &&
    at <= Date.parse(String(account.EndDate)) &&
    (request.balances.get(String(account.ID)) ?? 0) >= amount;
  const account = buyer.spendingAccounts.find(
    (candidate) => groups.includes(candidate.groupId) && usable(candidate.account),
  )?.account;
  const card = buyer.creditCards.find(
    (candidate) => candidate.userId === userId || (candidate.groupId !== null && groups.includes(candidate.groupId)),
  )?.card;
  const accepted = status === 'Open' || status === 'Completed';
  const base: Item = {
    ID: rng.id(22),
    DateCreated: addDays(request.submittedAt, -1 / 1440),
    Currency: order.Currency ?? 'USD',
    Amount: amount,
    Accepted: accepted,
    OrderReturnID: null,
    xp: {},
    CreditCardID: null,
    SpendingAccountID: null,
    Transactions: [],
  };
  let payment: Item;
  if (account && rng.chance(0.6)) {
    payment = { ...base, Type: 'SpendingAccount', SpendingAccountID: account.ID, Description: String(account.Name) };
    if (CHARGED.includes(status)) {
      const id = String(account.ID);
      request.balances.set(id, roundMoney((request.balances.get(id) ?? 0) - amount));
    }
  } else if (card && rng.chance(0.7)) {
    const transactions = [transaction(rng, 'Authorization', request.submittedAt, amount)];
    if (request.settledAt && status === 'Completed')
      transactions.push(transaction(rng, 'Capture', request.settledAt, amount));
    if (request.settledAt && status === 'Canceled')
      transactions.push(transaction(rng, 'Void', request.settledAt, amount));
    payment = {
      ...base,
      Type: 'CreditCard',
      CreditCardID: card.ID,
      Description: `${String(card.CardType)} ending ${String(card.PartialAccountNumber)}`,
      Transactions: transactions,
    };
  } else {
    payment = { ...base, Type: 'PurchaseOrder', Description: `PO ${rng.int(10_000, 99_999)}` };
  }
  return context.writer.add('Payments', [String(order.ID)], payment);
}
