import { requireOrderOfPath } from '../orders/access.ts';
import {
  approveOrder,
  cancelOrder,
  completeOrder,
  declineOrder,
  listEligibleApprovers,
  patchBillingAddress,
  patchFromUser,
  patchShippingAddress,
  setBillingAddress,
  setShippingAddress,
  submitOrder,
  validateOrder,
} from '../orders/order-actions.ts';
import {
  afterOrderWrite,
  beforeOrderDelete,
  beforeOrderWrite,
  listOrders,
  orderVisible,
} from '../orders/order-writes.ts';
import { listWithin, objectActions } from '../orders/operation-helpers.ts';
import { shipmentIdsOfOrder, shipOrder } from '../orders/shipping.ts';
import {
  bool,
  date,
  decimal,
  defineModel,
  id,
  int,
  list,
  model,
  readOnly,
  text,
  xp,
  type ModelDefinition,
} from './fields.ts';
import { approvalFields, approvalsResource, statusFields } from './approval-shapes.ts';
import { lineItemModels, lineItemResources } from './line-items.ts';
import { orderForwardingModels, orderForwardingOperations } from './order-forwarding.ts';
import { orderPromotionResources } from './order-promotions.ts';
import { orderReturnModels, orderReturnResources } from './order-returns.ts';
import { paymentModels, paymentResources } from './payments.ts';
import { sellerApprovalRuleResources } from './seller-approval-rules.ts';
import { ADDRESS_REQUIRED, userModel } from './shared-models.ts';
import { shipmentModel, shipmentResources } from './shipments.ts';
import { subscriptionModels, subscriptionResources } from './subscriptions.ts';
import type { OperationDefinition, ResourceDefinition, RoleSet } from './types.ts';

/** The user who placed an order, as the order keeps it. */
export const orderUserModel = defineModel('OrderUser', {
  ID: text(),
  CompanyID: text(),
  Username: text(),
  FirstName: text(100),
  LastName: text(100),
  Email: text(200),
  Phone: text(100),
  TermsAccepted: date(),
  Active: bool(),
  xp: xp(),
  AvailableRoles: list(text()),
  Locale: model('Locale'),
  DateCreated: date(),
  LastActive: date(),
  PasswordLastSetDate: date(),
});

/** Order: a purchase from one company (FromCompanyID) to another (ToCompanyID). */
export const orderModel = defineModel('Order', {
  ID: id(),
  FromUser: readOnly(model('OrderUser')),
  FromCompanyID: text(),
  ToCompanyID: text(),
  FromUserID: text(),
  BillingAddressID: text(),
  BillingAddress: readOnly(model('Address')),
  ShippingAddressID: text(),
  Comments: text(2000),
  LineItemCount: readOnly(int()),
  ...statusFields(),
  Subtotal: readOnly(decimal()),
  ShippingCost: decimal({ description: 'Only users with OverrideShipping may set it.' }),
  TaxCost: decimal({ description: 'Only users with OverrideTax may set it.' }),
  Gratuity: decimal({ default: 0 }),
  Fees: readOnly(decimal({ default: 0 })),
  PromotionDiscount: readOnly(decimal()),
  Currency: readOnly(text()),
  Total: readOnly(decimal()),
  IsSubmitted: readOnly(bool()),
  SubscriptionID: readOnly(text()),
  xp: xp(),
});

/** What an approver says when approving or declining an order. */
export const orderApprovalInfoModel = defineModel('OrderApprovalInfo', {
  AllowResubmit: bool({ description: 'On a decline: whether the order may be submitted again.' }),
  Comments: text(2000),
});

/** One approval an order waits for (or got), from the approving group of a rule that held. */
export const orderApprovalModel = defineModel('OrderApproval', {
  AllowResubmit: readOnly(bool()),
  ...approvalFields(),
});

/** Models used only inside order fields and action bodies, for the registry's shared models. */
export const orderModels: readonly ModelDefinition[] = [orderUserModel, orderApprovalInfoModel];

const ORDER_ROLES: RoleSet = { read: ['OrderAdmin', 'OrderReader', 'Shopper'], write: ['OrderAdmin', 'Shopper'] };
const ORDER_PATH = '/orders/{direction}/{orderID}';

