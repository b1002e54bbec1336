import hashString from '@emotion/hash';
import { describe, expect, it } from 'vitest';
import memoizedHash from './emotion-hash';

describe('memoizedHash', () => {
  it('names a style text as Emotion does, the first time and again', () => {
    const text = 'display:flex;color:var(--chakra-colors-fg);';
    expect(memoizedHash(text)).toBe(hashString(text));
    expect(memoizedHash(text)).toBe(hashString(text));
    expect(memoizedHash(`${text} `)).toBe(hashString(`${text} `));
  });
});
