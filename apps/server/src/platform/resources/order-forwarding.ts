import { forwardOrder, splitOrder } from '../orders/order-forwarding.ts';
import { objectActions } from '../orders/operation-helpers.ts';
import { defineModel, list, model, text, type ModelDefinition } from './fields.ts';
import type { OperationDefinition } from './types.ts';

/** What splitting or forwarding an order answers: the outgoing orders and the lines left with the marketplace. */
export const orderSplitResultModel = defineModel('OrderSplitResult', {
  OutgoingOrders: list(model('Order'), { default: [] }),
  RemainingLineItemIDs: list(text(), { default: [] }),
});

/** Models of the forwarding operations, for the registry's shared models. */
export const orderForwardingModels: readonly ModelDefinition[] = [orderSplitResultModel];

const action = objectActions('/orders/{direction}/{orderID}', ['OrderAdmin'], 'OrderSplitResult');

const PASSING_ON =
  'One outgoing order per supplier of the products on this incoming, Open order, from the marketplace to that ' +
  'supplier, with copies of its line items; its ID is {orderID}-{supplierID}. Line items whose product has no ' +
  'supplier stay and are answered in RemainingLineItemIDs. Calling it again creates nothing twice: the existing ' +
  'outgoing orders are answered. Marketplace owner users only.';

/** `Orders.Split` and `Orders.Forward`, published with the other actions of orders. */
export const orderForwardingOperations: readonly OperationDefinition[] = [
  action('Split', 'split', 'Split an order.', splitOrder, {
    response: { status: 200, schema: model('OrderSplitResult') },
    description: `${PASSING_ON} The outgoing orders are created Unsubmitted.`,
  }),
  action('Forward', 'forward', 'Forward an order.', forwardOrder, {
    response: { status: 200, schema: model('OrderSplitResult') },
    description: `${PASSING_ON} The outgoing orders are submitted (Open), so each supplier sees its order as Incoming.`,
  }),
];
