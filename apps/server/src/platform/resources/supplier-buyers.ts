import type { Item } from '../engine/item.ts';
import { parseListQuery } from '../engine/list-query.ts';
import { memoryPage, modelList } from '../engine/memory-list.ts';
import { defineModel, id, text } from './fields.ts';
import { buyerCaller, listByIds, uniqueIds } from './me-access.ts';
import { SUPPLIER_BUYER_LINK } from './suppliers.ts';
import type { OperationContext, OperationDefinition } from './types.ts';

/**
 * Which buyers may order from which suppliers: `Suppliers.SaveBuyer` links one pair (stored as an
 * assignment of kind SUPPLIER_BUYER_LINK, published only through these operations). A buyer's sellers are the marketplace
 * itself, the suppliers linked to it and the suppliers open to every buyer (AllBuyersCanOrder).
 */

/** A buyer as listed for a supplier. */
export const supplierBuyerModel = defineModel('SupplierBuyer', { ID: id(), Name: text(100) });
/** A seller (the marketplace or a supplier) as listed for a buyer. */
export const buyerSupplierModel = defineModel('BuyerSupplier', { ID: id(), Name: text(100) });

const nameOnly = (item: Item): Item => ({ ID: item.ID, Name: item.Name ?? null });

async function listSupplierBuyers(context: OperationContext): Promise<unknown> {
  const supplierId = context.params.supplierID ?? '';
  await context.store.require('Suppliers', [], supplierId);
  const links = await context.store.findAssignments(SUPPLIER_BUYER_LINK, [], { SupplierID: supplierId });
  const buyers = context.registry.resource('Buyers');
  const page = await listByIds(
    context,
    buyers,
    [],
    uniqueIds(links.map((link) => link.BuyerID)),
    parseListQuery(context.query),
  );
  return { ...page, Items: page.Items.map(nameOnly) };
}

async function requirePair(context: OperationContext): Promise<{ SupplierID: string; BuyerID: string }> {
  const supplierId = context.params.supplierID ?? '';
  const buyerId = context.params.buyerID ?? '';
  await context.store.require('Suppliers', [], supplierId);
  await context.store.require('Buyers', [], buyerId);
  return { SupplierID: supplierId, BuyerID: buyerId };
}

async function saveSupplierBuyer(context: OperationContext): Promise<void> {
  await context.store.saveAssignment(SUPPLIER_BUYER_LINK, [], ['SupplierID', 'BuyerID'], await requirePair(context));
}

async function deleteSupplierBuyer(context: OperationContext): Promise<void> {
  await context.store.deleteAssignments(SUPPLIER_BUYER_LINK, [], await requirePair(context));
}

const SELLER_FIELDS = ['ID', 'Name'];
/**
 * A buyer's sellers include the marketplace, which is no stored supplier, so their lists are made
 * in memory; any other property is refused as the store refuses it (List.InvalidProperty for filters).
 */
const sellerList = (context: OperationContext) =>
  modelList(context.registry, buyerSupplierModel, { searchable: SELLER_FIELDS, sortable: SELLER_FIELDS });

/** The marketplace first, then the suppliers the buyer may order from; `activeOnly` for shoppers. */
async function sellersOf(context: OperationContext, buyerId: string, activeOnly: boolean): Promise<Item[]> {
  const { store } = context;
  const links = await store.findAssignments(SUPPLIER_BUYER_LINK, [], { BuyerID: buyerId });
  const linked = uniqueIds(links.map((link) => link.SupplierID));
  const suppliers = [
    ...(linked.length > 0 ? await store.find('Suppliers', [], { ID: linked }) : []),
    ...(await store.find('Suppliers', [], { AllBuyersCanOrder: true })),
  ];
  const seen = new Set<string>();
  const shown = suppliers.filter((found) => {
    if (seen.has(found.id) || (activeOnly && found.item.Active !== true)) return false;
    seen.add(found.id);
    return true;
  });
  // The store knows the marketplace only by its ID, which is also the name shown for it.
  const marketplace = { ID: context.marketplaceId, Name: context.marketplaceId };
  return [marketplace, ...shown.map((found) => nameOnly(found.item))];
}

async function listBuyerSellers(context: OperationContext): Promise<unknown> {
  const query = parseListQuery(context.query);
  const buyerId = context.params.buyerID ?? '';
  await context.store.require('Buyers', [], buyerId);
  return memoryPage(sellerList(context), await sellersOf(context, buyerId, false), query);
}

async function listMySellers(context: OperationContext): Promise<unknown> {
  const query = parseListQuery(context.query);
  const caller = await buyerCaller(context);
  if (!caller) return memoryPage(sellerList(context), [], query);
  return memoryPage(sellerList(context), await sellersOf(context, caller.buyerId, true), query);
}

/** `Suppliers.ListBuyers`, `Suppliers.SaveBuyer` and `Suppliers.DeleteBuyer`. */
export const supplierBuyerOperations: readonly OperationDefinition[] = [
  {
    name: 'ListBuyers',
    method: 'GET',
    path: '/suppliers/{supplierID}/buyers',
    roles: ['SupplierAdmin', 'SupplierReader'],
    summary: 'Get a list of supplier buyers.',
    description: 'The buyers linked to the supplier with SaveBuyer.',
    listOf: supplierBuyerModel,
    response: { status: 200 },
    handler: listSupplierBuyers,
  },
  {
    name: 'SaveBuyer',
    method: 'PUT',
    path: '/suppliers/{supplierID}/buyers/{buyerID}',
    roles: ['SupplierAdmin'],
    summary: 'Create or update a supplier buyer.',
    description: 'Lets the buyer order from the supplier. Saving a link that exists changes nothing.',
    response: { status: 204 },
    handler: saveSupplierBuyer,
  },
  {
    name: 'DeleteBuyer',
    method: 'DELETE',
    path: '/suppliers/{supplierID}/buyers/{buyerID}',
    roles: ['SupplierAdmin'],
    summary: 'Delete a supplier buyer.',
    response: { status: 204 },
    handler: deleteSupplierBuyer,
  },
];

const SELLERS_DESCRIPTION =
  'The marketplace, the suppliers linked to the buyer with Suppliers.SaveBuyer and those with AllBuyersCanOrder.';

/** `Buyers.ListBuyerSellers`. */
export const buyerSellerOperation: OperationDefinition = {
  name: 'ListBuyerSellers',
  method: 'GET',
  path: '/buyers/{buyerID}/sellers',
  roles: ['BuyerAdmin', 'BuyerReader'],
  summary: 'Get a list of buyer buyer sellers.',
  description: SELLERS_DESCRIPTION,
  listOf: buyerSupplierModel,
  response: { status: 200 },
  handler: listBuyerSellers,
};

/** `Me.ListBuyerSellers`: the same for the user's buyer, active suppliers only. */
export const mySellersOperation: OperationDefinition = {
  name: 'ListBuyerSellers',
  method: 'GET',
  path: '/me/sellers',
  roles: ['Shopper'],
  summary: 'Get a list of buyer sellers visible to this user.',
  description: `${SELLERS_DESCRIPTION} Inactive suppliers are left out.`,
  listOf: buyerSupplierModel,
  response: { status: 200 },
  handler: listMySellers,
};
