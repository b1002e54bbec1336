import { SignJWT, generateKeyPair } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PORTAL_CLAIMS } from '@portal/contracts';
import { callerFromClaims } from './auth.ts';
import { startPortalTestServer, TEST_PROFILE, userClaims, type PortalTestServer } from './testing.ts';

let t: PortalTestServer;
beforeAll(async () => {
  t = await startPortalTestServer();
});
afterAll(() => t?.dispose());

describe('portal authentication', () => {
  it('lets the health check through without a token', async () => {
    const { status } = await t.call('/healthz', undefined);
    expect(status).toBe(200);
  });

  it('answers 401 problem details without a token', async () => {
    const { status, body, type } = await t.call('/me', undefined);
    expect(status).toBe(401);
    expect(type).toContain('application/problem+json');
    expect(body).toMatchObject({ type: 'about:blank', title: 'Unauthorized', status: 401 });
    expect((body as { detail: string }).detail).toMatch(/bearer access token/);
  });

  it('refuses a token signed by another key', async () => {
    const { privateKey } = await generateKeyPair('RS256');
    const forged = await new SignJWT(userClaims('owner@org.test', ['Organization Owner']))
      .setProtectedHeader({ alg: 'RS256', kid: 'test-key' })
      .setIssuer(t.config.identityIssuer)
      .setAudience(t.config.portalAudience)
      .setExpirationTime('1h')
      .sign(privateKey);
    const { status, body } = await t.call('/me', forged);
    expect(status).toBe(401);
    expect(body).toMatchObject({ detail: 'The access token is not signed by the identity provider.' });
  });

  it('refuses a token for another audience or issuer', async () => {
    const claims = userClaims('owner@org.test', ['Organization Owner']);
    const audience = await t.call('/me', await t.identity.sign(claims, { audience: 'https://elsewhere.test' }));
    expect(audience.status).toBe(401);
    expect(audience.body).toMatchObject({ detail: expect.stringContaining('aud') });
    const issuer = await t.call('/me', await t.identity.sign(claims, { issuer: 'https://other-issuer.test' }));
    expect(issuer.status).toBe(401);
  });

  it('refuses an expired token', async () => {
    const expired = await t.identity.sign(userClaims('owner@org.test', ['Organization Owner']), {
      expiresIn: Math.floor(Date.now() / 1000) - 60,
    });
    const { status, body } = await t.call('/me', expired);
    expect(status).toBe(401);
    expect(body).toMatchObject({ detail: 'The access token has expired. Sign in again.' });
  });

  it('refuses a malformed token', async () => {
    expect((await t.call('/me', 'not-a-jwt')).status).toBe(401);
  });

  it('answers 403 when the token names no tenant', async () => {
    const { [PORTAL_CLAIMS.tenantName]: _dropped, ...claims } = userClaims('owner@org.test', ['Organization Owner']);
    const { status, body } = await t.call('/me', await t.identity.sign(claims));
    expect(status).toBe(403);
    expect(body).toMatchObject({ status: 403, title: 'Forbidden' });
  });

  it("reads the email from the provider's current-user endpoint when the token has none", async () => {
    const { email: _email, name: _name, ...claims } = userClaims('ignored@org.test', ['Organization User']);
    const { status, body } = await t.call('/me', await t.identity.sign(claims));
    expect(status).toBe(200);
    expect(body).toMatchObject({ Email: TEST_PROFILE.email.toLowerCase(), Name: TEST_PROFILE.name });
  });

  it('answers unknown portal paths with the server-wide JSON 404', async () => {
    const token = await t.identity.sign(userClaims('owner@org.test', ['Organization Owner']));
    const { status, body } = await t.call('/nothing-here', token);
    expect(status).toBe(404);
    expect(body).toMatchObject({ error: 'Not Found' });
  });
});

describe('callerFromClaims', () => {
  it('reads the standard and namespaced claims', () => {
    const caller = callerFromClaims({
      ...userClaims('Ann@Org.Test', ['Organization Admin'], 'demo-sandbox'),
      name: 'Ann',
    });
    expect(caller).toEqual({
      subject: 'sub-Ann@Org.Test',
      email: 'ann@org.test',
      name: 'Ann',
      organizationId: 'org-1',
      organizationRoles: ['Organization Admin'],
      tenantId: 'tenant-demo-sandbox',
      tenantName: 'demo-sandbox',
      isOrganizationAdmin: true,
    });
  });

  it('accepts a single organization role and falls back to given and family names', () => {
    const { name: _name, ...claims } = userClaims('bo@org.test', []);
    const caller = callerFromClaims({
      ...claims,
      [PORTAL_CLAIMS.organizationRoles]: 'Organization User',
      given_name: 'Bo',
      family_name: 'Lee',
    });
    expect(caller.organizationRoles).toEqual(['Organization User']);
    expect(caller.isOrganizationAdmin).toBe(false);
    expect(caller.name).toBe('Bo Lee');
  });

  it('needs an email', () => {
    const { email: _email, ...claims } = userClaims('bo@org.test', []);
    expect(() => callerFromClaims(claims)).toThrow(/email/);
  });
});
