import { PORTAL_CLAIMS, type MarketplaceList, type MarketplaceSaved } from '@portal/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../db/rows.ts';
import { listTenantsForUser } from '../../identity/tenant-queries.ts';
import { addMember, insertDefaultRoleGroups, listMembers } from '../role-groups.ts';
import { startPortalTestServer, userClaims, type PortalTestServer } from '../testing.ts';
import { HOSTED_NOT_EDITABLE, NEEDS_ORGANIZATION_ADMIN } from './routes-marketplaces.ts';
import { startSecondInstance, type SecondInstance } from './second-instance.ts';

/*
 * The Marketplaces routes through the real portal service, against a second product instance started by this file
 * (its own process, port and data folder, reached only over HTTP) as the marketplace being connected.
 */

const ADMIN_CLIENT = 'demo-sandbox-admin';
const ADMIN_SECRET = 'Routes-Secret-1';
const NO_USER_CLIENT = 'routes-test-no-user';
const FEW_ROLES_CLIENT = 'routes-test-few-roles';
const MEMBER_EMAIL = 'member@org.test';

let t: PortalTestServer;
let remote: SecondInstance;
const tokens = { admin: '', member: '', otherAdmin: '' };

type Problem = { status: number; detail: string; errors?: { field: string; message: string }[] };

const platformCall = (path: string, init?: RequestInit & { token?: string }) => remote.call(path, init);

/** The remote as its admin would set it up: a secret on the admin client, and two clients that fall short. */
async function prepareRemote(): Promise<void> {
  const token = await remote.adminToken(ADMIN_CLIENT);
  const client = (fields: object) =>
    JSON.stringify({
      Active: true,
      AllowSeller: true,
      AccessTokenDuration: 600,
      RefreshTokenDuration: 0,
      ClientSecret: ADMIN_SECRET,
      ...fields,
    });
  await platformCall(`/v1/apiclients/${ADMIN_CLIENT}`, {
    method: 'PATCH',
    token,
    body: JSON.stringify({ ClientSecret: ADMIN_SECRET }),
  });
  await platformCall(`/v1/apiclients/${NO_USER_CLIENT}`, {
    method: 'PUT',
    token,
    body: client({ AppName: 'No default user' }),
  });
  await platformCall(`/v1/apiclients/${FEW_ROLES_CLIENT}`, {
    method: 'PUT',
    token,
    body: client({ AppName: 'Product admin', DefaultContextUserName: 'admin', MaximumGrantedRoles: ['ProductAdmin'] }),
  });
}

/** The organizations, their hosted tenants (one the platform does not know) and a member who signs in. */
async function prepareIdentity(): Promise<void> {
  const db = t.server.database.db;
  for (const organization of ['org-1', 'org-2']) {
    await db.execute(sql`INSERT INTO identity.organizations (id, name, type, account_id)
      VALUES (${organization}, ${organization}, 'Enterprise', ${`acct-${organization}`})`);
  }
  await db.execute(sql`INSERT INTO identity.tenants (id, organization_id, name, display_name, system_id, created_at)
    VALUES ('tenant-mkt1', 'org-1', 'mkt1', 'Marketplace One', 'mkt1', now() - interval '2 minutes'),
           ('tenant-gone', 'org-1', 'gone-mkt', 'Gone Marketplace', 'gone-mkt', now() - interval '1 minute')`);
  await db.execute(sql`INSERT INTO identity.users (id, email, name, password_hash)
    VALUES ('user-member', ${MEMBER_EMAIL}, 'Member', 'not-a-hash')`);
  await db.execute(sql`INSERT INTO identity.memberships (organization_id, user_id, role)
    VALUES ('org-1', 'user-member', 'Organization User')`);
}

const connectInput = (fields: Record<string, unknown> = {}) => ({
  Name: 'Remote Sandbox',
  Environment: 'Sandbox',
  ApiUrl: remote.apiUrl,
  ClientID: ADMIN_CLIENT,
  ClientSecret: ADMIN_SECRET,
  ...fields,
});

const send = (method: string, path: string, token: string, body?: unknown) =>
  t.call(path, token, { method, ...(body === undefined ? {} : { body: JSON.stringify(body) }) });
const connect = (fields: Record<string, unknown> = {}, token = tokens.admin) =>
  send('POST', '/marketplaces', token, connectInput(fields));
