import { describe, expect, it } from 'vitest';
import { branchEntries, branchSummary, isBranch, isEmptyValue, isScalarList, scalarText } from './json-tree-model';

describe('the JSON tree model', () => {
  it('opens objects and lists of objects as branches; lists of values read on one line', () => {
    expect(isBranch({ a: 1 })).toBe(true);
    expect(isBranch([{ a: 1 }])).toBe(true);
    expect(isBranch(['a', 'b'])).toBe(false);
    expect(isScalarList(['a', 1, null])).toBe(true);
    expect(isBranch({})).toBe(false);
    expect(isBranch([])).toBe(false);
    expect(isBranch('text')).toBe(false);
  });

  it('treats empty objects, lists and text as empty', () => {
    for (const empty of [null, undefined, '', {}, []]) expect(isEmptyValue(empty)).toBe(true);
    for (const value of [0, false, 'x', { a: null }, [null]]) expect(isEmptyValue(value)).toBe(false);
  });

  it('counts list entries from 1 and keeps object keys', () => {
    expect(branchEntries(['x', 'y'])).toEqual([
      ['1', 'x'],
      ['2', 'y'],
    ]);
    expect(branchEntries({ ID: 'a', Name: 'b' })).toEqual([
      ['ID', 'a'],
      ['Name', 'b'],
    ]);
  });

  it('sums a closed branch up with its name and size', () => {
    expect(branchSummary({ FirstName: 'Jane' }, 'Jane')).toBe('Jane · 1 field');
    expect(branchSummary([1, 2, 3].map((n) => ({ n })))).toBe('3 items');
    expect(branchSummary([{ n: 1 }])).toBe('1 item');
  });

  it('writes scalars as text', () => {
    expect(scalarText(false)).toBe('No');
    expect(scalarText(null)).toBe('—');
    expect(scalarText(['a', true])).toBe('a, Yes');
    expect(scalarText(4.5)).toBe('4.5');
    expect(scalarText({ a: 1, b: 2 })).toBe('2 fields');
  });
});
