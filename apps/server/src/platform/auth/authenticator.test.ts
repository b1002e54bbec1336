import type { FastifyRequest } from 'fastify';
import { decodeJwt, generateKeyPair, SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiError } from '../engine/errors.ts';
import type { Authenticator } from '../engine/routes.ts';
import { createAuthenticator } from './authenticator.ts';
import { createTokenMinter, type TokenMinter } from './mint.ts';
import { createSigningKeys } from './signing-keys.ts';
import { assignProfile, openAuthTestContext, seedProfile, seedUser, type AuthTestContext } from './testing.ts';
import { mintAccessToken, type MintAccessTokenInput } from './tokens.ts';

let ctx: AuthTestContext;
let authenticator: Authenticator;
let minter: TokenMinter;

const request = (authorization?: string) =>
  ({ headers: authorization === undefined ? {} : { authorization } }) as unknown as FastifyRequest;

const buyerToken: MintAccessTokenInput = {
  marketplaceId: 'mkt1',
  clientId: 'storefront',
  user: { id: 'u1', username: 'buyer1', type: 'buyer', companyId: 'b1' },
  roles: ['Shopper', 'MeAdmin'],
  durationMinutes: 10,
};

async function expectInvalidToken(authorization?: string): Promise<void> {
  const failure = await authenticator.authenticate(request(authorization)).catch((error: unknown) => error);
  expect(failure).toBeInstanceOf(ApiError);
  expect(failure).toMatchObject({
    status: 401,
    errors: [{ ErrorCode: 'InvalidToken', Message: 'Access token is invalid or expired.' }],
  });
}

beforeAll(async () => {
  ctx = await openAuthTestContext();
  authenticator = createAuthenticator(ctx.db, ctx.keys, { baseUrl: ctx.baseUrl });
  minter = createTokenMinter({ db: ctx.db, registry: ctx.registry, keys: ctx.keys, baseUrl: ctx.baseUrl });
  const { store } = ctx;
  await store.put('ApiClients', [], {
    ID: 'storefront',
    AppName: 'Storefront',
    Active: true,
    AllowSeller: true,
    xp: {},
  });
  await store.put('ApiClients', [], {
    ID: 'buyers-only',
    AppName: 'Buyers',
    Active: true,
    AllowAnyBuyer: true,
    xp: {},
  });
  await store.put('Buyers', [], { ID: 'b1', Name: 'Buyer 1', Active: true });
  await seedUser(store, 'Users', 'b1', { ID: 'u1', Username: 'buyer1' });
  await seedUser(store, 'AdminUsers', undefined, { ID: 'a1', Username: 'Admin1' });
  await seedProfile(store, 'shopper', ['Shopper']);
  await seedProfile(store, 'admin', ['ProductAdmin', 'BuyerImpersonation']);
  await assignProfile(store, { SecurityProfileID: 'shopper', BuyerID: 'b1' });
  await assignProfile(store, { SecurityProfileID: 'admin' });
});

afterAll(() => ctx.dispose());

describe('createAuthenticator', () => {
  it('turns a valid bearer token into the caller', async () => {
    const { access_token } = await mintAccessToken(ctx, { ...buyerToken, impersonatorId: 'a1' });
    const auth = await authenticator.authenticate(request(`Bearer ${access_token}`));
    expect({ ...auth, roles: [...auth.roles] }).toEqual({
      marketplaceId: 'mkt1',
      clientId: 'storefront',
      username: 'buyer1',
      userId: 'u1',
      userType: 'buyer',
      companyId: 'b1',
      roles: ['Shopper', 'MeAdmin'],
      impersonatorId: 'a1',
    });
  });

  it('accepts a single role encoded as a string and a lower-case scheme', async () => {
    const { access_token } = await mintAccessToken(ctx, { ...buyerToken, roles: ['Shopper'] });
    const auth = await authenticator.authenticate(request(`bearer ${access_token}`));
    expect([...auth.roles]).toEqual(['Shopper']);
    expect(auth.impersonatorId).toBeUndefined();
  });

  it('refuses a missing or malformed header', async () => {
    await expectInvalidToken(undefined);
    await expectInvalidToken('');
    await expectInvalidToken('Basic dXNlcjpwYXNz');
    await expectInvalidToken('Bearer');
    await expectInvalidToken('Bearer not-a-jwt');
    await expectInvalidToken('Bearer a.b.c');
  });

  it('refuses an expired token', async () => {
    const { kid, privateKey } = await ctx.keys.signingKey();
    const past = Math.floor(Date.now() / 1000) - 3600;
    const expired = await new SignJWT({
      usr: 'buyer1',
      cid: 'c',
      u: 'u1',
      usrtype: 'buyer',
      role: 'Shopper',
      mkt: 'mkt1',
    })
      .setProtectedHeader({ alg: 'RS256', kid })
      .setIssuer(ctx.baseUrl)
      .setAudience(ctx.baseUrl)
      .setIssuedAt(past - 600)
      .setNotBefore(past - 600)
      .setExpirationTime(past)
      .setJti('j1')
      .sign(privateKey);
    await expectInvalidToken(`Bearer ${expired}`);
  });

  it('refuses a token signed by another key, even under a known kid', async () => {
    const { kid } = await ctx.keys.signingKey();
    const { privateKey } = await generateKeyPair('RS256');
    const forged = await new SignJWT({ usr: 'x', cid: 'c', u: 'x', usrtype: 'admin', role: 'FullAccess', mkt: 'mkt1' })
      .setProtectedHeader({ alg: 'RS256', kid })
      .setIssuer(ctx.baseUrl)
      .setAudience(ctx.baseUrl)
      .setIssuedAt()
      .setNotBefore('0s')
      .setExpirationTime('10m')
      .setJti('j2')
      .sign(privateKey);
    await expectInvalidToken(`Bearer ${forged}`);
    const unknownKid = forged.replace(
      /^[^.]+/,
      Buffer.from(JSON.stringify({ alg: 'RS256', kid: 'nope' })).toString('base64url'),
    );
    await expectInvalidToken(`Bearer ${unknownKid}`);
  });

  it('refuses an HS256 token, another issuer and an unknown marketplace', async () => {
    const hs = await new SignJWT({ usr: 'x', cid: 'c', u: 'x', usrtype: 'admin', role: 'FullAccess', mkt: 'mkt1' })
      .setProtectedHeader({ alg: 'HS256' })
      .setExpirationTime('10m')
      .sign(new TextEncoder().encode('a-shared-secret-of-at-least-32-bytes!!'));
    await expectInvalidToken(`Bearer ${hs}`);
    const elsewhere = await mintAccessToken(
      { keys: ctx.keys, baseUrl: 'https://elsewhere.example/platform' },
      buyerToken,
    );
    await expectInvalidToken(`Bearer ${elsewhere.access_token}`);
    const gone = await mintAccessToken(ctx, { ...buyerToken, marketplaceId: 'deleted-marketplace' });
    await expectInvalidToken(`Bearer ${gone.access_token}`);
  });
});

