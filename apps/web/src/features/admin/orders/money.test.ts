import { describe, expect, it } from 'vitest';
import { currencyOf, formatMoney } from './money';

describe('currencyOf', () => {
  it("takes the order's currency, else the price schedule's, else USD", () => {
    expect(currencyOf({ Currency: 'EUR' }, { Currency: 'GBP' })).toBe('EUR');
    expect(currencyOf({ Currency: null }, { Currency: 'gbp' })).toBe('GBP');
    expect(currencyOf(undefined, null)).toBe('USD');
    expect(currencyOf({ Currency: 'euro' })).toBe('USD');
  });
});

describe('formatMoney', () => {
  it('formats with the currency symbol and two decimals', () => {
    expect(formatMoney(1234.5, 'USD')).toBe('$1,234.50');
    expect(formatMoney(20, 'EUR')).toBe('€20.00');
    expect(formatMoney(0)).toBe('$0.00');
  });

  it('shows a dash for a missing amount and falls back to USD for an unknown code', () => {
    expect(formatMoney(undefined)).toBe('—');
    expect(formatMoney(Number.NaN, 'EUR')).toBe('—');
    expect(formatMoney(5, 'ZZZ')).toMatch(/5\.00/);
  });
});
