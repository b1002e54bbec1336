import type { EntitySyncAttribute, EntitySyncModel } from '@portal/contracts';

/** How an entity is read: its list operation, and which attributes fill its path parameters. */
export interface EntitySource {
  model: EntitySyncModel;
  listOperation: string;
  /** Path parameter of the list operation -> the attribute that gives it. */
  pathParams: Record<string, string>;
  /** Fixed query values of the list (all category levels, say). */
  fixedQuery?: Record<string, string>;
}

/** Items per delivery: a sync batch is one page of the entity's list, at the API's largest page size. */
export const SYNC_BATCH_SIZE = 100;

const idFilter = (noun: string): EntitySyncAttribute => ({
  Name: 'ID',
  DisplayName: `${noun} ID`,
  Type: 'string',
  Required: false,
  Internal: false,
  Comment: `Leave empty to sync every ${noun.toLowerCase()}; * matches any text (for example lamp*).`,
});

const parent = (name: string, noun: string): EntitySyncAttribute => ({
  Name: name,
  DisplayName: `${noun} ID`,
  Type: 'string',
  Required: true,
  Internal: false,
  Comment: `The ${noun.toLowerCase()} whose entities are synced.`,
});

/** Set by the server; shown in the metadata so a client knows the batch size it will receive. */
const batchSize: EntitySyncAttribute = {
  Name: 'BatchSize',
  DisplayName: 'Batch size',
  Type: 'integer',
  Required: false,
  Internal: true,
  Comment: `Items per delivery, set by the server (${SYNC_BATCH_SIZE}).`,
};

function entity(
  name: string,
  noun: string,
  listOperation: string,
  parents: [string, string, string][] = [],
  fixedQuery?: Record<string, string>,
): EntitySource {
  return {
    model: {
      EntityName: name,
      Route: `entitysync/${name.toLowerCase()}`,
      Attributes: [
        ...parents.map(([attribute, parentNoun]) => parent(attribute, parentNoun)),
        idFilter(noun),
        batchSize,
      ],
    },
    listOperation,
    pathParams: Object.fromEntries(parents.map(([attribute, , param]) => [param, attribute])),
    ...(fixedQuery ? { fixedQuery } : {}),
  };
}

/** The entities an entity sync covers: the main resources of a marketplace. */
export const ENTITY_SOURCES: readonly EntitySource[] = [
  entity('Products', 'Product', 'Products.List'),
  entity('Catalogs', 'Catalog', 'Catalogs.List'),
  entity('Categories', 'Category', 'Categories.List', [['CatalogID', 'Catalog', 'catalogID']], { depth: 'all' }),
  entity('PriceSchedules', 'Price schedule', 'PriceSchedules.List'),
  entity('Specs', 'Spec', 'Specs.List'),
  entity('Promotions', 'Promotion', 'Promotions.List'),
  entity('Buyers', 'Buyer', 'Buyers.List'),
  entity('Users', 'User', 'Users.List', [['BuyerID', 'Buyer', 'buyerID']]),
  entity('UserGroups', 'User group', 'UserGroups.List', [['BuyerID', 'Buyer', 'buyerID']]),
  entity('Addresses', 'Address', 'Addresses.List', [['BuyerID', 'Buyer', 'buyerID']]),
  entity('Suppliers', 'Supplier', 'Suppliers.List'),
  entity('SupplierUsers', 'Supplier user', 'SupplierUsers.List', [['SupplierID', 'Supplier', 'supplierID']]),
  entity('AdminUsers', 'Admin user', 'AdminUsers.List'),
  entity('Shipments', 'Shipment', 'Shipments.List'),
];

export function entitySyncModels(): EntitySyncModel[] {
  return ENTITY_SOURCES.map((source) => source.model);
}

/** The entity whose route ends in `segment` (`products` for `entitysync/products`), any case. */
export function entityByRoute(segment: string): EntitySource | undefined {
  const wanted = `entitysync/${segment.toLowerCase()}`;
  return ENTITY_SOURCES.find((source) => source.model.Route === wanted);
}
