import { describe, expect, it } from 'vitest';
import { CATEGORIES, lineItems, NOW, orderFixture } from './fixtures.ts';
import { evaluatePromotion, promotionHolds, sortLines, wholeOrderRoom, type PromotionRules } from './promotions.ts';
import {
  approvalRuleHolds,
  categoriesWithAncestors,
  ruleContext,
  undiscountedOrder,
  type RuleSubject,
} from './rules.ts';

// The platform's promotion and approval rule evaluation on an order (used by the server and the portal's preview).

const subject = (overrides: Partial<RuleSubject> = {}): RuleSubject => ({
  order: orderFixture(),
  items: lineItems(),
  categories: { direct: new Map(Object.entries(CATEGORIES)) },
  now: NOW,
  ...overrides,
});

const evaluate = (promotion: PromotionRules, given = subject()) =>
  evaluatePromotion(promotion, given, wholeOrderRoom(given.order));

describe('order-level promotions', () => {
  it('gives the value when eligible, rounded to cents', () => {
    // Subtotal 79 * 0.333 = 26.307.
    const outcome = evaluate({ EligibleExpression: 'order.Subtotal > 50', ValueExpression: 'order.Subtotal * 0.333' });
    expect(outcome).toEqual({ eligible: true, amount: 26.31, lines: new Map() });
  });

  it('gives nothing when the Eligible expression does not hold', () => {
    const outcome = evaluate({ EligibleExpression: 'order.Subtotal > 100', ValueExpression: '5' });
    expect(outcome).toEqual({ eligible: false, amount: 0, lines: new Map() });
  });

  it('caps the value at the room left and never goes below 0', () => {
    const given = subject();
    const room = { order: 30, lines: new Map() };
    expect(evaluatePromotion({ EligibleExpression: 'true', ValueExpression: '1000' }, given, room).amount).toBe(30);
    expect(evaluatePromotion({ EligibleExpression: 'true', ValueExpression: '-5' }, given, room).amount).toBe(0);
  });

  it('is eligible with nothing when the value is missing or fails, and never eligible when Eligible is blank or broken', () => {
    expect(evaluate({ EligibleExpression: 'true', ValueExpression: '' })).toMatchObject({ eligible: true, amount: 0 });
    expect(evaluate({ EligibleExpression: 'true', ValueExpression: "'ten'" })).toMatchObject({
      eligible: true,
      amount: 0,
    });
    expect(evaluate({ EligibleExpression: '  ', ValueExpression: '5' }).eligible).toBe(false);
    expect(evaluate({ EligibleExpression: 'order.Subtotal >', ValueExpression: '5' }).eligible).toBe(false);
    expect(evaluate({ EligibleExpression: 42, ValueExpression: '5' }).eligible).toBe(false);
  });

  it('counts the text true as holding for promotions, but not for approval rules', () => {
    const given = subject({ order: { ...orderFixture(), xp: { Flag: 'true' } } });
    expect(promotionHolds({ EligibleExpression: 'order.xp.Flag' }, given)).toBe(true);
    expect(approvalRuleHolds('order.xp.Flag', given)).toBe(false);
    expect(approvalRuleHolds("order.xp.Flag = 'true'", given)).toBe(true);
  });
});

