import { describe, expect, it } from 'vitest';
import { evaluateBoolean, type ExpressionContext } from './evaluate.ts';
import { parseExpression } from './parser.ts';

/**
 * Approval rules as the server runs them (apps/server/src/platform/orders/rule-expressions.ts): a rule holds
 * when it parses and gives true. These cases came from the simple evaluator this package replaced.
 */
function evaluateRule(expression: string, subject: Record<string, unknown>): boolean {
  if (!parseExpression(expression).ok) return false;
  const context: ExpressionContext = { order: subject, items: [] };
  return evaluateBoolean(expression, context);
}

const order = {
  ID: 'o1',
  Total: 250,
  Subtotal: 200,
  FromCompanyID: 'Buyer-1',
  xp: { Rush: true, Region: 'North' },
  BillingAddress: { Country: 'US' },
};

describe('approval rules over an order', () => {
  it('reads literal true and false', () => {
    expect(evaluateRule('true', order)).toBe(true);
    expect(evaluateRule(' TRUE ', order)).toBe(true);
    expect(evaluateRule('false', order)).toBe(false);
  });

  it('compares numbers', () => {
    expect(evaluateRule('order.Total > 200', order)).toBe(true);
    expect(evaluateRule('order.Total > 250', order)).toBe(false);
    expect(evaluateRule('order.Total >= 250', order)).toBe(true);
    expect(evaluateRule('order.Subtotal < 100', order)).toBe(false);
    expect(evaluateRule('order.Subtotal <= 200', order)).toBe(true);
    expect(evaluateRule('order.Total = 250', order)).toBe(true);
    expect(evaluateRule('order.Total <> 250', order)).toBe(false);
  });

  it('compares strings without case and with wildcards, and nested properties', () => {
    expect(evaluateRule("order.FromCompanyID = 'buyer-1'", order)).toBe(true);
    expect(evaluateRule("order.xp.Region = 'No*'", order)).toBe(true);
    expect(evaluateRule("order.BillingAddress.Country <> 'US'", order)).toBe(false);
    expect(evaluateRule('order.xp.Rush = true', order)).toBe(true);
    expect(evaluateRule('order.xp.Missing = null', order)).toBe(true);
  });

  it('joins comparisons with and / or, and binding tighter', () => {
    expect(evaluateRule('order.Total > 100 and order.xp.Rush = true', order)).toBe(true);
    expect(evaluateRule('order.Total > 1000 and order.xp.Rush = true', order)).toBe(false);
    expect(evaluateRule('order.Total > 1000 or order.xp.Rush = true', order)).toBe(true);
    expect(evaluateRule("order.Total > 1000 or order.xp.Region = 'South' and true", order)).toBe(false);
    expect(evaluateRule("order.xp.Region = 'a and b'", { xp: { Region: 'a and b' } })).toBe(true);
  });

  it('reads arithmetic, parentheses and property-to-property comparisons', () => {
    expect(evaluateRule("items.any(ProductID = 'p1')", order)).toBe(false); // no line items given
    expect(evaluateRule('order.Total > order.Subtotal', order)).toBe(true);
    expect(evaluateRule('(order.Total > 5)', order)).toBe(true);
    expect(evaluateRule('order.Total * 2 > 5', order)).toBe(true);
    // Unreadable text still never matches.
    expect(evaluateRule('', order)).toBe(false);
    expect(evaluateRule('order.Total >', order)).toBe(false);
  });
});
