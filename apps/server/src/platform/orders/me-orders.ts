import type { OperationContext } from '../resources/types.ts';
import { notFound, validation } from '../engine/errors.ts';
import type { ListPage } from '../engine/list-query.ts';
import type { Match, Store } from '../engine/store.ts';
import { presentItems } from '../resources/catalog-rules.ts';
import { eligibleApprovals } from './approvals.ts';
import { listWithin, queryParam } from './operation-helpers.ts';
import { shipmentIdsOfOrder } from './shipping.ts';

/** A `from`/`to` query parameter as a DateCreated filter; a 400 naming it when it is not a date. */
function dateFilters(context: OperationContext): Array<{ field: string; values: string[] }> {
  const filters: Array<{ field: string; values: string[] }> = [];
  for (const [name, operator] of [
    ['from', '>='],
    ['to', '<='],
  ] as const) {
    const raw = queryParam(context, name);
    if (raw === undefined) continue;
    const time = Date.parse(raw);
    if (Number.isNaN(time))
      throw validation(`${name} must be a date.`, { Property: name, Value: raw }, 'List.InvalidType');
    filters.push({ field: 'DateCreated', values: [`${operator}${new Date(time).toISOString()}`] });
  }
  return filters;
}

/**
 * `Me.ListApprovableOrders`: orders awaiting an approval the user may give (a pending approval of
 * one of their groups, of a rule of their own side), optionally created between `from` and `to`.
 */
export async function listMyApprovableOrders(context: OperationContext): Promise<ListPage> {
  const pending = await context.store.find('OrderApprovals', undefined, { Status: 'Pending' });
  const ids = new Set<string>();
  for (const { parents, item } of pending) {
    const orderId = parents[0] ?? '';
    if (ids.has(orderId)) continue;
    if ((await eligibleApprovals(context.store, context, [item])).length > 0) ids.add(orderId);
  }
  const { auth } = context;
  // Buyer users approve their own buyer's orders only, whatever the groups say.
  const scope: Match = auth.userType === 'buyer' ? { FromCompanyID: auth.companyId ?? null } : {};
  return listWithin(context, context.registry.resource('Orders'), {
    ids: [...ids],
    scope: { ...scope, Status: 'AwaitingApproval' },
    extraParams: ['from', 'to'],
    filters: dateFilters(context),
  });
}

/** Ids of the orders the user placed (as Me.ListOrders shows them). */
async function myOrderIds(context: OperationContext): Promise<string[]> {
  const { auth } = context;
  const company = auth.userType === 'admin' ? context.marketplaceId : auth.companyId;
  if (!company) return [];
  const found = await context.store.find('Orders', [], { FromCompanyID: company, FromUserID: auth.userId });
  return found.map((stored) => stored.id);
}

/** Ids of the shipments holding items of the user's orders (of `orderID` only, when given). */
async function myShipmentIds(context: OperationContext, store: Store = context.store): Promise<string[]> {
  const wanted = queryParam(context, 'orderID');
  const orders = (await myOrderIds(context)).filter((id) => wanted === undefined || id === wanted);
  const ids = new Set<string>();
  for (const orderId of orders) for (const id of await shipmentIdsOfOrder(store, orderId)) ids.add(id);
  return [...ids];
}

/** `Me.ListShipments`: shipments of the user's orders. */
export async function listMyShipments(context: OperationContext): Promise<ListPage> {
  const ids = await myShipmentIds(context);
  return listWithin(context, context.registry.resource('Shipments'), { ids, extraParams: ['orderID'] });
}

/** The shipment of the path when it holds items of the user's orders; 404 otherwise. */
async function myShipment(context: OperationContext): Promise<string> {
  const id = context.params.shipmentID ?? '';
  const all = await myShipmentIds({ ...context, query: {} });
  if (!all.includes(id)) throw notFound('Shipment', id);
  return id;
}

/** `Me.GetShipment`: one shipment of the user's orders. */
export async function getMyShipment(context: OperationContext): Promise<unknown> {
  const id = await myShipment(context);
  const resource = context.registry.resource('Shipments');
  const shipment = await context.store.require('Shipments', [], id, 'Shipment');
  const [shown] = await presentItems(resource, [shipment], context.store);
  return shown;
}

/** `Me.ListShipmentItems`: the items of one of those shipments that belong to the user's orders. */
export async function listMyShipmentItems(context: OperationContext): Promise<ListPage> {
  const id = await myShipment(context);
  const wanted = queryParam(context, 'orderID');
  const orders = (await myOrderIds(context)).filter((orderId) => wanted === undefined || orderId === wanted);
  return listWithin(context, context.registry.resource('ShipmentItems'), {
    parents: [id],
    ids: orders,
    idField: 'OrderID',
    extraParams: ['orderID'],
  });
}
