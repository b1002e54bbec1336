import type { Item } from '../engine/item.ts';
import { notFound, validation } from '../engine/errors.ts';
import { parseListQuery, type ListPage } from '../engine/list-query.ts';
import type { Match, Store } from '../engine/store.ts';
import { catalogResources } from './catalogs.ts';
import { presentItems, queryValue } from './catalog-rules.ts';
import {
  assignmentParents,
  buyerCaller,
  declaredAssignment,
  declaredResource,
  listByIds,
  reachingAssignments,
  nothingVisible,
  uniqueIds,
  type BuyerCaller,
} from './me-access.ts';
import { buyerProductModel, shapeAs } from './me-models.ts';
import { productResources } from './products.ts';
import { assignmentKind, type AssignmentDefinition, type OperationContext } from './types.ts';

/**
 * What a buyer user may see of the catalogs: catalogs assigned to their buyer, the categories
 * of those catalogs shown to them, and the products they may buy. Everything is computed as id
 * sets from exact-match assignment queries, then listed with the resource's own list (filters,
 * search, sort and paging as on the admin lists) narrowed to those ids.
 */

const catalogAssignments = declaredAssignment(catalogResources, 'Catalogs', 'CatalogAssignment');
const productCatalogAssignments = declaredAssignment(catalogResources, 'Catalogs', 'ProductCatalogAssignment');
const categoryAssignments = declaredAssignment(catalogResources, 'Categories', 'CategoryAssignment');
const categoryProductAssignments = declaredAssignment(catalogResources, 'Categories', 'CategoryProductAssignment');
const productAssignments = declaredAssignment(productResources, 'Products', 'ProductAssignment');

/** Models listed by the Me catalog operations (the catalog resources do not export them). */
export const catalogModel = declaredResource(catalogResources, 'Catalogs').model;
export const categoryModel = declaredResource(catalogResources, 'Categories').model;

type Handler = (context: OperationContext) => Promise<unknown>;

/** Assignments of a catalog definition; `catalogID` fills the parents of those stored under a catalog. */
function find(store: Store, definition: AssignmentDefinition, catalogID: string, match: Match): Promise<Item[]> {
  return store.findAssignments(assignmentKind(definition), assignmentParents(definition, { catalogID }), match);
}

/** The buyer's catalog assignments by catalog id, leaving out inactive catalogs (they show nothing). */
async function visibleCatalogs(store: Store, caller: BuyerCaller, catalogId?: string): Promise<Map<string, Item>> {
  const match = { BuyerID: caller.buyerId, ...(catalogId ? { CatalogID: catalogId } : {}) };
  const assigned = await find(store, catalogAssignments, '', match);
  const ids = uniqueIds(assigned.map((assignment) => assignment.CatalogID));
  if (ids.length === 0) return new Map();
  const inactive = new Set((await store.find('Catalogs', [], { ID: ids, Active: false })).map((found) => found.id));
  return new Map(
    assigned
      .filter((assignment) => !inactive.has(String(assignment.CatalogID)))
      .map((assignment) => [String(assignment.CatalogID), assignment]),
  );
}

interface CategoryView {
  /** Categories the user sees: shown to them and neither inactive nor under an inactive one. */
  visible: Set<string>;
  /** Level in the tree, 1 for top-level categories. */
  level: Map<string, number>;
  children: Map<string, string[]>;
}

/**
 * The categories of one catalog as the user sees them. A category assignment to the buyer or one
 * of the user's groups shows (or, with Visible false, hides) a category and, unless they say
 * otherwise, the categories under it; categories without one inherit from their parent, and
 * top-level ones from the catalog assignment's ViewAllCategories.
 */
