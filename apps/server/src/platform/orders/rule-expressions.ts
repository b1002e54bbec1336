import {
  evaluateExpression,
  parseExpression,
  validateExpression,
  type ExpressionContext,
  type ExpressionKind,
} from '@portal/expressions';
import type { Item } from '../engine/context.ts';
import { validation } from '../engine/errors.ts';
import type { Store } from '../engine/store.ts';

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
 * The categories of the line items' products in any catalog, for `product.incategory('id')`; read once per
 * evaluation so a rule over many lines costs one query.
 */
export async function productCategories(store: Store, items: readonly Item[]): Promise<Map<string, string[]>> {
  const productIds = [...new Set(items.map((item) => item.ProductID).filter((id) => typeof id === 'string'))];
  const categories = new Map<string, string[]>();
  if (productIds.length === 0) return categories;
  for (const link of await store.findAssignments('CategoryProductAssignment', undefined, { ProductID: productIds })) {
    const productId = String(link.ProductID);
    categories.set(productId, [...(categories.get(productId) ?? []), String(link.CategoryID)]);
  }
  return categories;
}

/**
 * Whether a rule expression holds. An expression that does not parse or fails while running (saved before
 * validation existed, say) never holds, so an unreadable rule cannot block orders.
 */
export function ruleHolds(expression: unknown, subject: RuleSubject, categories: Map<string, string[]>): boolean {
  if (typeof expression !== 'string') return false;
  const parsed = parseExpression(expression);
  if (!parsed.ok) return false;
  const context: ExpressionContext = {
    order: subject.order,
    items: subject.items,
    now: new Date(),
    isApproved: (ruleId) => subject.approvedRuleIds?.has(ruleId) ?? false,
    productCategories: (productId) => categories.get(productId) ?? [],
  };
  try {
    return evaluateExpression(parsed.ast, context) === true;
  } catch {
    return false;
  }
}
