import {
  evaluateBoolean,
  evaluateExpression,
  evaluateNumber,
  parseExpression,
  type ExpressionContext,
} from '@portal/expressions';

// LIVE PREVIEW (evaluation)
// What the platform would make of the expressions on one order, computed in the browser with the same language
// package: whether a promotion's Eligible expression holds and what its Value gives (per eligible line for a
// line-item-level promotion, capped at the line or order subtotal, in cents), or whether an approval rule
// would require approval. The wrappers mirror the platform's (apps/server/src/platform/orders): a rule that
// does not read or fails while running never holds, and a failed value gives nothing.
// preview-evaluate.test.ts checks they agree with the platform's own functions.

type Item = Record<string, unknown>;

export interface PreviewSubject {
  readonly order: Item;
  readonly items: readonly Item[];
  /** Categories each product is assigned to directly, by product ID. */
  readonly categories: ReadonlyMap<string, readonly string[]>;
  /** Those and every ancestor of them in their catalog, for inparentcategory (without it: the direct ones). */
  readonly categoriesWithAncestors?: ReadonlyMap<string, readonly string[]>;
  readonly now: Date;
}

/**
 * Each product's categories in one catalog and all their ancestors, from the catalog's product links (category
 * IDs by product ID) and the parent of each of its categories; as the platform's categoriesWithAncestors.
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

export interface PromotionPreview {
  readonly eligible: boolean;
  /** The discount, in the order's currency; 0 when not eligible. */
  readonly amount: number;
  /** Line-item-level promotions: the line items that qualify. */
  readonly eligibleLineIds: readonly string[];
}

const num = (value: unknown): number => (typeof value === 'number' && Number.isFinite(value) ? value : 0);
const roundMoney = (value: number) => Math.round(value * 10_000) / 10_000;
const roundCents = (value: number) => Math.round(roundMoney(value) * 100) / 100;

function contextOf(subject: PreviewSubject, item?: Item): ExpressionContext {
  return {
    order: subject.order,
    items: subject.items,
    ...(item ? { item } : {}),
    now: subject.now,
    productCategories: (productId) => subject.categories.get(productId) ?? [],
    productCategoriesWithAncestors: (productId) =>
      subject.categoriesWithAncestors?.get(productId) ?? subject.categories.get(productId) ?? [],
  };
}

function holds(expression: string, context: ExpressionContext): boolean {
  if (expression.trim() === '') return false;
  try {
    return evaluateBoolean(expression, context);
  } catch {
    return false;
  }
}

function amountOf(expression: string, context: ExpressionContext, cap: number): number {
  if (expression.trim() === '') return 0;
  try {
    const value = evaluateNumber(expression, context);
    return Number.isFinite(value) ? roundCents(Math.min(Math.max(value, 0), Math.max(cap, 0))) : 0;
  } catch {
    return 0;
  }
}

/** A line-item-level promotion's limits, from its form (ItemLimitPerOrder, QuantityLimitPerOrder, ItemSortBy). */
export interface LineLimits {
  readonly itemLimit?: number | null;
  readonly quantityLimit?: number | null;
  readonly sortBy?: string | null;
}

function fieldAt(item: Item, path: string): unknown {
  let value: unknown = item;
  for (const part of path.split('.')) {
    if (value === null || typeof value !== 'object') return undefined;
    value = (value as Item)[part];
  }
  return value;
}

/** Lines in ItemSortBy order (`!` first for descending, several keys by commas; lines without a value last). */
function sortLines(lines: readonly Item[], sortBy: string | null | undefined): Item[] {
  if (!sortBy || sortBy.trim() === '') return [...lines];
  const keys = sortBy
    .split(',')
    .map((key) => key.trim())
    .filter((key) => key !== '')
    .map((key) => (key.startsWith('!') ? { path: key.slice(1), sign: -1 } : { path: key, sign: 1 }));
  const compare = (a: Item, b: Item): number => {
    for (const { path, sign } of keys) {
      const left = fieldAt(a, path);
      const right = fieldAt(b, path);
      if (left === right) continue;
      if (left === undefined || left === null) return 1;
      if (right === undefined || right === null) return -1;
      const order =
        typeof left === 'number' && typeof right === 'number'
          ? left - right
          : String(left).localeCompare(String(right));
      if (order !== 0) return order * sign;
    }
    return 0;
  };
  return [...lines].sort(compare);
}

/** Each qualifying line's discount, in ItemSortBy order within the item and quantity limits. */
function lineLevelAmount(value: string, lines: readonly Item[], subject: PreviewSubject, limits: LineLimits): number {
  let unitsLeft = limits.quantityLimit ?? Infinity;
  let amount = 0;
  for (const line of sortLines(lines, limits.sortBy).slice(0, limits.itemLimit ?? Infinity)) {
    if (unitsLeft <= 0) break;
    const quantity = num(line.Quantity);
    const counted = Math.min(quantity, unitsLeft);
    unitsLeft -= counted;
    // A line partly within the quantity limit is valued as if it had only the units left.
    const valued =
      counted === quantity
        ? line
        : { ...line, Quantity: counted, LineSubtotal: roundMoney(num(line.UnitPrice) * counted) };
    amount += amountOf(value, contextOf(subject, valued), num(line.LineSubtotal));
  }
  return roundCents(amount);
}

/**
 * The order as the platform's promotion rules see it: before any promotion discount (its `undiscounted`), so
 * that a rule on order.Total does not depend on the discounts already given. Approval rules see the order as is.
 */
function undiscounted(order: Item): Item {
  const total = roundMoney(
    num(order.Subtotal) + num(order.ShippingCost) + num(order.TaxCost) + num(order.Gratuity) + num(order.Fees),
  );
  return { ...order, PromotionDiscount: 0, Total: Math.max(total, 0) };
}

/** A promotion alone on the order (no other promotion has taken part of the subtotal). */
export function previewPromotion(
  expressions: { eligible: string; value: string; lineItemLevel: boolean; limits?: LineLimits },
  given: PreviewSubject,
): PromotionPreview {
  const subject = { ...given, order: undiscounted(given.order) };
  if (!expressions.lineItemLevel) {
    const context = contextOf(subject);
    if (!holds(expressions.eligible, context)) return { eligible: false, amount: 0, eligibleLineIds: [] };
    return {
      eligible: true,
      amount: amountOf(expressions.value, context, num(subject.order.Subtotal)),
      eligibleLineIds: [],
    };
  }
  const lines = subject.items.filter((line) => holds(expressions.eligible, contextOf(subject, line)));
  return {
    eligible: lines.length > 0,
    amount: lineLevelAmount(expressions.value, lines, subject, expressions.limits ?? {}),
    eligibleLineIds: lines.map((line) => String(line.ID)),
  };
}

/** Whether an approval rule would hold on submit, so the order would wait for approval (no rule approved yet). */
export function previewApproval(rule: string, subject: PreviewSubject): boolean {
  const parsed = parseExpression(rule);
  if (!parsed.ok) return false;
  try {
    // Only the value true holds here (the text 'true' does not), as on the platform's submit.
    return evaluateExpression(parsed.ast, { ...contextOf(subject), isApproved: () => false }) === true;
  } catch {
    return false;
  }
}