const list = async (token = tokens.admin) => {
  const answer = await t.call('/marketplaces', token);
  expect(answer.status).toBe(200);
  return answer.body as MarketplaceList;
};
const rowCount = async (query: ReturnType<typeof sql>) =>
  Number((await rowsOf<{ n: number | string }>(t.server.database.db, query))[0]?.n);

beforeAll(async () => {
  [t, remote] = await Promise.all([
    startPortalTestServer({ config: { connectedAllowPrivateAddresses: 'loopback' } }),
    startSecondInstance(),
  ]);
  await prepareRemote();
  await prepareIdentity();
  tokens.admin = await t.identity.sign(userClaims('admin@org.test', ['Organization Admin']));
  tokens.member = await t.identity.sign(userClaims(MEMBER_EMAIL, ['Organization User']));
  tokens.otherAdmin = await t.identity.sign({
    ...userClaims('admin@other.test', ['Organization Owner']),
    [PORTAL_CLAIMS.organizationId]: 'org-2',
  });
}, 150_000);

afterAll(async () => {
  await Promise.all([t?.dispose(), remote?.stop()]);
});

describe('GET /marketplaces', () => {
  it('lists the hosted marketplaces, one the platform cannot describe included, to any member', async () => {
    const answer = await list(tokens.member);
    expect(answer.CanManage).toBe(false);
    expect(answer.Items).toEqual([
      {
        ID: 'mkt1',
        Name: 'mkt1',
        Environment: 'Sandbox',
        Region: 'US-East',
        ApiUrl: expect.stringMatching(/^http:\/\/127\.0\.0\.1:\d+\/platform\/v1$/),
        Kind: 'Hosted',
        ClientID: null,
        LastReachedAt: null,
        LastError: null,
      },
      {
        ID: 'gone-mkt',
        Name: 'Gone Marketplace',
        Environment: 'Unknown',
        Region: null,
        ApiUrl: '',
        Kind: 'Hosted',
        ClientID: null,
        LastReachedAt: null,
        LastError: null,
      },
    ]);
    expect((await list(tokens.admin)).CanManage).toBe(true);
    // Another organization has none of them.
    expect(await list(tokens.otherAdmin)).toEqual({ Items: [], CanManage: true });
  });
});

