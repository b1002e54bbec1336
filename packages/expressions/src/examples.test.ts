import { describe, expect, it } from 'vitest';
import { stripSpans } from './ast.ts';
import { evaluateBoolean, evaluateExpression, evaluateNumber } from './evaluate.ts';
import { contextFor, lineItems, orderFixture } from './fixtures.ts';
import { parseExpression } from './parser.ts';
import { printExpression } from './printer.ts';
import { validateExpression } from './validate.ts';
import type { ExpressionKind } from './functions.ts';

/** Every example of facts §8, with what it gives on the fixture order (Subtotal 79, Total 98). */
const EXAMPLES: {
  text: string;
  printed?: string;
  kind: ExpressionKind;
  lineItemLevel?: boolean;
  expected: unknown;
  item?: number;
}[] = [
  { text: 'order.Subtotal > 50', kind: 'Eligible', expected: true },
  { text: '10', kind: 'Value', expected: 10 },
  { text: 'order.Subtotal >= 60', kind: 'Eligible', expected: true },
  { text: 'order.ShippingCost', kind: 'Value', expected: 12.5 },
  { text: "item.product.incategory('Bikes')", kind: 'Eligible', lineItemLevel: true, expected: true, item: 0 },
  { text: "item.product.incategory('Bikes')", kind: 'Eligible', lineItemLevel: true, expected: false, item: 1 },
  {
    text: 'item.LineSubtotal * .15',
    printed: 'item.LineSubtotal * 0.15',
    kind: 'Value',
    lineItemLevel: true,
    expected: 7.5,
    item: 0,
  },
  { text: 'items.all(Product.xp.OnSale = true)', kind: 'Eligible', expected: false },
  { text: 'min(order.Subtotal * .1, 20)', printed: 'min(order.Subtotal * 0.1, 20)', kind: 'Value', expected: 7.9 },
  { text: "order.Total > 200 and items.any(CostCenter = 'ABC')", kind: 'Rule', expected: false },
  { text: "order.Total > 20 and items.any(CostCenter = 'ABC')", kind: 'Rule', expected: true },
  {
    text: "(order.Total > 20 and order.approved('rule1'))",
    printed: "order.Total > 20 and order.approved('rule1')",
    kind: 'Rule',
    expected: true,
  },
  { text: "order.Total > 20 and order.approved('rule2')", kind: 'Rule', expected: false },
  { text: "items.quantity(ProductID = 'BIKE-1' or ProductID = 'HELMET-1') > 5", kind: 'Eligible', expected: false },
  { text: "items.quantity(ProductID = 'BIKE-1' or ProductID = 'BELL-1') > 3", kind: 'Eligible', expected: true },
  { text: "order.xp.Tags.all(item = 'tag*') = true", kind: 'Eligible', expected: true },
  { text: "order.xp.Tags.all(item = 'tag-n*') = true", kind: 'Eligible', expected: false },
  { text: 'Order.DateSubmitted < now(-30)', kind: 'SellerRule', expected: false },
  { text: 'Order.DateCreated < now(-30)', kind: 'SellerRule', expected: true },
  { text: "order.FromUser.xp.Tier = 'gold'", kind: 'Eligible', expected: true },
  { text: "items.count(Product.incategory('Outdoor')) = 2", kind: 'Eligible', expected: true },
  { text: "items.total(product.incategory('Outdoor'))", kind: 'Value', expected: 70 },
];

describe('the examples of the platform facts', () => {
  for (const example of EXAMPLES) {
    it(`${example.text} (${example.kind}${example.item === undefined ? '' : `, item ${example.item}`})`, () => {
      const parsed = parseExpression(example.text);
      if (!parsed.ok) throw new Error(parsed.error.message);
      const printed = printExpression(parsed.ast);
      expect(printed).toBe(example.printed ?? example.text);
      const reparsed = parseExpression(printed);
      expect(reparsed.ok && stripSpans(reparsed.ast)).toEqual(stripSpans(parsed.ast));

      expect(validateExpression(example.text, example.kind, { lineItemLevel: example.lineItemLevel })).toEqual([]);

      const item = example.item === undefined ? undefined : lineItems()[example.item];
      const context = contextFor(item ? { item } : {});
      const value = evaluateExpression(parsed.ast, context);
      if (typeof example.expected === 'number') {
        expect(value).toBeCloseTo(example.expected, 10);
        expect(evaluateNumber(example.text, context)).toBeCloseTo(example.expected, 10);
      } else {
        expect(value).toBe(example.expected);
        expect(evaluateBoolean(example.text, context)).toBe(example.expected);
      }
    });
  }

  it('gives the other answer when the order changes (the examples are not constant)', () => {
    const allOnSale = lineItems().map((line) => ({ ...line, Product: { xp: { OnSale: true } } }));
    expect(evaluateBoolean('items.all(Product.xp.OnSale = true)', contextFor({ items: allOnSale }))).toBe(true);
    const big = { ...orderFixture(), Total: 250 };
    expect(evaluateBoolean("order.Total > 200 and items.any(CostCenter = 'ABC')", contextFor({ order: big }))).toBe(
      true,
    );
    expect(evaluateNumber('min(order.Subtotal * .1, 20)', contextFor({ order: { Subtotal: 500 } }))).toBe(20);
    expect(evaluateBoolean('order.Subtotal > 50', contextFor({ order: { Subtotal: 50 } }))).toBe(false);
  });
});
