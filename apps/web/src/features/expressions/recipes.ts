import { isGroup, type QueryGroup, type QueryItem, type QueryRule } from './query-tree';

// RECIPES
// Ready-made queries (spec 2 §5: six approval rule recipes, seven promotion recipes). A recipe's queries hold
// tokens (PRODUCT, PERCENT_DISCOUNT ...) as rule values; applying it asks for the variables ('Enter details
// for recipe'), replaces every token with its value (a percent divided by 100) and fills the builder.

export type RecipeKind = 'promotion' | 'approval';

export interface RecipeVariable {
  readonly token: string;
  readonly label: string;
  /** A number input (amounts, percents, quantities), text (ids), or the marketplace's product or category picker. */
  readonly input: 'number' | 'text' | 'product' | 'category';
  /** Percent values are entered as 20 and used as 0.2. */
  readonly divideBy100?: boolean;
}

export interface Recipe {
  readonly id: string;
  readonly kind: RecipeKind;
  readonly group: string;
  readonly label: string;
  /** Promotion recipes that discount line items set the promotion to line item level. */
  readonly lineItemLevel?: boolean;
  readonly variables: readonly RecipeVariable[];
  readonly eligible?: QueryGroup;
  readonly value?: QueryGroup;
  readonly rule?: QueryGroup;
}

const PRODUCT: RecipeVariable = { token: 'PRODUCT', label: 'Product ID', input: 'product' };
const CATEGORY: RecipeVariable = { token: 'CATEGORY', label: 'Category ID', input: 'category' };
const PERCENT: RecipeVariable = {
  token: 'PERCENT_DISCOUNT',
  label: 'Percent discount',
  input: 'number',
  divideBy100: true,
};
const AMOUNT: RecipeVariable = { token: 'DISCOUNT_AMOUNT', label: 'Discount amount', input: 'number' };

const rule = (field: string, operator: string, value: string): QueryRule => ({ field, operator, value });
const query = (...rules: (QueryItem | string)[]): QueryGroup => ({ rules });
const number = (value: string) => rule('Value.Number', 'value', value);

const productIs = rule('LineItem.Product.ID', '=', 'PRODUCT');
const inCategory = rule('LineItem.Product.Category', '=', 'CATEGORY');
const percentOfLine = query(rule('LineItem.LineSubtotal', '*', 'PERCENT_DISCOUNT'));
const amount = query(number('DISCOUNT_AMOUNT'));
const itemsOf = (operator: QueryGroup['operator'], ...rules: (QueryItem | string)[]): QueryGroup => ({
  operator,
  rules,
});

