import { describe, expect, it } from 'vitest';
import { createPortalClient, type RoleGroupInput } from './portal';
import { fakeFetch } from './test-fetch';

function portal() {
  const fake = fakeFetch((call) =>
    call.method === 'PUT' && call.url.includes('/members/') ? new Response(null, { status: 204 }) : {},
  );
  return { ...fake, client: createPortalClient({ getToken: () => 'id-token', fetch: fake.fetch }) };
}

describe('createPortalClient', () => {
  it('calls the portal service under /portal-api with the identity token', async () => {
    const { client, calls } = portal();
    await client.getMe();
    await client.getGrants();
    await client.getMarketplace();
    await client.listRoleGroups();
    await client.getRoleGroup('custom-group-1');
    await client.listRoleGroupMembers('admin');
    expect(calls.map((call) => `${call.method} ${call.url}`)).toEqual([
      'GET /portal-api/me',
      'GET /portal-api/me/grants',
      'GET /portal-api/marketplace',
      'GET /portal-api/marketplace/roles',
      'GET /portal-api/marketplace/roles/custom-group-1',
      'GET /portal-api/marketplace/roles/admin/members',
    ]);
    expect(calls.every((call) => call.headers.get('authorization') === 'Bearer id-token')).toBe(true);
  });

  it('saves a role group with PUT and its body', async () => {
    const { client, calls } = portal();
    const group: RoleGroupInput = {
      Id: 'admin',
      Name: 'Admin',
      OcRoles: ['FullAccess'],
      ImpersonateBuyer: false,
      ImpersonateSeller: false,
      ImpersonateSupplier: false,
      IndexAdmin: true,
      SyncAdmin: true,
      StagingRestoreAdmin: true,
      SubscriptionAdmin: true,
      RoleGroupsAdmin: true,
      AuditReader: true,
    };
    await client.saveRoleGroup('admin', group);
    expect(calls[0]).toMatchObject({ method: 'PUT', url: '/portal-api/marketplace/roles/admin', body: group });
  });

  it('adds and removes members by encoded email', async () => {
    const { client, calls } = portal();
    await expect(client.addRoleGroupMember('admin', 'a+b@x.test')).resolves.toBeUndefined();
    await client.removeRoleGroupMember('admin', 'a+b@x.test');
    expect(calls.map((call) => `${call.method} ${call.url}`)).toEqual([
      'PUT /portal-api/marketplace/roles/admin/members/a%2Bb%40x.test',
      'DELETE /portal-api/marketplace/roles/admin/members/a%2Bb%40x.test',
    ]);
  });

  it('asks for developer and impersonation tokens', async () => {
    const { client, calls } = portal();
    await client.getDeveloperToken();
    await client.getImpersonationToken('storefront', 'buyer01');
    expect(calls.map((call) => call.url)).toEqual([
      '/portal-api/marketplace/token',
      '/portal-api/marketplace/token?clientId=storefront&username=buyer01',
    ]);
  });

  it('lists API clients 100 a page and the users of one client', async () => {
    const { client, calls } = portal();
    await client.listApiClients({ search: 'store' });
    await client.listApiClientUsers('client/1', { search: 'buy' });
    expect(calls.map((call) => call.url)).toEqual([
      '/portal-api/apiclients?pageSize=100&search=store',
      '/portal-api/apiclients/client%2F1/users?search=buy',
    ]);
  });

  it('lists search indexes by type, their errors, and rebuilds one with the captcha answer', async () => {
    const { client, calls } = portal();
    await client.listSearchIndexes('Products');
    await client.listSearchIndexErrors('idx/1');
    await client.rebuildSearchIndex('idx/1', { Recaptcha: { Token: 'solved' }, id: 'user-sub' });
    expect(calls.map((call) => `${call.method} ${call.url}`)).toEqual([
      'GET /portal-api/searchindexes?type=Products',
      'GET /portal-api/searchindexes/idx%2F1/errors',
      'POST /portal-api/searchindexes/idx%2F1/rebuild',
    ]);
    expect(calls[2]?.body).toEqual({ Recaptcha: { Token: 'solved' }, id: 'user-sub' });
  });

  it('accepts another base URL', async () => {
    const fake = fakeFetch();
    await createPortalClient({ baseUrl: 'https://portal.test/api/', fetch: fake.fetch }).getMe();
    expect(fake.calls[0]?.url).toBe('https://portal.test/api/me');
  });
});
