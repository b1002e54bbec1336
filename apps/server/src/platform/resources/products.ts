import type { Item } from '../engine/item.ts';
import { validation } from '../engine/errors.ts';
import { parseListQuery } from '../engine/list-query.ts';
import type { Match } from '../engine/store.ts';
import { buyerPartyAssignment, presentItems, queryValue } from './catalog-rules.ts';
import {
  bool,
  date,
  decimal,
  defineModel,
  id,
  int,
  model,
  readOnly,
  text,
  xp,
  type ModelDefinition,
} from './fields.ts';
import { generateVariants, stampInventory, variantModels, variantResource } from './product-variants.ts';
import { withOwnerId } from './owner.ts';
import { specModel } from './specs.ts';
import { supplierModel } from './suppliers.ts';
import type {
  DeleteContext,
  OperationContext,
  PresentContext,
  ResourceDefinition,
  RoleSet,
  WriteContext,
} from './types.ts';

const PRODUCT_ROLES: RoleSet = { read: ['ProductAdmin', 'ProductReader'], write: ['ProductAdmin'] };
/** Storage kind of the product-to-supplier links behind `Products.ListSuppliers` and friends. */
const SUPPLIER_LINK = 'ProductSupplierAssignment';

const inventoryModel = defineModel('Inventory', {
  Enabled: bool({ description: 'When true, stock is tracked and enforced.' }),
  NotificationPoint: int(),
  VariantLevelTracking: bool({ description: 'When true, stock is counted per variant.' }),
  OrderCanExceed: bool({ description: 'When true, orders may be placed for more than the quantity available.' }),
  QuantityAvailable: int(),
  LastUpdated: readOnly(date()),
});

/** Models used only inside product and variant fields, for the registry's shared models. */
export const productModels: readonly ModelDefinition[] = [inventoryModel, ...variantModels];

const productModel = defineModel('Product', {
  OwnerID: text(),
  DefaultPriceScheduleID: text(undefined, {
    description: 'Price used when no product assignment names a price schedule.',
  }),
  AutoForward: bool(),
  ID: id(),
  ParentID: text(),
  IsParent: bool(),
  IsBundle: readOnly(bool({ default: false })),
  Name: text(100),
  Description: text(2000),
  QuantityMultiplier: int({ minimum: 1, default: 1 }),
  ShipWeight: decimal(),
  ShipHeight: decimal(),
  ShipWidth: decimal(),
  ShipLength: decimal(),
  Active: bool(),
  SpecCount: readOnly(int({ description: 'Number of specs assigned to the product.' })),
  VariantCount: readOnly(int({ description: 'Number of variants generated for the product.' })),
  ShipFromAddressID: text(),
  Inventory: model('Inventory'),
  DefaultSupplierID: text(),
  AllSuppliersCanSell: bool(),
  Returnable: bool(),
  DateCreated: readOnly(date()),
  xp: xp(),
});

/** A supplier as listed for one product: the supplier plus the price schedule it sells the product at. */
const productSupplierModel = defineModel('ProductSupplier', {
  DefaultPriceScheduleID: text(),
  ...supplierModel.fields,
});

const productAssignmentModel = defineModel('ProductAssignment', {
  SellerID: text(),
  ProductID: text(),
  BuyerID: text(),
  UserGroupID: text(),
  PriceScheduleID: text(),
});

/** A 400 whose code is `Product.{reason}`; `data` names the product or parent involved. */
const productError = (reason: string, message: string, data: Item) => validation(message, data, `Product.${reason}`);