async function categoryView(
  store: Store,
  caller: BuyerCaller,
  catalogId: string,
  catalog: Item,
): Promise<CategoryView> {
  const categories = new Map((await store.find('Categories', [catalogId])).map((found) => [found.id, found.item]));
  const assignments = await reachingAssignments(
    store,
    categoryAssignments,
    { catalogID: catalogId },
    { BuyerID: caller.buyerId },
    caller,
  );
  const explicit = new Map<string, boolean>();
  for (const assignment of assignments) {
    const id = String(assignment.CategoryID);
    explicit.set(id, explicit.get(id) === true || assignment.Visible !== false);
  }
  const nodes = new Map<string, { shown: boolean; active: boolean; level: number }>();
  const resolve = (id: string, visiting: Set<string>): { shown: boolean; active: boolean; level: number } => {
    const known = nodes.get(id);
    if (known) return known;
    const item = categories.get(id) ?? {};
    const parentId = typeof item.ParentID === 'string' ? item.ParentID : undefined;
    visiting.add(id);
    // A missing parent, or bad data forming a cycle, makes the category a top-level one.
    const parent =
      parentId && categories.has(parentId) && !visiting.has(parentId) ? resolve(parentId, visiting) : undefined;
    const node = {
      shown: explicit.get(id) ?? parent?.shown ?? catalog.ViewAllCategories === true,
      active: item.Active !== false && (parent?.active ?? true),
      level: (parent?.level ?? 0) + 1,
    };
    nodes.set(id, node);
    return node;
  };
  const view: CategoryView = { visible: new Set(), level: new Map(), children: new Map() };
  for (const [id, item] of categories) {
    const node = resolve(id, new Set());
    if (node.shown && node.active) view.visible.add(id);
    view.level.set(id, node.level);
    if (typeof item.ParentID === 'string')
      view.children.set(item.ParentID, [...(view.children.get(item.ParentID) ?? []), id]);
  }
  return view;
}

/** `depth`: a whole number of 1 or more, or `all` (Infinity). */
function depthParam(context: OperationContext, fallback: string): number {
  const raw = queryValue(context.query, 'depth') || fallback;
  if (raw.toLowerCase() === 'all') return Number.POSITIVE_INFINITY;
  const depth = Number(raw);
  if (!Number.isInteger(depth) || depth < 1) {
    throw validation('depth must be a whole number of 1 or more, or all.', { depth: raw }, 'Category.InvalidDepth');
  }
  return depth;
}

/** A visible category and the visible ones under it, down to `depth` levels (1 = the category alone). */
function subtree(view: CategoryView, rootId: string, depth: number): string[] {
  const found: string[] = [];
  let level = [rootId];
  for (let current = 1; level.length > 0 && current <= depth; current += 1) {
    found.push(...level);
    level = level.flatMap((id) => view.children.get(id) ?? []).filter((id) => view.visible.has(id));
  }
  return found;
}

/**
 * Ids of the products the buyer user may buy (active or not; lists add `Active: true`): products
 * assigned to their buyer or one of their groups, and products of their visible catalogs, all of
 * them with ViewAllProducts, else those in a category shown to the user. `catalogId` keeps the
 * products of that catalog only; `productId` asks about one product, keeping every query small.
 */
export async function visibleProductIds(
  store: Store,
  caller: BuyerCaller,
  options: { catalogId?: string; productId?: string } = {},
): Promise<Set<string>> {
  const only: Match = options.productId ? { ProductID: options.productId } : {};
  const catalogs = await visibleCatalogs(store, caller, options.catalogId);
  if (options.catalogId && !catalogs.has(options.catalogId)) throw notFound('Catalog', options.catalogId);
  const inCatalog = async (catalogId: string, productIds?: string[]) =>
    uniqueIds(
      (
        await find(store, productCatalogAssignments, '', {
          CatalogID: catalogId,
          ...(productIds ? { ProductID: productIds } : only),
        })
      ).map((link) => link.ProductID),
    );
  const visible = new Set<string>();
  const direct = uniqueIds(
    (await reachingAssignments(store, productAssignments, {}, { BuyerID: caller.buyerId, ...only }, caller)).map(
      (assignment) => assignment.ProductID,
    ),
  );
  if (!options.catalogId) direct.forEach((id) => visible.add(id));
  else if (direct.length > 0) (await inCatalog(options.catalogId, direct)).forEach((id) => visible.add(id));
  for (const [catalogId, assignment] of catalogs) {
    if (assignment.ViewAllProducts === true) {
      (await inCatalog(catalogId)).forEach((id) => visible.add(id));
      continue;
    }
    const view = await categoryView(store, caller, catalogId, assignment);
    if (view.visible.size === 0) continue;
    const links = await find(store, categoryProductAssignments, catalogId, { CategoryID: [...view.visible], ...only });
    const categorized = uniqueIds(links.map((link) => link.ProductID));
    // A category only lists products of its own catalog.
    if (categorized.length > 0) (await inCatalog(catalogId, categorized)).forEach((id) => visible.add(id));
  }
  return visible;
}

