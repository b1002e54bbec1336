import { describe, expect, it } from 'vitest';
import { evaluateSimpleRule, isSimpleRule } from './approval-rules.ts';

const order = {
  ID: 'o1',
  Total: 250,
  Subtotal: 200,
  FromCompanyID: 'Buyer-1',
  xp: { Rush: true, Region: 'North' },
  BillingAddress: { Country: 'US' },
};

describe('simple approval rules', () => {
  it('reads literal true and false', () => {
    expect(evaluateSimpleRule('true', order)).toBe(true);
    expect(evaluateSimpleRule(' TRUE ', order)).toBe(true);
    expect(evaluateSimpleRule('false', order)).toBe(false);
  });

  it('compares numbers', () => {
    expect(evaluateSimpleRule('order.Total > 200', order)).toBe(true);
    expect(evaluateSimpleRule('order.Total > 250', order)).toBe(false);
    expect(evaluateSimpleRule('order.Total >= 250', order)).toBe(true);
    expect(evaluateSimpleRule('order.Subtotal < 100', order)).toBe(false);
    expect(evaluateSimpleRule('order.Subtotal <= 200', order)).toBe(true);
    expect(evaluateSimpleRule('order.Total = 250', order)).toBe(true);
    expect(evaluateSimpleRule('order.Total <> 250', order)).toBe(false);
  });

  it('compares strings without case and with wildcards, and nested properties', () => {
    expect(evaluateSimpleRule("order.FromCompanyID = 'buyer-1'", order)).toBe(true);
    expect(evaluateSimpleRule("order.xp.Region = 'No*'", order)).toBe(true);
    expect(evaluateSimpleRule("order.BillingAddress.Country <> 'US'", order)).toBe(false);
    expect(evaluateSimpleRule('order.xp.Rush = true', order)).toBe(true);
    expect(evaluateSimpleRule('order.xp.Missing = null', order)).toBe(true);
  });

  it('joins comparisons with and / or, and binding tighter', () => {
    expect(evaluateSimpleRule('order.Total > 100 and order.xp.Rush = true', order)).toBe(true);
    expect(evaluateSimpleRule('order.Total > 1000 and order.xp.Rush = true', order)).toBe(false);
    expect(evaluateSimpleRule('order.Total > 1000 or order.xp.Rush = true', order)).toBe(true);
    expect(evaluateSimpleRule("order.Total > 1000 or order.xp.Region = 'South' and true", order)).toBe(false);
    expect(evaluateSimpleRule("order.xp.Region = 'a and b'", { xp: { Region: 'a and b' } })).toBe(true);
  });

  it('treats what it cannot read as not matching', () => {
    for (const expression of [
      "items.any(ProductID = 'p1')",
      'order.Total > order.Subtotal',
      '(order.Total > 5)',
      'order.Total * 2 > 5',
      '',
    ]) {
      expect(evaluateSimpleRule(expression, order), expression).toBe(false);
      expect(isSimpleRule(expression), expression).toBe(false);
    }
    expect(isSimpleRule('order.Total > 5')).toBe(true);
  });
});