async function checkProduct({ store, id, next, previous }: WriteContext): Promise<void> {
  const parentId = typeof next.ParentID === 'string' && next.ParentID !== '' ? next.ParentID : undefined;
  const parentChanged = parentId !== undefined && parentId !== previous?.ParentID;
  if (next.IsParent === true && parentId) {
    throw productError('ParentProductCannotHaveParent', 'A parent product cannot have a parent.', {
      ParentID: parentId,
    });
  }
  if (parentChanged) {
    // A missing parent is the reference check's business; here only its kind matters.
    const parent = await store.get('Products', [], parentId);
    if (parent && (parent.IsParent !== true || parent.ParentID)) {
      throw productError('IsNotParent', 'ParentID must name a parent product without a parent.', {
        ParentID: parentId,
      });
    }
  }
  if (!previous) {
    stampInventory(next, undefined);
    return;
  }
  const currentId = String(previous.ID ?? id);
  if (previous.IsParent === true && next.IsParent !== true) {
    if ((await store.find('Products', [], { ParentID: currentId })).length > 0) {
      throw productError('CannotModifyIsParent', 'IsParent cannot be turned off while child products exist.', {
        ProductID: currentId,
      });
    }
  }
  const becomesParent = next.IsParent === true && previous.IsParent !== true;
  if ((becomesParent || parentChanged) && (await store.find('Variants', [currentId])).length > 0) {
    throw becomesParent
      ? productError('CannotModifyIsParentForVariant', 'A product with variants cannot become a parent.', {
          ProductID: currentId,
        })
      : productError('CannotModifyParentIDForVariant', 'A product with variants cannot have a parent.', {
          ProductID: currentId,
        });
  }
  stampInventory(next, previous);
}

async function beforeProductDelete({ store, id }: DeleteContext): Promise<void> {
  if ((await store.find('Products', [], { ParentID: id })).length > 0) {
    throw productError('CannotDeleteParentProduct', 'A parent product cannot be deleted while it has children.', {
      ProductID: id,
    });
  }
  if ((await store.findAssignments('BundleProductAssignment', [], { ProductID: id })).length > 0) {
    // The platform spells this code with "Assinged".
    throw productError('CannotDeleteProductAssingedToBundle', 'A product in a bundle cannot be deleted.', {
      ProductID: id,
    });
  }
  // Supplier links are stored by this file's own operations, so the engine's cascade does not know them.
  await store.deleteAssignments(SUPPLIER_LINK, [], { ProductID: id });
}

/** IDs found in every one of `sets` (each list call parameter narrows the list further). */
function intersection(sets: readonly (readonly string[])[]): string[] {
  const [first = [], ...rest] = sets;
  const others = rest.map((ids) => new Set(ids));
  return [...new Set(first)].filter((id) => others.every((ids) => ids.has(id)));
}

const productIdsOf = (assignments: readonly Item[]): string[] =>
  assignments.map((assignment) => assignment.ProductID).filter((value) => typeof value === 'string');

/**
 * `catalogID`, `categoryID` and `supplierID` of `Products.List`: each narrows the list to the
 * products linked to that object, and together they intersect. They live in assignments, which a
 * body filter cannot reach, so the scope is the matching IDs.
 */
async function productListScope({ store, query }: OperationContext): Promise<Match | undefined> {
  const catalogId = queryValue(query, 'catalogID') || undefined;
  const categoryId = queryValue(query, 'categoryID') || undefined;
  const supplierId = queryValue(query, 'supplierID') || undefined;
  // Categories are stored under their catalog, so a category ID alone does not name one.
  if (categoryId && !catalogId) {
    throw productError(
      'CategoryFilterRequiresCatalogID',
      'Filtering products on a CategoryID requires a corresponding non-negated CatalogID.',
      { categoryID: categoryId },
    );
  }
  const sets: string[][] = [];
  if (catalogId) {
    await store.require('Catalogs', [], catalogId);
    sets.push(productIdsOf(await store.findAssignments('ProductCatalogAssignment', [], { CatalogID: catalogId })));
  }
  if (catalogId && categoryId) {
    await store.require('Categories', [catalogId], categoryId);
    const links = await store.findAssignments('CategoryProductAssignment', [catalogId], { CategoryID: categoryId });
    sets.push(productIdsOf(links));
  }
  if (supplierId) {
    await store.require('Suppliers', [], supplierId);
    // A supplier sells its own products (DefaultSupplierID) and those it was linked to with SaveSupplier.
    const owned = await store.find('Products', [], { DefaultSupplierID: supplierId });
    const linked = await store.findAssignments(SUPPLIER_LINK, [], { SupplierID: supplierId });
    sets.push([...owned.map((product) => product.id), ...productIdsOf(linked)]);
  }
  return sets.length === 0 ? undefined : { ID: intersection(sets) };
}

