import { validation } from '../engine/errors.ts';
import type { Match } from '../engine/store.ts';
import { buyerPartyAssignment, pairAssignment, queryValue, type PairSide } from './catalog-rules.ts';
import { bool, defineModel, id, int, optionalBool, readOnly, text, xp } from './fields.ts';
import { withOwnerId } from './owner.ts';
import type { DeleteContext, OperationContext, ResourceDefinition, RoleSet, WriteContext } from './types.ts';

const CATALOG_ROLES: RoleSet = { read: ['CatalogAdmin', 'CatalogReader'], write: ['CatalogAdmin'] };
const CATEGORY_ROLES: RoleSet = { read: ['CategoryAdmin', 'CategoryReader'], write: ['CategoryAdmin'] };

const catalogModel = defineModel('Catalog', {
  ID: id(),
  OwnerID: text(),
  Name: text(100),
  Description: text(2000),
  Active: bool({ description: "When false, buyers see none of the catalog's categories and products." }),
  CategoryCount: readOnly(int({ description: 'Number of categories in the catalog, at every level.' })),
  xp: xp(),
});

const categoryModel = defineModel('Category', {
  ID: id(),
  Name: text(100),
  Description: text(2000),
  ListOrder: int({ minimum: 0, description: 'Position among the categories of the same parent.' }),
  Active: bool({ description: 'When false, buyers see neither the category nor anything under it.' }),
  ParentID: text(undefined, {
    description: 'ID of the parent category, in the same catalog; empty for a top-level category.',
  }),
  ChildCount: readOnly(int({ description: 'Number of categories directly under this one.' })),
  xp: xp(),
});

const catalogAssignmentModel = defineModel('CatalogAssignment', {
  CatalogID: text(),
  BuyerID: text(),
  ViewAllCategories: bool(),
  ViewAllProducts: bool(),
});
const productCatalogAssignmentModel = defineModel('ProductCatalogAssignment', { CatalogID: text(), ProductID: text() });
const bundleCatalogAssignmentModel = defineModel('BundleCatalogAssignment', { CatalogID: text(), BundleID: text() });
const categoryAssignmentModel = defineModel('CategoryAssignment', {
  CategoryID: text(),
  BuyerID: text(),
  UserGroupID: text(),
  Visible: optionalBool({ description: 'Empty to inherit from the parent category or the catalog.' }),
  ViewAllProducts: optionalBool({ description: 'Empty to inherit from the parent category or the catalog.' }),
});
const categoryProductAssignmentModel = defineModel('CategoryProductAssignment', {
  CategoryID: text(),
  ProductID: text(),
  ListOrder: int(),
});
const categoryBundleAssignmentModel = defineModel('CategoryBundleAssignment', {
  CategoryID: text(),
  BundleID: text(),
  ListOrder: int(),
});

const catalogSide: PairSide = { field: 'CatalogID', param: 'catalogID', reference: { resource: 'Catalogs' } };
const categorySide: PairSide = {
  field: 'CategoryID',
  param: 'categoryID',
  reference: { resource: 'Categories', parentFrom: ['catalogID'] },
};
const productSide: PairSide = { field: 'ProductID', param: 'productID', reference: { resource: 'Products' } };
const bundleSide: PairSide = { field: 'BundleID', param: 'bundleID', reference: { resource: 'Bundles' } };

async function refuseDefaultCatalogDelete({ store, id }: DeleteContext): Promise<void> {
  const buyers = await store.find('Buyers', [], { DefaultCatalogID: id });
  if (buyers.length > 0) {
    throw validation(
      'The catalog is the default catalog of one or more buyers.',
      { BuyerIDs: buyers.map((buyer) => buyer.id) },
      'Catalog.CannotDelete',
    );
  }
}

/**
 * `depth` of a category list: 1 (the default) is the top level only, n is down to level n, `all`
 * is every level. Levels are read one at a time, so a shallow list of a deep catalog reads only
 * the levels it shows.
 */
async function categoryDepthScope({ query, params, store }: OperationContext): Promise<Match | undefined> {
  const raw = queryValue(query, 'depth') ?? '1';
  if (raw.toLowerCase() === 'all') return undefined;
  const depth = Number(raw);
  if (!Number.isInteger(depth) || depth < 1) {
    throw validation('depth must be a whole number of 1 or more, or all.', { depth: raw }, 'Category.InvalidDepth');
  }
  const parents = [params.catalogID ?? ''];
  // An empty ParentID is stored as given and means top level, like a missing one.
  const top = [
    ...(await store.find('Categories', parents, { ParentID: null })),
    ...(await store.find('Categories', parents, { ParentID: [''] })),
  ];
  const ids = new Set<string>();
  let level = top.map((category) => category.id);
  for (let current = 1; level.length > 0; current += 1) {
    // `ids` guards against a cycle in bad data turning this into an endless walk.
    level = level.filter((id) => !ids.has(id));
    for (const id of level) ids.add(id);
    if (current >= depth) break;
    level = (await store.find('Categories', parents, { ParentID: level })).map((category) => category.id);
  }
  return { ID: [...ids] };
}

