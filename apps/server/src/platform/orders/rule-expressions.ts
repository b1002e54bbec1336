import {
  approvalRuleHolds,
  categoriesWithAncestors as lineageInCatalog,
  validateExpression,
  type ExpressionKind,
  type ProductCategories,
} from '@portal/expressions';
import type { Item } from '../engine/item.ts';
import { validation } from '../engine/errors.ts';
import type { Store } from '../engine/store.ts';

export { usesParentCategories, type ProductCategories } from '@portal/expressions';

/**
 * Refuses a rule expression the rules engine could not run, with the platform's `Expression.*` code, the
 * property and the position of the problem. Blank values pass: required-field checks report those.
 */
export function assertValidExpression(
  property: string,
  text: unknown,
  kind: ExpressionKind,
  options: { lineItemLevel?: boolean } = {},
): void {
  if (typeof text !== 'string' || text.trim() === '') return;
  const [first] = validateExpression(text, kind, options);
  if (first)
    throw validation(`${property}: ${first.message}`, { Property: property, Position: first.position }, first.code);
}

/** What the expressions of one order's rules look at. */
export interface RuleSubject {
  /** The order, as `order`. */
  order: Item;
  /** Its line items, as `items`. */
  items: readonly Item[];
  /** Rule ids already approved on this order, for `order.approved('ruleID')`. */
  approvedRuleIds?: ReadonlySet<string>;
}

/**
 * The categories of the line items' products; read once per evaluation so a rule over many lines costs
 * one query, and the ancestry (a few more) only when `ancestors` is asked for.
 */
export async function productCategories(
  store: Store,
  items: readonly Item[],
  options: { ancestors?: boolean } = {},
): Promise<ProductCategories> {
  const productIds = [...new Set(items.map((item) => item.ProductID).filter((id) => typeof id === 'string'))];
  const direct = new Map<string, string[]>();
  const categories: ProductCategories = { direct, withAncestors: new Map() };
  if (productIds.length === 0) return categories;
  for (const link of await store.findAssignments('CategoryProductAssignment', undefined, { ProductID: productIds })) {
    const productId = String(link.ProductID);
    direct.set(productId, [...(direct.get(productId) ?? []), String(link.CategoryID)]);
  }
  if (options.ancestors !== true || direct.size === 0) return categories;
  return { direct, withAncestors: await categoriesWithAncestors(store, productIds, direct) };
}

/**
 * Each product's categories and all their ancestors. Category ids are unique only within a catalog, so
 * the links are read again per catalog that holds one of the linked categories, and each catalog's tree
 * is walked up from its own links, one query per level.
 */
async function categoriesWithAncestors(
  store: Store,
  productIds: readonly string[],
  direct: ReadonlyMap<string, readonly string[]>,
): Promise<Map<string, string[]>> {
  const linkedIds = [...new Set([...direct.values()].flat())];
  const catalogIds = new Set(
    (await store.find('Categories', undefined, { ID: linkedIds })).map((category) => category.parents[0] ?? ''),
  );
  const found = new Map<string, Set<string>>();
  for (const catalogId of catalogIds) {
    const links = new Map<string, string[]>();
    for (const link of await store.findAssignments('CategoryProductAssignment', [catalogId], {
      ProductID: productIds,
    })) {
      const productId = String(link.ProductID);
      links.set(productId, [...(links.get(productId) ?? []), String(link.CategoryID)]);
    }
    const parentOf = await categoryParents(store, catalogId, [...links.values()].flat());
    for (const [productId, lineage] of lineageInCatalog(links, parentOf)) {
      found.set(productId, new Set([...(found.get(productId) ?? []), ...lineage]));
    }
  }
  return new Map([...found].map(([productId, ids]) => [productId, [...ids]]));
}

/** The parent of each of the categories and of all their ancestors in one catalog (null at the top). */
async function categoryParents(
  store: Store,
  catalogId: string,
  categoryIds: readonly string[],
): Promise<Map<string, string | null>> {
  const parentOf = new Map<string, string | null>();
  let level = [...new Set(categoryIds)];
  while (level.length > 0) {
    const next = new Set<string>();
    for (const { id, item } of await store.find('Categories', [catalogId], { ID: level })) {
      // An empty ParentID means top level, like a missing one.
      const parent = typeof item.ParentID === 'string' && item.ParentID !== '' ? item.ParentID : null;
      parentOf.set(id, parent);
      if (parent !== null) next.add(parent);
    }
    for (const id of level) if (!parentOf.has(id)) parentOf.set(id, null);
    level = [...next].filter((id) => !parentOf.has(id));
  }
  return parentOf;
}

/**
 * Whether an approval rule holds (the expressions package's rule, which the portal's preview shares). An
 * expression that does not parse or fails while running (saved before validation existed, say) never holds, so
 * an unreadable rule cannot block orders.
 */
export function ruleHolds(expression: unknown, subject: RuleSubject, categories: ProductCategories): boolean {
  return approvalRuleHolds(expression, { ...subject, categories, now: new Date() });
}
