import { describe, expect, it } from 'vitest';
import { statusDot } from './status-dot';

describe('statusDot', () => {
  it.each([
    [200, 'success'],
    [204, 'success'],
    [299, 'success'],
    [300, 'warning'],
    [304, 'warning'],
    [399, 'warning'],
    [400, 'danger'],
    [500, 'danger'],
    [0, 'danger'],
    [null, 'danger'],
    [undefined, 'danger'],
    [Number.NaN, 'danger'],
  ] as const)('%s is %s', (status, dot) => {
    expect(statusDot(status)).toBe(dot);
  });
});
