import { describe, expect, it } from 'vitest';
import {
  describeExplanation,
  describeValue,
  explainApprovalRule,
  explainCondition,
  explainPromotion,
} from './explain.ts';
import { CATEGORIES, contextFor, lineItems, NOW, orderFixture } from './fixtures.ts';
import { evaluatePromotion, wholeOrderRoom } from './promotions.ts';
import { conditionHolds, type RuleSubject } from './rules.ts';

// Why a condition does not hold: the first part that is not true, with what it reads on the order.
// The fixture order: Subtotal 79, Total 98, xp.Region 'North', xp.Rush true; lines BIKE-1, HELMET-1, BELL-1 (3).

const context = contextFor();
const why = (text: string) => describeExplanation(explainCondition(text, context, 'true-or-text'));

describe('explainCondition', () => {
  it('names the first part of an and that does not hold, with the value it compared', () => {
    expect(why('order.Subtotal > 100 and order.xp.Rush')).toBe(
      'order.Subtotal > 100 does not hold (order.Subtotal is 79).',
    );
    expect(why("order.Subtotal > 10 and (order.xp.Rush and order.xp.Region = 'South')")).toBe(
      "order.xp.Region = 'South' does not hold (order.xp.Region is 'North').",
    );
  });

  it('shows what a function call comes to', () => {
    expect(why("items.quantity(ProductID = 'BELL-1') > 5")).toBe(
      "items.quantity(ProductID = 'BELL-1') > 5 does not hold (items.quantity(ProductID = 'BELL-1') is 3).",
    );
    expect(why("items.any(Product.incategory('Tents'))")).toBe("items.any(Product.incategory('Tents')) does not hold.");
  });

  it('names a whole or, with the values of both sides', () => {
    expect(why('order.Total > 1000 or order.xp.Rush = false')).toBe(
      'order.Total > 1000 or order.xp.Rush = false does not hold (order.Total is 98, order.xp.Rush is true).',
    );
  });

  it('says a missing value is empty', () => {
    expect(why("order.xp.Missing = 'x'")).toBe("order.xp.Missing = 'x' does not hold (order.xp.Missing is empty).");
  });

  it('holds when the condition holds; blank, unreadable and failing conditions are problems', () => {
    expect(explainCondition('order.Subtotal > 10', context, 'true-only')).toEqual({ holds: true });
    expect(why('')).toBe('The expression is empty.');
    expect(why('order.Subtotal >')).toMatch(/^The expression cannot be read: /);
  });

  it('answers holds exactly as conditionHolds does, for either truth', () => {
    const order = { ...orderFixture(), xp: { ...(orderFixture().xp as object), Flag: 'true' } };
    const flagged = contextFor({ order });
    const texts = [
      'order.Subtotal > 10',
      'order.Subtotal > 100',
      'order.xp.Flag',
      "order.xp.Flag = 'true'",
      'order.xp.Rush and not order.xp.Rush',
      'items.all(Product.xp.OnSale = true) or items.count() = 3',
      'order.Subtotal / 0 > 1',
      'order.Subtotal >',
      '',
      'order.Total',
    ];
    for (const truth of ['true-or-text', 'true-only'] as const) {
      for (const text of texts) {
        expect([text, truth, explainCondition(text, flagged, truth).holds]).toEqual([
          text,
          truth,
          conditionHolds(text, flagged, truth),
        ]);
      }
    }
  });
});

describe('explaining promotions and approval rules', () => {
  const subject: RuleSubject = {
    order: orderFixture(),
    items: lineItems(),
    categories: { direct: new Map(Object.entries(CATEGORIES)) },
    now: NOW,
  };

  it('an order-level promotion: eligible as evaluatePromotion says, and why not', () => {
    const promotion = { EligibleExpression: 'order.Subtotal > 100', ValueExpression: '5' };
    const explained = explainPromotion(promotion, subject);
    expect(explained.eligible).toBe(evaluatePromotion(promotion, subject, wholeOrderRoom(subject.order)).eligible);
    expect(explained).toEqual({
      eligible: false,
      order: { holds: false, unmet: { text: 'order.Subtotal > 100', values: [{ text: 'order.Subtotal', value: 79 }] } },
    });
  });

  it('a line-item-level promotion: why each line does not qualify', () => {
    const promotion = {
      EligibleExpression: "item.Quantity > 1 and item.Product.incategory('Safety')",
      ValueExpression: '1',
      LineItemLevel: true,
    };
    // HELMET-1 (2 units, Safety) qualifies.
    expect(explainPromotion(promotion, subject)).toEqual({ eligible: true });
    const none = { ...promotion, EligibleExpression: "item.Quantity > 2 and item.Product.incategory('Safety')" };
    const explained = explainPromotion(none, subject);
    if (explained.eligible || !('lines' in explained)) throw new Error('expected line explanations');
    expect(explained.lines.map((line) => [line.lineId, describeExplanation(line.explanation)])).toEqual([
      ['L1', 'item.Quantity > 2 does not hold (item.Quantity is 1).'],
      ['L2', 'item.Quantity > 2 does not hold (item.Quantity is 2).'],
      ['L3', "item.Product.incategory('Safety') does not hold."],
    ]);
  });

  it('an approval rule: only the value true holds', () => {
    expect(explainApprovalRule('order.Total > 90', subject)).toEqual({ holds: true });
    expect(describeExplanation(explainApprovalRule('order.Total > 1000', subject))).toBe(
      'order.Total > 1000 does not hold (order.Total is 98).',
    );
  });
});

describe('describeValue', () => {
  it('reads values as a person would', () => {
    expect(describeValue(null)).toBe('empty');
    expect(describeValue('North')).toBe("'North'");
    expect(describeValue(12.5)).toBe('12.5');
    expect(describeValue(false)).toBe('false');
    expect(describeValue(new Date('2024-06-15T00:00:00Z'))).toBe('2024-06-15T00:00:00.000Z');
    expect(describeValue(['a', 'b'])).toBe('["a","b"]');
    expect(describeValue({ text: 'x'.repeat(100) })).toHaveLength(80);
  });
});
