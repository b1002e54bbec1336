import type { Item } from '../engine/item.ts';
import type { AuthContext } from '../engine/auth-context.ts';
import { ApiError, notFound, validation } from '../engine/errors.ts';
import type { Store } from '../engine/store.ts';
import { filled } from '../engine/values.ts';
import { hasAnyRole } from './access.ts';
import { groupIdsOf } from './order-store.ts';
import { roundMoney } from './pricing.ts';

/**
 * A payment names a credit card or a spending account only when it is of that type (an order's
 * payment, or the payment a subscription's orders get: `property` prefixes the field in errors).
 */
export function assertPaymentMeans(payment: Item, property = ''): void {
  if (payment.Type !== 'CreditCard' && filled(payment.CreditCardID)) {
    throw validation(
      'Only a CreditCard payment can name a credit card.',
      { Property: `${property}CreditCardID` },
      'Payment.CannotSetCreditCard',
    );
  }
  if (payment.Type !== 'SpendingAccount' && filled(payment.SpendingAccountID)) {
    throw validation(
      'Only a SpendingAccount payment can name a spending account.',
      { Property: `${property}SpendingAccountID` },
      'Payment.CannotSetSpendingAccount',
    );
  }
}

const amountOf = (payment: Item, order: Item): number =>
  typeof payment.Amount === 'number' ? payment.Amount : typeof order.Total === 'number' ? order.Total : 0;

/**
 * Whether a buyer user may spend beyond a spending account's balance: an assignment of the
 * account to the user, one of their groups or the whole buyer says AllowExceed.
 */
export async function mayExceedBalance(
  store: Store,
  buyerId: string,
  userId: string | null,
  accountId: string,
): Promise<boolean> {
  const assignments = await store.findAssignments('SpendingAccountAssignment', [buyerId], {
    SpendingAccountID: accountId,
  });
  const groups = userId ? await groupIdsOf(store, [buyerId], userId) : new Set<string>();
  return assignments.some((assignment) => {
    if (assignment.AllowExceed !== true) return false;
    if (filled(assignment.UserID)) return assignment.UserID === userId;
    if (filled(assignment.UserGroupID)) return groups.has(assignment.UserGroupID);
    return true;
  });
}

/**
 * Checks a payment before it is stored: the type's own id is given and names the buyer's card
 * or spending account, no other type's id is set, the amount is positive and, for spending
 * accounts, within the balance (unless AllowExceed) and the account's dates.
 */
export async function checkPayment(
  store: Store,
  order: Item,
  payment: Item,
  previous: Item | undefined,
  auth: AuthContext,
): Promise<void> {
  if (order.Status === 'Canceled') {
    throw validation(
      'Payments of a canceled order cannot be added or changed.',
      { OrderID: order.ID },
      'Payment.CannotEditCancelled',
    );
  }
  if (previous) {
    for (const field of ['Type', 'CreditCardID', 'SpendingAccountID'] as const) {
      if ((payment[field] ?? null) !== (previous[field] ?? null)) {
        throw validation(
          'Type, CreditCardID and SpendingAccountID of a payment cannot be changed.',
          { Property: field },
          'Payment.CannotPatchProperty',
        );
      }
    }
  }
  // Accepting a payment is the seller's call: buyers may create unaccepted payments only. A payment
  // stored before Accepted defaulted to false holds null, which means the same: not accepted.
  const acceptedChanged = previous
    ? (payment.Accepted ?? false) !== (previous.Accepted ?? false)
    : payment.Accepted === true;
  if (acceptedChanged && !hasAnyRole(auth, ['OrderAdmin'])) {
    throw new ApiError(403, 'Payment.CannotPatchAccepted', 'You are not authorized to change Accepted.', {
      Property: 'Accepted',
    });
  }
  if (typeof payment.Amount === 'number' && payment.Amount <= 0 && !filled(payment.OrderReturnID)) {
    throw validation(
      'The amount of a payment must be empty or greater than zero.',
      { Amount: payment.Amount },
      'Payment.AmountGreaterThanZero',
    );
  }
  assertPaymentMeans(payment);
  const buyerId = String(order.FromCompanyID ?? '');
  if (filled(payment.CreditCardID) && !(await store.get('CreditCards', [buyerId], payment.CreditCardID))) {
    throw notFound('CreditCard', payment.CreditCardID);
  }
  if (payment.Type === 'SpendingAccount') await checkSpendingAccount(store, order, payment, previous);
}

async function checkSpendingAccount(
  store: Store,
  order: Item,
  payment: Item,
  previous: Item | undefined,
): Promise<void> {
  if (!filled(payment.SpendingAccountID)) {
    throw validation(
      'A SpendingAccount payment needs a SpendingAccountID.',
      { Property: 'SpendingAccountID' },
      'Payment.SpendingAccountIdMissing',
    );
  }
  const buyerId = String(order.FromCompanyID ?? '');
  const account = await store.get('SpendingAccounts', [buyerId], payment.SpendingAccountID);
  if (!account) {
    throw validation(
      `Spending account ${payment.SpendingAccountID} does not exist.`,
      { SpendingAccountID: payment.SpendingAccountID },
      'Payment.InvalidSpendingAccountID',
    );
  }
  const now = Date.now();
  const ended = typeof account.EndDate === 'string' && Date.parse(account.EndDate) < now;
  const notStarted = typeof account.StartDate === 'string' && Date.parse(account.StartDate) > now;
  if (ended || notStarted) {
    throw validation(
      'The spending account cannot be used now.',
      { SpendingAccountID: account.ID },
      'Payment.CannotUseExpiredSpendingAccount',
    );
  }
  const amount = amountOf(payment, order);
  // A payment already charged on submit is part of what the balance shows as spent.
  const charged = previous && order.IsSubmitted === true ? amountOf(previous, order) : 0;
  const balance = typeof account.Balance === 'number' ? account.Balance : 0;
  if (amount > balance + charged) {
    const userId = (order.FromUserID as string | null) ?? null;
    if (!(await mayExceedBalance(store, buyerId, userId, String(account.ID)))) {
      throw validation(
        'The payment exceeds the balance of the spending account.',
        { SpendingAccountID: account.ID, Balance: balance, Amount: amount },
        'Payment.ExceedsBalance',
      );
    }
  }
}

/**
 * Moves the spending-account payments of an order through the accounts' balances: `-1` takes
 * them when the order is submitted, `+1` gives them back when it is declined or canceled.
 */
export async function settleSpendingAccounts(store: Store, order: Item, direction: -1 | 1): Promise<void> {
  const buyerId = String(order.FromCompanyID ?? '');
  for (const { item: payment } of await store.find('Payments', [String(order.ID)], { Type: 'SpendingAccount' })) {
    if (!filled(payment.SpendingAccountID)) continue;
    const account = await store.get('SpendingAccounts', [buyerId], payment.SpendingAccountID);
    if (!account) continue;
    const balance = typeof account.Balance === 'number' ? account.Balance : 0;
    await store.put('SpendingAccounts', [buyerId], {
      ...account,
      Balance: roundMoney(balance + direction * amountOf(payment, order)),
    });
  }
}