/** Ids of the products in a visible category (and the visible ones under it, to `depth`), in any visible catalog. */
async function productsInCategory(
  store: Store,
  caller: BuyerCaller,
  categoryId: string,
  catalogId: string | undefined,
  depth: number,
): Promise<Set<string>> {
  const catalogs = await visibleCatalogs(store, caller, catalogId);
  const products = new Set<string>();
  let found = false;
  for (const [id, assignment] of catalogs) {
    if (!(await store.get('Categories', [id], categoryId))) continue;
    const view = await categoryView(store, caller, id, assignment);
    if (!view.visible.has(categoryId)) continue;
    found = true;
    const links = await find(store, categoryProductAssignments, id, { CategoryID: subtree(view, categoryId, depth) });
    links.forEach((link) => typeof link.ProductID === 'string' && products.add(link.ProductID));
  }
  if (!found) throw notFound('Category', categoryId);
  return products;
}

/**
 * BuyerProducts: products with the price schedule that applies to the user, the one of a
 * product assignment to one of their groups, else to their buyer, else the product's default.
 */
async function asBuyerProducts(context: OperationContext, caller: BuyerCaller, items: Item[]): Promise<Item[]> {
  if (items.length === 0) return [];
  const { store, registry } = context;
  const match = { BuyerID: caller.buyerId, ProductID: items.map((item) => String(item.ID)) };
  // reachingAssignments answers group assignments before buyer-wide ones, so the first one wins.
  const chosen = new Map<string, string>();
  for (const assignment of await reachingAssignments(store, productAssignments, {}, match, caller)) {
    const productId = String(assignment.ProductID);
    if (typeof assignment.PriceScheduleID === 'string' && !chosen.has(productId))
      chosen.set(productId, assignment.PriceScheduleID);
  }
  const scheduleOf = (item: Item) =>
    chosen.get(String(item.ID)) ?? (typeof item.DefaultPriceScheduleID === 'string' ? item.DefaultPriceScheduleID : '');
  const scheduleIds = uniqueIds(items.map(scheduleOf));
  const stored = scheduleIds.length > 0 ? await store.find('PriceSchedules', [], { ID: scheduleIds }) : [];
  const schedules = await presentItems(
    registry.resource('PriceSchedules'),
    stored.map((found) => found.item),
    store,
  );
  const byId = new Map(schedules.map((schedule) => [String(schedule.ID), schedule]));
  return items.map((item) =>
    shapeAs(buyerProductModel, { ...item, PriceSchedule: byId.get(scheduleOf(item)) ?? null }),
  );
}

/** `Me.ListProducts`: active products the user may buy, narrowed by `catalogID` and `categoryID`. */
export const listMyProducts: Handler = async (context) => {
  const query = parseListQuery(context.query, ['catalogID', 'categoryID', 'depth']);
  const caller = await buyerCaller(context);
  if (!caller) return nothingVisible(context, 'Products', query);
  const catalogId = queryValue(context.query, 'catalogID') || undefined;
  const categoryId = queryValue(context.query, 'categoryID') || undefined;
  let ids = await visibleProductIds(context.store, caller, catalogId ? { catalogId } : {});
  if (categoryId) {
    const inCategory = await productsInCategory(
      context.store,
      caller,
      categoryId,
      catalogId,
      depthParam(context, 'all'),
    );
    ids = new Set([...ids].filter((id) => inCategory.has(id)));
  }
  const products = context.registry.resource('Products');
  const page: ListPage = await listByIds(context, products, [], ids, query, { Active: true });
  return { ...page, Items: await asBuyerProducts(context, caller, page.Items) };
};

/**
 * The product of `productID` when the user may buy it (active and visible; in `catalogID` when the
 * call names one), with the caller; 404 Product otherwise. Me calls about a product's parts use it too.
 */
export async function requireMyProduct(context: OperationContext): Promise<{ caller: BuyerCaller; product: Item }> {
  const productId = context.params.productID ?? '';
  const catalogId = queryValue(context.query, 'catalogID') || undefined;
  const caller = await buyerCaller(context);
  const product = caller ? await context.store.get('Products', [], productId) : undefined;
  if (
    !caller ||
    !product ||
    product.Active !== true ||
    !(await visibleProductIds(context.store, caller, { productId, ...(catalogId ? { catalogId } : {}) })).has(productId)
  ) {
    throw notFound('Product', productId);
  }
  return { caller, product };
}

