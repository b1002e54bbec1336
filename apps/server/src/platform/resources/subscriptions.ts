import type { Item } from '../engine/item.ts';
import type { AuthContext } from '../engine/auth-context.ts';
import { notFound, validation } from '../engine/errors.ts';
import type { Match } from '../engine/store.ts';
import { filled } from '../engine/values.ts';
import { hasAnyRole, inScope, requireInScope } from '../orders/access.ts';
import { buildLineItemOf, repriceCumulative } from '../orders/line-item-builder.ts';
import { guardedGet, parentChecked, withoutStorageId } from '../orders/operation-helpers.ts';
import { companyAddress, companyKind, companyUser, moveChildren, renamedFrom } from '../orders/order-store.ts';
import { assertPaymentMeans } from '../orders/payment-rules.ts';
import { roundMoney } from '../orders/pricing.ts';
import { notificationDate } from '../orders/schedule.ts';
import {
  bool,
  date,
  decimal,
  defineModel,
  enumOf,
  id,
  int,
  list,
  model,
  readOnly,
  text,
  xp,
  type ModelDefinition,
} from './fields.ts';
import { LINE_ITEM_SEARCHABLE, LINE_ITEM_SORTABLE, lineItemModel } from './line-items.ts';
import type { OperationContext, PresentContext, ResourceDefinition, RoleSet, WriteContext } from './types.ts';

/** How a subscription's orders are paid. */
export const subscriptionPaymentModel = defineModel('SubscriptionPayment', {
  Type: enumOf('PaymentType'),
  CreditCardID: text(),
  SpendingAccountID: text(),
});

/** Subscription: an order placed again for a buyer user every Frequency × Interval. */
export const subscriptionModel = defineModel('Subscription', {
  ID: id(),
  Frequency: int({ minimum: 1, description: 'How many Intervals between two orders.' }),
  Interval: enumOf('SubscriptionInterval'),
  NextOrderDate: date(),
  LastOrderDate: readOnly(date()),
  NotificationDate: readOnly(
    date({ description: "NextOrderDate less the subscription integration's NotificationDays." }),
  ),
  DateCreated: readOnly(date()),
  EndDate: date({ description: 'No orders after this date; empty means no end.' }),
  Active: bool({ default: true }),
  FromCompanyID: text(),
  FromUserID: text(),
  ToCompanyID: text(),
  Payment: model('SubscriptionPayment'),
  BillingAddressID: text(),
  ShippingAddressID: text(),
  ProjectedSubtotal: readOnly(decimal()),
  xp: xp(),
});

/** SubscriptionIntegration: the middleware told about every subscription order (one per marketplace). */
export const subscriptionIntegrationModel = defineModel('SubscriptionIntegration', {
  ApiClientID: text(undefined, { description: 'Client whose default context user places the orders.' }),
  HashKey: text(50),
  ElevatedRoles: list(enumOf('ApiRole'), { default: [] }),
  Active: bool(),
  NotificationDays: int({ minimum: 1 }),
  Url: text(),
  xp: xp(),
  CustomAuthHeaderName: text(),
  CustomAuthHeaderValue: text(),
});

/** Models used only inside subscription fields, for the registry's shared models. */
export const subscriptionModels: readonly ModelDefinition[] = [subscriptionPaymentModel];

const SUBSCRIPTION_ROLES: RoleSet = { read: ['SubscriptionAdmin', 'SubscriptionReader'], write: ['SubscriptionAdmin'] };

/** The subscriptions a caller sees: all for admin users, their own for buyer users, their supplier's for suppliers. */
export function subscriptionScope(auth: AuthContext): Match | null {
  if (auth.userType === 'admin') return {};
  if (!auth.companyId) return null;
  if (auth.userType === 'supplier') return { ToCompanyID: auth.companyId };
  return hasAnyRole(auth, ['OrderAdmin'])
    ? { FromCompanyID: auth.companyId }
    : { FromCompanyID: auth.companyId, FromUserID: auth.userId };
}

const canSeeSubscription = (subscription: Item, auth: AuthContext): boolean =>
  inScope(subscription, subscriptionScope(auth));

/** The subscription of the path, as the caller may see it (404 otherwise). */
async function requireSubscription(context: Pick<OperationContext, 'auth' | 'params' | 'store'>): Promise<Item> {
  const id = context.params.subscriptionID ?? '';
  return requireInScope(context.store, 'Subscriptions', id, 'Subscription', subscriptionScope(context.auth));
}

/**
 * Buyer users subscribe for themselves; admin and supplier users name the buyer user, with both
 * FromCompanyID and FromUserID. Cards, spending accounts and addresses must be that buyer's.
 */
