import type { Item } from '../engine/item.ts';
import type { AuthContext } from '../engine/auth-context.ts';
import { notFound } from '../engine/errors.ts';
import type { Match, Store } from '../engine/store.ts';
import { inScope, requireInScope } from '../orders/access.ts';
import {
  checkedBody,
  listWithin,
  parentChecked,
  queryParam,
  rewriteItem,
  type StoredItem,
  withoutStorageId,
} from '../orders/operation-helpers.ts';
import { companyKind, moveChildren, renamedFrom } from '../orders/order-store.ts';
import {
  emptyShipment,
  removeShipmentItem,
  resolveShipmentAddresses,
  saveShipmentItem,
  shipmentIdsOfOrder,
  shipmentItemKey,
} from '../orders/shipping.ts';
import { date, decimal, defineModel, id, int, list, model, readOnly, text, xp } from './fields.ts';
import { ADDRESS_REQUIRED } from './shared-models.ts';
import type { OperationContext, OperationDefinition, ResourceDefinition, RoleSet, WriteContext } from './types.ts';

/** Shipment: a parcel on its way, holding line items of one or more orders. */
export const shipmentModel = defineModel('Shipment', {
  ID: id(),
  BuyerID: text(),
  Shipper: text(),
  DateShipped: date(),
  DateDelivered: date(),
  TrackingNumber: text(3000),
  Cost: decimal(),
  xp: xp(),
  OwnerID: text(),
  Account: text(),
  FromAddressID: text(),
  ToAddressID: text(),
  FromAddress: readOnly(model('Address')),
  ToAddress: readOnly(model('Address')),
});

/** ShipmentItem: how many units of one line item a shipment holds, with what it shows of the line item. */
export const shipmentItemModel = defineModel('ShipmentItem', {
  OrderID: text(),
  LineItemID: text(),
  QuantityShipped: int(),
  UnitPrice: readOnly(decimal()),
  CostCenter: readOnly(text()),
  DateNeeded: readOnly(date()),
  Product: readOnly(model('LineItemProduct')),
  Variant: readOnly(model('LineItemVariant')),
  Specs: readOnly(list(model('LineItemSpec'))),
  xp: readOnly(xp()),
});

const SHIPMENT_ROLES: RoleSet = { read: ['ShipmentAdmin', 'ShipmentReader'], write: ['ShipmentAdmin'] };
const SHIPMENT_SEARCHABLE = ['ID', 'BuyerID', 'Shipper', 'DateShipped', 'DateDelivered', 'TrackingNumber'];
const SHIPMENT_SORTABLE = ['DateShipped', 'OwnerID', 'ID', 'BuyerID', 'Shipper', 'DateDelivered', 'Cost'];
const ITEM_PATH = '/shipments/{shipmentID}/items/{orderID}/{lineItemID}';

/** The shipments a caller sees: all for admin users, their supplier's or their buyer's otherwise. */
export function shipmentScope(auth: AuthContext): Match | null {
  if (auth.userType === 'admin') return {};
  if (!auth.companyId) return null;
  return auth.userType === 'supplier' ? { OwnerID: auth.companyId } : { BuyerID: auth.companyId };
}

const canSeeShipment = (shipment: Item, auth: AuthContext): boolean => inScope(shipment, shipmentScope(auth));

/** The shipment of the path, as the caller may see it (404 otherwise). */
async function requireShipment(context: Pick<OperationContext, 'auth' | 'params'>, store: Store): Promise<Item> {
  return requireInScope(store, 'Shipments', context.params.shipmentID ?? '', 'Shipment', shipmentScope(context.auth));
}

const requireShipmentOfPath = (context: OperationContext) => requireShipment(context, context.store);

async function beforeShipmentWrite(context: WriteContext): Promise<void> {
  const { next, previous, auth, store } = context;
  // Suppliers ship their own goods; the owner of anything else is the marketplace unless named.
  if (auth.userType === 'supplier') next.OwnerID = auth.companyId ?? null;
  else if (!next.OwnerID) next.OwnerID = (previous?.OwnerID as string | undefined) ?? store.marketplaceId;
  if (
    next.BuyerID &&
    next.BuyerID !== previous?.BuyerID &&
    (await companyKind(store, String(next.BuyerID))) !== 'buyer'
  ) {
    throw notFound('Buyer', String(next.BuyerID));
  }
  await resolveShipmentAddresses(store, next, previous);
}

async function listShipments(context: OperationContext): Promise<unknown> {
  const orderId = queryParam(context, 'orderID');
  const ids = orderId ? await shipmentIdsOfOrder(context.store, orderId) : undefined;
  return listWithin(context, context.resource, {
    extraParams: ['orderID'],
    scope: shipmentScope(context.auth),
    ...(ids ? { ids } : {}),
  });
}

/** The shipment of the path, for an action to change. */
async function shipmentOfPath(context: OperationContext): Promise<StoredItem> {
  return { resource: 'Shipments', parents: [], item: await requireShipment(context, context.store) };
}

async function setAddress(context: OperationContext, side: 'FromAddress' | 'ToAddress'): Promise<unknown> {
  const address = checkedBody(context, 'Address', ADDRESS_REQUIRED);
  return rewriteItem(context, shipmentOfPath, ({ item }) => ({ ...item, [side]: address, [`${side}ID`]: null }));
}

