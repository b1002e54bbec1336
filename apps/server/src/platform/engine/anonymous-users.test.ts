import { describe, expect, it } from 'vitest';
import { anonymousUserId, templateUserOf } from './anonymous-users.ts';

describe('anonymous user ids', () => {
  it('name the default context user they shop as', () => {
    const id = anonymousUserId('storefront-user', 'x1Y2');
    expect(id).toBe('anon:storefront-user:x1Y2');
    expect(templateUserOf(id)).toBe('storefront-user');
  });

  it('say nothing for ordinary user ids', () => {
    expect(templateUserOf('buyer01')).toBeUndefined();
    expect(templateUserOf('anon:')).toBeUndefined();
  });
});
