import type { FastifyInstance } from 'fastify';
import { decodeJwt, decodeProtectedHeader, importJWK, jwtVerify } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  assignProfile,
  openAuthTestContext,
  seedProfile,
  seedUser,
  startOAuthApp,
  type AuthTestContext,
} from './testing.ts';
import { verifyAccessToken } from './tokens.ts';

let ctx: AuthTestContext;
let app: FastifyInstance;

const form = (fields: Record<string, string>) => new URLSearchParams(fields).toString();

async function token(fields: Record<string, string>) {
  const response = await app.inject({
    method: 'POST',
    url: '/platform/oauth/token',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: form(fields),
  });
  return { status: response.statusCode, body: response.json() as Record<string, unknown>, headers: response.headers };
}

const errorCode = (body: Record<string, unknown>) => (body.Errors as { ErrorCode: string }[])[0]?.ErrorCode;
const login = (username: string, password: string, extra: Record<string, string> = {}) =>
  token({ grant_type: 'password', client_id: 'storefront', username, password, ...extra });

beforeAll(async () => {
  ctx = await openAuthTestContext();
  const { store } = ctx;
  const client = (fields: Record<string, unknown>) =>
    store.put('ApiClients', [], { AppName: String(fields.ID), xp: {}, ...fields });
  await client({ ID: 'storefront', Active: true, AccessTokenDuration: 60, RefreshTokenDuration: 120 });
  await client({ ID: 'admin-app', Active: true, AllowSeller: true, ClientSecret: 's3cret', AccessTokenDuration: 30 });
  await client({ ID: 'inactive-app', Active: false, AllowAnyBuyer: true });
  await client({ ID: 'other-app', Active: true });
  await client({
    ID: 'server-app',
    Active: true,
    ClientSecret: 'srv',
    DefaultContextUserName: 'buyer1',
    AllowAnyBuyer: true,
  });
  for (const buyerId of ['b1', 'b2']) {
    await store.saveAssignment('ApiClientAssignment', [], ['ApiClientID', 'BuyerID', 'SupplierID'], {
      ApiClientID: 'storefront',
      BuyerID: buyerId,
      SupplierID: null,
    });
  }
  await store.put('Buyers', [], { ID: 'b1', Name: 'Buyer 1', Active: true });
  await store.put('Buyers', [], { ID: 'b2', Name: 'Buyer 2', Active: false });
  await seedUser(store, 'AdminUsers', undefined, { ID: 'a1', Username: 'admin1', Password: 'admin-pw' });
  await seedUser(store, 'Users', 'b1', { ID: 'u1', Username: 'buyer1', Password: 'buyer-pw' });
  await seedUser(store, 'Users', 'b1', { ID: 'u2', Username: 'sleepy', Password: 'buyer-pw', Active: false });
  await seedUser(store, 'Users', 'b2', { ID: 'u3', Username: 'closed', Password: 'buyer-pw' });
  await seedProfile(store, 'shopper', ['Shopper', 'MeAdmin'], ['custom-a']);
  await seedProfile(store, 'full', ['FullAccess']);
  await assignProfile(store, { SecurityProfileID: 'shopper', BuyerID: 'b1' });
  await assignProfile(store, { SecurityProfileID: 'full' });

  app = await startOAuthApp(ctx);
});

afterAll(async () => {
  await app.close();
  await ctx.dispose();
});

