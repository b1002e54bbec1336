import { calculateOrder, estimateShipping, getWorksheet, selectShipMethods } from '../orders/checkout-integration.ts';
import {
  anyObject,
  bool,
  decimal,
  defineModel,
  int,
  list,
  model,
  optionalBool,
  text,
  xp,
  type ModelDefinition,
} from './fields.ts';
import type { OperationDefinition } from './types.ts';

/** A way to ship the items of an estimate, with its cost, as the checkout middleware offers it. */
const shipMethodModel = defineModel('ShipMethod', {
  ID: text(),
  Name: text(),
  Cost: decimal(),
  EstimatedTransitDays: int(),
  xp: xp(),
});

const shipEstimateItemModel = defineModel('ShipEstimateItem', {
  LineItemID: text(),
  Quantity: int(),
});

/** A group of line items shipped together, the ship methods offered for it and the one selected. */
const shipEstimateModel = defineModel('ShipEstimate', {
  ID: text(),
  xp: xp(),
  SelectedShipMethodID: text(),
  ShipEstimateItems: list(model('ShipEstimateItem'), { default: [] }),
  ShipMethods: list(model('ShipMethod'), { default: [] }),
});

/** The outcome of a call to the middleware: what it answered, or its status and error body. */
const outcomeFields = () => ({
  HttpStatusCode: int(),
  UnhandledErrorBody: text(),
  xp: xp(),
  Succeeded: bool(),
});

const shipEstimateResponseModel = defineModel('ShipEstimateResponse', {
  ShipEstimates: list(model('ShipEstimate'), { default: [] }),
  ...outcomeFields(),
});

const shipMethodSelectionModel = defineModel('ShipMethodSelection', {
  ShipEstimateID: text(),
  ShipMethodID: text(),
});

const orderShipMethodSelectionModel = defineModel('OrderShipMethodSelection', {
  ShipMethodSelections: list(model('ShipMethodSelection'), { default: [] }),
});

const promotionOverrideModel = defineModel('PromotionOverride', {
  PromotionID: text(),
  Amount: decimal(),
});

const lineItemOverrideModel = defineModel('LineItemOverride', {
  LineItemID: text(),
  UnitPrice: decimal({ description: 'Applied to the line item as an overridden unit price.' }),
  Product: anyObject({ description: 'Kept on the response; not applied to the line item.' }),
  PromotionOverrides: list(model('PromotionOverride'), { default: [] }),
  InventoryRecordID: text(),
  Remove: optionalBool(),
});

const orderCalculateResponseModel = defineModel('OrderCalculateResponse', {
  LineItemOverrides: list(model('LineItemOverride'), { default: [] }),
  ShippingTotal: decimal({ description: "Becomes the order's ShippingCost when given." }),
  TaxTotal: decimal({ description: "Becomes the order's TaxCost when given." }),
  FeeTotal: decimal({ description: "Becomes the order's Fees when given." }),
  ...outcomeFields(),
});

const outcomeModel = (name: string) => defineModel(name, outcomeFields());

/** Everything the checkout integration knows about an order, sent to the middleware and answered to apps. */
const orderWorksheetModel = defineModel('OrderWorksheet', {
  Order: model('Order'),
  LineItems: list(model('LineItem'), { default: [] }),
  OrderPromotions: list(model('OrderPromotion'), { default: [] }),
  Subscription: model('Subscription'),
  ShipEstimateResponse: model('ShipEstimateResponse'),
  OrderCalculateResponse: model('OrderCalculateResponse'),
  OrderSubmitResponse: model('OrderSubmitResponse'),
  OrderSubmitForApprovalResponse: model('OrderSubmitForApprovalResponse'),
  OrderApprovedResponse: model('OrderApprovedResponse'),
  SubscriptionIntegrationResponse: model('SubscriptionIntegrationResponse'),
});

