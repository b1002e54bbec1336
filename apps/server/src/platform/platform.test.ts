import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type RunningServer } from '../server.ts';
import { createTestDatabaseTarget, testConfig, type TestDatabaseTarget } from '../testing/test-database.ts';
import { assignProfile, insertMarketplace, seedProfile, seedUser } from './auth/testing.ts';
import { PgStore } from './engine/pg-store.ts';
import { platformRegistry } from './resources/index.ts';

const SECRET = 'test-management-secret';
let target: TestDatabaseTarget;
let server: RunningServer;
let base: string;

beforeAll(async () => {
  target = await createTestDatabaseTarget();
  server = await startServer(testConfig(target.target, { platformMgmtSecret: SECRET }));
  base = `${server.url}/platform`;
  const { db } = server.database;
  await insertMarketplace(db, 'mkt1');
  const store = new PgStore(db, platformRegistry, 'mkt1');
  await seedUser(store, 'AdminUsers', undefined, { ID: 'admin', Username: 'admin', Password: 'Demo-Admin-1' });
  await store.put('ApiClients', [], {
    ID: 'mkt1-admin',
    AppName: 'Admin',
    Active: true,
    AllowSeller: true,
    AccessTokenDuration: 600,
  });
  await seedProfile(store, 'full', ['FullAccess']);
  await assignProfile(store, { SecurityProfileID: 'full' });
});
afterAll(async () => {
  await server?.stop();
  await target?.dispose();
});

