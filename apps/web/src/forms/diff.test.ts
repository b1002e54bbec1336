import { describe, expect, it } from 'vitest';
import { changedFields, hasChanges } from './diff';

describe('changedFields', () => {
  it('returns only changed top-level fields', () => {
    expect(changedFields({ Name: 'A', Active: true }, { Name: 'B', Active: true })).toEqual({ Name: 'B' });
  });

  it('diffs nested objects and xp deeply', () => {
    const before = { xp: { a: 1, nested: { b: 1, c: 2 } }, Address: { City: 'X', Zip: '1' } };
    const after = { xp: { a: 1, nested: { b: 1, c: 3 } }, Address: { City: 'Y', Zip: '1' } };
    expect(changedFields(before, after)).toEqual({ xp: { nested: { c: 3 } }, Address: { City: 'Y' } });
  });

  it('replaces arrays as a whole', () => {
    expect(changedFields({ Tags: ['a', 'b'] }, { Tags: ['a', 'c'] })).toEqual({ Tags: ['a', 'c'] });
    expect(changedFields({ Tags: ['a'] }, { Tags: ['a'] })).toEqual({});
  });

  it('clears values that disappeared and adds new ones', () => {
    expect(changedFields({ Name: 'A' }, { Phone: '1' })).toEqual({ Name: null, Phone: '1' });
  });

  it('tells whether anything changed', () => {
    expect(hasChanges({ a: { b: [1] } }, { a: { b: [1] } })).toBe(false);
    expect(hasChanges({ a: 1 }, { a: 2 })).toBe(true);
  });
});
