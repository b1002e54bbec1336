// The preview must say what the platform would: compare it with the platform's own entry points (test-only
// imports of the server, as the catalogue's real-description helper does) on the expressions package's fixture
// order, for the demo promotions, every recipe and the package's examples. Both run the package's evaluation;
// this checks what each hands it (the undiscounted order, the line limits, the categories, the truth rule).
import { describeExplanation } from '@portal/expressions';
import { describe, expect, it } from 'vitest';
import { CATEGORIES, lineItems, NOW, orderFixture } from '../../../../../packages/expressions/src/fixtures.ts';
import { evaluatePromotion } from '../../../../server/src/platform/orders/promotion-rules.ts';
import { ruleHolds } from '../../../../server/src/platform/orders/rule-expressions.ts';
import { previewApproval, previewPromotion, type PreviewSubject } from './preview-evaluate';
import { applyRecipe, RECIPES } from './recipes';
import { realExpressionFields } from './test-fields';
import { toExpression } from './to-expression';

const fields = realExpressionFields();
const categories = new Map(Object.entries(CATEGORIES));
const subject: PreviewSubject = {
  order: orderFixture(),
  items: lineItems(),
  categories: { direct: categories },
  now: NOW,
};

interface Promotion {
  eligible: string;
  value: string;
  lineItemLevel: boolean;
  limits?: { itemLimit?: number; quantityLimit?: number; sortBy?: string };
  /** Worked out by hand on the fixture order (subtotal 79, shipping 12.5, total 98; lines below). */
  expected: { eligible: boolean; amount: number };
}

const ENTERED = {
  PRODUCT: 'BIKE-1',
  CATEGORY: 'Outdoor',
  PERCENT_DISCOUNT: '10',
  DISCOUNT_AMOUNT: '4',
  FREE_SHIPPING_ORDER_MINIMUM: '50',
  APPROVALRULE: 'rule1',
  ORDER_TOTAL: '90',
  COSTCENTER: 'ABC',
  QUANTITY: '1',
};

/** Each approval recipe with ENTERED's values. The preview knows no approvals yet, and no product has inventory. */
const RECIPE_RULES: Readonly<Record<string, boolean>> = {
  'order-approved': false,
  'order-return-approved': false,
  'order-total-exceeds': true,
  'products-in-category': true,
  'items-in-cost-center': true,
  'inventory-greater-than': false,
};

const no = { eligible: false, amount: 0 };
const yes = (amount: number) => ({ eligible: true, amount });

/** Each promotion recipe with ENTERED's values, worked out by hand. */
const RECIPE_PROMOTIONS: Readonly<Record<string, Promotion['expected']>> = {
  // 10% of the bike's line (50).
  'percent-off-product': yes(5),
  'amount-off-product': yes(4),
  // 10% of the lines in Outdoor: bike 50 + helmets 20.
  'percent-off-category': yes(7),
  // 4 off each of the two Outdoor lines.
  'amount-off-category': yes(8),
  'free-shipping': yes(12.5),
  // One bike only: no second one to give away.
  'bogo-one': no,
  'bogo-scale': no,
};

const PROMOTIONS: Promotion[] = [
  // The demo promotions (apps/server/src/platform/seed/setup.ts).
  { eligible: 'order.Subtotal > 100', value: 'order.Subtotal * .1', lineItemLevel: false, expected: no },
  { eligible: 'order.Subtotal >= 50', value: 'order.ShippingCost', lineItemLevel: false, expected: yes(12.5) },
  // The bike's line only: 50 × .15.
  {
    eligible: "item.product.incategory('Bikes')",
    value: 'item.LineSubtotal * .15',
    lineItemLevel: true,
    expected: yes(7.5),
  },
  { eligible: 'order.Subtotal > 50', value: '5', lineItemLevel: false, expected: yes(5) },
  {
    eligible: 'order.Subtotal > 20',
    value: 'min(order.Subtotal * .2, 100)',
    lineItemLevel: false,
    expected: yes(15.8),
  },
  // The bell is not on sale.
  {
    eligible: 'items.all(Product.xp.OnSale = true)',
    value: 'order.Subtotal * .25',
    lineItemLevel: false,
    expected: no,
  },
  // Three bells; a discount never passes the subtotal.
  {
    eligible: "items.quantity(ProductID = 'BELL-1') > 2",
    value: 'order.Subtotal * 5',
    lineItemLevel: false,
    expected: yes(79),
  },
  // Line-item-level limits: the first line by price, then two units at most.
  {
    eligible: 'item.Quantity > 0',
    value: 'item.LineSubtotal * .5',
    lineItemLevel: true,
    limits: { itemLimit: 1, sortBy: '!UnitPrice' },
    // The bike (50) alone: 25.
    expected: yes(25),
  },
  {
    eligible: 'item.Quantity > 0',
    value: 'item.LineSubtotal * .5',
    lineItemLevel: true,
    limits: { quantityLimit: 2, sortBy: 'UnitPrice' },
    // Two bells of 3: 3.
    expected: yes(3),
  },
  {
    eligible: 'item.Quantity > 0',
    value: 'item.Quantity',
    lineItemLevel: true,
    limits: { quantityLimit: 4, sortBy: 'Product.Name' },
    // Bell (3 units) then Helmet (1 of 2): 4 units.
    expected: yes(4),
  },
  ...RECIPES.filter((recipe) => recipe.kind === 'promotion').map((recipe) => {
    const applied = applyRecipe(recipe, ENTERED);
    const expected = RECIPE_PROMOTIONS[recipe.id];
    if (!expected) throw new Error(`No expected outcome for the recipe ${recipe.id}`);
    return {
      eligible: applied.eligible ? toExpression(applied.eligible, fields) : '',
      value: applied.value ? toExpression(applied.value, fields) : '',
      lineItemLevel: applied.lineItemLevel === true,
      expected,
    };
  }),
];