export const RECIPES: readonly Recipe[] = [
  {
    id: 'percent-off-product',
    kind: 'promotion',
    group: 'Product',
    label: 'X% off product Y',
    lineItemLevel: true,
    variables: [PERCENT, PRODUCT],
    eligible: query(productIs),
    value: percentOfLine,
  },
  {
    id: 'amount-off-product',
    kind: 'promotion',
    group: 'Product',
    label: '$X off product Y',
    lineItemLevel: true,
    variables: [AMOUNT, PRODUCT],
    eligible: query(productIs),
    value: amount,
  },
  {
    id: 'percent-off-category',
    kind: 'promotion',
    group: 'Category',
    label: 'X% off category Y',
    lineItemLevel: true,
    variables: [PERCENT, CATEGORY],
    eligible: query(inCategory),
    value: percentOfLine,
  },
  {
    id: 'amount-off-category',
    kind: 'promotion',
    group: 'Category',
    label: '$X off category Y',
    lineItemLevel: true,
    variables: [AMOUNT, CATEGORY],
    eligible: query(inCategory),
    value: amount,
  },
  {
    id: 'free-shipping',
    kind: 'promotion',
    group: 'Shipping',
    label: 'Free shipping over $X',
    lineItemLevel: false,
    variables: [{ token: 'FREE_SHIPPING_ORDER_MINIMUM', label: 'Order minimum', input: 'number' }],
    eligible: query(rule('Order.Subtotal', '>', 'FREE_SHIPPING_ORDER_MINIMUM')),
    value: query(rule('Order.ShippingCost', 'value', '')),
  },
  {
    // One unit's price off when two or more of the product are ordered.
    id: 'bogo-one',
    kind: 'promotion',
    group: 'BOGO',
    label: 'BOGO limit to 1 free item',
    lineItemLevel: false,
    variables: [PRODUCT],
    eligible: query(itemsOf('items.quantity', productIs), '>', number('1')),
    value: query(itemsOf('items.total', productIs), '/', itemsOf('items.quantity', productIs)),
  },
  {
    // Every second unit of the product's line is free: UnitPrice * (Quantity - Quantity % 2) / 2.
    id: 'bogo-scale',
    kind: 'promotion',
    group: 'BOGO',
    label: 'BOGO scale with quantity',
    lineItemLevel: true,
    variables: [PRODUCT],
    eligible: query(productIs, 'and', rule('LineItem.Quantity', '>', '1')),
    value: query(
      rule('LineItem.UnitPrice', 'value', ''),
      '*',
      query(rule('LineItem.Quantity', 'value', ''), '-', rule('LineItem.Quantity', '%', '2')),
      '/',
      number('2'),
    ),
  },
  {
    id: 'order-approved',
    kind: 'approval',
    group: 'Approval Rule Chaining',
    label: 'Order approved',
    variables: [{ token: 'APPROVALRULE', label: 'Approval rule ID', input: 'text' }],
    rule: query(itemsOf('order.approved', rule('ApprovalRule.ID', '=', 'APPROVALRULE'))),
  },
  {
    id: 'order-return-approved',
    kind: 'approval',
    group: 'Approval Rule Chaining',
    label: 'Order return approved',
    variables: [{ token: 'APPROVALRULE', label: 'Seller approval rule ID', input: 'text' }],
    rule: query(itemsOf('orderReturn.approved', rule('SellerApprovalRule.ID', '=', 'APPROVALRULE'))),
  },
  {
    id: 'order-total-exceeds',
    kind: 'approval',
    group: 'Order',
    label: 'Order total exceeds X',
    variables: [{ token: 'ORDER_TOTAL', label: 'Order total', input: 'number' }],
    rule: query(rule('Order.Total', '>', 'ORDER_TOTAL')),
  },
  {
    id: 'products-in-category',
    kind: 'approval',
    group: 'Category',
    label: 'Products in category X',
    variables: [CATEGORY],
    rule: query(itemsOf('items.any', inCategory)),
  },
  {
    id: 'items-in-cost-center',
    kind: 'approval',
    group: 'Cost Center',
    label: 'Items in cost center X',
    variables: [{ token: 'COSTCENTER', label: 'Cost center ID', input: 'text' }],
    rule: query(itemsOf('items.any', rule('CostCenter.ID', '=', 'COSTCENTER'))),
  },
  {
    id: 'inventory-greater-than',
    kind: 'approval',
    group: 'Inventory',
    label: 'Inventory quantity greater than X',
    variables: [{ token: 'QUANTITY', label: 'Quantity', input: 'number' }],
    rule: query(itemsOf('items.any', rule('LineItem.Product.Inventory.QuantityAvailable', '>', 'QUANTITY'))),
  },
];

export function recipesFor(kind: RecipeKind): Recipe[] {
  return RECIPES.filter((recipe) => recipe.kind === kind);
}

/** What a variable's entered text becomes in the query: percents divided by 100, numbers in canonical form. */
export function variableValue(variable: RecipeVariable, text: string): string {
  if (variable.input !== 'number') return text;
  const entered = Number(text.trim());
  if (text.trim() === '' || !Number.isFinite(entered)) return text;
  // Dividing by 100 in decimal keeps 7% as 0.07 rather than 0.07000000000000001.
  return String(variable.divideBy100 ? Number((entered / 100).toPrecision(12)) : entered);
}

function replaceTokens(group: QueryGroup, values: ReadonlyMap<string, string>): QueryGroup {
  return {
    ...group,
    rules: group.rules.map((entry) => {
      if (typeof entry === 'string') return entry;
      if (isGroup(entry)) return replaceTokens(entry, values);
      const value = typeof entry.value === 'string' ? (values.get(entry.value) ?? entry.value) : entry.value;
      return { ...entry, value };
    }),
  };
}

export interface AppliedRecipe {
  readonly lineItemLevel?: boolean;
  readonly eligible?: QueryGroup;
  readonly value?: QueryGroup;
  readonly rule?: QueryGroup;
}

/** The recipe's queries with every token replaced by its entered value (by token). */
export function applyRecipe(recipe: Recipe, entered: Readonly<Record<string, string>>): AppliedRecipe {
  const values = new Map(
    recipe.variables.map((variable) => [variable.token, variableValue(variable, entered[variable.token] ?? '')]),
  );
  const fill = (group: QueryGroup | undefined) => (group ? replaceTokens(group, values) : undefined);
  return {
    ...(recipe.lineItemLevel === undefined ? {} : { lineItemLevel: recipe.lineItemLevel }),
    ...(recipe.eligible ? { eligible: fill(recipe.eligible) } : {}),
    ...(recipe.value ? { value: fill(recipe.value) } : {}),
    ...(recipe.rule ? { rule: fill(recipe.rule) } : {}),
  };
}