describe('connecting a marketplace', () => {
  it('refuses members who are not organization admins, on every change', async () => {
    for (const [method, path] of [
      ['POST', '/marketplaces'],
      ['PATCH', '/marketplaces/connected-x'],
      ['DELETE', '/marketplaces/connected-x'],
    ] as const) {
      const answer = await send(method, path, tokens.member, method === 'DELETE' ? undefined : connectInput());
      expect(answer.status).toBe(403);
      expect((answer.body as Problem).detail).toBe(NEEDS_ORGANIZATION_ADMIN);
    }
  });

  it('refuses bad shapes and bad values with the form field to change', async () => {
    const missing = await send('POST', '/marketplaces', tokens.admin, { Name: 'x' });
    expect(missing.status).toBe(400);
    expect((missing.body as Problem).errors?.[0]?.field).toMatch(/^(Environment|ApiUrl|ClientID|ClientSecret)$/);
    const environment = await connect({ Environment: 'Moon' });
    expect(environment.status).toBe(400);
    expect((environment.body as Problem).errors).toEqual([
      { field: 'Environment', message: 'Environment must be Sandbox, Staging or Production.' },
    ]);
    const address = await connect({ ApiUrl: 'gopher://example.com/v1' });
    expect(address.status).toBe(400);
    expect((address.body as Problem).errors?.[0]?.field).toBe('ApiUrl');
    const spaces = await connect({ ClientID: 'has space' });
    expect((spaces.body as Problem).errors).toEqual([
      { field: 'ClientID', message: 'Client ID must not contain spaces.' },
    ]);
    const notJson = await t.call('/marketplaces', tokens.admin, { method: 'POST', body: '{"Name":' });
    expect(notJson.status).toBe(400);
    expect(await rowCount(sql`SELECT count(*) AS n FROM portal.connected_marketplaces`)).toBe(0);
  });

  it('says which check failed and which field to change', async () => {
    const closedPort = new URL(remote.url).port === '1' ? 2 : 1;
    const cases = [
      [{ ApiUrl: `http://127.0.0.1:${closedPort}/v1` }, 'Address check: ', 'ApiUrl'],
      [{ ApiUrl: `${remote.url}/healthz` }, 'Platform check: ', 'ApiUrl'],
      [{ ClientSecret: 'wrong' }, 'API client check: The client secret does not match', 'ClientSecret'],
      [{ ClientID: 'no-such-client' }, 'API client check: The marketplace has no API client', 'ClientID'],
      [{ ClientID: NO_USER_CLIENT }, 'API client check: The API client has no default context user', 'ClientID'],
    ] as const;
    for (const [fields, detail, field] of cases) {
      const answer = await connect(fields);
      expect(answer.status, JSON.stringify(fields)).toBe(400);
      const problem = answer.body as Problem;
      expect(problem.detail.startsWith(detail), problem.detail).toBe(true);
      expect(problem.errors).toEqual([{ field, message: problem.detail.slice(problem.detail.indexOf(': ') + 2) }]);
    }
    expect(await rowCount(sql`SELECT count(*) AS n FROM portal.connected_marketplaces`)).toBe(0);
    expect(await rowCount(sql`SELECT count(*) AS n FROM identity.tenants`)).toBe(2);
  });

  it('connects: the row (secret sealed), the tenant, listed after the hosted ones', async () => {
    const answer = await connect();
    expect(answer.status).toBe(201);
    const saved = answer.body as MarketplaceSaved;
    expect(saved.Warnings).toEqual([]);
    expect(saved.Marketplace).toEqual({
      ID: expect.stringMatching(/^connected-/),
      Name: 'Remote Sandbox',
      Environment: 'Sandbox',
      Region: null,
      ApiUrl: remote.apiUrl,
      Kind: 'Connected',
      ClientID: ADMIN_CLIENT,
      LastReachedAt: expect.any(String),
      LastError: null,
    });
    expect(JSON.stringify(answer.body)).not.toContain(ADMIN_SECRET);
    const id = saved.Marketplace.ID;

    const [row] = await rowsOf<{ sealed_client_secret: string; last_reached_at: unknown }>(
      t.server.database.db,
      sql`SELECT sealed_client_secret, last_reached_at FROM portal.connected_marketplaces WHERE id = ${id}`,
    );
    expect(row?.sealed_client_secret).not.toContain(ADMIN_SECRET);
    expect(row?.last_reached_at).not.toBeNull();

    const listed = await list(tokens.member);
    expect(listed.Items.map((item) => [item.ID, item.Kind])).toEqual([
      ['mkt1', 'Hosted'],
      ['gone-mkt', 'Hosted'],
      [id, 'Connected'],
    ]);
    expect(JSON.stringify(listed)).not.toContain(ADMIN_SECRET);

    // A member of the organization now has it in the tenant choice and the switcher.
    const tenants = await listTenantsForUser(t.server.database.db, 'user-member', {}, { pageNumber: 1, pageSize: 50 });
    expect(
      tenants.items.map((tenant) => [tenant.name, tenant.displayName, tenant.systemId, tenant.state]),
    ).toContainEqual([id, 'Remote Sandbox', id, 'Active']);
  });

  it('refuses a name the organization already uses, hosted or connected', async () => {
    for (const Name of ['Remote Sandbox', 'marketplace one']) {
      const answer = await connect({ Name });
      expect(answer.status).toBe(400);
      expect((answer.body as Problem).errors).toEqual([
        { field: 'Name', message: `Another marketplace of this organization is already called "${Name}".` },
      ]);
    }
    expect(await rowCount(sql`SELECT count(*) AS n FROM portal.connected_marketplaces`)).toBe(1);
  });

  it('connects a client with fewer roles, with a warning naming them', async () => {
    const answer = await connect({ Name: 'Few Roles', Environment: 'Staging', ClientID: FEW_ROLES_CLIENT });
    expect(answer.status).toBe(201);
    const saved = answer.body as MarketplaceSaved;
    expect(saved.Warnings).toHaveLength(1);
    expect(saved.Warnings[0]).toContain('FullAccess');
    expect(await disconnect(saved.Marketplace.ID)).toBe(204);
  });
});

const connectedId = async (name: string) => {
  const item = (await list()).Items.find((candidate) => candidate.Name === name);
  if (!item) throw new Error(`${name} is not listed`);
  return item.ID;
};
const disconnect = async (id: string, token = tokens.admin) =>
  (await send('DELETE', `/marketplaces/${id}`, token)).status;

