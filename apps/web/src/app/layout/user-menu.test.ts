import { describe, expect, it } from 'vitest';
import { initialsOf } from './user-menu';

describe('initialsOf', () => {
  it('takes the first and last name initials', () => {
    expect(initialsOf('Riley Chen')).toBe('RC');
    expect(initialsOf('Ana María de la Cruz')).toBe('AC');
    expect(initialsOf('morgan')).toBe('M');
  });

  it('takes one letter of an e-mail address and never answers blank', () => {
    expect(initialsOf('dev@demo.example')).toBe('D');
    expect(initialsOf('')).toBe('?');
  });
});
