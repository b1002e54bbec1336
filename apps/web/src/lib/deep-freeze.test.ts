import { describe, expect, it } from 'vitest';
import { deepFreeze } from './deep-freeze';

describe('deepFreeze', () => {
  it('freezes nested objects and arrays and returns the same value', () => {
    const value = { a: { b: [{ c: 1 }] } };
    expect(deepFreeze(value)).toBe(value);
    expect(Object.isFrozen(value.a.b[0])).toBe(true);
    expect(() => {
      value.a.b.push({ c: 2 });
    }).toThrow(TypeError);
  });

  it('handles shared and cyclic references', () => {
    const shared = { x: 1 };
    const cyclic: { self?: unknown; left: object; right: object } = { left: shared, right: shared };
    cyclic.self = cyclic;
    deepFreeze(cyclic);
    expect(Object.isFrozen(shared)).toBe(true);
  });

  it('leaves primitives alone and skips typed arrays', () => {
    expect(deepFreeze(3)).toBe(3);
    expect(deepFreeze(null)).toBeNull();
    const holder = { bytes: new Uint8Array(2) };
    deepFreeze(holder);
    expect(Object.isFrozen(holder)).toBe(true);
    expect(Object.isFrozen(holder.bytes)).toBe(false);
  });
});

describe('deepFreeze with skipKeys', () => {
  it('freezes the holder but leaves what sits under a skipped key as it is', () => {
    const value = { index: { id: 'x' }, schema: { properties: { a: {} } } };
    deepFreeze(value, { skipKeys: new Set(['schema']) });
    expect(Object.isFrozen(value)).toBe(true);
    expect(Object.isFrozen(value.index)).toBe(true);
    expect(Object.isFrozen(value.schema)).toBe(false);
  });
});
