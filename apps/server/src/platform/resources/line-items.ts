import type { Item } from '../engine/item.ts';
import type { AuthContext } from '../engine/auth-context.ts';
import { validation } from '../engine/errors.ts';
import { deepMerge } from '../engine/validate.ts';
import { hasAnyRole, requireOrderOfPath } from '../orders/access.ts';
import { buildLineItemOf, repriceCumulative } from '../orders/line-item-builder.ts';
import { checkedBody, guardedGet, parentChecked, rewriteItem, type StoredItem } from '../orders/operation-helpers.ts';
import { listLineItemsAcrossOrders } from '../orders/line-items-across.ts';
import { lineItemsOf, recalculateOrder, withOrderIds } from '../orders/order-store.ts';
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
import { ADDRESS_REQUIRED } from './shared-models.ts';
import type { OperationContext, ResourceDefinition, RoleSet, WriteContext } from './types.ts';

/** The product as a line item keeps it when the item is added. */
export const lineItemProductModel = defineModel('LineItemProduct', {
  ID: text(),
  Name: text(),
  Description: text(),
  Returnable: bool(),
  QuantityMultiplier: int(),
  ShipWeight: decimal(),
  ShipHeight: decimal(),
  ShipWidth: decimal(),
  ShipLength: decimal(),
  DefaultSupplierID: text(),
  ParentID: text(),
  xp: xp(),
});

/** The variant the line item's specs picked, as the item keeps it. */
export const lineItemVariantModel = defineModel('LineItemVariant', {
  ID: text(),
  Name: text(),
  Description: text(),
  ShipWeight: decimal(),
  ShipHeight: decimal(),
  ShipWidth: decimal(),
  ShipLength: decimal(),
  xp: xp(),
});

/**
 * A spec choice on a line item. Name and the markup are always copied from the spec and option;
 * Name is left writable (and overwritten) so a line item read and sent back as it is saves.
 */
export const lineItemSpecModel = defineModel('LineItemSpec', {
  SpecID: text(),
  Name: text(undefined, { description: 'Name of the spec; filled from the spec.' }),
  OptionID: text(),
  Value: text(2000),
  PriceMarkupType: enumOf('PriceMarkupType'),
  PriceMarkup: decimal(),
});

/** LineItem: one product on an order (also the items of subscriptions). */
export const lineItemModel = defineModel('LineItem', {
  ID: id(),
  ProductID: text(),
  Quantity: int({ default: 1 }),
  BundleItemID: readOnly(text()),
  IsBundle: readOnly(bool()),
  DateAdded: readOnly(date()),
  QuantityShipped: readOnly(int()),
  UnitPrice: decimal({
    description: 'Set from the price schedule; only users with OverrideUnitPrice may set another.',
  }),
  PromotionDiscount: readOnly(decimal()),
  LineTotal: readOnly(decimal()),
  LineSubtotal: readOnly(decimal()),
  CostCenter: text(),
  DateNeeded: date(),
  ShippingAccount: text(),
  ShippingAddressID: text(),
  ShipFromAddressID: text(),
  Product: readOnly(model('LineItemProduct')),
  Variant: readOnly(model('LineItemVariant')),
  ShippingAddress: readOnly(model('Address')),
  ShipFromAddress: readOnly(model('Address')),
  SupplierID: readOnly(text()),
  InventoryRecordID: text(),
  PriceScheduleID: readOnly(text()),
  IsOnSale: readOnly(bool()),
  PriceOverridden: readOnly(bool()),
  Specs: list(model('LineItemSpec'), { default: [] }),
  IncomingOrderID: readOnly(text()),
  OutgoingOrderID: readOnly(text()),
  InvitationID: readOnly(text()),
  xp: xp(),
});

/** Models used only inside line item fields, for the registry's shared models. */
export const lineItemModels: readonly ModelDefinition[] = [
  lineItemProductModel,
  lineItemVariantModel,
  lineItemSpecModel,
];

/** A line item with the order it is on, as lists across orders answer it. */
export const extendedLineItemModel = defineModel('ExtendedLineItem', {
  OrderID: readOnly(text()),
  Order: readOnly(model('Order')),
  ...lineItemModel.fields,
});