/** Models of the checkout integration, for the registry's shared models. */
export const checkoutIntegrationModels: readonly ModelDefinition[] = [
  shipMethodModel,
  shipEstimateItemModel,
  shipEstimateModel,
  shipEstimateResponseModel,
  shipMethodSelectionModel,
  orderShipMethodSelectionModel,
  promotionOverrideModel,
  lineItemOverrideModel,
  orderCalculateResponseModel,
  outcomeModel('OrderSubmitResponse'),
  outcomeModel('OrderSubmitForApprovalResponse'),
  outcomeModel('OrderApprovedResponse'),
  outcomeModel('SubscriptionIntegrationResponse'),
  orderWorksheetModel,
];

const ORDER_PATH = '/orders/{direction}/{orderID}';
const WRITE_ROLES = ['IntegrationEventAdmin', 'OrderAdmin', 'Shopper'] as const;
const worksheet = { status: 200, schema: model('OrderWorksheet') } as const;

const MIDDLEWARE_NOTE =
  "The platform POSTs the environment, an access token for the order user (with the event's ElevatedRoles), the " +
  "OrderWorksheet and the event's ConfigData to the middleware of the API client's " +
  'OrderCheckoutIntegrationEventID, signed in the `X-oc-hash` header (base64 HMAC-SHA256 of the body with the HashKey). ' +
  'A failed call (error status, no answer within 10 seconds, or an answer that is not valid) is stored on the worksheet with ' +
  'Succeeded false and answered with the 400 IntegrationEvent.BadRequest. Only unsubmitted orders can be worked on.';

/** `IntegrationEvents.EstimateShipping`, `SelectShipmethods`, `Calculate` and `GetWorksheet`, attached to IntegrationEvents. */
export const checkoutIntegrationOperations: readonly OperationDefinition[] = [
  {
    name: 'Calculate',
    method: 'POST',
    path: `${ORDER_PATH}/calculate`,
    roles: WRITE_ROLES,
    summary: 'Calculate an order.',
    description:
      'Sends the worksheet to `{CustomImplementationUrl}/ordercalculate`. The answer (OrderCalculateResponse) is stored on ' +
      "the worksheet: its ShippingTotal, TaxTotal and FeeTotal become the order's ShippingCost, TaxCost and Fees, and the " +
      'UnitPrice of each LineItemOverride becomes the overridden price of that line item. ' +
      MIDDLEWARE_NOTE,
    response: worksheet,
    handler: calculateOrder,
  },
  {
    name: 'EstimateShipping',
    method: 'POST',
    path: `${ORDER_PATH}/estimateshipping`,
    roles: WRITE_ROLES,
    summary: 'Estimate shipping cost.',
    description:
      'Sends the worksheet to `{CustomImplementationUrl}/shippingrates`. The ship estimates answered (ShipEstimateResponse) ' +
      'replace those stored on the worksheet, with no ship method selected. ' +
      MIDDLEWARE_NOTE,
    response: worksheet,
    handler: estimateShipping,
  },
  {
    name: 'SelectShipmethods',
    method: 'POST',
    path: `${ORDER_PATH}/shipmethods`,
    roles: WRITE_ROLES,
    summary: 'Select a ship method.',
    description:
      'Selects one of the ship methods of each named ship estimate of the worksheet (shipping must have been estimated ' +
      "first). The order's ShippingCost becomes the sum of the costs of the selected methods.",
    body: { schema: model('OrderShipMethodSelection') },
    response: worksheet,
    handler: selectShipMethods,
  },
  {
    name: 'GetWorksheet',
    method: 'GET',
    path: `${ORDER_PATH}/worksheet`,
    roles: [...WRITE_ROLES, 'OrderReader'],
    summary: 'Get a single order worksheet.',
    description:
      'The order with its line items and promotions, and the ship estimates and calculation stored by the checkout ' +
      'integration (null until the call was made).',
    response: worksheet,
    handler: getWorksheet,
  },
];