async function beforeSubscriptionWrite(context: WriteContext): Promise<void> {
  const { next, previous, auth, store, marketplaceId } = context;
  if (auth.userType === 'buyer') {
    next.FromCompanyID = previous?.FromCompanyID ?? auth.companyId ?? null;
    next.FromUserID = previous?.FromUserID ?? auth.userId;
  } else if (!filled(next.FromCompanyID) || !filled(next.FromUserID)) {
    throw validation(
      'To create a subscription, give both FromCompanyID and FromUserID.',
      { FromCompanyID: next.FromCompanyID ?? null, FromUserID: next.FromUserID ?? null },
      'Subscription.CreateRequiresFromUser',
    );
  }
  const buyerId = String(next.FromCompanyID ?? '');
  if (next.FromCompanyID !== previous?.FromCompanyID || next.FromUserID !== previous?.FromUserID) {
    if ((await companyKind(store, buyerId)) !== 'buyer') throw notFound('Buyer', buyerId);
    await companyUser(store, buyerId, String(next.FromUserID));
  }
  if (auth.userType === 'supplier') next.ToCompanyID = auth.companyId ?? null;
  else if (!filled(next.ToCompanyID)) next.ToCompanyID = marketplaceId;
  else if ((await companyKind(store, next.ToCompanyID)) === undefined) throw notFound('Supplier', next.ToCompanyID);
  const payment = next.Payment as Item | null;
  if (payment) {
    assertPaymentMeans(payment, 'Payment.');
    if (filled(payment.CreditCardID)) await store.require('CreditCards', [buyerId], payment.CreditCardID, 'CreditCard');
    if (filled(payment.SpendingAccountID))
      await store.require('SpendingAccounts', [buyerId], payment.SpendingAccountID, 'SpendingAccount');
  }
  for (const field of ['BillingAddressID', 'ShippingAddressID'] as const) {
    const addressId = next[field];
    if (filled(addressId) && addressId !== previous?.[field]) await companyAddress(store, buyerId, addressId);
  }
  if (
    typeof next.EndDate === 'string' &&
    typeof next.NextOrderDate === 'string' &&
    Date.parse(next.EndDate) < Date.parse(next.NextOrderDate)
  ) {
    throw validation('EndDate must not be before NextOrderDate.', {
      EndDate: next.EndDate,
      NextOrderDate: next.NextOrderDate,
    });
  }
}

/** The computed fields: when the reminder goes out and what the next order will cost before shipping and tax. */
async function presentSubscription(item: Item, { store }: PresentContext): Promise<Item> {
  const integration = await store.get('SubscriptionIntegrations', [], 'SubscriptionIntegrations');
  const items = await store.find('SubscriptionItems', [String(item.ID)]);
  const subtotal = items.reduce(
    (sum, { item: line }) => sum + (typeof line.LineSubtotal === 'number' ? line.LineSubtotal : 0),
    0,
  );
  return {
    ...item,
    NotificationDate: notificationDate(item.NextOrderDate, integration?.NotificationDays),
    ProjectedSubtotal: roundMoney(subtotal),
  };
}

const subscriptions: ResourceDefinition = {
  name: 'Subscriptions',
  section: 'OrdersAndFulfillment',
  description:
    'Orders placed again and again for a buyer user: every Frequency × Interval from NextOrderDate until EndDate, ' +
    "the platform creates an order with the subscription's items and payment.",
  noun: { singular: 'subscription', plural: 'subscriptions' },
  path: '/subscriptions',
  idParam: 'subscriptionID',
  model: subscriptionModel,
  requiredOnCreate: ['Frequency', 'Interval', 'NextOrderDate'],
  roles: SUBSCRIPTION_ROLES,
  searchable: ['ID'],
  sortable: ['ID', 'LastOrderDate', 'DateCreated', 'EndDate', 'NextOrderDate'],
  hooks: {
    visible: (subscription, context) => canSeeSubscription(subscription, context.auth),
    async listScope(context) {
      // A caller who sees nothing gets an empty list: no subscription has an empty ID.
      return subscriptionScope(context.auth) ?? { ID: '' };
    },
    beforeWrite: beforeSubscriptionWrite,
    async afterWrite({ store, previous, next }) {
      const oldId = renamedFrom(previous, next);
      if (oldId) await moveChildren(store, ['SubscriptionItems'], oldId, String(next.ID));
    },
    present: presentSubscription,
  },
};

async function beforeItemWrite(context: WriteContext): Promise<void> {
  const subscription = await requireSubscription(context);
  const items = (await context.store.find('SubscriptionItems', [String(subscription.ID)])).map((stored) => stored.item);
  context.next = await buildLineItemOf(context, subscription, items, { kind: 'subscription' });
}

