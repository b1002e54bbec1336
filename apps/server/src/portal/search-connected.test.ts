import type { SearchAnswer } from '@portal/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSecondInstance, type SecondInstance } from './connected/second-instance.ts';
import { loadSecretBox } from './connected/secret-box.ts';
import { addConnectedMarketplace } from './connected/store.ts';
import { startPortalTestServer, userClaims, joinViewersGroup, type PortalTestServer } from './testing.ts';

/*
 * GET /portal-api/search on a connected marketplace: a second product instance with the demo data (own process, port
 * and data folder, reached only over HTTP through the SSRF guards) stands in for a marketplace on another platform.
 * The search goes through its public API with a client-credentials token narrowed to the caller's roles.
 */

const ADMIN_CLIENT = 'demo-sandbox-admin';
const ADMIN_SECRET = 'Palette-Search-Secret-1';

let remote: SecondInstance;
let t: PortalTestServer;
const tokens = { owner: '', buyerReader: '' };
const sample = { orderId: '', productId: '', productName: '', userId: '', userEmail: '', buyerId: '' };

async function remoteList(token: string, path: string): Promise<Record<string, unknown>[]> {
  const answer = (await (await remote.call(path, { token })).json()) as { Items: Record<string, unknown>[] };
  return answer.Items;
}

beforeAll(async () => {
  [remote, t] = await Promise.all([
    startSecondInstance(),
    startPortalTestServer({ config: { connectedAllowPrivateAddresses: 'loopback' } }),
  ]);
  const admin = await remote.adminToken(ADMIN_CLIENT);
  await remote.call(`/v1/apiclients/${ADMIN_CLIENT}`, {
    method: 'PATCH',
    token: admin,
    body: JSON.stringify({ ClientSecret: ADMIN_SECRET }),
  });
  const [order] = await remoteList(admin, '/v1/orders/Incoming?pageSize=1&sortBy=ID');
  const [product] = await remoteList(admin, '/v1/products?pageSize=1&sortBy=ID');
  const [buyer] = await remoteList(admin, '/v1/buyers?pageSize=1&sortBy=ID');
  sample.orderId = String(order?.ID);
  sample.productId = String(product?.ID);
  sample.productName = String(product?.Name);
  sample.buyerId = String(buyer?.ID);
  const [user] = await remoteList(admin, `/v1/buyers/${sample.buyerId}/users?pageSize=1&sortBy=ID`);
  sample.userId = String(user?.ID);
  sample.userEmail = String(user?.Email);

  const connected = await addConnectedMarketplace(t.server.database.db, await loadSecretBox(t.config), 'org-1', {
    name: 'Remote Shop',
    environment: 'Sandbox',
    apiUrl: remote.apiUrl,
    clientId: ADMIN_CLIENT,
    clientSecret: ADMIN_SECRET,
  });
  tokens.owner = await t.identity.sign(userClaims('owner@org.test', ['Organization Owner'], connected.id));
  tokens.buyerReader = await t.identity.sign(userClaims('viewer@org.test', ['Organization User'], connected.id));
  await joinViewersGroup(t, tokens.owner, 'viewer@org.test', ['BuyerReader']);
}, 180_000);

afterAll(async () => {
  await Promise.all([remote?.stop(), t?.dispose()]);
});

async function search(q: string, token = tokens.owner): Promise<SearchAnswer> {
  const answer = await t.call(`/search?${new URLSearchParams({ q }).toString()}`, token);
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer.body as SearchAnswer;
}

describe('GET /search on a connected marketplace', () => {
  it('finds an order and a product by ID, exact match first', async () => {
    const byOrder = await search(sample.orderId);
    expect(byOrder.Groups.find((group) => group.Kind === 'Orders')?.Items[0]).toMatchObject({
      ID: sample.orderId,
      ParentIDs: ['Incoming'],
    });
    const byProduct = await search(sample.productId);
    expect(byProduct.Groups.find((group) => group.Kind === 'Products')?.Items[0]?.ID).toBe(sample.productId);
    expect(byProduct.TimedOut).toEqual([]);
    expect(byProduct.Failed).toEqual([]);
  });

  it("finds a buyer user by e-mail under the user's buyer", async () => {
    const answer = await search(sample.userEmail);
    const users = answer.Groups.find((group) => group.Kind === 'Users');
    expect(users?.Items).toContainEqual(expect.objectContaining({ ID: sample.userId, ParentIDs: [sample.buyerId] }));
  });

  it("searches buyers only for a BuyerReader: the remote's token carries no other role", async () => {
    const answer = await search(sample.buyerId, tokens.buyerReader);
    expect(answer.Groups.map((group) => group.Kind)).toEqual(['Buyers']);
    expect(await search(sample.productName, tokens.buyerReader)).toMatchObject({ TimedOut: [], Failed: [] });
    expect((await search(sample.productName, tokens.buyerReader)).Groups.map((group) => group.Kind)).not.toContain(
      'Products',
    );
  });
});
