import { describe, expect, it } from 'vitest';
import { applyChanges, compareNumeric, compareText, isCodePointCollation } from './kept-order.ts';

describe('kept list order', () => {
  it('orders text by code point, as the C collation does, past U+FFFF too', () => {
    expect(compareText('B', 'a')).toBe(-1);
    expect(compareText('\uFFFD', '😀')).toBe(-1); // UTF-16 units would say otherwise
    expect(compareText('😀', '\uFFFD')).toBe(1);
    expect(compareText('ab', 'a')).toBe(1);
    expect(compareText('é', 'é')).toBe(0);
  });

  it('orders numeric text exactly, with the database special values', () => {
    const sorted = [
      'NaN',
      '10',
      '-3.5',
      '2.50',
      'Infinity',
      '-Infinity',
      '2.5',
      '0.25',
      '-10',
      '99999999999999999999.1',
    ];
    sorted.sort(compareNumeric);
    expect(sorted).toEqual([
      '-Infinity',
      '-10',
      '-3.5',
      '0.25',
      '2.50',
      '2.5',
      '10',
      '99999999999999999999.1',
      'Infinity',
      'NaN',
    ]);
    expect(compareNumeric('2.50', '2.5')).toBe(0);
    expect(compareNumeric('99999999999999999999.2', '99999999999999999999.1')).toBe(1);
  });

  it('takes changed ids out and merges matching items in, nulls first ascending and last descending', () => {
    const orders = [{ descending: true, numeric: false }];
    const kept = { ids: ['a', 'b', 'c', 'd'], keys: [['z', 'm', null, null]] };
    const next = applyChanges(orders, kept, new Set(['b', 'c', 'e']), [
      { id: 'c', keys: ['n'] },
      { id: 'e', keys: [null] },
    ]);
    expect(next).toEqual({ ids: ['a', 'c', 'd', 'e'], keys: [['z', 'n', null, null]] });
  });

  it('trusts only collations that order by code point', () => {
    expect(isCodePointCollation('C', 'c')).toBe(true);
    expect(isCodePointCollation('C.UTF-8', null)).toBe(true);
    expect(isCodePointCollation('en_US.UTF-8', 'c')).toBe(false);
    expect(isCodePointCollation('und-x-icu', 'i')).toBe(false);
  });
});
