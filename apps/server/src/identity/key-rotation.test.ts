import { createRemoteJWKSet, decodeProtectedHeader, exportJWK, generateKeyPair, jwtVerify, type JWK } from 'jose';
import { describe, expect, it } from 'vitest';
import { CHANNELS } from '../cluster/channels.ts';
import { DEMO_PASSWORD } from './seed.ts';
import { OidcBrowser } from './testing/oidc-browser.ts';
import { useIdentityServer } from './testing/identity-server.ts';
import { arrangeSigningKeys, rotateIdentitySigningKeys, type StoredSigningKey } from './provider-secrets.ts';

const server = useIdentityServer();
const config = () => server().app.config;
const OWNER = 'owner@demo.example';
const kidOf = (token: string) => decodeProtectedHeader(token).kid;

/** Resolves when this server has heard of the next identity key rotation. */
const rotationHeard = () =>
  new Promise<void>((resolve) => {
    const stop = server().app.bus.subscribe(CHANNELS.identitySigningKeys, () => {
      stop();
      resolve();
    });
  });

const publishedKids = async () => {
  const response = await fetch(config().identityJwksUrl);
  return ((await response.json()) as { keys: JWK[] }).keys.map((key) => key.kid);
};

const userStatus = async (accessToken: string) =>
  (await fetch(`${server().url}/identity/user`, { headers: { authorization: `Bearer ${accessToken}` } })).status;

describe('identity signing key rotation', () => {
  it('signs with the new key, keeps the old one verifying, and publishes both without a restart', async () => {
    const browser = new OidcBrowser(server().url, config().portalClientId);
    const before = await browser.signIn(OWNER, DEMO_PASSWORD, { tenantName: 'demo-sandbox' });
    const oldKid = kidOf(before.access_token);
    expect(kidOf(before.id_token)).toBe(oldKid);
    // The provider's bearer routes now hold the key set as it was before the rotation.
    expect(await userStatus(before.access_token)).toBe(200);

    const heard = rotationHeard();
    const rotation = await rotateIdentitySigningKeys(server().database.db, {
      bus: server().app.bus,
      publishAheadMs: 0,
    });
    await heard;
    expect(rotation.retired).toEqual([oldKid]);

    expect(await publishedKids()).toEqual([rotation.kid, oldKid]);
    const after = await browser.token({ grant_type: 'refresh_token', refresh_token: before.refresh_token ?? '' });
    expect(kidOf(after.access_token)).toBe(rotation.kid);
    expect(kidOf(after.id_token)).toBe(rotation.kid);

    // The provider's own bearer routes and a service fetching the key set accept old and new tokens.
    expect(await userStatus(before.access_token)).toBe(200);
    expect(await userStatus(after.access_token)).toBe(200);
    const jwks = createRemoteJWKSet(new URL(config().identityJwksUrl));
    const expected = { issuer: config().identityIssuer, audience: config().portalAudience };
    expect((await jwtVerify(before.access_token, jwks, expected)).payload.sub).toBe('demo-owner');
    expect((await jwtVerify(after.access_token, jwks, expected)).payload.sub).toBe('demo-owner');
  });

  it('publishes a new key before it signs, so services holding the key set know it first', async () => {
    const browser = new OidcBrowser(server().url, config().portalClientId);
    const signing = kidOf((await browser.signIn(OWNER, DEMO_PASSWORD, { tenantName: 'demo-sandbox' })).access_token);
    const heard = rotationHeard();
    // The default: published now, signing two minutes from now.
    const rotation = await rotateIdentitySigningKeys(server().database.db, { bus: server().app.bus });
    await heard;
    expect(Date.parse(rotation.activatesAt)).toBeGreaterThan(Date.now());
    expect(await publishedKids()).toContain(rotation.kid);
    const again = await browser.signIn(OWNER, DEMO_PASSWORD, { tenantName: 'demo-sandbox' });
    expect(kidOf(again.access_token)).toBe(signing);
  });
});

describe('arrangeSigningKeys', () => {
  const key = async (kid: string, extra: Partial<StoredSigningKey> = {}): Promise<StoredSigningKey> => {
    const { privateKey } = await generateKeyPair('RS256', { extractable: true });
    return { ...(await exportJWK(privateKey)), kid, alg: 'RS256', use: 'sig', ...extra };
  };

  it('puts the newest key whose time has come first and says when the next one starts', async () => {
    const now = Date.parse('2030-01-01T00:00:00Z');
    const pending = await key('pending', { activatesAt: '2030-01-01T00:02:00Z' });
    const current = await key('current', { activatesAt: '2029-12-01T00:00:00Z', retiredAt: '2030-01-01T00:02:00Z' });
    const first = await key('first', { retiredAt: '2029-12-01T00:00:00Z' });
    const arranged = arrangeSigningKeys([pending, current, first], now);
    expect(arranged.signingKid).toBe('current');
    expect(arranged.keys.map((jwk) => jwk.kid)).toEqual(['current', 'pending', 'first']);
    expect(arranged.nextChangeAt).toBe(Date.parse('2030-01-01T00:02:00Z'));
    // The provider gets plain keys, without the bookkeeping.
    expect(arranged.keys.every((jwk) => !('activatesAt' in jwk) && !('retiredAt' in jwk))).toBe(true);
    expect(arrangeSigningKeys([pending, current, first], Date.parse('2030-01-01T00:02:00Z')).signingKid).toBe(
      'pending',
    );
  });
});