/** A category cannot sit under itself or under one of its own descendants. */
async function refuseCircularParent({ store, id, next, previous, parents }: WriteContext): Promise<void> {
  const parentId = next.ParentID;
  if (typeof parentId !== 'string' || parentId === '' || parentId === previous?.ParentID) return;
  const self = new Set([id, String(next.ID ?? id), String(previous?.ID ?? id)]);
  const seen = new Set<string>();
  // Walk up from the new parent; the existing tree has no cycle, but `seen` guards against bad data.
  for (let current: string | undefined = parentId; current && !seen.has(current);) {
    if (self.has(current)) {
      throw validation(
        'A category cannot be placed under itself or one of its descendants.',
        { ParentID: parentId },
        'Category.CircularReference',
      );
    }
    seen.add(current);
    const ancestor = await store.get('Categories', parents, current);
    current = typeof ancestor?.ParentID === 'string' ? ancestor.ParentID : undefined;
  }
}

/** Catalogs, their categories, and what is assigned to them. */
export const catalogResources: readonly ResourceDefinition[] = [
  {
    name: 'Catalogs',
    section: 'ProductsAndCatalogs',
    description:
      'A catalog groups the products and bundles a buyer can see and organises them into categories. Buyers get ' +
      'access to a catalog through catalog assignments; products and bundles join it through their own assignments.',
    noun: { singular: 'catalog', plural: 'catalogs' },
    path: '/catalogs',
    idParam: 'catalogID',
    model: catalogModel,
    requiredOnCreate: ['Name'],
    roles: CATALOG_ROLES,
    searchable: ['ID', 'Name', 'Description'],
    sortable: ['ID', 'Name', 'Active'],
    assignments: [
      {
        model: catalogAssignmentModel,
        requiredOnCreate: ['CatalogID', 'BuyerID'],
        path: '/catalogs/assignments',
        deletePath: '/catalogs/{catalogID}/assignments',
        deleteParams: { catalogID: 'CatalogID' },
        deleteQuery: { buyerID: 'BuyerID' },
        listFilters: { catalogID: 'CatalogID', buyerID: 'BuyerID' },
        key: ['CatalogID', 'BuyerID'],
        roles: CATALOG_ROLES,
        references: { CatalogID: { resource: 'Catalogs' }, BuyerID: { resource: 'Buyers' } },
        noun: 'catalog assignment',
      },
      pairAssignment({
        model: productCatalogAssignmentModel,
        owner: catalogSide,
        member: productSide,
        memberKind: 'Product',
        path: '/catalogs/productassignments',
        deletePath: '/catalogs/{catalogID}/productassignments/{productID}',
        roles: CATALOG_ROLES,
        noun: 'catalog product assignment',
      }),
      pairAssignment({
        model: bundleCatalogAssignmentModel,
        owner: catalogSide,
        member: bundleSide,
        memberKind: 'Bundle',
        path: '/catalogs/bundleassignments',
        deletePath: '/catalogs/{catalogID}/bundleassignments/{bundleID}',
        roles: CATALOG_ROLES,
        noun: 'catalog bundle assignment',
      }),
    ],
    hooks: {
      beforeWrite: withOwnerId(),
      beforeDelete: refuseDefaultCatalogDelete,
      present: async (item, { store }) => ({
        ...item,
        CategoryCount: (await store.find('Categories', [String(item.ID)])).length,
      }),
    },
  },
  {
    name: 'Categories',
    section: 'ProductsAndCatalogs',
    description:
      "Categories arrange a catalog's products and bundles in a tree. Buyers and user groups see a category " +
      'through category assignments unless their catalog assignment already shows every category.',
    noun: { singular: 'category', plural: 'categories' },
    path: '/catalogs/{catalogID}/categories',
    idParam: 'categoryID',
    model: categoryModel,
    requiredOnCreate: ['Name'],
    roles: CATEGORY_ROLES,
    searchable: ['ID', 'Name', 'Description'],
    sortable: ['ID', 'Name', 'ListOrder', 'Active'],
    listQuery: [
      {
        name: 'depth',
        schema: text(),
        description:
          'Levels to list: 1 (the default) for top-level categories only, a number n down to level n, or all.',
      },
    ],
    references: { ParentID: { resource: 'Categories', parentFrom: ['catalogID'] } },
    assignments: [
      buyerPartyAssignment({
        model: categoryAssignmentModel,
        subject: 'CategoryID',
        subjectParam: 'categoryID',
        subjectReference: categorySide.reference,
        path: '/catalogs/{catalogID}/categories/assignments',
        deletePath: '/catalogs/{catalogID}/categories/{categoryID}/assignments',
        roles: CATEGORY_ROLES,
        noun: 'category assignment',
        listUser: true,
      }),
      pairAssignment({
        model: categoryProductAssignmentModel,
        owner: categorySide,
        member: productSide,
        memberKind: 'Product',
        path: '/catalogs/{catalogID}/categories/productassignments',
        deletePath: '/catalogs/{catalogID}/categories/{categoryID}/productassignments/{productID}',
        roles: CATEGORY_ROLES,
        noun: 'category product assignment',
      }),
      pairAssignment({
        model: categoryBundleAssignmentModel,
        owner: categorySide,
        member: bundleSide,
        memberKind: 'Bundle',
        path: '/catalogs/{catalogID}/categories/bundleassignments',
        deletePath: '/catalogs/{catalogID}/categories/{categoryID}/bundleassignments/{bundleID}',
        roles: CATEGORY_ROLES,
        noun: 'category bundle assignment',
      }),
    ],
    hooks: {
      listScope: categoryDepthScope,
      beforeWrite: refuseCircularParent,
      present: async (item, { store, parents }) => ({
        ...item,
        ChildCount: (await store.find('Categories', parents, { ParentID: String(item.ID) })).length,
      }),
    },
  },
];