/** Fields line item lists search (order and subscription items alike). */
export const LINE_ITEM_SEARCHABLE = ['ID', 'ProductID'];
/** Fields line item lists sort by. */
export const LINE_ITEM_SORTABLE = ['DateAdded', 'ID', 'ProductID'];

/** Order fields a list across orders sorts by, as `Order.{field}`. */
const ORDER_SORTABLE = ['ID', 'DateCreated', 'DateSubmitted', 'Status', 'FromCompanyID', 'ToCompanyID', 'Total'];

const LINE_ITEM_ROLES: RoleSet = { read: ['OrderAdmin', 'Shopper', 'OrderReader'], write: ['OrderAdmin', 'Shopper'] };
const ITEM_PATH = '/orders/{direction}/{orderID}/lineitems/{lineItemID}';

/** Line items change only while their order is unsubmitted, unless an order admin changes them. */
export function assertOrderEditable(order: Item, auth: AuthContext): void {
  if (order.Status === 'Unsubmitted' || hasAnyRole(auth, ['OrderAdmin'])) return;
  throw validation('Line items can only be changed while the order is unsubmitted.', {
    OrderID: order.ID,
    Status: order.Status,
  });
}

async function beforeLineItemWrite(context: WriteContext): Promise<void> {
  const order = await requireOrderOfPath(context);
  assertOrderEditable(order, context.auth);
  const items = await lineItemsOf(context.store, String(order.ID));
  context.next = await buildLineItemOf(context, order, items, { kind: 'order', checkInventory: true });
}

async function afterLineItemWrite(context: WriteContext): Promise<void> {
  const orderId = context.params.orderID ?? '';
  await repriceCumulative(context.store, 'LineItems', [orderId], String(context.next.ProductID), {
    now: new Date(),
    kind: 'order',
  });
  await recalculateOrder(context.store, orderId);
  // Promotions were evaluated again with this line: answer its discount as stored.
  const stored = await context.store.get('LineItems', [orderId], String(context.next.ID));
  if (stored) Object.assign(context.next, { PromotionDiscount: stored.PromotionDiscount, LineTotal: stored.LineTotal });
}

/** The line item of a `.../lineitems/{lineItemID}/shipto` call, with its order, ready to change. */
async function editableLineItem(context: OperationContext): Promise<StoredItem & { order: Item }> {
  const order = await requireOrderOfPath(context);
  assertOrderEditable(order, context.auth);
  const parents = [String(order.ID)];
  const item = await context.store.require('LineItems', parents, context.params.lineItemID ?? '', 'LineItem');
  return { resource: 'LineItems', parents, item, order };
}

async function setShippingAddress(context: OperationContext): Promise<unknown> {
  const address = checkedBody(context, 'Address', ADDRESS_REQUIRED);
  const saved = await rewriteItem(context, editableLineItem, ({ item }) => ({
    ...item,
    ShippingAddressID: null,
    ShippingAddress: address,
  }));
  return withOrderIds(saved, context.params.orderID ?? '');
}

async function patchShippingAddress(context: OperationContext): Promise<unknown> {
  const patch = checkedBody(context, 'Address');
  const saved = await rewriteItem(context, editableLineItem, ({ item: lineItem, order }) => {
    if (!lineItem.ShippingAddress) {
      throw validation(
        'The line item has no shipping address to change; use PUT to set one.',
        { LineItemID: lineItem.ID },
        'LineItem.CannotPatchShippingAddressIfMissing',
      );
    }
    if (lineItem.ShippingAddressID && order.Status === 'Unsubmitted') {
      throw validation(
        'The shipping address is a saved address; change it through the addresses instead.',
        { LineItemID: lineItem.ID },
        'ShippingAddress.CannotPatchSetByID',
      );
    }
    return { ...lineItem, ShippingAddress: deepMerge(lineItem.ShippingAddress, patch) };
  });
  return withOrderIds(saved, context.params.orderID ?? '');
}

