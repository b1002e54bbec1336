import type { SearchAnswer, SearchKind } from '@portal/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PgStore } from '../platform/engine/pg-store.ts';
import { platformRegistry } from '../platform/resources/index.ts';
import { startPortalTestServer, userClaims, joinViewersGroup, type PortalTestServer } from './testing.ts';

/*
 * GET /portal-api/search over the demo marketplace: the platform and the portal on a real port, the demo data seeded
 * as on a first start, every kind found through the platform's own lists with the caller's roles.
 */

const MARKETPLACE = 'demo-sandbox';
let t: PortalTestServer;
let store: PgStore;
const tokens = { owner: '', buyerReader: '', noRoles: '' };

/** One stored object of each kind, read straight from the store, so the expectations follow the demo data. */
const sample: Record<SearchKind, { id: string; name: string; parents: string[] }> = {} as never;

async function first(resource: string, nameField: string, parents: string[] = []) {
  const [found] = await store.find(resource, parents.length ? parents : undefined);
  if (!found) throw new Error(`The demo data has no ${resource}.`);
  return { id: found.id, name: String(found.item[nameField] ?? ''), parents: found.parents };
}

beforeAll(async () => {
  t = await startPortalTestServer({ config: { seedDemoData: true } });
  store = new PgStore(t.server.database.db, platformRegistry, MARKETPLACE);
  sample.Orders = await first('Orders', 'ID');
  sample.Products = await first('Products', 'Name');
  sample.Buyers = await first('Buyers', 'Name');
  sample.Users = await first('Users', 'Email');
  sample.SupplierUsers = await first('SupplierUsers', 'Email');
  sample.AdminUsers = await first('AdminUsers', 'Email');
  sample.Promotions = await first('Promotions', 'Code');
  sample.Catalogs = await first('Catalogs', 'Name');
  sample.ApiClients = await first('ApiClients', 'AppName');
  tokens.owner = await t.identity.sign(userClaims('owner@org.test', ['Organization Owner'], MARKETPLACE));
  tokens.buyerReader = await t.identity.sign(userClaims('viewer@org.test', ['Organization User'], MARKETPLACE));
  tokens.noRoles = await t.identity.sign(userClaims('nobody@org.test', ['Organization User'], MARKETPLACE));
  await joinViewersGroup(t, tokens.owner, 'viewer@org.test', ['BuyerReader']);
}, 180_000);

afterAll(async () => {
  await t?.dispose();
});

async function search(q: string, token = tokens.owner, limit?: number): Promise<SearchAnswer> {
  const query = new URLSearchParams({ q, ...(limit ? { limit: String(limit) } : {}) });
  const answer = await t.call(`/search?${query.toString()}`, token);
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer.body as SearchAnswer;
}

const groupOf = (answer: SearchAnswer, kind: SearchKind) => answer.Groups.find((group) => group.Kind === kind);
const kindsOf = (answer: SearchAnswer) => answer.Groups.map((group) => group.Kind);

describe('GET /search', () => {
  const kinds = Object.keys({
    Orders: 0,
    Products: 0,
    Buyers: 0,
    Users: 0,
    SupplierUsers: 0,
    AdminUsers: 0,
    Promotions: 0,
    Catalogs: 0,
    ApiClients: 0,
  }) as SearchKind[];

  it.each(kinds)('finds %s by ID, the exact match first', async (kind) => {
    const { id, parents } = sample[kind];
    const answer = await search(id);
    const group = groupOf(answer, kind);
    expect(group, `${kind} ${id} in ${JSON.stringify(kindsOf(answer))}`).toBeDefined();
    expect(group?.Items[0]).toMatchObject({ ID: id });
    if (kind === 'Orders') expect(group?.Items[0]?.ParentIDs).toEqual(['Incoming']);
    else if (kind === 'Users' || kind === 'SupplierUsers') expect(group?.Items[0]?.ParentIDs).toEqual(parents);
    else expect(group?.Items[0]?.ParentIDs).toEqual([]);
    expect(answer.TimedOut).toEqual([]);
    expect(answer.Failed).toEqual([]);
  });

  it.each(kinds.filter((kind) => kind !== 'Orders'))('finds %s by its name, e-mail or code', async (kind) => {
    const { id, name } = sample[kind];
    expect(name, `${kind} ${id} has a name`).not.toBe('');
    const group = groupOf(await search(name, tokens.owner, 20), kind);
    expect(group?.Items.map((item) => item.ID)).toContain(id);
  });

  it('finds an order by its buyer company', async () => {
    const [order] = await store.find('Orders', undefined);
    const buyer = String(order?.item.FromCompanyID);
    const group = groupOf(await search(buyer, tokens.owner, 20), 'Orders');
    expect(group?.Items.length).toBeGreaterThan(0);
    expect(group?.Items.every((item) => item.Subtitle.includes(buyer))).toBe(true);
  });

  it('keeps to the limit per kind', async () => {
    const answer = await search('a', tokens.owner, 2);
    expect(answer.Groups.length).toBeGreaterThan(3);
    for (const group of answer.Groups) expect(group.Items.length).toBeLessThanOrEqual(2);
  });

  it('searches only the kinds a BuyerReader may read: buyers, never products or admin users', async () => {
    for (const kind of ['Products', 'AdminUsers', 'Buyers'] as const) {
      const answer = await search(sample[kind].id, tokens.buyerReader);
      expect(kindsOf(answer)).toEqual(kind === 'Buyers' ? ['Buyers'] : []);
      expect(answer.TimedOut).toEqual([]);
      expect(answer.Failed).toEqual([]);
    }
  });

  it('answers no groups to a user without roles', async () => {
    expect(await search(sample.Buyers.id, tokens.noRoles)).toEqual({ Groups: [], TimedOut: [], Failed: [] });
  });

  it.each([
    ['an empty text', ''],
    ['blank text', '   '],
    ['a text over 100 characters', 'x'.repeat(101)],
  ])('refuses %s with a 400 problem', async (_name, q) => {
    const answer = await t.call(`/search?q=${encodeURIComponent(q)}`, tokens.owner);
    expect(answer.status).toBe(400);
    expect(answer.type).toContain('application/problem+json');
    expect(answer.body).toMatchObject({ status: 400, errors: [{ field: 'q' }] });
  });

  it('refuses a missing text and a limit out of range', async () => {
    expect((await t.call('/search', tokens.owner)).status).toBe(400);
    expect((await t.call('/search?q=a&limit=0', tokens.owner)).status).toBe(400);
    expect((await t.call('/search?q=a&limit=21', tokens.owner)).status).toBe(400);
    expect((await t.call('/search?q=a&limit=two', tokens.owner)).status).toBe(400);
  });

  it('answers 401 without a sign-in', async () => {
    expect((await t.call('/search?q=a', undefined)).status).toBe(401);
  });
});
