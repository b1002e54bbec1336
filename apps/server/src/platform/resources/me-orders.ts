import { getMyShipment, listMyApprovableOrders, listMyShipmentItems, listMyShipments } from '../orders/me-orders.ts';
import { getMyPromotion, listMyPromotions } from '../orders/me-promotions.ts';
import { model, text, type ModelDefinition } from './fields.ts';
import { orderModel } from './orders.ts';
import { promotionModel } from './promotions.ts';
import { shipmentItemModel, shipmentModel } from './shipments.ts';
import type { OperationDefinition, QueryParamDefinition } from './types.ts';

const dateParam = (name: string, bound: string): QueryParamDefinition => ({
  name,
  schema: text(),
  description: `${bound} bound of the date the order was created.`,
});
const ORDER_ID_PARAM: QueryParamDefinition = {
  name: 'orderID',
  schema: text(),
  description: 'Only shipments (items) of this order.',
};

/** A Me GET for buyer users (Shopper): a list of `shown` when `list`, else one of them. */
function read(
  name: string,
  path: string,
  shown: ModelDefinition,
  summary: string,
  handler: OperationDefinition['handler'],
  options: { list?: boolean; query?: readonly QueryParamDefinition[]; description?: string } = {},
): OperationDefinition {
  return {
    name,
    method: 'GET',
    path,
    roles: ['Shopper'],
    summary,
    ...(options.description ? { description: options.description } : {}),
    ...(options.list ? { listOf: shown } : {}),
    ...(options.query ? { query: options.query } : {}),
    response: options.list ? { status: 200 } : { status: 200, schema: model(shown.name) },
    handler,
  };
}

/** Me operations on what the user's orders involve: orders to approve, shipments and promotions. */
export const meOrderOperations: readonly OperationDefinition[] = [
  read(
    'ListApprovableOrders',
    '/me/orders/approvable',
    orderModel,
    'Get a list of orders that this user can approve.',
    listMyApprovableOrders,
    {
      list: true,
      query: [dateParam('from', 'Lower'), dateParam('to', 'Upper')],
      description: 'Orders awaiting an approval that one of the user’s groups gives.',
    },
  ),
  read(
    'ListPromotions',
    '/me/promotions',
    promotionModel,
    'Get a list of promotions visible to this user.',
    listMyPromotions,
    {
      list: true,
      description:
        "Active promotions within their dates that are open to every buyer or assigned to the user's buyer or " +
        'to one of their user groups.',
    },
  ),
  read('GetPromotion', '/me/promotions/{promotionID}', promotionModel, 'Get a single promotion.', getMyPromotion),
  read(
    'ListShipments',
    '/me/shipments',
    shipmentModel,
    'Get a list of shipments visible to this user.',
    listMyShipments,
    {
      list: true,
      query: [ORDER_ID_PARAM],
      description: 'Shipments holding items of the orders the user placed.',
    },
  ),
  read('GetShipment', '/me/shipments/{shipmentID}', shipmentModel, 'Get a single shipment.', getMyShipment),
  read(
    'ListShipmentItems',
    '/me/shipments/{shipmentID}/items',
    shipmentItemModel,
    'Get a list of shipment items visible to this user.',
    listMyShipmentItems,
    { list: true, query: [ORDER_ID_PARAM] },
  ),
];