describe('line-item-level promotions', () => {
  const half = {
    EligibleExpression: 'item.Quantity > 0',
    ValueExpression: 'item.LineSubtotal * .5',
    LineItemLevel: true,
  };

  it('values each qualifying line and sums them', () => {
    const outcome = evaluate({ ...half, EligibleExpression: 'item.Product.xp.OnSale = true' });
    expect(outcome.eligible).toBe(true);
    expect([...outcome.lines]).toEqual([
      ['L1', 25],
      ['L2', 10],
    ]);
    expect(outcome.amount).toBe(35);
  });

  it('takes at most ItemLimitPerOrder lines in ItemSortBy order', () => {
    const outcome = evaluate({ ...half, ItemLimitPerOrder: 1, ItemSortBy: '!UnitPrice' });
    expect([...outcome.lines]).toEqual([['L1', 25]]);
  });

  it('values a line partly within QuantityLimitPerOrder as if it had only the units left', () => {
    // Cheapest first: the bell line (3 units at 3) has 2 units within the limit, so LineSubtotal 6.
    const outcome = evaluate({ ...half, QuantityLimitPerOrder: 2, ItemSortBy: 'UnitPrice' });
    expect([...outcome.lines]).toEqual([['L3', 3]]);
    expect(outcome.amount).toBe(3);
  });

  it('caps each line at its room', () => {
    const given = subject();
    const room = { order: 79, lines: new Map([['L1', 4]]) };
    const outcome = evaluatePromotion({ ...half, ValueExpression: 'item.LineSubtotal' }, given, room);
    expect(outcome.lines.get('L1')).toBe(4);
    expect(outcome.lines.get('L2')).toBe(20);
  });

  it('is not eligible when no line qualifies', () => {
    const outcome = evaluate({ ...half, EligibleExpression: 'item.Quantity > 10' });
    expect(outcome).toEqual({ eligible: false, amount: 0, lines: new Map() });
  });
});

describe('sortLines', () => {
  const lines = [
    { ID: 'a', Price: 3, Product: { Name: 'Bell' } },
    { ID: 'b', Product: { Name: 'Axe' } },
    { ID: 'c', Price: 10, Product: { Name: 'Axe' } },
  ];

  it('sorts by a path, descending with !, lines without a value last', () => {
    expect(sortLines(lines, '!Price').map((line) => line.ID)).toEqual(['c', 'a', 'b']);
    expect(sortLines(lines, 'Price').map((line) => line.ID)).toEqual(['a', 'c', 'b']);
  });

  it('sorts by several keys and keeps the order without one', () => {
    expect(sortLines(lines, 'Product.Name, !Price').map((line) => line.ID)).toEqual(['c', 'b', 'a']);
    expect(sortLines(lines, '').map((line) => line.ID)).toEqual(['a', 'b', 'c']);
    expect(sortLines(lines, undefined).map((line) => line.ID)).toEqual(['a', 'b', 'c']);
  });
});

describe('what rules see', () => {
  it('the undiscounted order: Total without the promotion discount, never below 0', () => {
    const order = {
      Subtotal: 100,
      ShippingCost: 10,
      TaxCost: 5.55,
      Gratuity: 1,
      Fees: 0.1,
      PromotionDiscount: 20,
      Total: 96.65,
    };
    expect(undiscountedOrder(order)).toMatchObject({ PromotionDiscount: 0, Total: 116.65 });
    expect(undiscountedOrder({ Subtotal: -5 })).toMatchObject({ Total: 0 });
  });

  it('categories with ancestors: the whole lineage of each product in one catalog, safe from cycles', () => {
    const links = new Map([
      ['p1', ['tents']],
      ['p2', ['a']],
    ]);
    const parents = new Map<string, string | null>([
      ['tents', 'camping'],
      ['camping', null],
      ['a', 'b'],
      ['b', 'a'],
    ]);
    expect(categoriesWithAncestors(links, parents)).toEqual(
      new Map([
        ['p1', ['tents', 'camping']],
        ['p2', ['a', 'b']],
      ]),
    );
  });

  it('inparentcategory reads the ancestors, or the direct categories where they were not read', () => {
    const direct = new Map([['BIKE-1', ['Bikes']]]);
    const withAncestors = new Map([['BIKE-1', ['Bikes', 'Sports']]]);
    const read = ruleContext(subject({ categories: { direct, withAncestors } }));
    expect(read.productCategoriesWithAncestors?.('BIKE-1')).toEqual(['Bikes', 'Sports']);
    const unread = ruleContext(subject({ categories: { direct } }));
    expect(unread.productCategoriesWithAncestors?.('BIKE-1')).toEqual(['Bikes']);
    expect(unread.productCategories?.('nothing')).toEqual([]);
  });

  it('order.approved reads the rules approved so far', () => {
    const given = subject({ approvedRuleIds: new Set(['r1']) });
    expect(approvalRuleHolds("order.approved('r1')", given)).toBe(true);
    expect(approvalRuleHolds("order.approved('r2')", given)).toBe(false);
  });
});
