import type { FastifyInstance } from 'fastify';
import { decodeJwt } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { anonymousMayCall, anonymousRoles, pathUnderV1, verifyAnonUserToken } from './anonymous.ts';
import { authContextOf } from './authenticator.ts';
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

async function token(fields: Record<string, string>) {
  const response = await app.inject({
    method: 'POST',
    url: '/platform/oauth/token',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams(fields).toString(),
  });
  return { status: response.statusCode, body: response.json() as Record<string, unknown> };
}

const anonymous = (clientId: string, extra: Record<string, string> = {}) =>
  token({ grant_type: 'client_credentials', client_id: clientId, ...extra });
const errorCode = (body: Record<string, unknown>) => (body.Errors as { ErrorCode: string }[])[0]?.ErrorCode;

beforeAll(async () => {
  ctx = await openAuthTestContext();
  const { store } = ctx;
  const client = (fields: Record<string, unknown>) =>
    store.put('ApiClients', [], { AppName: String(fields.ID), Active: true, AllowAnyBuyer: true, xp: {}, ...fields });
  await store.put('Buyers', [], { ID: 'b1', Name: 'Buyer 1', Active: true });
  await seedUser(store, 'Users', 'b1', { ID: 'tmpl', Username: 'anon-template' });
  await seedUser(store, 'Users', 'b1', { ID: 'full', Username: 'full-template' });
  await seedUser(store, 'Users', 'b1', { ID: 'off', Username: 'off-template', Active: false });
  await seedUser(store, 'AdminUsers', undefined, { ID: 'a1', Username: 'admin-template' });
  await seedProfile(store, 'shopping', ['Shopper', 'MeAdmin'], ['loyalty']);
  await seedProfile(store, 'backoffice', ['OrderAdmin', 'BuyerUserAdmin']);
  await seedProfile(store, 'everything', ['FullAccess']);
  await assignProfile(store, { SecurityProfileID: 'shopping', BuyerID: 'b1' });
  await assignProfile(store, { SecurityProfileID: 'backoffice', BuyerID: 'b1', UserID: 'tmpl' });
  await assignProfile(store, { SecurityProfileID: 'everything', BuyerID: 'b1', UserID: 'full' });

  const anon = { IsAnonBuyer: true, DefaultContextUserName: 'anon-template' };
  await client({ ID: 'shop', ...anon, AccessTokenDuration: 30, RefreshTokenDuration: 600, AnonymousTokenDuration: 90 });
  await client({ ID: 'shop-default', ...anon });
  await client({ ID: 'shop-full', ...anon, DefaultContextUserName: 'full-template' });
  await client({ ID: 'shop-no-user', IsAnonBuyer: true });
  await client({ ID: 'shop-unknown-user', ...anon, DefaultContextUserName: 'ghost' });
  await client({ ID: 'shop-admin-user', ...anon, DefaultContextUserName: 'admin-template' });
  await client({ ID: 'shop-inactive-user', ...anon, DefaultContextUserName: 'off-template' });
  await client({ ID: 'shop-needs-role', ...anon, MinimumRequiredRoles: ['ProductAdmin'] });
  await client({ ID: 'plain', DefaultContextUserName: 'anon-template' });
  await client({ ID: 'server', ClientSecret: 'srv', DefaultContextUserName: 'anon-template' });

  app = await startOAuthApp(ctx);
});

afterAll(async () => {
  await app.close();
  await ctx.dispose();
});