describe('password grant', () => {
  it('issues an RS256 token with the platform claims, case-insensitive username', async () => {
    const { status, body, headers } = await login('BUYER1', 'buyer-pw');
    expect(status).toBe(200);
    expect(headers['cache-control']).toBe('no-store');
    expect(body).toMatchObject({ token_type: 'bearer', expires_in: 3600 });
    expect(typeof body.refresh_token).toBe('string');
    const jwt = String(body.access_token);
    expect(decodeProtectedHeader(jwt)).toMatchObject({ alg: 'RS256', kid: expect.any(String) });
    const claims = decodeJwt(jwt);
    expect(claims).toMatchObject({
      usr: 'buyer1',
      cid: 'storefront',
      u: 'u1',
      usrtype: 'buyer',
      role: ['MeAdmin', 'Shopper', 'custom-a'],
      iss: ctx.baseUrl,
      aud: ctx.baseUrl,
      mkt: 'mkt1',
      cmp: 'b1',
    });
    expect(claims.imp).toBeUndefined();
    expect(Number(claims.exp) - Number(claims.iat)).toBe(3600);
    expect(claims.nbf).toBe(claims.iat);
    expect(typeof claims.jti).toBe('string');
  });

  it('encodes a single role as a plain string, and narrows by scope', async () => {
    expect(decodeJwt(String((await login('buyer1', 'buyer-pw', { scope: 'Shopper' })).body.access_token)).role).toBe(
      'Shopper',
    );
    const custom = await login('buyer1', 'buyer-pw', { scope: 'undefined custom-a' });
    expect(decodeJwt(String(custom.body.access_token)).role).toBe('custom-a');
    const unheld = await login('buyer1', 'buyer-pw', { scope: 'Shopper OrderAdmin' });
    expect(decodeJwt(String(unheld.body.access_token)).role).toBe('Shopper');
  });

  it.each([
    ['wrong password', 'buyer1', 'nope', 'invalid_grant', 'Auth.InvalidUsernameOrPassword'],
    ['unknown user', 'nobody', 'buyer-pw', 'invalid_grant', 'Auth.InvalidUsernameOrPassword'],
    ['inactive user', 'sleepy', 'buyer-pw', 'invalid_grant', 'Auth.UserNotActive'],
    ['inactive company', 'closed', 'buyer-pw', 'invalid_grant', 'Auth.CompanyNotActive'],
    ['missing password', 'buyer1', '', 'invalid_request', 'Auth.UsernameAndPasswordRequired'],
    ['admin through a client without AllowSeller', 'admin1', 'admin-pw', 'invalid_grant', 'Auth.ClientNotAuthorized'],
  ])('refuses %s', async (_name, username, password, error, code) => {
    const { status, body } = await login(username, password);
    expect(status).toBe(400);
    expect(body).toMatchObject({ error, error_description: expect.any(String) });
    expect(errorCode(body)).toBe(code);
    expect((body.Errors as unknown[])[0]).toHaveProperty('Data');
  });

  it('refuses a buyer user through a client their buyer is not assigned to', async () => {
    const { status, body } = await login('buyer1', 'buyer-pw', { client_id: 'other-app' });
    expect(status).toBe(400);
    expect(errorCode(body)).toBe('Auth.ClientNotAuthorized');
  });

  it('checks the client: unknown, inactive, secret required when it has one', async () => {
    expect(errorCode((await login('buyer1', 'buyer-pw', { client_id: 'missing' })).body)).toBe(
      'ApiClient.InvalidClientID',
    );
    expect(errorCode((await login('buyer1', 'buyer-pw', { client_id: 'inactive-app' })).body)).toBe(
      'Auth.ClientNotActive',
    );
    const noSecret = await login('admin1', 'admin-pw', { client_id: 'admin-app' });
    expect(noSecret.status).toBe(400);
    expect(noSecret.body.error).toBe('invalid_client');
    const wrong = await login('admin1', 'admin-pw', { client_id: 'admin-app', client_secret: 'guess' });
    expect(wrong.body.error).toBe('invalid_client');
    const right = await login('admin1', 'admin-pw', { client_id: 'admin-app', client_secret: 's3cret' });
    expect(right.status).toBe(200);
    expect(right.body.refresh_token).toBeUndefined();
    expect(right.body.expires_in).toBe(1800);
    const claims = decodeJwt(String(right.body.access_token));
    expect(claims).toMatchObject({ usr: 'admin1', u: 'a1', usrtype: 'admin', role: 'FullAccess' });
    expect(claims.cmp).toBeUndefined();
  });
});