async function presentProduct(item: Item, context: Pick<PresentContext, 'store'>): Promise<Item> {
  const [presented] = await presentProducts([item], context);
  return presented as Item;
}

/** Counts for a whole page in two queries (a product list page holds up to 100 products). */
async function presentProducts(items: Item[], { store }: Pick<PresentContext, 'store'>): Promise<Item[]> {
  const ids = items.map((item) => String(item.ID));
  const specs = await store.findAssignments('SpecProductAssignment', [], { ProductID: ids });
  const specCounts = new Map<string, number>();
  for (const assignment of specs)
    specCounts.set(String(assignment.ProductID), (specCounts.get(String(assignment.ProductID)) ?? 0) + 1);
  const variantCounts = await store.countByParent('Variants', ids);
  // Bundles are a resource of their own; a product is never one.
  return items.map((item) => ({
    ...item,
    IsBundle: false,
    SpecCount: specCounts.get(String(item.ID)) ?? 0,
    VariantCount: variantCounts.get(String(item.ID)) ?? 0,
  }));
}

async function listSpecs({ store, params, query, registry }: OperationContext): Promise<unknown> {
  const productId = params.productID as string;
  await store.require('Products', [], productId);
  const listQuery = parseListQuery(query);
  const assigned = await store.findAssignments('SpecProductAssignment', [], { ProductID: productId });
  const specIds = assigned
    .map((assignment) => assignment.SpecID)
    .filter((value): value is string => typeof value === 'string');
  const specs = registry.resource('Specs');
  // Asked even with no specs (the scope then matches nothing), so a bad sort or filter is a 400.
  const page = await store.list(specs, [], listQuery, { ID: specIds });
  return { ...page, Items: await presentItems(specs, page.Items, store) };
}

async function listSuppliers({ store, params, query, registry }: OperationContext): Promise<unknown> {
  const productId = params.productID as string;
  await store.require('Products', [], productId);
  const listQuery = parseListQuery(query);
  const links = await store.findAssignments(SUPPLIER_LINK, [], { ProductID: productId });
  const priceSchedules = new Map(links.map((link) => [String(link.SupplierID), link.DefaultPriceScheduleID ?? null]));
  const suppliers = registry.resource('Suppliers');
  // Asked even with no links (the scope then matches nothing), so a bad sort or filter is a 400.
  const page = await store.list(suppliers, [], listQuery, { ID: [...priceSchedules.keys()] });
  const items = await presentItems(suppliers, page.Items, store);
  return {
    ...page,
    Items: items.map((item) => ({ ...item, DefaultPriceScheduleID: priceSchedules.get(String(item.ID)) ?? null })),
  };
}

async function saveSupplier({ store, params, query }: OperationContext): Promise<unknown> {
  const productId = params.productID as string;
  const supplierId = params.supplierID as string;
  await store.require('Products', [], productId);
  await store.require('Suppliers', [], supplierId);
  const priceScheduleId = queryValue(query, 'defaultPriceScheduleID') || undefined;
  if (priceScheduleId) await store.require('PriceSchedules', [], priceScheduleId);
  const link = { ProductID: productId, SupplierID: supplierId, DefaultPriceScheduleID: priceScheduleId ?? null };
  await store.saveAssignment(SUPPLIER_LINK, [], ['ProductID', 'SupplierID'], link);
  return undefined;
}

async function removeSupplier({ store, params }: OperationContext): Promise<unknown> {
  const productId = params.productID as string;
  await store.require('Products', [], productId);
  await store.deleteAssignments(SUPPLIER_LINK, [], { ProductID: productId, SupplierID: params.supplierID as string });
  return undefined;
}