describe('anonymous shopper tokens (client_credentials without a secret)', () => {
  it('issues a token for a new anonymous identity shopping as the default context user', async () => {
    const { status, body } = await anonymous('shop');
    expect(status).toBe(200);
    expect(body).toMatchObject({ token_type: 'bearer', expires_in: 90 * 60 });
    // Never a refresh token, although the client gives its users one.
    expect(body).not.toHaveProperty('refresh_token');
    const claims = await verifyAccessToken(ctx.keys, String(body.access_token), { baseUrl: ctx.baseUrl });
    expect(claims).toMatchObject({ usr: 'anon-template', cid: 'shop', usrtype: 'buyer', cmp: 'b1', anon: 'tmpl' });
    expect(claims.u).toMatch(/^anon:tmpl:[A-Za-z0-9_-]{10,}$/);
    expect(claims.orderid).toMatch(/^[A-Za-z0-9_-]{10,}$/);
    expect(claims.anonuserid).toBeUndefined();
    // The default context user's back-office roles stay behind; custom roles come along.
    expect(claims.role).toEqual(['MeAdmin', 'Shopper', 'loyalty']);
    expect(claims.exp - claims.nbf).toBe(90 * 60);

    const auth = authContextOf(claims);
    expect(auth).toMatchObject({ userId: claims.u, userType: 'buyer', companyId: 'b1' });
    expect(auth.anonymous).toEqual({ templateUserId: 'tmpl', orderId: claims.orderid });
  });

  it('gives every token its own identity and reserved order', async () => {
    const first = decodeJwt(String((await anonymous('shop')).body.access_token));
    const second = decodeJwt(String((await anonymous('shop')).body.access_token));
    expect(first.u).not.toBe(second.u);
    expect(first.orderid).not.toBe(second.orderid);
  });

  it('lasts a week when the client sets no AnonymousTokenDuration', async () => {
    const { body } = await anonymous('shop-default');
    expect(body.expires_in).toBe(10080 * 60);
  });

  it('narrows the roles to the requested scope and carries the tracking anonuserid', async () => {
    const { body } = await anonymous('shop', { scope: 'Shopper OrderAdmin', anonuserid: 'visitor-42' });
    const claims = decodeJwt(String(body.access_token));
    expect(claims.role).toBe('Shopper');
    expect(claims.anonuserid).toBe('visitor-42');
    const tooLong = await anonymous('shop', { anonuserid: 'x'.repeat(101) });
    expect([tooLong.status, errorCode(tooLong.body)]).toEqual([400, 'Request.InvalidRequestBody']);
  });

  it('turns a FullAccess default context user into the shopper roles only', async () => {
    const { body } = await anonymous('shop-full');
    const roles = decodeJwt(String(body.access_token)).role as string[];
    expect([...roles].sort()).toEqual([
      'MeAddressAdmin',
      'MeAdmin',
      'MeCreditCardAdmin',
      'MeSubscriptionAdmin',
      'MeXpAdmin',
      'Shopper',
      'loyalty',
    ]);
  });

  it('refuses clients that are not set up for anonymous shoppers', async () => {
    const plain = await anonymous('plain');
    expect([plain.status, errorCode(plain.body)]).toEqual([400, 'Auth.InvalidClientSecret']);
    const noUser = await anonymous('shop-no-user');
    expect([noUser.status, errorCode(noUser.body)]).toEqual([400, 'ApiClient.RequiredNotAnonBuyer']);
    const unknownUser = await anonymous('shop-unknown-user');
    expect([unknownUser.status, errorCode(unknownUser.body)]).toEqual([400, 'Auth.UserNotFound']);
    const adminUser = await anonymous('shop-admin-user');
    expect(errorCode(adminUser.body)).toBe('ApiClient.RequiredNotAnonBuyer');
    const inactiveUser = await anonymous('shop-inactive-user');
    expect(errorCode(inactiveUser.body)).toBe('Auth.UserNotActive');
    const needsRole = await anonymous('shop-needs-role');
    expect(errorCode(needsRole.body)).toBe('Auth.InsufficientRoles');
  });

  it('leaves the server-to-server client credentials grant as it was', async () => {
    const { status, body } = await token({
      grant_type: 'client_credentials',
      client_id: 'server',
      client_secret: 'srv',
    });
    expect(status).toBe(200);
    const claims = decodeJwt(String(body.access_token));
    expect(claims).toMatchObject({ usr: 'anon-template', u: 'tmpl' });
    expect(claims.anon).toBeUndefined();
    expect(claims.orderid).toBeUndefined();
    const withoutSecret = await anonymous('server');
    expect(errorCode(withoutSecret.body)).toBe('Auth.InvalidClientSecret');
  });
});

describe('verifyAnonUserToken', () => {
  it('accepts an anonymous token of the marketplace only', async () => {
    const issuer = { keys: ctx.keys, baseUrl: ctx.baseUrl };
    const anon = String((await anonymous('shop')).body.access_token);
    await expect(verifyAnonUserToken(issuer, anon, 'mkt1')).resolves.toMatchObject({ cmp: 'b1', anon: 'tmpl' });
    const server = (await token({ grant_type: 'client_credentials', client_id: 'server', client_secret: 'srv' })).body;
    for (const [given, marketplace] of [
      [undefined, 'mkt1'],
      ['garbage', 'mkt1'],
      [String(server.access_token), 'mkt1'],
      [anon, 'other-marketplace'],
    ] as const) {
      await expect(verifyAnonUserToken(issuer, given, marketplace)).rejects.toMatchObject({
        status: 400,
        errors: [{ ErrorCode: 'Auth.MustPassAnonUserToken' }],
      });
    }
  });
});

describe('what an anonymous token may call', () => {
  it('allows reading Me, registering and shopping; refuses writes to Me and everything else', () => {
    const allowed: [string, string][] = [
      ['GET', '/me'],
      ['GET', '/me/products/:productID'],
      ['PUT', '/me/register'],
      ['POST', '/orders/:direction'],
      ['POST', '/orders/:direction/:orderID/lineitems'],
      ['POST', '/orders/:direction/:orderID/submit'],
      ['GET', '/cart'],
    ];
    const refused: [string, string][] = [
      ['PATCH', '/me'],
      ['PUT', '/me'],
      ['POST', '/me/addresses'],
      ['DELETE', '/me/creditcards/:creditcardID'],
      ['PUT', '/me/orders'],
      ['GET', '/buyers'],
      ['GET', '/products'],
      ['POST', '/orderreturns'],
      ['GET', '/meters'],
    ];
    for (const [method, path] of allowed)
      expect({ method, path, ok: anonymousMayCall(method, path) }).toMatchObject({ ok: true });
    for (const [method, path] of refused)
      expect({ method, path, ok: anonymousMayCall(method, path) }).toMatchObject({ ok: false });
    expect(pathUnderV1('/platform/v1/me/orders')).toBe('/me/orders');
  });

  it('keeps only shopper ApiRoles and custom roles', () => {
    const kept = anonymousRoles(['Shopper', 'OrderAdmin', 'MeXpAdmin', 'MessageSenderAdmin', 'custom']);
    expect([...kept].sort()).toEqual(['MeXpAdmin', 'Shopper', 'custom']);
  });
});
