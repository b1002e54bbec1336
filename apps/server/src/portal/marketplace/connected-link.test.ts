import { decodeJwt } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../db/rows.ts';
import { freePort } from '../../testing/free-port.ts';
import { startSecondInstance, type SecondInstance } from '../connected/second-instance.ts';
import { loadSecretBox } from '../connected/secret-box.ts';
import { addConnectedMarketplace } from '../connected/store.ts';
import { NO_GRANTS } from '../role-groups.ts';
import { seedPlatformUsers, startPortalTestServer, userClaims, type PortalTestServer } from '../testing.ts';
import { sql } from 'drizzle-orm';

/*
 * The portal's routes on a connected marketplace: a second product instance started by this file (own process, port
 * and data folder, reached only over HTTP) stands in for a marketplace on another platform. The hosted routes'
 * answers are covered, unchanged, by portal/*.test.ts.
 */

const ADMIN_CLIENT = 'demo-sandbox-admin';
const ADMIN_SECRET = 'Connected-Link-Secret-1';
/** A storefront client the remote's admin sets up with an impersonation config, and one without. */
const SHOP_CLIENT = 'h2-shop';
const NO_CONFIG_CLIENT = 'h2-no-impersonation';
/** A client for the seller and one assigned buyer of the demo data. */
const ASSIGNED_CLIENT = 'h2-assigned';
const ASSIGNED_BUYER = 'alpine-guides';
const DEV_ROLES = ['ProductAdmin', 'CatalogAdmin'];

let remote: SecondInstance;
let t: PortalTestServer;
let connectedId = '';
let downId = '';
let wrongSecretId = '';
const tokens = { owner: '', dev: '', downOwner: '', wrongSecret: '', hosted: '' };

const remoteCall = (path: string, init?: RequestInit & { token?: string }) => remote.call(path, init);

/** As the remote's admin would: a secret on the admin client, two storefront clients, one impersonation config. */
async function prepareRemote(): Promise<void> {
  const token = await remote.adminToken(ADMIN_CLIENT);
  const put = (path: string, body: object) => remoteCall(path, { method: 'PUT', token, body: JSON.stringify(body) });
  await remoteCall(`/v1/apiclients/${ADMIN_CLIENT}`, {
    method: 'PATCH',
    token,
    body: JSON.stringify({ ClientSecret: ADMIN_SECRET }),
  });
  const shop = { Active: true, AllowAnyBuyer: true, AccessTokenDuration: 600, RefreshTokenDuration: 0 };
  await put(`/v1/apiclients/${SHOP_CLIENT}`, { ...shop, AppName: 'H2 Shop' });
  await put(`/v1/apiclients/${NO_CONFIG_CLIENT}`, { ...shop, AppName: 'H2 No Impersonation' });
  await put(`/v1/apiclients/${ASSIGNED_CLIENT}`, { ...shop, AllowAnyBuyer: false, AllowSeller: true, AppName: 'H2' });
  await remoteCall('/v1/apiclients/assignments', {
    method: 'POST',
    token,
    body: JSON.stringify({ ApiClientID: ASSIGNED_CLIENT, BuyerID: ASSIGNED_BUYER }),
  });
  await remoteCall('/v1/impersonationconfig', {
    method: 'POST',
    token,
    body: JSON.stringify({ ID: 'h2-shop-shoppers', ClientID: SHOP_CLIENT, SecurityProfileID: 'shopper' }),
  });
}

