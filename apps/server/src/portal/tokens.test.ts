import { decodeJwt } from 'jose';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { NO_GRANTS } from './role-groups.ts';
import { seedPlatformUsers, startPortalTestServer, userClaims, type PortalTestServer } from './testing.ts';

let t: PortalTestServer;
const tokens = { owner: '', dev: '', viewer: '', elsewhere: '' };
const DEV_ROLES = ['ProductAdmin', 'CatalogAdmin', 'OrderAdmin', 'InventoryAdmin'];

beforeAll(async () => {
  t = await startPortalTestServer();
  await seedPlatformUsers(t.store);
  tokens.owner = await t.identity.sign(userClaims('owner@org.test', ['Organization Owner']));
  tokens.dev = await t.identity.sign(userClaims('dev@org.test', ['Organization User']));
  tokens.viewer = await t.identity.sign(userClaims('viewer@org.test', ['Organization User']));
  tokens.elsewhere = await t.identity.sign(userClaims('owner@org.test', ['Organization Owner'], 'no-such-marketplace'));
  const group = { Id: 'custom-group-1', Name: 'Developers', OcRoles: DEV_ROLES, ...NO_GRANTS, ImpersonateBuyer: true };
  const saved = await t.call('/marketplace/roles/custom-group-1', tokens.owner, {
    method: 'PUT',
    body: JSON.stringify(group),
  });
  expect(saved.status).toBe(200);
  await t.call('/marketplace/roles/custom-group-1/members/dev@org.test', tokens.owner, { method: 'PUT' });
});
afterAll(() => t?.dispose());
beforeEach(() => {
  t.impersonationRequests.length = 0;
});

const accessToken = (body: unknown) => (body as { access_token: string }).access_token;

describe('GET /marketplace', () => {
  it('describes the marketplace of the token', async () => {
    const { status, body } = await t.call('/marketplace', tokens.viewer);
    expect(status).toBe(200);
    expect(body).toEqual({
      Id: 'mkt1',
      Name: 'mkt1',
      OcEnvironment: 'Sandbox',
      Region: { Id: 'est', Name: 'US-East' },
      CoreApiUrl: `${t.config.publicUrl}/platform`,
      Kind: 'Hosted',
    });
  });

  it('answers 404 for a tenant the platform does not know', async () => {
    const { status, body } = await t.call('/marketplace', tokens.elsewhere);
    expect(status).toBe(404);
    expect(body).toMatchObject({ status: 404, detail: expect.stringContaining('no-such-marketplace') });
  });
});

