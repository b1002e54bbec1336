import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { memberships, organizations, tenants, users } from '../identity/db/schema.ts';
import { DEMO_PASSWORD, seedIdentityDemo } from '../identity/seed.ts';
import { OidcBrowser } from '../identity/testing/oidc-browser.ts';
import { concreteTestConfig } from '../identity/testing/server-config.ts';
import { startServer, type RunningServer } from '../server.ts';
import { createTestDatabaseTarget, type TestDatabaseTarget } from '../testing/test-database.ts';

let target: TestDatabaseTarget;
let server: RunningServer;
let ownerToken: string;
let outsiderToken: string;

beforeAll(async () => {
  target = await createTestDatabaseTarget();
  server = await startServer(await concreteTestConfig(target.target));
  await seedIdentityDemo(server.database);
  // A second organization the demo users are not in, with a user of its own.
  const { db } = server.database;
  await db
    .insert(organizations)
    .values({ id: 'other-org', name: 'Other Org', type: 'Partner', accountId: 'acct-other' });
  await db.insert(users).values({
    id: 'other-user',
    email: 'someone@other.example',
    name: 'Someone Else',
    passwordHash: (await db.select().from(users))[0]?.passwordHash ?? '',
  });
  await db
    .insert(memberships)
    .values({ organizationId: 'other-org', userId: 'other-user', role: 'Organization Admin' });
  await db.insert(tenants).values([
    { id: 'other-live', organizationId: 'other-org', name: 'other-live', displayName: 'Other Live', systemId: 'sys-2' },
    {
      id: 'other-old',
      organizationId: 'other-org',
      name: 'other-old',
      displayName: 'Other Old',
      systemId: 'sys-2',
      state: 'Inactive',
    },
  ]);
  const clientId = server.app.config.portalClientId;
  ownerToken = (await new OidcBrowser(server.url, clientId).signIn('owner@demo.example', DEMO_PASSWORD)).access_token;
  outsiderToken = (await new OidcBrowser(server.url, clientId).signIn('someone@other.example', DEMO_PASSWORD))
    .access_token;
});
afterAll(async () => {
  await server?.stop();
  await target?.dispose();
});

async function get(path: string, token = ownerToken) {
  const response = await fetch(`${server.url}/inventory${path}`, {
    headers: token ? { authorization: `Bearer ${token}` } : {},
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

type TenantList = { items: { id: string; name: string; annotations: { URL: string } }[]; totalCount: number };
const list = async (query: string, token?: string) =>
  (await get(`/tenants${query}`, token)) as { status: number; body: TenantList };

describe('GET /inventory/tenants', () => {
  it("lists the caller's tenants with the portal address of each", async () => {
    const { status, body } = await list('');
    expect(status).toBe(200);
    expect(body).toMatchObject({ totalCount: 3, pageNumber: 1, pageSize: 20 });
    expect(body.items.map((tenant) => tenant.id)).toEqual(['demo-sandbox', 'demo-staging', 'demo-production']);
    expect(body.items[0]).toEqual({
      id: 'demo-sandbox',
      name: 'demo-sandbox',
      displayName: 'Demo Sandbox',
      organizationId: 'demo-org',
      systemId: 'demo-sandbox',
      state: 'Active',
      createdAt: expect.any(String),
      annotations: { URL: `${server.url}/?organization=demo-org&tenantName=demo-sandbox` },
    });
  });

  it('pages', async () => {
    const first = await list('?pagesize=2');
    expect(first.body).toMatchObject({ totalCount: 3, pageNumber: 1, pageSize: 2 });
    expect(first.body.items.map((tenant) => tenant.id)).toEqual(['demo-sandbox', 'demo-staging']);
    const second = await list('?pagenumber=2&pagesize=2');
    expect(second.body.items.map((tenant) => tenant.id)).toEqual(['demo-production']);
    const beyond = await list('?pageNumber=5&pageSize=2');
    expect(beyond.body).toMatchObject({ items: [], totalCount: 3, pageNumber: 5 });
  });

  it('filters by state, organization, system and name', async () => {
    expect((await list('?name=demo-staging')).body.items.map((t) => t.id)).toEqual(['demo-staging']);
    expect((await list('?systemId=demo-production')).body.items.map((t) => t.id)).toEqual(['demo-production']);
    expect((await list('?organizationId=demo-org&state=Active')).body.totalCount).toBe(3);
    expect((await list('?organizationId=other-org')).body.totalCount).toBe(0);
    expect((await list('?state=Inactive')).body.totalCount).toBe(0);
    const outsider = await list('?state=Inactive', outsiderToken);
    expect(outsider.body.items.map((t) => t.id)).toEqual(['other-old']);
    expect((await list('', outsiderToken)).body.totalCount).toBe(2);
  });

  it('answers 400 with a clear message for bad paging or state', async () => {
    for (const [query, message] of [
      ['?pagesize=0', 'pagesize must be a whole number from 1 to 100; got "0".'],
      ['?pagesize=101', 'pagesize must be a whole number from 1 to 100; got "101".'],
      ['?pagenumber=abc', 'pagenumber must be a whole number'],
      ['?pagenumber=1.5', 'pagenumber must be a whole number'],
      ['?state=Deleted', 'state must be one of Active, Inactive; got "Deleted".'],
    ] as const) {
      const { status, body } = await get(`/tenants${query}`);
      expect(status, query).toBe(400);
      expect(String(body.message)).toContain(message);
    }
  });

  it('answers 401 without a valid access token', async () => {
    expect((await get('/tenants', '')).status).toBe(401);
    expect((await get('/tenants', 'not-a-token')).status).toBe(401);
    expect((await get('/tenants/demo-sandbox', '')).status).toBe(401);
  });
});

describe('GET /inventory/tenants/:id', () => {
  it('answers one tenant of the caller, 404 for others and unknown ids', async () => {
    const { status, body } = await get('/tenants/demo-staging');
    expect(status).toBe(200);
    expect(body).toMatchObject({ id: 'demo-staging', displayName: 'Demo Staging', state: 'Active' });
    expect((await get('/tenants/other-live')).status).toBe(404);
    expect((await get('/tenants/nope')).body).toMatchObject({ error: 'Not Found' });
    expect((await get('/tenants/other-live', outsiderToken)).status).toBe(200);
  });
});
