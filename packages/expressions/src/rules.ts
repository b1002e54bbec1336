import { evaluateExpression, type ExpressionContext } from './evaluate.ts';
import { parseExpression } from './parser.ts';
import { isTrue, type ExpressionValue } from './values.ts';

// RULES ON AN ORDER
// How the platform runs its rule expressions on one order, for the server (promotions, approval rules on submit)
// and for the web app's live preview alike: what the expressions see, which values hold, and the platform's
// rounding of money. One implementation, so the preview cannot drift from the platform.

type Item = Record<string, unknown>;

/** The categories of an order's products, for `product.incategory('id')` and `product.inparentcategory('id')`. */
export interface ProductCategories {
  /** Categories each product is assigned to directly, in any catalog, by product ID. */
  readonly direct: ReadonlyMap<string, readonly string[]>;
  /**
   * Those and every ancestor of them in their catalog. Reading them costs more, so it may be left empty when no
   * rule uses `inparentcategory`; a product without an entry here falls back to its direct categories.
   */
  readonly withAncestors?: ReadonlyMap<string, readonly string[]>;
}

/** What the rules of one order look at. */
export interface RuleSubject {
  /** The order, as `order`. */
  readonly order: Item;
  /** Its line items, as `items`. */
  readonly items: readonly Item[];
  readonly categories: ProductCategories;
  /** The clock for `now()`. */
  readonly now: Date;
  /** Approval rules already approved on this order, for `order.approved('ruleID')`. */
  readonly approvedRuleIds?: ReadonlySet<string>;
}

/**
 * Which results hold. Promotions accept `true` and the text 'true' (as `evaluateBoolean` does); approval rules on
 * submit accept only the value true, so an xp text 'true' alone never requires approval.
 */
export type Truth = 'true-or-text' | 'true-only';

/** The evaluation context of a subject, at the top of the order or on one of its line items (`item`). */
export function ruleContext(subject: RuleSubject, item?: Item): ExpressionContext {
  const { direct, withAncestors } = subject.categories;
  return {
    order: subject.order,
    items: subject.items,
    ...(item ? { item } : {}),
    now: subject.now,
    isApproved: (ruleId) => subject.approvedRuleIds?.has(ruleId) ?? false,
    productCategories: (productId) => direct.get(productId) ?? [],
    productCategoriesWithAncestors: (productId) => withAncestors?.get(productId) ?? direct.get(productId) ?? [],
  };
}

/** Whether a result holds under `truth`. */
export function resultHolds(value: ExpressionValue, truth: Truth): boolean {
  return truth === 'true-only' ? value === true : isTrue(value);
}

/**
 * Whether a condition holds. One that is blank, does not parse or fails while running (saved before validation
 * existed, say) never holds: a broken promotion gives nothing and an unreadable rule cannot block orders.
 */
export function conditionHolds(expression: unknown, context: ExpressionContext, truth: Truth): boolean {
  if (typeof expression !== 'string' || expression.trim() === '') return false;
  const parsed = parseExpression(expression);
  if (!parsed.ok) return false;
  try {
    return resultHolds(evaluateExpression(parsed.ast, context), truth);
  } catch {
    return false;
  }
}

/** Whether an approval rule holds on the order, so that it would wait for that rule's approval. */
export function approvalRuleHolds(expression: unknown, subject: RuleSubject): boolean {
  return conditionHolds(expression, ruleContext(subject), 'true-only');
}

/** Whether any of the expressions uses `inparentcategory`, so that category ancestry must be read. */
export function usesParentCategories(...expressions: readonly unknown[]): boolean {
  return expressions.some((text) => typeof text === 'string' && /inparentcategory\s*\(/i.test(text));
}

/**
 * Each product's categories in one catalog and all their ancestors, from the catalog's product links (category
 * IDs by product ID) and the parent of each of its categories (null at the top). Category IDs are unique only
 * within a catalog, so callers walk each catalog with its own links and merge.
 */
export function categoriesWithAncestors(
  links: ReadonlyMap<string, readonly string[]>,
  parentOf: ReadonlyMap<string, string | null>,
): Map<string, string[]> {
  const found = new Map<string, string[]>();
  for (const [productId, categoryIds] of links) {
    const lineage = new Set<string>();
    for (const categoryId of categoryIds) {
      // `lineage` also stops the walk should bad data hold a cycle.
      for (let id: string | null | undefined = categoryId; id && !lineage.has(id); id = parentOf.get(id)) {
        lineage.add(id);
      }
    }
    found.set(productId, [...lineage]);
  }
  return found;
}

/** Amounts of money to 4 decimals, as the platform stores them. */
export const roundMoney = (value: number): number => Math.round(value * 10_000) / 10_000;

/** Money to whole cents, as discounts are given. */
export const roundCents = (value: number): number => Math.round(roundMoney(value) * 100) / 100;

/** A finite number, else 0 (a missing amount adds nothing). */
export const amountOf = (value: unknown): number => (typeof value === 'number' && Number.isFinite(value) ? value : 0);

/**
 * The order as promotion rules see it: before any promotion discount, so that a rule on `order.Total` does not
 * depend on the discounts it gives (Total = Subtotal + ShippingCost + TaxCost + Gratuity + Fees, never below 0).
 * Approval rules see the order as it stands.
 */
export function undiscountedOrder(order: Item): Item {
  const total = roundMoney(
    amountOf(order.Subtotal) +
      amountOf(order.ShippingCost) +
      amountOf(order.TaxCost) +
      amountOf(order.Gratuity) +
      amountOf(order.Fees),
  );
  return { ...order, PromotionDiscount: 0, Total: Math.max(total, 0) };
}