/** Approval rules and whether each holds on the fixture order, worked out by hand. */
const RULES: [rule: string, holds: boolean][] = [
  ['order.Total > 1000', false],
  ['order.Total > 90', true],
  ["items.any(CostCenter = 'ABC')", true],
  ["items.any(Product.incategory('Safety'))", true],
  ["order.xp.Score = '42'", true],
  ['order.xp.Rush', true],
  ...RECIPES.filter((recipe) => recipe.kind === 'approval').map((recipe): [string, boolean] => {
    const holds = RECIPE_RULES[recipe.id];
    if (holds === undefined) throw new Error(`No expected outcome for the recipe ${recipe.id}`);
    return [toExpression(applyRecipe(recipe, ENTERED).rule ?? { rules: [] }, fields), holds];
  }),
];

describe('live preview agrees with the platform', () => {
  for (const promotion of PROMOTIONS) {
    it(`promotion ${promotion.eligible} / ${promotion.value}`, () => {
      const platform = evaluatePromotion(
        {
          EligibleExpression: promotion.eligible,
          ValueExpression: promotion.value,
          LineItemLevel: promotion.lineItemLevel,
          ItemLimitPerOrder: promotion.limits?.itemLimit,
          QuantityLimitPerOrder: promotion.limits?.quantityLimit,
          ItemSortBy: promotion.limits?.sortBy,
        },
        {
          order: subject.order,
          items: subject.items,
          categories: { direct: categories, withAncestors: new Map() },
          now: NOW,
        },
        { order: subject.order.Subtotal as number, lines: new Map() },
      );
      const preview = previewPromotion(promotion, subject);
      expect({ eligible: platform.eligible, amount: platform.amount }).toEqual(promotion.expected);
      expect({ eligible: preview.eligible, amount: preview.amount }).toEqual(promotion.expected);
    });
  }

  it('the promotions above are not all alike (some hold, some do not, amounts differ)', () => {
    const previews = PROMOTIONS.map((promotion) => previewPromotion(promotion, subject));
    expect(previews.some((preview) => preview.eligible)).toBe(true);
    expect(previews.some((preview) => !preview.eligible)).toBe(true);
    expect(new Set(previews.map((preview) => preview.amount)).size).toBeGreaterThan(3);
  });

  it('says which part of the Eligible expression does not hold', () => {
    const preview = previewPromotion(
      {
        eligible: "order.Subtotal > 10 and items.quantity(ProductID = 'BELL-1') > 5",
        value: '5',
        lineItemLevel: false,
      },
      subject,
    );
    expect(preview.eligible).toBe(false);
    expect(preview.why.eligible === false && 'order' in preview.why && describeExplanation(preview.why.order)).toBe(
      "items.quantity(ProductID = 'BELL-1') > 5 does not hold (items.quantity(ProductID = 'BELL-1') is 3).",
    );
  });

  it('reads order.Total before the promotion discount, as the platform does', () => {
    const discounted = { ...subject, order: { ...subject.order, PromotionDiscount: 50, Total: 48 } };
    // Undiscounted: 79 + 12.5 + 6.5 = 98.
    expect(
      previewPromotion({ eligible: 'order.Total = 98', value: '1', lineItemLevel: false }, discounted).eligible,
    ).toBe(true);
    // Approval rules see the order as it stands.
    expect(previewApproval('order.Total = 48', discounted).holds).toBe(true);
  });

  for (const [rule, holds] of RULES) {
    it(`approval rule ${rule}`, () => {
      const platform = ruleHolds(
        rule,
        { order: subject.order, items: subject.items },
        { direct: categories, withAncestors: new Map() },
      );
      expect(platform).toBe(holds);
      expect(previewApproval(rule, subject).holds).toBe(holds);
    });
  }
});