/** Re-prices the subscription's items of a product after one of them was written or (`excludeId`) deleted. */
function repriceItems(
  context: Pick<WriteContext, 'store' | 'parents'>,
  productId: unknown,
  excludeId?: string,
): Promise<void> {
  return repriceCumulative(context.store, 'SubscriptionItems', context.parents, String(productId), {
    now: new Date(),
    kind: 'subscription',
    excludeId,
  });
}

const subscriptionItems: ResourceDefinition = {
  name: 'SubscriptionItems',
  section: 'OrdersAndFulfillment',
  description: 'The products a subscription orders each time, as line items priced for its buyer user.',
  noun: { singular: 'subscription item', plural: 'subscription items' },
  path: '/subscriptions/{subscriptionID}/items',
  idParam: 'subscriptionItemID',
  model: lineItemModel,
  requiredOnCreate: ['ProductID'],
  roles: SUBSCRIPTION_ROLES,
  operations: ['List', 'Create', 'Save', 'Delete', 'Patch'],
  searchable: LINE_ITEM_SEARCHABLE,
  sortable: LINE_ITEM_SORTABLE,
  hooks: {
    listScope: parentChecked(requireSubscription),
    beforeWrite: beforeItemWrite,
    afterWrite: (context) => repriceItems(context, context.next.ProductID),
    async beforeDelete(context) {
      await requireSubscription(context);
      await repriceItems(context, context.previous.ProductID, context.id);
    },
  },
  extraOperations: [
    guardedGet({
      path: '/subscriptions/{subscriptionID}/items/{subscriptionItemID}',
      roles: SUBSCRIPTION_ROLES.read,
      noun: 'subscription item',
      model: lineItemModel,
      guard: requireSubscription,
    }),
  ],
};

/**
 * The integration's API client must have a default context user (whose token goes to the
 * middleware) and must not be the checkout integration's client.
 */
async function beforeIntegrationWrite({ next, store }: WriteContext): Promise<void> {
  const clientId = String(next.ApiClientID ?? '');
  const client = await store.require('ApiClients', [], clientId, 'ApiClient');
  if (!filled(client.DefaultContextUserName)) {
    throw validation(
      'The API client needs a default context user.',
      { ApiClientID: clientId },
      'SubscriptionIntegration.DefaultContextUser',
    );
  }
  if (filled(client.OrderCheckoutIntegrationEventID)) {
    throw validation(
      'The API client is used by the checkout integration.',
      { ApiClientID: clientId },
      'SubscriptionIntegration.CannotUseApiClient',
    );
  }
  if (filled(next.CustomAuthHeaderValue) && !filled(next.CustomAuthHeaderName)) {
    throw validation(
      'CustomAuthHeaderName is required with CustomAuthHeaderValue.',
      { Property: 'CustomAuthHeaderName' },
      'Integration.CustomAuthHeaderNameRequired',
    );
  }
  if (filled(next.CustomAuthHeaderName) && !filled(next.CustomAuthHeaderValue)) {
    throw validation(
      'CustomAuthHeaderValue is required with CustomAuthHeaderName.',
      { Property: 'CustomAuthHeaderValue' },
      'Integration.CustomAuthHeaderValueRequired',
    );
  }
}

const subscriptionIntegrations: ResourceDefinition = {
  name: 'SubscriptionIntegrations',
  section: 'Integrations',
  description:
    'Where the platform reports each order it places for a subscription (one setting per marketplace): your ' +
    "middleware gets the order worksheet and a token of the API client's default context user to finish it.",
  noun: { singular: 'subscription integration', plural: 'subscription integrations' },
  path: '/integrations/subscription',
  singleton: true,
  model: subscriptionIntegrationModel,
  requiredOnCreate: ['ApiClientID', 'HashKey'],
  roles: { read: ['SubscriptionAdmin'], write: ['SubscriptionAdmin'] },
  operations: ['Get', 'Save', 'Delete', 'Patch'],
  references: { ApiClientID: { resource: 'ApiClients' } },
  hooks: {
    beforeWrite: beforeIntegrationWrite,
    // The singleton is stored under an id of its own; the model has none.
    present: async (item) => withoutStorageId(item),
  },
};

/** Subscriptions and their items (Orders And Fulfillment). */
export const subscriptionResources: readonly ResourceDefinition[] = [subscriptions, subscriptionItems];

/** The subscription integration singleton (Integrations section). */
export const subscriptionIntegrationResources: readonly ResourceDefinition[] = [subscriptionIntegrations];