async function signIn(): Promise<string> {
  const response = await fetch(`${base}/oauth/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
    body: new URLSearchParams({
      grant_type: 'password',
      username: 'admin',
      password: 'Demo-Admin-1',
      client_id: 'mkt1-admin',
    }),
  });
  expect(response.status).toBe(200);
  return ((await response.json()) as { access_token: string }).access_token;
}

describe('the platform as one server serves it', () => {
  it('signs the admin in and serves the API with that token', async () => {
    const token = await signIn();
    const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
    const created = await fetch(`${base}/v1/products`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ ID: 'p1', Name: 'Tent' }),
    });
    expect(created.status).toBe(201);
    const listed = await fetch(`${base}/v1/products?Name=Tent`, { headers });
    expect(((await listed.json()) as { Items: { ID: string }[] }).Items.map((item) => item.ID)).toEqual(['p1']);
    expect((await fetch(`${base}/v1/products`)).status).toBe(401);
  });

  it('describes itself, with the description version as the build number', async () => {
    const env = (await (await fetch(`${base}/env`)).json()) as { BuildNumber: string };
    const description = (await (await fetch(`${base}/v1/openapi/v3`)).json()) as {
      info: { version: string };
      paths: object;
    };
    expect(env.BuildNumber).toMatch(/^\d+\.\d+\.\d+\.\d+$/);
    expect(description.info.version).toBe(env.BuildNumber);
    expect(Object.keys(description.paths)).toContain('/products/{productID}');
  });

  it('answers unknown platform paths with the error envelope', async () => {
    const response = await fetch(`${base}/v2/whatever`);
    expect(response.status).toBe(404);
    expect(((await response.json()) as { Errors: { ErrorCode: string }[] }).Errors[0]?.ErrorCode).toBe('NotFound');
  });
});

describe('the management API', () => {
  const mgmt = (path: string, init: RequestInit = {}, secret = SECRET) =>
    fetch(`${base}/mgmt${path}`, {
      ...init,
      headers: { authorization: `Bearer ${secret}`, 'content-type': 'application/json', ...init.headers },
    });

  it('refuses callers without the shared secret', async () => {
    expect((await mgmt('/marketplaces', {}, 'wrong')).status).toBe(401);
    expect((await fetch(`${base}/mgmt/marketplaces`)).status).toBe(401);
  });

  it('lists and gets marketplaces with their API URL', async () => {
    const list = (await (await mgmt('/marketplaces')).json()) as { Items: { Id: string; CoreApiUrl: string }[] };
    expect(list.Items).toEqual([
      { Id: 'mkt1', Name: 'mkt1', Environment: 'Sandbox', Region: { Id: 'est', Name: 'US-East' }, CoreApiUrl: base },
    ]);
    expect((await mgmt('/marketplaces/nope')).status).toBe(404);
  });

  it('mints a portal-user token carrying exactly the given roles, usable on the API', async () => {
    const response = await mgmt('/marketplaces/mkt1/tokens', {
      method: 'POST',
      body: JSON.stringify({ Username: 'dev@demo.example', Roles: ['ProductReader'] }),
    });
    expect(response.status).toBe(200);
    const { access_token: token } = (await response.json()) as { access_token: string };
    const claims = JSON.parse(Buffer.from(token.split('.')[1] as string, 'base64url').toString()) as Record<
      string,
      unknown
    >;
    expect(claims).toMatchObject({
      usr: 'dev@demo.example',
      role: 'ProductReader',
      usrtype: 'admin',
      cid: 'mkt1-admin',
    });
    const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
    expect((await fetch(`${base}/v1/products`, { headers })).status).toBe(200);
    expect((await fetch(`${base}/v1/products`, { method: 'POST', headers, body: '{"Name":"x"}' })).status).toBe(403);
  });

  it('puts the portal profile in the token, so Me.Get describes the portal user, and bounds it', async () => {
    const profile = { FirstName: 'Riley', LastName: 'Chen', Email: 'dev@demo.example' };
    const response = await mgmt('/marketplaces/mkt1/tokens', {
      method: 'POST',
      body: JSON.stringify({ Username: 'dev@demo.example', Roles: ['ProductReader'], ...profile }),
    });
    const { access_token: token } = (await response.json()) as { access_token: string };
    const me = await fetch(`${base}/v1/me`, { headers: { authorization: `Bearer ${token}` } });
    expect(me.status).toBe(200);
    expect(await me.json()).toMatchObject({ ID: 'portal:dev@demo.example', Username: 'dev@demo.example', ...profile });

    const tooLong = await mgmt('/marketplaces/mkt1/tokens', {
      method: 'POST',
      body: JSON.stringify({ Username: 'x', Roles: [], LastName: 'n'.repeat(101) }),
    });
    expect(tooLong.status).toBe(400);
    expect(((await tooLong.json()) as { Errors: { Data: unknown }[] }).Errors[0]?.Data).toMatchObject({
      Property: 'LastName',
    });
  });

  it('refuses a token request without roles', async () => {
    const response = await mgmt('/marketplaces/mkt1/tokens', {
      method: 'POST',
      body: JSON.stringify({ Username: 'x' }),
    });
    expect(response.status).toBe(400);
  });

  it('lists the users who can sign in through a client, with search', async () => {
    const all = (await (await mgmt('/marketplaces/mkt1/apiclients/mkt1-admin/users')).json()) as {
      Items: { Username: string; CommerceRole: string }[];
    };
    expect(all.Items).toEqual([
      expect.objectContaining({ Username: 'admin', CommerceRole: 'Seller', CompanyID: 'mkt1' }),
    ]);
    const none = (await (await mgmt('/marketplaces/mkt1/apiclients/mkt1-admin/users?search=zzz')).json()) as {
      Items: unknown[];
    };
    expect(none.Items).toEqual([]);
  });

  it('mints an impersonation token for a user of a client', async () => {
    const response = await mgmt('/marketplaces/mkt1/impersonation-tokens', {
      method: 'POST',
      body: JSON.stringify({ ClientID: 'mkt1-admin', Username: 'admin' }),
    });
    expect(response.status).toBe(200);
    const { access_token: token } = (await response.json()) as { access_token: string };
    const claims = JSON.parse(Buffer.from(token.split('.')[1] as string, 'base64url').toString()) as Record<
      string,
      unknown
    >;
    expect(claims).toMatchObject({ usr: 'admin', role: 'FullAccess' });
  });
});