beforeAll(async () => {
  [remote, t] = await Promise.all([
    startSecondInstance(),
    startPortalTestServer({ config: { connectedAllowPrivateAddresses: 'loopback' } }),
  ]);
  await prepareRemote();
  await seedPlatformUsers(t.store);
  const box = await loadSecretBox(t.config);
  const db = t.server.database.db;
  const connected = await addConnectedMarketplace(db, box, 'org-1', {
    name: 'Remote Shop',
    environment: 'Staging',
    apiUrl: remote.apiUrl,
    clientId: ADMIN_CLIENT,
    clientSecret: ADMIN_SECRET,
  });
  const closedPort = await freePort();
  const down = await addConnectedMarketplace(db, box, 'org-1', {
    name: 'Switched Off',
    environment: 'Sandbox',
    apiUrl: `http://127.0.0.1:${closedPort}/v1`,
    clientId: ADMIN_CLIENT,
    clientSecret: ADMIN_SECRET,
  });
  const wrongSecret = await addConnectedMarketplace(db, box, 'org-1', {
    name: 'Old Secret',
    environment: 'Sandbox',
    apiUrl: remote.apiUrl,
    clientId: ADMIN_CLIENT,
    clientSecret: 'a-secret-changed-on-the-remote-since',
  });
  wrongSecretId = wrongSecret.id;
  connectedId = connected.id;
  downId = down.id;
  tokens.owner = await t.identity.sign(userClaims('owner@org.test', ['Organization Owner'], connectedId));
  tokens.dev = await t.identity.sign(userClaims('dev@org.test', ['Organization User'], connectedId));
  tokens.downOwner = await t.identity.sign(userClaims('owner@org.test', ['Organization Owner'], downId));
  tokens.wrongSecret = await t.identity.sign(userClaims('owner@org.test', ['Organization Owner'], wrongSecretId));
  tokens.hosted = await t.identity.sign(userClaims('owner@org.test', ['Organization Owner']));
  // Role groups are the portal's, per marketplace; saving one reads the remote's own API description.
  const group = { Id: 'custom-group-1', Name: 'Developers', OcRoles: DEV_ROLES, ...NO_GRANTS, ImpersonateBuyer: true };
  const saved = await t.call('/marketplace/roles/custom-group-1', tokens.owner, {
    method: 'PUT',
    body: JSON.stringify(group),
  });
  expect(saved).toMatchObject({ status: 200 });
  await t.call('/marketplace/roles/custom-group-1/members/dev@org.test', tokens.owner, { method: 'PUT' });
}, 180_000);

afterAll(async () => {
  await Promise.all([remote?.stop(), t?.dispose()]);
});

const accessToken = (body: unknown) => (body as { access_token: string }).access_token;