const lineItems: ResourceDefinition = {
  name: 'LineItems',
  section: 'OrdersAndFulfillment',
  description:
    'The products on an order, each with its quantity, price and shipping details. Prices come from the ' +
    "product's price schedule for the ordering buyer; line items can be changed while the order is unsubmitted.",
  noun: { singular: 'line item', plural: 'line items' },
  path: '/orders/{direction}/{orderID}/lineitems',
  idParam: 'lineItemID',
  scopeParams: ['direction'],
  model: lineItemModel,
  requiredOnCreate: ['ProductID', 'Quantity'],
  roles: LINE_ITEM_ROLES,
  // Get is published below, behind a check that the caller may see the order.
  operations: ['List', 'Create', 'Save', 'Delete', 'Patch'],
  searchable: LINE_ITEM_SEARCHABLE,
  sortable: LINE_ITEM_SORTABLE,
  hooks: {
    listScope: parentChecked(requireOrderOfPath),
    // Lines name their order (IncomingOrderID) on every answer; the stored value is only a forwarded copy's.
    present: async (item, { parents }) => withOrderIds(item, parents[0] ?? ''),
    beforeWrite: beforeLineItemWrite,
    afterWrite: afterLineItemWrite,
    async beforeDelete(context) {
      const order = await requireOrderOfPath(context);
      assertOrderEditable(order, context.auth);
      const orderId = String(order.ID);
      const options = { now: new Date(), kind: 'order' as const, excludeId: context.id };
      await repriceCumulative(context.store, 'LineItems', [orderId], String(context.previous.ProductID), options);
      await recalculateOrder(context.store, orderId, context.id);
    },
  },
  extraOperations: [
    {
      name: 'ListAcrossOrders',
      method: 'GET',
      path: '/lineitems/{direction}',
      roles: ['OrderAdmin', 'OrderReader'],
      summary: 'Get a list of line items across orders.',
      description:
        'The line items of every order the caller sees from the direction (Incoming, Outgoing or All), each with ' +
        'its OrderID and Order. Filters and sortBy may also name fields of the order, e.g. Order.Status or ' +
        '!Order.DateSubmitted.',
      listOf: extendedLineItemModel,
      query: [
        { name: 'buyerID', schema: text(), description: 'ID of the buyer the orders are from.' },
        { name: 'supplierID', schema: text(), description: 'ID of the supplier the orders are to.' },
        { name: 'from', schema: text(), description: 'Lower bound of the date range the order was created in.' },
        { name: 'to', schema: text(), description: 'Upper bound of the date range the order was created in.' },
      ],
      response: { status: 200 },
      handler: (context) =>
        listLineItemsAcrossOrders(context, {
          model: extendedLineItemModel,
          searchable: LINE_ITEM_SEARCHABLE,
          sortable: [...LINE_ITEM_SORTABLE, 'OrderID'],
          orderSortable: ORDER_SORTABLE,
        }),
    },
    guardedGet({
      path: ITEM_PATH,
      roles: LINE_ITEM_ROLES.read,
      noun: 'line item',
      model: lineItemModel,
      guard: requireOrderOfPath,
    }),
    {
      name: 'SetShippingAddress',
      method: 'PUT',
      path: `${ITEM_PATH}/shipto`,
      roles: LINE_ITEM_ROLES.write,
      summary: 'Set a shipping address.',
      description:
        'Sets a one-off shipping address on the line item. To use a saved address, patch ShippingAddressID instead.',
      body: { schema: model('Address'), required: ADDRESS_REQUIRED },
      response: { status: 200, schema: model('LineItem') },
      handler: setShippingAddress,
    },
    {
      name: 'PatchShippingAddress',
      method: 'PATCH',
      path: `${ITEM_PATH}/shipto`,
      roles: LINE_ITEM_ROLES.write,
      summary: 'Partially update a line item shipping address.',
      description: 'Not allowed on unsubmitted orders when the address is a saved one (ShippingAddressID is set).',
      body: { schema: model('Address') },
      response: { status: 200, schema: model('LineItem') },
      handler: patchShippingAddress,
    },
  ],
};

/** Line items of orders. */
export const lineItemResources: readonly ResourceDefinition[] = [lineItems];
