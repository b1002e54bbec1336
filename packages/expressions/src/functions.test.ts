import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { evaluateBoolean, evaluateNumber } from './evaluate.ts';
import { contextFor } from './fixtures.ts';
import { FUNCTIONS } from './functions.ts';
import { validateExpression } from './validate.ts';

/**
 * Properties of in, round, if and ifs over generated, well-typed expressions on the fixture order:
 * they validate cleanly where they belong, and give what their definition says.
 */
const context = contextFor();
const amount = (text: string) => evaluateNumber(text, context);
const holds = (text: string) => evaluateBoolean(text, context);

const NUMBER_PATHS = ['order.Subtotal', 'order.Total', 'order.ShippingCost', 'order.xp.Score', 'order.xp.Missing'];
const REGIONS = ['North', 'north', 'South', 'No*', 'East'];

const numberText = fc.double({ min: -1000, max: 1000, noNaN: true }).map((n) => String(Math.round(n * 1000) / 1000));
const { amountText, conditionText } = fc.letrec<{ amountText: string; conditionText: string }>((tie) => {
  const amountOf = tie('amountText');
  const conditionOf = tie('conditionText');
  return {
    amountText: fc.oneof(
      { depthSize: 'small' },
      numberText.map((n) => (n.startsWith('-') ? `(${n})` : n)),
      fc.constantFrom(...NUMBER_PATHS),
      fc.tuple(amountOf, fc.integer({ min: 0, max: 4 })).map(([a, d]) => `round(${a}, ${d})`),
      fc.tuple(conditionOf, amountOf, amountOf).map(([c, a, b]) => `if(${c}, ${a}, ${b})`),
      fc.tuple(conditionOf, amountOf, conditionOf, amountOf, amountOf).map((parts) => `ifs(${parts.join(', ')})`),
      fc.tuple(amountOf, amountOf).map(([a, b]) => `(${a} + ${b})`),
    ),
    conditionText: fc.oneof(
      { depthSize: 'small' },
      fc.constantFrom('true', 'false', 'order.xp.Rush', 'order.xp.Missing'),
      fc
        .array(fc.constantFrom(...REGIONS), { minLength: 1, maxLength: 3 })
        .map((list) => `in(order.xp.Region, ${list.map((r) => `'${r}'`).join(', ')})`),
      fc
        .array(fc.constantFrom(...REGIONS), { minLength: 1, maxLength: 3 })
        .map((list) => `order.xp.Region.in(${list.map((r) => `'${r}'`).join(', ')})`),
      fc
        .constantFrom('Sports', 'Bikes', 'Accessories', 'Nope')
        .map((c) => `items.any(product.inparentcategory('${c}'))`),
      fc.tuple(amountOf, amountOf).map(([a, b]) => `${a} > ${b}`),
    ),
  };
});

describe('the function table', () => {
  it('lists each function once per target', () => {
    const keys = FUNCTIONS.map((f) => `${f.target}:${f.name}`);
    expect(new Set(keys).size).toBe(keys.length);
    expect(keys).toEqual(
      expect.arrayContaining(['none:in', 'array:in', 'none:round', 'none:if', 'none:ifs', 'product:inparentcategory']),
    );
  });
});

describe('generated expressions with the new functions (fast-check)', () => {
  it('validate cleanly as value expressions and as rules', () => {
    fc.assert(
      fc.property(amountText, conditionText, (value, condition) => {
        expect(validateExpression(value, 'Value')).toEqual([]);
        expect(validateExpression(condition, 'Rule')).toEqual([]);
      }),
      { numRuns: 300 },
    );
  });

  it('round(a, d) is within half a unit of the d-th decimal of a, with at most d decimals', () => {
    fc.assert(
      fc.property(amountText, fc.integer({ min: 0, max: 4 }), (value, digits) => {
        const exact = amount(value);
        const rounded = amount(`round(${value}, ${digits})`);
        const unit = 10 ** -digits;
        expect(Math.abs(rounded - exact)).toBeLessThanOrEqual(unit / 2 + 1e-9 * Math.max(1, Math.abs(exact)));
        const scaled = rounded * 10 ** digits;
        expect(Math.abs(scaled - Math.round(scaled))).toBeLessThan(1e-6);
      }),
      { numRuns: 300 },
    );
  });

  it('if and ifs give the value after the first condition that holds, else the last', () => {
    fc.assert(
      fc.property(conditionText, conditionText, amountText, amountText, amountText, (c1, c2, a, b, fallback) => {
        expect(amount(`if(${c1}, ${a}, ${b})`)).toBe(holds(c1) ? amount(a) : amount(b));
        const expected = holds(c1) ? amount(a) : holds(c2) ? amount(b) : amount(fallback);
        expect(amount(`ifs(${c1}, ${a}, ${c2}, ${b}, ${fallback})`)).toBe(expected);
      }),
      { numRuns: 300 },
    );
  });

  it('in(v, a, b) is v = a or v = b', () => {
    fc.assert(
      fc.property(fc.array(fc.constantFrom(...REGIONS), { minLength: 1, maxLength: 4 }), (list) => {
        const quoted = list.map((r) => `'${r}'`);
        const ored = quoted.map((q) => `order.xp.Region = ${q}`).join(' or ');
        expect(holds(`in(order.xp.Region, ${quoted.join(', ')})`)).toBe(holds(ored));
        expect(holds(`order.xp.Region.in(${quoted.join(', ')})`)).toBe(holds(ored));
      }),
      { numRuns: 100 },
    );
  });
});