async function remoteMe(token: string) {
  const response = await fetch(`${remote.apiUrl}/me`, { headers: { authorization: `Bearer ${token}` } });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

async function rowOf(id: string) {
  const rows = await rowsOf<{ last_reached_at: Date | null; last_error: string | null }>(
    t.server.database.db,
    sql`select last_reached_at, last_error from portal.connected_marketplaces where id = ${id}`,
  );
  return rows[0];
}

describe('a connected marketplace through the same routes', () => {
  it('is described from its row, its API at the address typed', async () => {
    const { status, body } = await t.call('/marketplace', tokens.dev);
    expect(status).toBe(200);
    expect(body).toEqual({
      Id: connectedId,
      Name: 'Remote Shop',
      OcEnvironment: 'Staging',
      Region: { Id: null, Name: null },
      CoreApiUrl: `${remote.url}/platform`,
      Kind: 'Connected',
    });
    const hosted = await t.call('/marketplace', tokens.hosted);
    expect(hosted.body).toMatchObject({ Id: 'mkt1', Kind: 'Hosted' });
  });

  it("hands out a developer token of the remote, with no role beyond the user's role groups", async () => {
    const { status, body } = await t.call('/marketplace/token', tokens.dev);
    expect(status).toBe(200);
    expect(Object.keys(body as object).sort()).toEqual(['access_token', 'expires_in', 'token_type']);
    const claims = decodeJwt(accessToken(body));
    expect([claims.role].flat().sort()).toEqual([...DEV_ROLES].sort());
    expect([claims.role].flat()).not.toContain('OrderAdmin');
    expect(claims.cid).toBe(ADMIN_CLIENT);
    // The remote takes it: a product list answers.
    const products = await fetch(`${remote.apiUrl}/products`, {
      headers: { authorization: `Bearer ${accessToken(body)}` },
    });
    expect(products.status).toBe(200);
    expect((await rowOf(connectedId))?.last_reached_at).not.toBeNull();
  });

  it('lists the API clients of the remote', async () => {
    const { status, body } = await t.call(`/apiclients?search=${SHOP_CLIENT}`, tokens.dev);
    expect(status).toBe(200);
    expect((body as { Items: unknown[] }).Items).toEqual([
      expect.objectContaining({ Id: SHOP_CLIENT, AppName: 'H2 Shop', AllowAnyBuyer: true, AllowSeller: false }),
    ]);
  });

  it("lists a client's users as the hosted management API would", async () => {
    const { status, body } = await t.call(`/apiclients/${SHOP_CLIENT}/users?search=buyer01&pageSize=5`, tokens.dev);
    expect(status).toBe(200);
    const page = body as { Items: { Username: string; CommerceRole: string; CompanyInteropId: string }[] };
    expect(page.Items[0]).toMatchObject({ Username: 'buyer01', CommerceRole: 'Buyer', ClientId: SHOP_CLIENT });
    expect(page.Items.every((user) => user.CommerceRole === 'Buyer')).toBe(true);
  });

  it("lists the seller's users and the assigned buyer's, sorted by username, for an assigned client", async () => {
    const { status, body } = await t.call(`/apiclients/${ASSIGNED_CLIENT}/users?pageSize=100`, tokens.dev);
    expect(status).toBe(200);
    const page = body as {
      Items: { Username: string; CommerceRole: string; CompanyInteropId: string }[];
      Meta: { TotalCount: number };
    };
    const roles = new Set(page.Items.map((user) => user.CommerceRole));
    expect([...roles].sort()).toEqual(['Buyer', 'Seller']);
    expect(page.Items.filter((user) => user.CommerceRole === 'Buyer').map((user) => user.CompanyInteropId)).toEqual(
      expect.arrayContaining([ASSIGNED_BUYER]),
    );
    expect(page.Items.every((user) => user.CommerceRole !== 'Buyer' || user.CompanyInteropId === ASSIGNED_BUYER)).toBe(
      true,
    );
    expect(page.Items.find((user) => user.Username === 'admin')).toMatchObject({
      CommerceRole: 'Seller',
      CompanyInteropId: connectedId,
    });
    const names = page.Items.map((user) => user.Username);
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b)));
    expect(page.Meta.TotalCount).toBe(page.Items.length);
  });

  it('impersonates a buyer user through the public impersonation call', async () => {
    const { status, body } = await t.call(`/marketplace/token?clientId=${SHOP_CLIENT}&username=buyer01`, tokens.dev);
    expect(status).toBe(200);
    const me = await remoteMe(accessToken(body));
    expect(me).toMatchObject({ status: 200, body: { Username: 'buyer01' } });
  });

  it("passes the remote's refusal on when it has no impersonation config", async () => {
    const { status, body } = await t.call(
      `/marketplace/token?clientId=${NO_CONFIG_CLIENT}&username=buyer01`,
      tokens.dev,
    );
    expect(status).toBe(400);
    expect(body).toMatchObject({ status: 400, detail: expect.stringContaining('No Impersonation Config exists') });
  });

  it('says in a sentence that seller users cannot be impersonated through the public API', async () => {
    const { status, body } = await t.call(`/marketplace/token?clientId=${ADMIN_CLIENT}&username=admin`, tokens.owner);
    expect(status).toBe(400);
    expect((body as { detail: string }).detail).toBe(
      "Impersonating a Seller user is not available on a connected marketplace: the platform's public API " +
        'impersonates buyer users only.',
    );
  });

  it('answers 409 with one sentence for every self-service tool and the change history, which hosted marketplaces keep', async () => {
    const paths = [
      '/searchindexes?type=Products',
      '/syncs',
      '/subscriptionruns',
      '/stagingrestorewebhook',
      '/deliveries?source=Webhook',
      '/receiver/requests',
      // The change history too (issue 23): only the product's platform records changes.
      '/change-history',
      '/change-history/resource?ResourceType=Products&ResourceID=p1',
    ];
    for (const path of paths) {
      const { status, body } = await t.call(path, tokens.owner);
      expect(status, path).toBe(409);
      expect((body as { detail: string }).detail, path).toMatch(
        /^.+ uses services that only hosted marketplaces offer; it is not available on a connected marketplace\.$/,
      );
      const hosted = await t.call(path, tokens.hosted);
      expect(hosted.status, path).not.toBe(409);
    }
  });
});

describe('a connected marketplace that is down', () => {
  it('answers 502 with a sentence and notes the error on its row', async () => {
    const { status, body } = await t.call('/marketplace/token', tokens.downOwner);
    expect(status).toBe(502);
    expect((body as { detail: string }).detail).toMatch(/^The marketplace could not be reached \(token\)\. .+/);
    expect((await rowOf(downId))?.last_error).toMatch(/could not be reached/);
    // Describing it needs no call: the tenant still opens and its screens show the error.
    expect((await t.call('/marketplace', tokens.downOwner)).status).toBe(200);
    expect((await t.call('/apiclients', tokens.downOwner)).status).toBe(502);
  });

  it("answers 502 with the remote's refusal when the stored secret no longer works", async () => {
    const { status, body } = await t.call('/apiclients', tokens.wrongSecret);
    expect(status).toBe(502);
    const detail = (body as { detail: string }).detail;
    expect(detail).toMatch(
      new RegExp(`^The marketplace refused the sign-in of the portal's API client ${ADMIN_CLIENT}: .+`),
    );
    expect((await rowOf(wrongSecretId))?.last_error).toBe(detail);
  });
});