describe('editing a connected marketplace', () => {
  it('renames it and its tenant', async () => {
    const id = await connectedId('Remote Sandbox');
    const answer = await send('PATCH', `/marketplaces/${id}`, tokens.admin, { Name: 'Remote Renamed' });
    expect(answer.status).toBe(200);
    expect((answer.body as MarketplaceSaved).Marketplace).toMatchObject({ ID: id, Name: 'Remote Renamed' });
    const [tenant] = await rowsOf<{ display_name: string }>(
      t.server.database.db,
      sql`SELECT display_name FROM identity.tenants WHERE name = ${id}`,
    );
    expect(tenant?.display_name).toBe('Remote Renamed');
  });

  it('checks a new secret first: a wrong one changes nothing, a right one is kept sealed', async () => {
    const id = await connectedId('Remote Renamed');
    const sealed = async () =>
      (
        await rowsOf<{ sealed_client_secret: string }>(
          t.server.database.db,
          sql`SELECT sealed_client_secret FROM portal.connected_marketplaces WHERE id = ${id}`,
        )
      )[0]?.sealed_client_secret;
    const before = await sealed();
    const wrong = await send('PATCH', `/marketplaces/${id}`, tokens.admin, { Name: 'Not Kept', ClientSecret: 'wrong' });
    expect(wrong.status).toBe(400);
    expect((wrong.body as Problem).detail).toMatch(/^API client check: The client secret does not match/);
    expect((wrong.body as Problem).errors?.[0]?.field).toBe('ClientSecret');
    expect(await sealed()).toBe(before);
    expect(await connectedId('Remote Renamed')).toBe(id);

    const right = await send('PATCH', `/marketplaces/${id}`, tokens.admin, { ClientSecret: ADMIN_SECRET });
    expect(right.status).toBe(200);
    expect((right.body as MarketplaceSaved).Warnings).toEqual([]);
    const after = await sealed();
    expect(after).not.toBe(before);
    expect(after).not.toContain(ADMIN_SECRET);
  });

  it('answers 404 for an unknown id, 400 for a hosted one, 400 for an empty edit', async () => {
    const unknown = await send('PATCH', '/marketplaces/connected-none', tokens.admin, { Name: 'x' });
    expect(unknown.status).toBe(404);
    const hosted = await send('PATCH', '/marketplaces/mkt1', tokens.admin, { Name: 'x' });
    expect(hosted.status).toBe(400);
    expect((hosted.body as Problem).detail).toBe(HOSTED_NOT_EDITABLE);
    expect(await disconnect('mkt1')).toBe(400);
    const id = await connectedId('Remote Renamed');
    expect((await send('PATCH', `/marketplaces/${id}`, tokens.admin, {})).status).toBe(400);
    expect((await send('PATCH', `/marketplaces/${id}`, tokens.admin, { Name: '  ' })).status).toBe(400);
  });

  it("keeps one organization out of another's connected marketplace", async () => {
    const id = await connectedId('Remote Renamed');
    expect((await list(tokens.otherAdmin)).Items).toEqual([]);
    expect((await send('PATCH', `/marketplaces/${id}`, tokens.otherAdmin, { Name: 'Taken' })).status).toBe(404);
    expect(await disconnect(id, tokens.otherAdmin)).toBe(404);
    expect(await connectedId('Remote Renamed')).toBe(id);
  });
});

describe('disconnecting', () => {
  it('removes the row, the tenant and the role groups with their members, and only those', async () => {
    const id = await connectedId('Remote Renamed');
    const db = t.server.database.db;
    await insertDefaultRoleGroups(db, id);
    await addMember(db, id, 'custom-group-1', MEMBER_EMAIL);
    await insertDefaultRoleGroups(db, 'mkt1');
    await addMember(db, 'mkt1', 'custom-group-1', MEMBER_EMAIL);

    expect(await disconnect(id)).toBe(204);
    expect(await rowCount(sql`SELECT count(*) AS n FROM portal.connected_marketplaces WHERE id = ${id}`)).toBe(0);
    expect(await rowCount(sql`SELECT count(*) AS n FROM identity.tenants WHERE name = ${id}`)).toBe(0);
    expect(await rowCount(sql`SELECT count(*) AS n FROM portal.role_groups WHERE marketplace_id = ${id}`)).toBe(0);
    expect(await rowCount(sql`SELECT count(*) AS n FROM portal.memberships WHERE marketplace_id = ${id}`)).toBe(0);
    // The hosted marketplace's groups stay.
    expect((await listMembers(db, 'mkt1', 'custom-group-1')).get('custom-group-1')).toEqual([MEMBER_EMAIL]);
    expect((await list()).Items.map((item) => item.ID)).toEqual(['mkt1', 'gone-mkt']);
    expect(await disconnect(id)).toBe(404);
  });
});
