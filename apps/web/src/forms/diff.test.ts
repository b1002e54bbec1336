import { describe, expect, it } from 'vitest';
import type { JsonValue } from '@/description/openapi-types';
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

  it('sends a whole list when any element differs, deep inside objects too', () => {
    const before: { [key: string]: JsonValue } = { Addresses: [{ City: 'Oslo', Lines: ['a'] }, { City: 'Bergen' }] };
    const after: { [key: string]: JsonValue } = { Addresses: [{ City: 'Oslo', Lines: ['b'] }, { City: 'Bergen' }] };
    expect(changedFields(before, after)).toEqual(after);
    expect(changedFields(before, structuredClone(before))).toEqual({});
  });

  it('counts an added, removed or moved element as a change', () => {
    expect(changedFields({ Scores: [1, 2] }, { Scores: [1, 2, 3] })).toEqual({ Scores: [1, 2, 3] });
    expect(changedFields({ Scores: [1, 2] }, { Scores: [1] })).toEqual({ Scores: [1] });
    expect(changedFields({ Scores: [1, 2] }, { Scores: [2, 1] })).toEqual({ Scores: [2, 1] });
  });

  it('sends an emptied list as [] and treats empty and missing lists alike', () => {
    expect(changedFields({ Roles: ['Admin'] }, {})).toEqual({ Roles: [] });
    expect(changedFields({ Roles: [] }, {})).toEqual({});
    expect(changedFields({ Address: { Lines: ['a'] } }, { Address: {} })).toEqual({ Address: { Lines: [] } });
  });

  it('clears values that disappeared and adds new ones', () => {
    expect(changedFields({ Name: 'A' }, { Phone: '1' })).toEqual({ Name: null, Phone: '1' });
  });

  it('tells whether anything changed', () => {
    expect(hasChanges({ a: { b: [1] } }, { a: { b: [1] } })).toBe(false);
    expect(hasChanges({ a: 1 }, { a: 2 })).toBe(true);
  });
});
