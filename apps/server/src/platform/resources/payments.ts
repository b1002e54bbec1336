import type { Item } from '../engine/item.ts';
import { notFound } from '../engine/errors.ts';
import { generateId } from '../engine/ids.ts';
import { requireOrderOfPath } from '../orders/access.ts';
import { checkedBody, guardedGet, parentChecked, rewriteItem, type StoredItem } from '../orders/operation-helpers.ts';
import { checkPayment } from '../orders/payment-rules.ts';
import {
  bool,
  date,
  decimal,
  defineModel,
  enumOf,
  id,
  list,
  model,
  readOnly,
  text,
  xp,
  type ModelDefinition,
} from './fields.ts';
import type { OperationContext, ResourceDefinition, RoleSet, WriteContext } from './types.ts';

/** One attempt to move money for a payment (an authorization, a capture), as the payment processor reported it. */
export const paymentTransactionModel = defineModel('PaymentTransaction', {
  ID: id(),
  Type: text(),
  DateExecuted: date(),
  Currency: text(100),
  Amount: decimal(),
  Succeeded: bool(),
  ResultCode: text(),
  ResultMessage: text(),
  xp: xp(),
});

/** Payment: how (part of) an order is paid: purchase order, credit card or spending account. */
export const paymentModel = defineModel('Payment', {
  ID: id(),
  Type: enumOf('PaymentType'),
  DateCreated: readOnly(date()),
  CreditCardID: text(),
  SpendingAccountID: text(),
  Description: text(2000),
  Currency: readOnly(text()),
  Amount: decimal({ description: 'Empty means the whole order total.' }),
  Accepted: bool({ description: 'Only order admins may change it.' }),
  OrderReturnID: text(),
  xp: xp(),
  Transactions: readOnly(list(model('PaymentTransaction'), { default: [] })),
});

/** Models used only inside payment fields, for the registry's shared models. */
export const paymentModels: readonly ModelDefinition[] = [paymentTransactionModel];

const PAYMENT_ROLES: RoleSet = { read: ['OrderAdmin', 'Shopper', 'OrderReader'], write: ['OrderAdmin', 'Shopper'] };
const PAYMENT_PATH = '/orders/{direction}/{orderID}/payments/{paymentID}';

async function beforePaymentWrite(context: WriteContext): Promise<void> {
  const order = await requireOrderOfPath(context);
  await checkPayment(context.store, order, context.next, context.previous, context.auth);
  context.next.Currency = order.Currency ?? null;
  if (!Array.isArray(context.next.Transactions)) context.next.Transactions = [];
}

/** The payment of the path, after checking the caller may see its order. */
async function paymentOfPath(context: OperationContext): Promise<StoredItem> {
  const order = await requireOrderOfPath(context);
  const parents = [String(order.ID)];
  const item = await context.store.require('Payments', parents, context.params.paymentID ?? '', 'Payment');
  return { resource: 'Payments', parents, item };
}

const transactionsOf = (payment: Item): Item[] =>
  Array.isArray(payment.Transactions) ? (payment.Transactions as Item[]) : [];

async function createTransaction(context: OperationContext): Promise<unknown> {
  const transaction = checkedBody(context, 'PaymentTransaction', ['Type', 'DateExecuted']);
  return rewriteItem(context, paymentOfPath, ({ item: payment }) => {
    const added: Item = {
      ...transaction,
      ID: typeof transaction.ID === 'string' && transaction.ID !== '' ? transaction.ID : generateId(),
    };
    for (const field of Object.keys(paymentTransactionModel.fields)) added[field] ??= field === 'xp' ? {} : null;
    const kept = transactionsOf(payment).filter((entry) => entry.ID !== added.ID);
    return { ...payment, Transactions: [...kept, added] };
  });
}

async function deleteTransaction(context: OperationContext): Promise<unknown> {
  const transactionId = context.params.transactionID ?? '';
  await rewriteItem(context, paymentOfPath, ({ item: payment }) => {
    const transactions = transactionsOf(payment);
    if (!transactions.some((entry) => entry.ID === transactionId)) throw notFound('PaymentTransaction', transactionId);
    return { ...payment, Transactions: transactions.filter((entry) => entry.ID !== transactionId) };
  });
  return undefined;
}

const payments: ResourceDefinition = {
  name: 'Payments',
  section: 'OrdersAndFulfillment',
  description:
    "How an order is paid: by purchase order, by one of the buyer's credit cards or from a spending account. " +
    "Payments cannot be replaced (no PUT); which fields can be patched depends on the order's status.",
  noun: { singular: 'payment', plural: 'payments' },
  path: '/orders/{direction}/{orderID}/payments',
  idParam: 'paymentID',
  scopeParams: ['direction'],
  model: paymentModel,
  requiredOnCreate: [],
  roles: PAYMENT_ROLES,
  operations: ['List', 'Create', 'Delete', 'Patch'],
  searchable: ['ID', 'Description'],
  sortable: ['DateCreated', 'ID', 'Type'],
  hooks: {
    listScope: parentChecked(requireOrderOfPath),
    beforeWrite: beforePaymentWrite,
    async beforeDelete(context) {
      await requireOrderOfPath(context);
    },
  },
  extraOperations: [
    guardedGet({
      path: PAYMENT_PATH,
      roles: PAYMENT_ROLES.read,
      noun: 'payment',
      model: paymentModel,
      guard: requireOrderOfPath,
    }),
    {
      name: 'CreateTransaction',
      method: 'POST',
      path: `${PAYMENT_PATH}/transactions`,
      roles: ['OrderAdmin'],
      summary: 'Create a new payment transaction.',
      description: 'Records a transaction (an authorization, a capture, a refund) on the payment; answers the payment.',
      body: { schema: model('PaymentTransaction'), required: ['Type', 'DateExecuted'] },
      response: { status: 201, schema: model('Payment') },
      handler: createTransaction,
    },
    {
      name: 'DeleteTransaction',
      method: 'DELETE',
      path: `${PAYMENT_PATH}/transactions/{transactionID}`,
      roles: ['OrderAdmin'],
      summary: 'Delete a payment transaction.',
      response: { status: 204 },
      handler: deleteTransaction,
    },
  ],
};

/** Payments of orders, with their transactions. */
export const paymentResources: readonly ResourceDefinition[] = [payments];