/** Products, their variants (`Products.ListVariants`, ...) and product assignments. */
export const productResources: readonly ResourceDefinition[] = [
  {
    name: 'Products',
    section: 'ProductsAndCatalogs',
    description:
      'Products are the goods and services sold in the marketplace. Buyers see a product through the catalogs ' +
      'and categories it is assigned to, at the price of its default price schedule or of a product assignment. ' +
      'Specs add choices to a product, and specs that define variants turn it into a family of variants.',
    noun: { singular: 'product', plural: 'products' },
    path: '/products',
    idParam: 'productID',
    model: productModel,
    requiredOnCreate: ['Name'],
    roles: PRODUCT_ROLES,
    searchable: ['ID', 'Name', 'Description'],
    sortable: ['ID', 'Name', 'DateCreated', 'Active', 'OwnerID', 'ParentID'],
    listQuery: [
      { name: 'catalogID', schema: text(), description: 'Only products assigned to this catalog.' },
      {
        name: 'categoryID',
        schema: text(),
        description: 'Only products assigned to this category (not its subcategories); requires catalogID.',
      },
      {
        name: 'supplierID',
        schema: text(),
        description: 'Only products of this supplier: its default supplier, or one allowed to sell it.',
      },
    ],
    references: {
      DefaultPriceScheduleID: { resource: 'PriceSchedules' },
      DefaultSupplierID: { resource: 'Suppliers' },
      ParentID: { resource: 'Products' },
    },
    assignments: [
      buyerPartyAssignment({
        model: productAssignmentModel,
        subject: 'ProductID',
        subjectParam: 'productID',
        subjectReference: { resource: 'Products' },
        path: '/products/assignments',
        deletePath: '/products/{productID}/assignments/{buyerID}',
        roles: {
          read: ['ProductAdmin', 'ProductAssignmentAdmin', 'ProductReader'],
          write: ['ProductAdmin', 'ProductAssignmentAdmin'],
        },
        noun: 'product assignment',
        buyerInPath: true,
        seller: true,
        listUser: true,
        extraListFilters: { priceScheduleID: 'PriceScheduleID' },
        extraReferences: { PriceScheduleID: { resource: 'PriceSchedules' } },
      }),
    ],
    extraOperations: [
      {
        name: 'ListSpecs',
        method: 'GET',
        path: '/products/{productID}/specs',
        roles: ['ProductAdmin', 'ProductReader'],
        summary: 'List the specs assigned to a product.',
        listOf: specModel,
        response: { status: 200 },
        handler: listSpecs,
      },
      {
        name: 'ListSuppliers',
        method: 'GET',
        path: '/products/{productID}/suppliers',
        roles: ['ProductAdmin', 'ProductReader'],
        summary: 'List the suppliers that may sell a product.',
        listOf: productSupplierModel,
        response: { status: 200 },
        handler: listSuppliers,
      },
      {
        name: 'SaveSupplier',
        method: 'PUT',
        path: '/products/{productID}/suppliers/{supplierID}',
        roles: ['ProductAdmin'],
        summary: 'Let a supplier sell a product.',
        query: [
          {
            name: 'defaultPriceScheduleID',
            schema: text(),
            description: 'Price schedule the supplier sells the product at.',
          },
        ],
        response: { status: 204 },
        handler: saveSupplier,
      },
      {
        name: 'RemoveSupplier',
        method: 'DELETE',
        path: '/products/{productID}/suppliers/{supplierID}',
        roles: ['ProductAdmin'],
        summary: 'Stop a supplier from selling a product.',
        response: { status: 204 },
        handler: removeSupplier,
      },
      {
        name: 'GenerateVariants',
        method: 'POST',
        path: '/products/{productID}/variants/generate',
        roles: ['ProductAdmin'],
        summary: 'Generate the variants of a product.',
        description:
          'Creates one variant for every combination of options of the specs assigned to the product that define ' +
          'variants. Existing variants are kept unless overwriteExisting is true, which deletes them all first.',
        query: [{ name: 'overwriteExisting', schema: bool(), description: 'Delete all existing variants first.' }],
        response: { status: 201, schema: model('Product') },
        handler: generateVariants,
      },
    ],
    hooks: {
      listScope: productListScope,
      beforeWrite: withOwnerId(checkProduct),
      beforeDelete: beforeProductDelete,
      present: presentProduct,
      presentPage: presentProducts,
    },
  },
  variantResource,
];
