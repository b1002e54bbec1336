import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type RunningServer } from '../server.ts';
import { createTestDatabaseTarget, testConfig, type TestDatabaseTarget } from '../testing/test-database.ts';
import { assignProfile, insertMarketplace, seedProfile, seedUser } from './auth/testing.ts';
import { PREFLIGHT_MAX_AGE } from './cors.ts';
import { PgStore } from './engine/pg-store.ts';
import { platformRegistry } from './resources/index.ts';

const ORIGIN = 'http://storefront.test';
let target: TestDatabaseTarget;
let server: RunningServer;
let token: string;

beforeAll(async () => {
  target = await createTestDatabaseTarget();
  server = await startServer(testConfig(target.target, { platformMgmtSecret: 'cors-test-secret' }));
  const { db } = server.database;
  await insertMarketplace(db, 'mkt1');
  const store = new PgStore(db, platformRegistry, 'mkt1');
  await seedUser(store, 'AdminUsers', undefined, { ID: 'admin', Username: 'admin', Password: 'Demo-Admin-1' });
  await store.put('ApiClients', [], { ID: 'mkt1-admin', AppName: 'Admin', Active: true, AllowSeller: true });
  await seedProfile(store, 'full', ['FullAccess']);
  await assignProfile(store, { SecurityProfileID: 'full' });
  const signedIn = await server.app.inject({
    method: 'POST',
    url: '/platform/oauth/token',
    headers: { 'content-type': 'application/x-www-form-urlencoded', origin: ORIGIN },
    payload: 'grant_type=password&username=admin&password=Demo-Admin-1&client_id=mkt1-admin',
  });
  expect(signedIn.statusCode).toBe(200);
  expect(signedIn.headers['access-control-allow-origin']).toBe('*');
  token = signedIn.json<{ access_token: string }>().access_token;
});
afterAll(async () => {
  await server?.stop();
  await target?.dispose();
});

const preflight = (url: string, method = 'GET') =>
  server.app.inject({
    method: 'OPTIONS',
    url,
    headers: {
      origin: ORIGIN,
      'access-control-request-method': method,
      'access-control-request-headers': 'authorization,content-type',
    },
  });