/** `Me.GetProduct`: one product the user may buy; 404 otherwise. */
export const getMyProduct: Handler = async (context) => {
  const { caller, product } = await requireMyProduct(context);
  const [presented] = await presentItems(context.registry.resource('Products'), [product], context.store);
  return (await asBuyerProducts(context, caller, [presented ?? product]))[0];
};

/** `Me.ListCatalogs`: the active catalogs assigned to the user's buyer. */
export const listMyCatalogs: Handler = async (context) => {
  const query = parseListQuery(context.query);
  const caller = await buyerCaller(context);
  if (!caller) return nothingVisible(context, 'Catalogs', query);
  const ids = (await visibleCatalogs(context.store, caller)).keys();
  return listByIds(context, context.registry.resource('Catalogs'), [], ids, query);
};

/** `Me.GetCatalog`. */
export const getMyCatalog: Handler = async (context) => {
  const catalogId = context.params.catalogID ?? '';
  const caller = await buyerCaller(context);
  const item =
    caller && (await visibleCatalogs(context.store, caller, catalogId)).has(catalogId)
      ? await context.store.get('Catalogs', [], catalogId)
      : undefined;
  if (!item) throw notFound('Catalog', catalogId);
  return (await presentItems(context.registry.resource('Catalogs'), [item], context.store))[0];
};

/**
 * The catalog a category call is about: `catalogID` when given (404 unless visible), else the
 * buyer's default catalog when visible, else the only visible catalog; undefined when there is none.
 */
async function categoryCatalog(context: OperationContext, caller: BuyerCaller): Promise<[string, Item] | undefined> {
  const catalogs = await visibleCatalogs(context.store, caller);
  const pick = (id: string): [string, Item] | undefined => {
    const assignment = catalogs.get(id);
    return assignment ? [id, assignment] : undefined;
  };
  const given = queryValue(context.query, 'catalogID') || undefined;
  if (given) {
    const found = pick(given);
    if (!found) throw notFound('Catalog', given);
    return found;
  }
  const buyer = await context.store.get('Buyers', [], caller.buyerId);
  const defaultCatalog = typeof buyer?.DefaultCatalogID === 'string' ? pick(buyer.DefaultCatalogID) : undefined;
  if (defaultCatalog) return defaultCatalog;
  if (catalogs.size > 1) {
    throw validation('catalogID is required: the buyer sees several catalogs and no default one.', {
      Property: 'catalogID',
    });
  }
  const [only] = catalogs.keys();
  return only === undefined ? undefined : pick(only);
}

/** `Me.ListCategories`: categories of one catalog shown to the user, to `depth` (default 1) levels. */
export const listMyCategories: Handler = async (context) => {
  const query = parseListQuery(context.query, ['depth', 'catalogID', 'productID']);
  const caller = await buyerCaller(context);
  const catalog = caller ? await categoryCatalog(context, caller) : undefined;
  if (!caller || !catalog) return nothingVisible(context, 'Categories', query);
  const [catalogId, assignment] = catalog;
  const depth = depthParam(context, '1');
  const view = await categoryView(context.store, caller, catalogId, assignment);
  let ids = [...view.visible].filter((id) => (view.level.get(id) ?? 1) <= depth);
  const productId = queryValue(context.query, 'productID');
  if (productId && ids.length > 0) {
    const links = await find(context.store, categoryProductAssignments, catalogId, {
      ProductID: productId,
      CategoryID: ids,
    });
    ids = uniqueIds(links.map((link) => link.CategoryID));
  }
  return listByIds(context, context.registry.resource('Categories'), [catalogId], ids, query);
};

/** `Me.GetCategory`. */
export const getMyCategory: Handler = async (context) => {
  const categoryId = context.params.categoryID ?? '';
  const caller = await buyerCaller(context);
  const catalog = caller ? await categoryCatalog(context, caller) : undefined;
  if (!caller || !catalog) throw notFound('Category', categoryId);
  const [catalogId, assignment] = catalog;
  const view = await categoryView(context.store, caller, catalogId, assignment);
  const item = view.visible.has(categoryId)
    ? await context.store.get('Categories', [catalogId], categoryId)
    : undefined;
  if (!item) throw notFound('Category', categoryId);
  return (await presentItems(context.registry.resource('Categories'), [item], context.store, [catalogId]))[0];
};
