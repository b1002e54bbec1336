import { describe, expect, it } from 'vitest';
import { createIdentityClient } from './identity';
import { fakeFetch } from './test-fetch';

describe('createIdentityClient', () => {
  it('reads the current user from /identity/user with the token', async () => {
    const user = { email: 'a@x.test', name: 'Ann', picture: null, lastLogin: null, created: '2026-01-01T00:00:00Z' };
    const { fetch, calls } = fakeFetch(() => user);
    await expect(createIdentityClient({ getToken: () => 't', fetch }).getUser()).resolves.toEqual(user);
    expect(calls[0]).toMatchObject({ method: 'GET', url: '/identity/user' });
    expect(calls[0]?.headers.get('authorization')).toBe('Bearer t');
  });
});