/** An action on one order: POST to `/orders/{direction}/{orderID}/{segment}`, answering the order. */
const action = objectActions(ORDER_PATH, ORDER_ROLES.write, 'Order');

/** Setting an address of the order (PUT): a whole one-off address, answering the order. */
const SET_ADDRESS: Partial<OperationDefinition> = {
  method: 'PUT',
  body: { schema: model('Address'), required: ADDRESS_REQUIRED },
  response: { status: 200, schema: model('Order') },
};
/** Patching an address of the order (PATCH): part of the one-off address, answering the order. */
const PATCH_ADDRESS: Partial<OperationDefinition> = {
  method: 'PATCH',
  body: { schema: model('Address') },
  response: { status: 200, schema: model('Order') },
};

const orderOperations: OperationDefinition[] = [
  {
    name: 'List',
    method: 'GET',
    path: '/orders/{direction}',
    roles: ['OrderAdmin', 'OrderReader'],
    summary: 'Get a list of orders.',
    description: 'Orders the caller sees from the given direction: Incoming (sold), Outgoing (bought) or All.',
    listOf: orderModel,
    query: [
      { name: 'buyerID', schema: text(), description: 'ID of the buyer.' },
      { name: 'supplierID', schema: text(), description: 'ID of the supplier.' },
      { name: 'from', schema: text(), description: 'Lower bound of the date range the order was created in.' },
      { name: 'to', schema: text(), description: 'Upper bound of the date range the order was created in.' },
    ],
    response: { status: 200 },
    handler: listOrders,
  },
  action('Submit', 'submit', 'Submit an order.', submitOrder, {
    description: 'An order with line items goes to Open, or to AwaitingApproval when an approval rule holds for it.',
  }),
  action('Approve', 'approve', 'Approve an order.', approveOrder, {
    body: { schema: model('OrderApprovalInfo') },
    description: 'The order opens once every approval it waits for is given.',
  }),
  action('Decline', 'decline', 'Decline an order.', declineOrder, { body: { schema: model('OrderApprovalInfo') } }),
  action('Cancel', 'cancel', 'Cancel an order.', cancelOrder, {
    description: 'Unsubmitted, AwaitingApproval and Open orders with nothing shipped can be canceled.',
  }),
  action('Complete', 'complete', 'Complete an order.', completeOrder, {
    roles: ['OrderAdmin'],
    description: 'For an Open order that needs no shipment. A completed order cannot be shipped or reopened.',
  }),
  action('Validate', 'validate', 'Validate an order in its current state.', validateOrder, {
    roles: ['OrderAdmin', 'Shopper', 'OrderReader'],
    response: { status: 204 },
  }),
  ...orderForwardingOperations,
  action('Ship', 'ship', 'Create a new shipment containing all items on an order.', shipOrder, {
    roles: ['OrderAdmin', 'ShipmentAdmin'],
    body: { schema: model('Shipment') },
    response: { status: 201, schema: model('Shipment') },
    description: 'Ships every line item of an Open order in full, which completes the order.',
  }),
  {
    name: 'ListEligibleApprovers',
    method: 'GET',
    path: `${ORDER_PATH}/eligibleapprovers`,
    roles: ['OrderAdmin', 'Shopper', 'OrderReader'],
    summary: 'Get a list of order eligible approvers.',
    description: 'The users who may approve or decline the order (and have not done so yet).',
    listOf: userModel,
    response: { status: 200 },
    handler: listEligibleApprovers,
  },
  {
    name: 'ListShipments',
    method: 'GET',
    path: `${ORDER_PATH}/shipments`,
    roles: ['OrderAdmin', 'ShipmentReader'],
    summary: 'List shipments for an order.',
    listOf: shipmentModel,
    response: { status: 200 },
    async handler(context) {
      const order = await requireOrderOfPath(context);
      const ids = await shipmentIdsOfOrder(context.store, String(order.ID));
      return listWithin(context, context.registry.resource('Shipments'), { ids });
    },
  },
  action('SetBillingAddress', 'billto', 'Set a billing address.', setBillingAddress, {
    ...SET_ADDRESS,
    description: "A one-off billing address. To use a saved address, patch the order's BillingAddressID instead.",
  }),
  action('PatchBillingAddress', 'billto', 'Partially update an order billing address.', patchBillingAddress, {
    ...PATCH_ADDRESS,
    description: 'Not allowed on unsubmitted orders whose BillingAddressID is set: change the saved address instead.',
  }),
  action('SetShippingAddress', 'shipto', 'Set a shipping address.', setShippingAddress, {
    ...SET_ADDRESS,
    description: 'A one-off shipping address, put on every line item. To use a saved address, patch ShippingAddressID.',
  }),
  action('PatchShippingAddress', 'shipto', 'Partially update an order shipping address.', patchShippingAddress, {
    ...PATCH_ADDRESS,
    description: 'Not allowed on unsubmitted orders whose line items use a saved address.',
  }),
  action('PatchFromUser', 'fromuser', 'Override order creator details.', patchFromUser, {
    method: 'PATCH',
    body: { schema: model('User') },
    response: { status: 200, schema: model('Order') },
    description: 'Only FirstName, LastName and Email can be changed; mostly for guest checkout.',
  }),
];