describe('GET /marketplace/token', () => {
  it('mints a developer token with exactly the group roles', async () => {
    const { status, body } = await t.call('/marketplace/token', tokens.dev);
    expect(status).toBe(200);
    expect(Object.keys(body as object).sort()).toEqual(['access_token', 'expires_in', 'token_type']);
    const claims = decodeJwt(accessToken(body));
    expect(claims.role).toEqual(DEV_ROLES);
    expect(claims).toMatchObject({ usr: 'dev@org.test', mkt: 'mkt1', usrtype: 'admin', cid: 'mkt1-admin' });
  });

  it("carries the portal profile, so the platform's Me.Get describes the portal user", async () => {
    const named = await t.identity.sign({
      ...userClaims('Owner@Org.Test', ['Organization Owner']),
      name: 'Morgan Blake',
    });
    const token = accessToken((await t.call('/marketplace/token', named)).body);
    expect(decodeJwt(token)).toMatchObject({
      u: 'portal:owner@org.test',
      usr: 'owner@org.test',
      given_name: 'Morgan',
      family_name: 'Blake',
      email: 'owner@org.test',
    });
    const me = await fetch(`${t.config.publicUrl}/platform/v1/me`, { headers: { authorization: `Bearer ${token}` } });
    expect(me.status).toBe(200);
    expect(await me.json()).toMatchObject({
      ID: 'portal:owner@org.test',
      Username: 'owner@org.test',
      FirstName: 'Morgan',
      LastName: 'Blake',
      Email: 'owner@org.test',
      Active: true,
      AvailableRoles: ['FullAccess'],
      Seller: { ID: 'mkt1' },
    });
  });

  it('mints FullAccess for an organization owner and no roles for a user in no group', async () => {
    expect(decodeJwt(accessToken((await t.call('/marketplace/token', tokens.owner)).body)).role).toBe('FullAccess');
    const { status, body } = await t.call('/marketplace/token', tokens.viewer);
    expect(status).toBe(200);
    expect(decodeJwt(accessToken(body)).role).toEqual([]);
  });

  it('impersonates a buyer user with ImpersonateBuyer', async () => {
    const { status, body } = await t.call('/marketplace/token?clientId=storefront&username=BUYER1', tokens.dev);
    expect(status).toBe(200);
    expect(decodeJwt(accessToken(body))).toMatchObject({
      usr: 'buyer1',
      usrtype: 'buyer',
      cmp: 'b1',
      cid: 'storefront',
    });
    expect(t.impersonationRequests).toEqual([['storefront', 'BUYER1']]);
  });

  it('refuses a supplier user without ImpersonateSupplier and mints nothing', async () => {
    const { status, body } = await t.call('/marketplace/token?clientId=storefront&username=supplier1', tokens.dev);
    expect(status).toBe(403);
    expect(body).toMatchObject({ detail: 'Impersonating a Supplier user needs the ImpersonateSupplier permission.' });
    const seller = await t.call('/marketplace/token?clientId=storefront&username=seller1', tokens.dev);
    expect(seller.status).toBe(403);
    expect(t.impersonationRequests).toEqual([]);
  });

  it('lets an organization owner impersonate anyone', async () => {
    const { status, body } = await t.call('/marketplace/token?clientId=storefront&username=supplier1', tokens.owner);
    expect(status).toBe(200);
    expect(decodeJwt(accessToken(body))).toMatchObject({ usr: 'supplier1', usrtype: 'supplier' });
  });

  it('answers 404 for an unknown user or client and 400 for half a request', async () => {
    const user = await t.call('/marketplace/token?clientId=storefront&username=nobody', tokens.owner);
    expect(user.status).toBe(404);
    expect(user.body).toMatchObject({ detail: "No user 'nobody' signs in through API client 'storefront'." });
    expect((await t.call('/marketplace/token?clientId=missing&username=buyer1', tokens.owner)).status).toBe(404);
    const half = await t.call('/marketplace/token?clientId=storefront', tokens.owner);
    expect(half.status).toBe(400);
    expect(half.body).toMatchObject({ errors: [{ field: 'username', message: 'username is required.' }] });
    expect(t.impersonationRequests).toEqual([]);
  });
});

describe('API clients and their users', () => {
  it('lists API clients with search, without secrets', async () => {
    const all = await t.call('/apiclients', tokens.viewer);
    expect(all.status).toBe(200);
    const items = (all.body as { Items: { Id: string }[] }).Items;
    expect(items.map((client) => client.Id).sort()).toEqual(['mkt1-admin', 'storefront']);
    const found = await t.call('/apiclients?search=store', tokens.viewer);
    expect(found.body).toMatchObject({
      Items: [
        {
          Id: 'storefront',
          AppName: 'Storefront',
          AllowAnyBuyer: true,
          AllowSeller: true,
          AllowAnySeller: true,
          AllowAnySupplier: true,
        },
      ],
      Meta: { PageSize: 100 },
    });
    expect(JSON.stringify(found.body)).not.toContain('ClientSecret');
  });

  it('searches the users of a client', async () => {
    const { status, body } = await t.call('/apiclients/storefront/users?search=buyer1', tokens.dev);
    expect(status).toBe(200);
    expect((body as { Items: unknown[] }).Items).toEqual([
      expect.objectContaining({
        ID: 'buyer1',
        Username: 'buyer1',
        UserInteropId: 'u-buyer1',
        CompanyName: 'Buyer One',
        CompanyInteropId: 'b1',
        CommerceRole: 'Buyer',
        ClientId: 'storefront',
      }),
      expect.objectContaining({ Username: 'buyer10' }),
    ]);
    const suppliers = await t.call('/apiclients/storefront/users?search=supplier', tokens.dev);
    expect(suppliers.body).toMatchObject({ Items: [{ Username: 'supplier1', CommerceRole: 'Supplier' }] });
  });

  it('needs an impersonation permission to list users, a known client and a sane page size', async () => {
    expect((await t.call('/apiclients/storefront/users?search=buyer', tokens.viewer)).status).toBe(403);
    expect((await t.call('/apiclients/missing/users?search=buyer', tokens.dev)).status).toBe(404);
    const page = await t.call('/apiclients/storefront/users?pageSize=500', tokens.dev);
    expect(page.status).toBe(400);
    expect(page.body).toMatchObject({ errors: [{ field: 'pageSize' }] });
  });
});
