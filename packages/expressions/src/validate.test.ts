import { describe, expect, it } from 'vitest';
import type { ExpressionErrorCode } from './errors.ts';
import type { ExpressionKind } from './functions.ts';
import { validateExpression } from './validate.ts';

function only(text: string, kind: ExpressionKind, lineItemLevel = false) {
  const errors = validateExpression(text, kind, { lineItemLevel });
  expect(errors, JSON.stringify(errors)).toHaveLength(1);
  return errors[0] as { code: ExpressionErrorCode; message: string; position: number };
}

describe('valid expressions', () => {
  it.each<[string, ExpressionKind, boolean?]>([
    ['order.Subtotal > 50', 'Eligible'],
    ['order.ShippingCost', 'Value'],
    ["item.product.incategory('Bikes')", 'Eligible', true],
    ['item.LineSubtotal * .15', 'Value', true],
    ['10', 'Value', true],
    ['items.all(Product.xp.OnSale = true)', 'Eligible'],
    ['min(order.Subtotal * .1, 20)', 'Value'],
    ["order.Total > 200 and items.any(CostCenter = 'ABC')", 'Rule'],
    ["(order.Total > 20 and order.approved('rule1'))", 'Rule'],
    ["order.xp.Tags.all(item = 'tag*') = true", 'Rule'],
    ['Order.DateCompleted < now(-30)', 'SellerRule'],
    ["orderReturn.RefundAmount > 100 and orderReturn.approved('r1')", 'SellerRule'],
    ["items.any(product.incategory('Bikes') and order.Total > 5)", 'Eligible'],
    ["item.ProductID = 'P1' and items.count() > 2", 'Eligible', true],
    ['order.xp.Lines.any(Qty > 1)', 'Rule'],
    ['true', 'Rule'],
    ["in(order.xp.Region, 'East', 'West')", 'Rule'],
    ["order.xp.Region.in('East') and items.any(ProductID.in('P1', 'P2'))", 'SellerRule'],
    ['in(order.xp.Region, order.xp.Allowed)', 'Eligible'],
    ["item.product.inparentcategory('Bikes')", 'Eligible', true],
    ["items.total(product.inparentcategory('Bikes')) > 100", 'Eligible'],
    ['round(order.Subtotal * 0.15, 2)', 'Value'],
    ['round(item.LineSubtotal / 3)', 'Value', true],
    ['if(order.Subtotal > 100, 20, 10)', 'Value'],
    ['if(order.xp.Rush, order.ShippingCost, 0)', 'Value'],
    ["if(order.xp.Rush, items.any(CostCenter = 'A'), order.Total > 50)", 'Rule'],
    ['ifs(order.Subtotal >= 100, 15, order.Subtotal >= 50, 10, 5)', 'Value'],
    ["round(if(in(order.xp.Region, 'North'), order.Subtotal * .1, 0), 2)", 'Value'],
    ['IF(order.Total > 1, 1, 0) + ROUND(1.5) + 0', 'Value'],
  ])('%s (%s)', (text, kind, lineItemLevel) => {
    expect(validateExpression(text, kind, { lineItemLevel })).toEqual([]);
  });
});