/** `SetShipFromAddress` and `SetShipToAddress`: a one-off address on the shipment, in place of a saved one. */
function setAddressOperation(
  name: string,
  segment: string,
  summary: string,
  side: 'FromAddress' | 'ToAddress',
): OperationDefinition {
  return {
    name,
    method: 'PUT',
    path: `/shipments/{shipmentID}/${segment}`,
    roles: SHIPMENT_ROLES.write,
    summary,
    description: `A one-off address; to use a saved address, patch the shipment's ${side}ID instead.`,
    body: { schema: model('Address'), required: ADDRESS_REQUIRED },
    response: { status: 200, schema: model('Shipment') },
    handler: (context) => setAddress(context, side),
  };
}

const shipments: ResourceDefinition = {
  name: 'Shipments',
  section: 'OrdersAndFulfillment',
  description:
    'Parcels sent to buyers. A shipment holds items of one or more orders; shipping every line item of an order ' +
    'completes it. Suppliers see and ship their own shipments, buyers see the shipments sent to them.',
  noun: { singular: 'shipment', plural: 'shipments' },
  path: '/shipments',
  idParam: 'shipmentID',
  model: shipmentModel,
  requiredOnCreate: [],
  roles: SHIPMENT_ROLES,
  // List is published below: it takes an orderID the store cannot match on its own.
  operations: ['Create', 'Get', 'Save', 'Delete', 'Patch'],
  searchable: SHIPMENT_SEARCHABLE,
  sortable: SHIPMENT_SORTABLE,
  hooks: {
    visible: (shipment, context) => canSeeShipment(shipment, context.auth),
    beforeWrite: beforeShipmentWrite,
    async afterWrite({ store, previous, next }) {
      const oldId = renamedFrom(previous, next);
      if (oldId) await moveChildren(store, ['ShipmentItems'], oldId, String(next.ID));
    },
    beforeDelete: (context) => emptyShipment(context.store, context.id),
  },
  extraOperations: [
    {
      name: 'List',
      method: 'GET',
      path: '/shipments',
      roles: SHIPMENT_ROLES.read,
      summary: 'Get a list of shipments.',
      listOf: shipmentModel,
      query: [{ name: 'orderID', schema: text(), description: 'Only shipments holding items of this order.' }],
      response: { status: 200 },
      handler: listShipments,
    },
    setAddressOperation('SetShipFromAddress', 'shipfrom', 'Set a ship from address.', 'FromAddress'),
    setAddressOperation('SetShipToAddress', 'shipto', 'Set a ship to address.', 'ToAddress'),
  ],
};

async function saveItem(context: OperationContext): Promise<unknown> {
  const body = checkedBody(context, 'ShipmentItem', ['OrderID', 'LineItemID', 'QuantityShipped']);
  return context.store.transaction(async (store) => {
    const shipment = await requireShipment(context, store);
    return saveShipmentItem(context, store, shipment, {
      OrderID: String(body.OrderID),
      LineItemID: String(body.LineItemID),
      QuantityShipped: Number(body.QuantityShipped),
    });
  });
}

async function getShipmentItem(context: OperationContext): Promise<unknown> {
  const shipment = await requireShipment(context, context.store);
  const key = shipmentItemKey(context.params.orderID ?? '', context.params.lineItemID ?? '');
  return withoutStorageId(await context.store.require('ShipmentItems', [String(shipment.ID)], key, 'ShipmentItem'));
}

async function deleteShipmentItem(context: OperationContext): Promise<unknown> {
  await context.store.transaction(async (store) => {
    const shipment = await requireShipment(context, store);
    await removeShipmentItem(store, String(shipment.ID), context.params.orderID ?? '', context.params.lineItemID ?? '');
  });
  return undefined;
}

/**
 * The items of a shipment, published as `Shipments.ListItems` and friends. Items are addressed by
 * order and line item, not by an id of their own, so only List is a standard operation.
 */
const shipmentItems: ResourceDefinition = {
  name: 'ShipmentItems',
  section: 'OrdersAndFulfillment',
  description: 'The line items a shipment holds and how many units of each.',
  noun: { singular: 'shipment item', plural: 'shipment items' },
  path: '/shipments/{shipmentID}/items',
  model: shipmentItemModel,
  requiredOnCreate: ['OrderID', 'LineItemID', 'QuantityShipped'],
  roles: SHIPMENT_ROLES,
  operations: ['List'],
  operationOwner: 'Shipments',
  operationNames: { List: 'ListItems' },
  searchable: ['OrderID', 'LineItemID'],
  sortable: ['OrderID', 'LineItemID'],
  hooks: {
    listScope: parentChecked(requireShipmentOfPath),
    present: async (item) => withoutStorageId(item),
  },
  extraOperations: [
    {
      name: 'SaveItem',
      method: 'POST',
      path: '/shipments/{shipmentID}/items',
      roles: SHIPMENT_ROLES.write,
      summary: 'Create or update a shipment item.',
      description:
        "Puts units of a line item on the shipment (replacing what it had of that line item) and updates the line item's " +
        'QuantityShipped; shipping every line item of an order completes the order.',
      body: { schema: model('ShipmentItem'), required: ['OrderID', 'LineItemID', 'QuantityShipped'] },
      response: { status: 200, schema: model('ShipmentItem') },
      handler: saveItem,
    },
    {
      name: 'GetItem',
      method: 'GET',
      path: ITEM_PATH,
      roles: SHIPMENT_ROLES.read,
      summary: 'Get a single shipment item.',
      response: { status: 200, schema: model('ShipmentItem') },
      handler: getShipmentItem,
    },
    {
      name: 'DeleteItem',
      method: 'DELETE',
      path: ITEM_PATH,
      roles: SHIPMENT_ROLES.write,
      summary: 'Delete a shipment item.',
      response: { status: 204 },
      handler: deleteShipmentItem,
    },
  ],
};

/** Shipments and their items. */
export const shipmentResources: readonly ResourceDefinition[] = [shipments, shipmentItems];