describe('other grants', () => {
  it('refreshes with the refresh token, through the same client only', async () => {
    const first = await login('buyer1', 'buyer-pw', { scope: 'Shopper' });
    const refreshToken = String(first.body.refresh_token);
    const refreshed = await token({
      grant_type: 'refresh_token',
      client_id: 'storefront',
      refresh_token: refreshToken,
    });
    expect(refreshed.status).toBe(200);
    expect(refreshed.body.refresh_token).toBe(refreshToken);
    expect(decodeJwt(String(refreshed.body.access_token))).toMatchObject({ usr: 'buyer1', role: 'Shopper' });
    const otherClient = await token({
      grant_type: 'refresh_token',
      client_id: 'other-app',
      refresh_token: refreshToken,
    });
    expect(errorCode(otherClient.body)).toBe('Auth.InvalidRefreshToken');
    const bogus = await token({ grant_type: 'refresh_token', client_id: 'storefront', refresh_token: 'bogus' });
    expect(bogus.status).toBe(400);
    expect(bogus.body.error).toBe('invalid_grant');
  });

  it('client credentials act as the default context user and need the secret', async () => {
    const ok = await token({ grant_type: 'client_credentials', client_id: 'server-app', client_secret: 'srv' });
    expect(ok.status).toBe(200);
    expect(decodeJwt(String(ok.body.access_token))).toMatchObject({
      usr: 'buyer1',
      cid: 'server-app',
      usrtype: 'buyer',
    });
    const missing = await token({ grant_type: 'client_credentials', client_id: 'server-app' });
    expect(missing.body.error).toBe('invalid_client');
  });

  it('refuses unknown grant types', async () => {
    const { status, body } = await token({ grant_type: 'authorization_code', client_id: 'storefront' });
    expect(status).toBe(400);
    expect(body.error).toBe('unsupported_grant_type');
  });

  it.each([
    ['application/json', JSON.stringify({ grant_type: 'password' })],
    ['text/plain', 'grant_type=password'],
  ])('refuses a %s body with Request.InvalidContentType', async (contentType, payload) => {
    const response = await app.inject({
      method: 'POST',
      url: '/platform/oauth/token',
      headers: { 'content-type': contentType },
      payload,
    });
    expect(response.statusCode).toBe(400);
    expect(errorCode(response.json())).toBe('Request.InvalidContentType');
  });

  it('refuses a request without a body', async () => {
    const response = await app.inject({ method: 'POST', url: '/platform/oauth/token' });
    expect(response.statusCode).toBe(400);
    expect(errorCode(response.json())).toBe('Request.InvalidContentType');
  });
});

describe('GET /oauth/certs/:kid', () => {
  it('serves the public JWK that verifies issued tokens', async () => {
    const jwt = String((await login('buyer1', 'buyer-pw')).body.access_token);
    const { kid } = decodeProtectedHeader(jwt);
    const response = await app.inject({ method: 'GET', url: `/platform/oauth/certs/${kid}` });
    expect(response.statusCode).toBe(200);
    const jwk = response.json() as Record<string, string>;
    expect(Object.keys(jwk).sort()).toEqual(['alg', 'e', 'kid', 'kty', 'n', 'use']);
    expect(jwk).toMatchObject({ kty: 'RSA', alg: 'RS256', use: 'sig', kid });
    const { payload } = await jwtVerify(jwt, await importJWK(jwk, 'RS256'), {
      issuer: ctx.baseUrl,
      audience: ctx.baseUrl,
    });
    expect(payload.usr).toBe('buyer1');
    expect((await verifyAccessToken(ctx.keys, jwt, { baseUrl: ctx.baseUrl })).u).toBe('u1');
  });

  it('answers an unknown kid with a 404 in the platform envelope', async () => {
    const response = await app.inject({ method: 'GET', url: '/platform/oauth/certs/unknown-kid' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({
      Errors: [
        {
          ErrorCode: 'NotFound',
          Message: expect.any(String),
          Data: { ObjectType: 'SigningKey', ObjectID: 'unknown-kid' },
        },
      ],
    });
  });
});