describe('CORS on the public platform', () => {
  it.each([
    ['/platform/oauth/token', 'POST'],
    ['/platform/oauth/certs/some-key', 'GET'],
    ['/platform/v1/products', 'GET'],
    ['/platform/v1/products/abc', 'PATCH'],
    ['/platform/v1/buyers/b1/users/u1', 'DELETE'],
    ['/platform/V1/Products', 'POST'],
    ['/platform/env', 'GET'],
    ['/platform/v1/openapi/v3', 'GET'],
    ['/platform/v1/no/such/route', 'GET'],
    ['/platform/nowhere', 'PUT'],
  ])('answers a preflight to %s (%s)', async (url, method) => {
    const response = await preflight(url, method);
    expect(response.statusCode).toBe(204);
    expect(response.headers['access-control-allow-origin']).toBe('*');
    expect(response.headers['access-control-allow-credentials']).toBeUndefined();
    expect(String(response.headers['access-control-allow-methods']).split(/,\s*/)).toEqual([
      'GET',
      'POST',
      'PUT',
      'PATCH',
      'DELETE',
      'OPTIONS',
    ]);
    expect(String(response.headers['access-control-allow-headers']).toLowerCase()).toContain('authorization');
    expect(String(response.headers['access-control-allow-headers']).toLowerCase()).toContain('content-type');
    expect(response.headers['access-control-max-age']).toBe(String(PREFLIGHT_MAX_AGE));
  });

  it('sends the header on successes and lets the browser read Location and the request id', async () => {
    const created = await server.app.inject({
      method: 'POST',
      url: '/platform/v1/products',
      headers: { authorization: `Bearer ${token}`, origin: ORIGIN },
      payload: { ID: 'cors-p1', Name: 'Tent' },
    });
    expect(created.statusCode).toBe(201);
    expect(created.headers['access-control-allow-origin']).toBe('*');
    const exposed = String(created.headers['access-control-expose-headers']).toLowerCase();
    expect(exposed).toContain('location');
    expect(exposed).toContain('x-request-id');
    const env = await server.app.inject({ url: '/platform/env', headers: { origin: ORIGIN } });
    expect(env.headers['access-control-allow-origin']).toBe('*');
  });

  it.each([
    ['401 without a token', 'GET', '/platform/v1/products', undefined, undefined, 401],
    ['404 for a missing item', 'GET', '/platform/v1/products/nope', 'token', undefined, 404],
    ['404 for an unknown route', 'GET', '/platform/v1/nothing-here', 'token', undefined, 404],
    ['400 for a bad body', 'POST', '/platform/v1/products', 'token', '{not json', 400],
    ['400 for a bad sign-in', 'POST', '/platform/oauth/token', undefined, 'grant_type=password', 400],
  ])('sends the header on errors too (%s)', async (_name, method, url, withToken, payload, status) => {
    const response = await server.app.inject({
      method: method as 'GET' | 'POST',
      url,
      headers: {
        origin: ORIGIN,
        ...(withToken ? { authorization: `Bearer ${token}` } : {}),
        ...(payload?.startsWith('{') ? { 'content-type': 'application/json' } : {}),
        ...(payload?.startsWith('grant') ? { 'content-type': 'application/x-www-form-urlencoded' } : {}),
      },
      ...(payload ? { payload } : {}),
    });
    expect(response.statusCode).toBe(status);
    expect(response.headers['access-control-allow-origin']).toBe('*');
    expect(response.json<{ Errors: unknown[] }>().Errors).toHaveLength(1);
  });

  it('403 for a missing role carries the header', async () => {
    const signedIn = await server.app.inject({
      method: 'POST',
      url: '/platform/oauth/token',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'grant_type=password&username=admin&password=Demo-Admin-1&client_id=mkt1-admin&scope=MeAdmin',
    });
    const meOnly = signedIn.json<{ access_token: string }>().access_token;
    const response = await server.app.inject({
      url: '/platform/v1/products',
      headers: { origin: ORIGIN, authorization: `Bearer ${meOnly}` },
    });
    expect(response.statusCode).toBe(403);
    expect(response.headers['access-control-allow-origin']).toBe('*');
  });

  it('leaves the management API, the portal service and the identity provider without it', async () => {
    const mgmt = await server.app.inject({ url: '/platform/mgmt/marketplaces', headers: { origin: ORIGIN } });
    expect(mgmt.statusCode).toBe(401);
    expect(mgmt.headers['access-control-allow-origin']).toBeUndefined();
    const mgmtPreflight = await preflight('/platform/mgmt/marketplaces');
    expect(mgmtPreflight.headers['access-control-allow-origin']).toBeUndefined();
    expect(mgmtPreflight.statusCode).toBe(404);
    const portal = await server.app.inject({ url: '/portal-api/me', headers: { origin: ORIGIN } });
    expect(portal.headers['access-control-allow-origin']).toBeUndefined();
    expect((await preflight('/portal-api/me')).headers['access-control-allow-origin']).toBeUndefined();
    // The identity provider answers CORS per client (its registered redirect origins), never with `*`.
    const identity = await preflight('/identity/token', 'POST');
    expect(identity.headers['access-control-allow-origin']).not.toBe('*');
  });
});

describe('compressed answers', () => {
  const description = (acceptEncoding?: string) =>
    server.app.inject({
      url: '/platform/v1/openapi/v3',
      headers: acceptEncoding ? { 'accept-encoding': acceptEncoding } : {},
    });

  it('sends the description with brotli or gzip as the client accepts, decoding to the same JSON', async () => {
    const plain = await description();
    expect(plain.headers['content-encoding']).toBeUndefined();
    const json: unknown = plain.json();
    expect(plain.rawPayload.length).toBeGreaterThan(100_000);

    const br = await description('br, gzip');
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.rawPayload.length).toBeLessThan(plain.rawPayload.length / 5);
    expect(JSON.parse(brotliDecompressSync(br.rawPayload).toString('utf8'))).toEqual(json);

    const gzip = await description('gzip');
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(gzip.rawPayload).toString('utf8'))).toEqual(json);

    expect((await description('identity')).headers['content-encoding']).toBeUndefined();
  });

  it('compresses large lists but leaves small answers alone', async () => {
    const headers = { authorization: `Bearer ${token}`, 'accept-encoding': 'gzip' };
    for (let i = 0; i < 30; i += 1) {
      await server.app.inject({
        method: 'PUT',
        url: `/platform/v1/products/bulk-${i}`,
        headers,
        payload: { Name: `Product number ${i} with a longer name`, Description: 'x'.repeat(50) },
      });
    }
    const list = await server.app.inject({ url: '/platform/v1/products?pageSize=100', headers });
    expect(list.headers['content-encoding']).toBe('gzip');
    const small = await server.app.inject({ url: '/platform/v1/products/bulk-1', headers });
    expect(small.headers['content-encoding']).toBeUndefined();
  });

  it('compresses the portal service, not the identity provider', async () => {
    const identity = await server.app.inject({
      url: '/identity/.well-known/openid-configuration',
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(identity.statusCode).toBe(200);
    expect(identity.headers['content-encoding']).toBeUndefined();
  });
});