describe('signing keys', () => {
  it('reuses one stored key; another instance on the same database verifies its tokens', async () => {
    const first = await ctx.keys.signingKey();
    const other = createSigningKeys(ctx.db);
    expect((await other.signingKey()).kid).toBe(first.kid);
    const { access_token } = await mintAccessToken(ctx, buyerToken);
    const otherAuthenticator = createAuthenticator(ctx.db, createSigningKeys(ctx.db));
    expect((await otherAuthenticator.authenticate(request(`Bearer ${access_token}`))).userId).toBe('u1');
    expect(await other.publicJwk('no-such-kid')).toBeUndefined();
  });
});

describe('createTokenMinter', () => {
  it('mints a portal user token with exactly the given roles', async () => {
    const token = await minter.mintPortalUserToken({
      marketplaceId: 'mkt1',
      clientId: 'portal',
      username: 'ann@example.com',
      roles: ['FullAccess'],
      profile: { firstName: 'Ann', email: 'ann@example.com' },
    });
    expect(token.expires_in).toBe(36000);
    const claims = decodeJwt(token.access_token);
    expect(claims).toMatchObject({ given_name: 'Ann', email: 'ann@example.com' });
    expect(claims).not.toHaveProperty('family_name');
    const auth = await authenticator.authenticate(request(`Bearer ${token.access_token}`));
    expect(auth).toMatchObject({
      userId: 'portal:ann@example.com',
      username: 'ann@example.com',
      userType: 'admin',
      clientId: 'portal',
      portalUser: { firstName: 'Ann', lastName: null, email: 'ann@example.com' },
    });
    expect([...auth.roles]).toEqual(['FullAccess']);
    await expect(
      minter.mintPortalUserToken({ marketplaceId: 'nope', clientId: 'portal', username: 'ann', roles: [] }),
    ).rejects.toMatchObject({ status: 404 });
  });

  it('mints a token for an existing user with resolved roles and an impersonator', async () => {
    const buyer = await minter.mintUserToken({
      marketplaceId: 'mkt1',
      clientId: 'buyers-only',
      username: 'BUYER1',
      impersonatorId: 'portal:ann',
    });
    expect(decodeJwt(buyer.access_token)).toMatchObject({
      usr: 'buyer1',
      u: 'u1',
      cmp: 'b1',
      role: 'Shopper',
      imp: 'portal:ann',
    });
    expect(buyer.refresh_token).toBeUndefined();
    const admin = await minter.mintUserToken({ marketplaceId: 'mkt1', clientId: 'storefront', username: 'admin1' });
    expect(decodeJwt(admin.access_token)).toMatchObject({
      usrtype: 'admin',
      role: ['BuyerImpersonation', 'ProductAdmin'],
    });
  });

  it('applies the client rules and reports missing users and clients', async () => {
    await expect(
      minter.mintUserToken({ marketplaceId: 'mkt1', clientId: 'buyers-only', username: 'admin1' }),
    ).rejects.toMatchObject({
      status: 400,
      errors: [{ ErrorCode: 'Auth.ClientNotAuthorized' }],
    });
    await expect(
      minter.mintUserToken({ marketplaceId: 'mkt1', clientId: 'storefront', username: 'ghost' }),
    ).rejects.toMatchObject({
      status: 404,
    });
    await expect(
      minter.mintUserToken({ marketplaceId: 'mkt1', clientId: 'ghost', username: 'buyer1' }),
    ).rejects.toMatchObject({
      errors: [{ ErrorCode: 'ApiClient.InvalidClientID' }],
    });
  });
});
