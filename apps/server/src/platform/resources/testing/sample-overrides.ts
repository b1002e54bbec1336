import type { Reference } from '../types.ts';
import type { SampleSteps } from './sample-steps.ts';

/**
 * What the resources' hooks need of a sample beyond what their models say: field overrides, the key
 * fields of models without an ID, and the values of scope parameters (see sample-bodies.ts).
 */

/**
 * How an overridden field gets its value: a value, a fresh unique text, an existing object of another
 * resource (created on demand, with overrides of its own under `with`), or something prepared through
 * the API (an order that has been submitted, say).
 */
export type Override =
  | { value: unknown }
  | { unique: string }
  | { reference: Reference; with?: Overrides }
  | { prepare: (factory: SampleSteps, depth: number) => Promise<unknown> };
export type Overrides = Readonly<Record<string, Override>>;
export const value = (given: unknown): Override => ({ value: given });
const unique = (prefix: string): Override => ({ unique: prefix });
const reference = (resource: string, options: { parentFrom?: readonly string[]; with?: Overrides } = {}): Override => ({
  reference: { resource, ...(options.parentFrom ? { parentFrom: options.parentFrom } : {}) },
  ...(options.with ? { with: options.with } : {}),
});

/** The buyer user an admin names when acting for a buyer (orders, subscriptions): the buyer first, then its user. */
const BUYER_USER: Overrides = {
  FromCompanyID: reference('Buyers'),
  FromUserID: reference('Users', { parentFrom: ['FromCompanyID'] }),
};

/**
 * Field values that the resources' hooks need beyond what the model says, keyed by resource name
 * or by model name (models shared by several resources, and assignment models). Overridden fields
 * are always sent, required or not.
 */
export const OVERRIDES: Readonly<Record<string, Overrides>> = {
  // api-clients.ts checkApiClient: AccessTokenDuration must be 10 to 600 minutes.
  ApiClients: { AccessTokenDuration: value(60) },
  // shared-models.ts: Country is a two-letter ISO code (text(2)); 'Sample' would be too long.
  Address: { Country: value('US') },
  // user-rules.ts assertUsernameFree: a username names one user in the whole marketplace.
  User: { Username: unique('user') },
  // buyers.ts Locales.beforeWrite: one locale per currency and language.
  Locales: { Currency: unique('cur') },
  // promotions.ts checkPromotion: Code is unique, ValueExpression is needed unless UseIntegration, and both
  // expressions must be ones the rules engine can run.
  Promotions: {
    Code: unique('promo'),
    EligibleExpression: value('order.Subtotal > 50'),
    ValueExpression: value('order.Subtotal * 0.1'),
  },
  // buyer-payment-resources.ts ApprovalRules.beforeWrite: the rule expression must be one the engine can run.
  ApprovalRules: { RuleExpression: value('order.Total > 100') },
  // integrations.ts Webhooks.beforeWrite: without a DeliveryConfigID, Url must be https and HashKey is needed.
  Webhooks: { Url: value('https://example.com/hook'), HashKey: value('Sample') },
  // integrations.ts TrackingEvents.beforeWrite: ClientID and DeliveryConfigID must exist (checked by the hook).
  TrackingEvents: { ClientID: reference('ApiClients'), DeliveryConfigID: reference('DeliveryConfigurations') },
  // message-senders.ts MessageSenders.beforeWrite: without a DeliveryConfigID, URL and SharedKey are needed.
  MessageSenders: { URL: value('https://example.com/messages'), SharedKey: value('Sample') },
  // buyers.ts address assignment beforeSave: an address is assigned for shipping or billing.
  AddressAssignment: { IsShipping: value(true) },
  // order-writes.ts orderParties: an admin creating an Incoming order places it for a buyer user it names.
  Orders: BUYER_USER,
  // line-item-builder.ts purchasableProduct: only an existing, active product can be put on an order or subscription
  // (this model is also the subscription items'). Its price schedule prices the item, so the cases see real prices
  // and totals rather than nulls.
  LineItem: {
    ProductID: reference('Products', {
      with: {
        Active: value(true),
        DefaultPriceScheduleID: reference('PriceSchedules', {
          with: { PriceBreaks: value([{ Quantity: 1, Price: 10 }]) },
        }),
      },
    }),
  },
  // payment-rules.ts checkPayment: a payment is of one PaymentType; a purchase order needs no card or account.
  Payments: { Type: value('PurchaseOrder') },
  // order-returns.ts beforeReturnWrite: only an Open or Completed order can be returned, so the order is submitted.
  OrderReturns: { OrderID: { prepare: async (factory, depth) => (await factory.submittedOrder(depth)).order.ID } },
  // seller-approval-rules.ts beforeRuleWrite: the approving group is one of the owner's (the marketplace's admin
  // groups). The expression is one the rules engine reads and that holds for no sample order, so rules made by the
  // generic cases never hold other suites' orders for approval.
  SellerApprovalRules: {
    ApprovingGroupID: reference('AdminUserGroups'),
    RuleExpression: value('order.xp.SampleApprovalNeeded = true'),
  },
  // subscriptions.ts beforeSubscriptionWrite: admin users subscribe for a buyer user, naming both company and user.
  Subscriptions: BUYER_USER,
  // subscriptions.ts beforeIntegrationWrite: the API client needs a default context user (any username will do).
  SubscriptionIntegrations: {
    ApiClientID: reference('ApiClients', { with: { DefaultContextUserName: value('sample-context-user') } }),
  },
};

/**
 * Models without an ID (shipment items, approvals): the fields that tell their objects apart
 * within one collection, used where other models use ID.
 */
export const KEY_FIELDS: Readonly<Record<string, readonly string[]>> = {
  // shipping.ts shipmentItemKey: one item per line item of an order on a shipment.
  ShipmentItem: ['OrderID', 'LineItemID'],
  // approvals.ts openApprovals: one approval per approval rule that held for the order.
  OrderApproval: ['ApprovalRuleID'],
  OrderReturnApproval: ['OrderReturnID', 'ApprovalRuleID'],
};

/** Values of path parameters that select a view rather than a parent (orders' `{direction}`). */
export const SCOPE_VALUES: Readonly<Record<string, string>> = { direction: 'Incoming' };

/** The overrides of a body: those of each name (model, then resource), later names winning. */
export function overridesFor(...names: string[]): Record<string, Override> {
  return Object.assign({}, ...names.map((name) => OVERRIDES[name] ?? {})) as Record<string, Override>;
}

/** The references of a body: the resource's own, and those overrides name (which win). */
export function referencesOf(
  references: Readonly<Record<string, Reference>>,
  overrides: Overrides,
): Record<string, Reference> {
  const merged: Record<string, Reference> = { ...references };
  for (const [name, override] of Object.entries(overrides))
    if ('reference' in override) merged[name] = override.reference;
  return merged;
}
