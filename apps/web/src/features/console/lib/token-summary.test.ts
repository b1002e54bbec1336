import { describe, expect, it } from 'vitest';
import { summarizeToken } from './token-summary';

function jwt(claims: Record<string, unknown>): string {
  const encode = (value: unknown) => btoa(JSON.stringify(value)).replace(/=+$/, '');
  return `${encode({ alg: 'RS256' })}.${encode(claims)}.signature`;
}

describe('summarizeToken', () => {
  it('reads client, user, expiry and splits platform roles from custom ones', () => {
    const token = jwt({
      cid: 'demo-sandbox-admin',
      usr: 'dev@demo.example',
      usrtype: 'admin',
      exp: 1_800_000_000,
      role: ['FullAccess', 'WarehouseManager', 'ProductAdmin'],
    });
    expect(summarizeToken(token, ['FullAccess', 'ProductAdmin', 'OrderAdmin'])).toEqual({
      clientId: 'demo-sandbox-admin',
      username: 'dev@demo.example',
      userType: 'admin',
      expiresAt: new Date(1_800_000_000_000),
      roles: ['FullAccess', 'ProductAdmin'],
      customRoles: ['WarehouseManager'],
    });
  });

  it('treats every role as a platform role when the description has no role list', () => {
    const summary = summarizeToken(jwt({ role: 'MeAdmin' }), []);
    expect(summary.roles).toEqual(['MeAdmin']);
    expect(summary.customRoles).toEqual([]);
  });

  it('shows nothing for a token it cannot read', () => {
    expect(summarizeToken('not-a-token', ['FullAccess'])).toEqual({
      clientId: null,
      username: null,
      userType: null,
      expiresAt: null,
      roles: [],
      customRoles: [],
    });
  });
});
