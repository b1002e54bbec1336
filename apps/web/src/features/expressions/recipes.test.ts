import { validateExpression } from '@portal/expressions';
import { describe, expect, it } from 'vitest';
import { fromExpression } from './from-expression';
import { withoutIds, type QueryGroup } from './query-tree';
import { applyRecipe, RECIPES, recipesFor, variableValue } from './recipes';
import { realExpressionFields } from './test-fields';
import { toExpression } from './to-expression';
import { isQueryValid, validateQuery } from './validate-query';

const fields = realExpressionFields();

const ENTERED: Record<string, string> = {
  PRODUCT: 'shirt1',
  CATEGORY: 'tents',
  PERCENT_DISCOUNT: '20',
  DISCOUNT_AMOUNT: '5',
  FREE_SHIPPING_ORDER_MINIMUM: '100',
  APPROVALRULE: 'rule1',
  ORDER_TOTAL: '1000',
  COSTCENTER: 'ABC',
  QUANTITY: '3',
};

/** Every recipe with the values above: the expressions it fills in (spec 2 §5 recipes). */
const EXPECTED: Record<string, { eligible?: string; value?: string; rule?: string }> = {
  'percent-off-product': { eligible: "item.Product.ID = 'shirt1'", value: 'item.LineSubtotal * 0.2' },
  'amount-off-product': { eligible: "item.Product.ID = 'shirt1'", value: '5' },
  'percent-off-category': { eligible: "item.Product.incategory('tents')", value: 'item.LineSubtotal * 0.2' },
  'amount-off-category': { eligible: "item.Product.incategory('tents')", value: '5' },
  'free-shipping': { eligible: 'order.Subtotal > 100', value: 'order.ShippingCost' },
  'bogo-one': {
    eligible: "items.quantity(Product.ID = 'shirt1') > 1",
    value: "items.total(Product.ID = 'shirt1') / items.quantity(Product.ID = 'shirt1')",
  },
  'bogo-scale': {
    eligible: "item.Product.ID = 'shirt1' and item.Quantity > 1",
    value: 'item.UnitPrice * (item.Quantity - item.Quantity % 2) / 2',
  },
  'order-approved': { rule: "order.approved('rule1')" },
  'order-return-approved': { rule: "orderReturn.approved('rule1')" },
  'order-total-exceeds': { rule: 'order.Total > 1000' },
  'products-in-category': { rule: "items.any(Product.incategory('tents'))" },
  'items-in-cost-center': { rule: "items.any(CostCenter = 'ABC')" },
  'inventory-greater-than': { rule: 'items.any(Product.Inventory.QuantityAvailable > 3)' },
};

describe('recipes', () => {
  it('has the six approval and seven promotion recipes of the spec', () => {
    expect(recipesFor('approval').map((recipe) => recipe.label)).toEqual([
      'Order approved',
      'Order return approved',
      'Order total exceeds X',
      'Products in category X',
      'Items in cost center X',
      'Inventory quantity greater than X',
    ]);
    expect(recipesFor('promotion').map((recipe) => recipe.label)).toEqual([
      'X% off product Y',
      '$X off product Y',
      'X% off category Y',
      '$X off category Y',
      'Free shipping over $X',
      'BOGO limit to 1 free item',
      'BOGO scale with quantity',
    ]);
  });

  it('divides percents by 100 and keeps other numbers as typed', () => {
    const percent = { token: 'P', label: 'P', input: 'number', divideBy100: true } as const;
    expect(variableValue(percent, '20')).toBe('0.2');
    expect(variableValue(percent, '7')).toBe('0.07');
    expect(variableValue(percent, '12.5')).toBe('0.125');
    expect(variableValue({ token: 'A', label: 'A', input: 'number' }, '10.50')).toBe('10.5');
    expect(variableValue({ token: 'T', label: 'T', input: 'text' }, ' a b ')).toBe(' a b ');
  });

  for (const recipe of RECIPES) {
    it(`${recipe.label}: tokens replaced, valid, and read back from its own text`, () => {
      const applied = applyRecipe(recipe, ENTERED);
      const printed: Record<string, string> = {};
      const lineItemLevel = applied.lineItemLevel ?? false;
      const check = (name: 'eligible' | 'value' | 'rule', query: QueryGroup | undefined) => {
        if (!query) return;
        expect(JSON.stringify(query)).not.toMatch(/"[A-Z_]{5,}"/);
        expect(isQueryValid(validateQuery(query, fields, { lineItemLevel })), name).toBe(true);
        const text = toExpression(query, fields);
        printed[name] = text;
        const kind = name === 'eligible' ? 'Eligible' : name === 'value' ? 'Value' : 'Rule';
        const language = recipe.id === 'order-return-approved' ? 'SellerRule' : kind;
        expect(validateExpression(text, language, { lineItemLevel }), text).toEqual([]);
        const back = fromExpression(text, fields);
        expect(back.ok && withoutIds(back.query)).toEqual(withoutIds(query));
      };
      check('eligible', applied.eligible);
      check('value', applied.value);
      check('rule', applied.rule);
      expect(printed).toEqual(EXPECTED[recipe.id]);
    });
  }
});
