import type { Item } from '../engine/item.ts';
import { validation } from '../engine/errors.ts';
import { buyerPartyAssignment, isRecord } from './catalog-rules.ts';
import { bool, date, defineModel, id, int, model, readOnly, text, xp } from './fields.ts';
import { withOwnerId } from './owner.ts';
import type { PresentContext, ResourceDefinition, RoleSet, WriteContext } from './types.ts';

const PRODUCT_ROLES: RoleSet = { read: ['ProductAdmin', 'ProductReader'], write: ['ProductAdmin'] };

const inventoryRecordModel = defineModel('InventoryRecord', {
  ID: id(),
  OwnerID: text(),
  AllowAllBuyers: bool({
    default: true,
    description: 'When false, only assigned buyers and user groups may order from this stock.',
  }),
  Address: readOnly(model('Address', { description: 'The address named by AddressID.' })),
  AddressID: text(undefined, { description: 'Address where this stock is held.' }),
  OrderCanExceed: bool(),
  QuantityAvailable: int(),
  NotificationPoint: int(),
  LastUpdated: readOnly(date()),
  xp: xp(),
});

const inventoryRecordAssignmentModel = defineModel('InventoryRecordAssignment', {
  InventoryRecordID: text(),
  BuyerID: text(),
  UserGroupID: text(),
});

/** Product-level records are only for products that do not count stock per variant. */
async function checkRecordLevel({ store, params, previous }: WriteContext): Promise<void> {
  if (previous) return;
  const product = await store.require('Products', [], params.productID as string);
  if (isRecord(product.Inventory) && product.Inventory.VariantLevelTracking === true) {
    throw validation(
      'The product tracks inventory per variant; its inventory records belong to its variants.',
      { ProductID: product.ID },
      'InventoryConfiguration.InvalidVariantLevelTracking',
    );
  }
}

/** Variant-level records are only for products that count stock per variant (the mirror of `checkRecordLevel`). */
async function checkVariantRecordLevel({ store, params, previous }: WriteContext): Promise<void> {
  if (previous) return;
  const productId = params.productID as string;
  const product = await store.require('Products', [], productId);
  await store.require('Variants', [productId], params.variantID as string);
  if (!isRecord(product.Inventory) || product.Inventory.VariantLevelTracking !== true) {
    throw validation(
      'The product does not track inventory per variant; its inventory records belong to the product.',
      { ProductID: product.ID },
      'InventoryConfiguration.InvalidVariantLevelTracking',
    );
  }
}

async function presentRecord(item: Item, { store }: PresentContext): Promise<Item> {
  const addressId = item.AddressID;
  const address = typeof addressId === 'string' ? await store.get('AdminAddresses', [], addressId) : undefined;
  return { ...item, Address: address ?? null };
}

/** What product and variant records share: the model, its rules and who may read and write them. */
const recordShape = {
  section: 'ProductsAndCatalogs',
  idParam: 'inventoryRecordID',
  model: inventoryRecordModel,
  requiredOnCreate: ['AddressID'],
  roles: PRODUCT_ROLES,
  searchable: ['ID', 'AddressID'],
  sortable: ['ID', 'AddressID', 'QuantityAvailable', 'LastUpdated'],
  references: { AddressID: { resource: 'AdminAddresses' } },
} satisfies Partial<ResourceDefinition>;

const productRecords: ResourceDefinition = {
  name: 'InventoryRecords',
  description:
    'An inventory record holds the stock of a product at one address. A product may keep stock at several ' +
    'addresses; each record is open to every buyer or, when AllowAllBuyers is false, to assigned ones only.',
  noun: { singular: 'inventory record', plural: 'inventory records' },
  path: '/products/{productID}/inventoryrecords',
  ...recordShape,
  assignments: [
    buyerPartyAssignment({
      model: inventoryRecordAssignmentModel,
      subject: 'InventoryRecordID',
      subjectParam: 'inventoryRecordID',
      subjectReference: { resource: 'InventoryRecords', parentFrom: ['productID'] },
      path: '/products/{productID}/inventoryrecords/assignments',
      deletePath: '/products/{productID}/inventoryrecords/{inventoryRecordID}/assignments',
      roles: PRODUCT_ROLES,
      noun: 'inventory record assignment',
    }),
  ],
  hooks: {
    beforeWrite: withOwnerId(checkRecordLevel),
    present: presentRecord,
  },
};

/**
 * Inventory records of one variant, published as `InventoryRecords.ListVariant`, `CreateVariant`...
 * Same model and rules as the product's records; the reference has no variant-level assignments.
 */
const variantRecords: ResourceDefinition = {
  name: 'VariantInventoryRecords',
  operationOwner: 'InventoryRecords',
  operationNames: {
    List: 'ListVariant',
    Create: 'CreateVariant',
    Get: 'GetVariant',
    Save: 'SaveVariant',
    Delete: 'DeleteVariant',
    Patch: 'PatchVariant',
  },
  description: 'The stock of one variant at one address, for products that track inventory per variant.',
  noun: { singular: 'inventory record variant', plural: 'inventory record variants' },
  path: '/products/{productID}/variants/{variantID}/inventoryrecords',
  ...recordShape,
  hooks: {
    beforeWrite: withOwnerId(checkVariantRecordLevel),
    present: presentRecord,
  },
};

/** Inventory records of products and of their variants: stock held at one address, optionally limited to some buyers. */
export const inventoryRecordResources: readonly ResourceDefinition[] = [productRecords, variantRecords];