describe('errors, with code and position', () => {
  it('passes syntax and token errors through', () => {
    expect(only('order.Total >', 'Rule')).toMatchObject({ code: 'Expression.InvalidSyntax', position: 13 });
    expect(only('order.Total ! 5', 'Rule')).toMatchObject({ code: 'Expression.InvalidToken', position: 12 });
  });

  it('flags unknown roots and misused names as InvalidToken', () => {
    expect(only('Subtotal > 5', 'Eligible')).toMatchObject({
      code: 'Expression.InvalidToken',
      position: 0,
      message: expect.stringContaining("'Subtotal'"),
    });
    expect(only('order.Total > 5 and LineSubtotal > 1', 'Rule')).toMatchObject({ position: 20 });
    expect(only('items.Count > 5', 'Rule')).toMatchObject({ code: 'Expression.InvalidToken', position: 0 });
    expect(only('orderReturn.RefundAmount > 5', 'Rule')).toMatchObject({
      code: 'Expression.InvalidToken',
      position: 0,
    });
  });

  it('flags unknown functions, and functions called on the wrong thing, as InvalidFunction', () => {
    expect(only('order.Total > foo(1)', 'Rule')).toMatchObject({
      code: 'Expression.InvalidFunction',
      position: 14,
      message: expect.stringContaining("'foo'"),
    });
    expect(only('items.sum() > 5', 'Rule')).toMatchObject({ code: 'Expression.InvalidFunction', position: 6 });
    expect(only('order.xp.Tags.quantity() > 1', 'Rule')).toMatchObject({
      code: 'Expression.InvalidFunction',
      position: 14,
    });
    expect(only('order.now() > 1', 'Rule')).toMatchObject({ code: 'Expression.InvalidFunction', position: 6 });
    expect(only("any(item = 'x')", 'Rule')).toMatchObject({ code: 'Expression.InvalidFunction', position: 0 });
    expect(only("order.xp.Cat.incategory('x')", 'Rule')).toMatchObject({
      code: 'Expression.InvalidFunction',
      position: 13,
    });
    expect(only("order.approved('r1')", 'Eligible')).toMatchObject({
      code: 'Expression.InvalidFunction',
      position: 6,
      message: expect.stringContaining('approval rule'),
    });
  });

  it('flags wrong argument counts and types as InvalidArguments', () => {
    expect(only('min(1) > 0', 'Rule')).toMatchObject({ code: 'Expression.InvalidArguments', position: 0 });
    expect(only('max(1, 2, 3) > 0', 'Rule')).toMatchObject({ code: 'Expression.InvalidArguments', position: 0 });
    expect(only('items.any()', 'Rule')).toMatchObject({ code: 'Expression.InvalidArguments', position: 6 });
    expect(only('now(1, 2) > order.DateSubmitted', 'Rule')).toMatchObject({ code: 'Expression.InvalidArguments' });
    expect(only('items.any(5)', 'Rule')).toMatchObject({
      code: 'Expression.InvalidArguments',
      position: 10,
      message: expect.stringContaining('condition'),
    });
    expect(only("min('a', 2) > 1", 'Rule')).toMatchObject({ code: 'Expression.InvalidArguments', position: 4 });
    expect(only('item.product.incategory(5)', 'Eligible', true)).toMatchObject({
      code: 'Expression.InvalidArguments',
      position: 24,
    });
    expect(only("now('x') > order.DateSubmitted", 'Rule')).toMatchObject({
      code: 'Expression.InvalidArguments',
      position: 4,
    });
  });

  it('checks the new functions: arity, argument types, targets and round digits', () => {
    expect(only('in(order.xp.Region) or true', 'Rule')).toMatchObject({
      code: 'Expression.InvalidArguments',
      position: 0,
      message: expect.stringContaining('at least 2 arguments'),
    });
    expect(only('order.xp.Region.in()', 'Rule')).toMatchObject({ code: 'Expression.InvalidArguments', position: 16 });
    expect(only("items.in('a')", 'Rule')).toMatchObject({ code: 'Expression.InvalidFunction', position: 6 });
    expect(only("order.xp.Cat.inparentcategory('x')", 'Rule')).toMatchObject({
      code: 'Expression.InvalidFunction',
      position: 13,
      message: expect.stringContaining("item.product.inparentcategory('categoryID')"),
    });
    expect(only("order.xp.Product.inparentcategory('x')", 'Rule')).toMatchObject({
      code: 'Expression.InvalidFunction',
      message: expect.stringContaining("product.inparentcategory('id')"),
    });
    expect(only('item.product.inparentcategory(5)', 'Eligible', true)).toMatchObject({
      code: 'Expression.InvalidArguments',
      position: 30,
    });
    expect(only('round()', 'Value')).toMatchObject({ code: 'Expression.InvalidArguments', position: 0 });
    expect(only('round(1, 2, 3)', 'Value')).toMatchObject({ code: 'Expression.InvalidArguments' });
    expect(only("round('a', 2)", 'Value')).toMatchObject({ code: 'Expression.InvalidArguments', position: 6 });
    expect(only('round(order.Total, 1.5)', 'Value')).toMatchObject({
      code: 'Expression.InvalidArguments',
      position: 19,
      message: expect.stringContaining('whole number from 0 to 28'),
    });
    expect(only('round(order.Total, -1)', 'Value')).toMatchObject({ code: 'Expression.InvalidArguments' });
    expect(only('if(order.Total > 1, 2)', 'Value')).toMatchObject({
      code: 'Expression.InvalidArguments',
      message: expect.stringContaining('3 arguments'),
    });
    expect(only('if(5, 1, 2)', 'Value')).toMatchObject({
      code: 'Expression.InvalidArguments',
      position: 3,
      message: expect.stringContaining('condition'),
    });
    expect(only('ifs(true, 1, false, 2)', 'Value')).toMatchObject({
      code: 'Expression.InvalidArguments',
      message: expect.stringContaining('odd number'),
    });
    expect(only("ifs(true, 1, 'x', 2, 3)", 'Value')).toMatchObject({
      code: 'Expression.InvalidArguments',
      position: 13,
    });
  });

  it('knows the result of if when its values agree', () => {
    expect(only('if(order.xp.Rush, 1, 2)', 'Eligible')).toMatchObject({
      code: 'Expression.InvalidSyntax',
      message: expect.stringContaining('true or false'),
    });
    expect(only("in(order.xp.Region, 'a', 'b')", 'Value')).toMatchObject({ code: 'Expression.InvalidSyntax' });
    // Values of different or unknown types are left to run time.
    expect(validateExpression('if(order.xp.Rush, 1, order.xp.Other)', 'Eligible')).toEqual([]);
  });

  it('requires item in the eligible expression of a line-item-level promotion', () => {
    expect(only('order.Subtotal > 50', 'Eligible', true)).toMatchObject({
      code: 'Expression.ItemRequired',
      position: 0,
    });
    // `item` inside a filter is the filtered line, not the promotion's line item.
    expect(only("items.any(item.ProductID = 'P1')", 'Eligible', true)).toMatchObject({
      code: 'Expression.ItemRequired',
    });
    expect(validateExpression("product.incategory('Bikes')", 'Eligible', { lineItemLevel: true })).toEqual([]);
    // Optional in the value expression.
    expect(validateExpression('order.Subtotal * .1', 'Value', { lineItemLevel: true })).toEqual([]);
  });

  it('forbids item at order level and in approval rules', () => {
    expect(only('order.Total > 5 and item.Quantity > 1', 'Eligible')).toMatchObject({
      code: 'Expression.ItemNotAllowed',
      position: 20,
      message: expect.stringContaining("'item.Quantity'"),
    });
    expect(only('item.LineSubtotal * .1', 'Value')).toMatchObject({ code: 'Expression.ItemNotAllowed', position: 0 });
    expect(only("item.product.incategory('b')", 'Rule')).toMatchObject({
      code: 'Expression.ItemNotAllowed',
      position: 0,
    });
    expect(only("product.incategory('b')", 'SellerRule')).toMatchObject({ code: 'Expression.ItemNotAllowed' });
    expect(only('item.Quantity > 1', 'Rule', true)).toMatchObject({ code: 'Expression.ItemNotAllowed' });
  });

  it('checks the result type where it is known', () => {
    expect(only('order.Total + 5', 'Eligible')).toMatchObject({
      code: 'Expression.InvalidSyntax',
      position: 0,
      message: expect.stringContaining('true or false'),
    });
    expect(only('order.Total > 5', 'Value')).toMatchObject({
      code: 'Expression.InvalidSyntax',
      message: expect.stringContaining('amount'),
    });
    expect(only("'x'", 'Rule')).toMatchObject({ code: 'Expression.InvalidSyntax' });
  });

  it('reports every problem, in text order', () => {
    const errors = validateExpression("foo(1) and item.X = 1 and min(1) > 0 and Bar = 'x'", 'Rule');
    expect(errors.map((e) => [e.code, e.position])).toEqual([
      ['Expression.InvalidFunction', 0],
      ['Expression.ItemNotAllowed', 11],
      ['Expression.InvalidArguments', 26],
      ['Expression.InvalidToken', 41],
    ]);
  });
});