const orders: ResourceDefinition = {
  name: 'Orders',
  section: 'OrdersAndFulfillment',
  description:
    'Purchases from a buyer to the marketplace or a supplier (or from the marketplace to a supplier). An order ' +
    'collects line items and payments while Unsubmitted, then moves through approval, shipping and completion. ' +
    'The direction in the path is the point of view: Incoming orders are sold by the caller, Outgoing ones bought.',
  noun: { singular: 'order', plural: 'orders' },
  path: '/orders/{direction}',
  idParam: 'orderID',
  scopeParams: ['direction'],
  model: orderModel,
  requiredOnCreate: [],
  roles: ORDER_ROLES,
  // List is published with the actions: it takes buyerID, supplierID, from and to, and fewer roles than Get.
  operations: ['Create', 'Get', 'Save', 'Delete', 'Patch'],
  searchable: ['ID', 'FromCompanyID', 'ToCompanyID', 'Comments'],
  sortable: [
    'DateSubmitted',
    'DateCreated',
    'ID',
    'FromCompanyID',
    'ToCompanyID',
    'FromUserID',
    'Status',
    'DateApproved',
    'DateDeclined',
    'DateCanceled',
    'DateCompleted',
    'LastUpdated',
    'Subtotal',
    'ShippingCost',
    'TaxCost',
    'PromotionDiscount',
    'Total',
    'IsSubmitted',
  ],
  hooks: {
    visible: orderVisible,
    beforeWrite: beforeOrderWrite,
    afterWrite: afterOrderWrite,
    beforeDelete: beforeOrderDelete,
  },
  extraOperations: orderOperations,
};

/** The approvals of an order, published as `Orders.ListApprovals`. */
const orderApprovals = approvalsResource({
  name: 'OrderApprovals',
  owner: 'Orders',
  description: 'The approvals an order waited or waits for, one per approval rule that held when it was submitted.',
  noun: 'order approval',
  path: `${ORDER_PATH}/approvals`,
  scopeParams: ['direction'],
  model: orderApprovalModel,
  read: ['OrderAdmin', 'Shopper', 'OrderReader'],
  requireParent: requireOrderOfPath,
});

/** Orders, with their actions, and the approvals they wait for. */
export const orderResources: readonly ResourceDefinition[] = [orders, orderApprovals];

/**
 * Every resource of the Orders And Fulfillment section, in sidebar order. The subscription
 * integration belongs to the Integrations section: see `subscriptionIntegrationResources`.
 */
export const ordersAndFulfillmentResources: readonly ResourceDefinition[] = [
  ...orderResources,
  ...orderPromotionResources,
  ...lineItemResources,
  ...paymentResources,
  ...shipmentResources,
  ...orderReturnResources,
  ...sellerApprovalRuleResources,
  ...subscriptionResources,
];

/** Models the section's resources use only inside fields and bodies, for the registry's shared models. */
export const ordersAndFulfillmentModels: readonly ModelDefinition[] = [
  ...orderModels,
  ...orderForwardingModels,
  ...lineItemModels,
  ...paymentModels,
  ...orderReturnModels,
  ...subscriptionModels,
];
