import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ALL_GRANTS, NO_GRANTS, ROLE_GROUP_IDS, type RoleGroup } from './role-groups.ts';
import { startPortalTestServer, userClaims, type PortalTestServer } from './testing.ts';

let t: PortalTestServer;
const tokens = { owner: '', admin: '', dev: '', viewer: '', groupsAdmin: '' };

const DEV_GROUP: RoleGroup = {
  Id: 'custom-group-1',
  Name: 'Developers',
  OcRoles: ['ProductAdmin', 'OrderAdmin', 'InventoryAdmin'],
  ...NO_GRANTS,
  IndexAdmin: true,
  ImpersonateBuyer: true,
};

const put = (path: string, token: string, body?: unknown) =>
  t.call(path, token, { method: 'PUT', ...(body === undefined ? {} : { body: JSON.stringify(body) }) });

beforeAll(async () => {
  t = await startPortalTestServer();
  tokens.owner = await t.identity.sign(userClaims('owner@org.test', ['Organization Owner']));
  tokens.admin = await t.identity.sign(userClaims('admin@org.test', ['Organization Admin']));
  tokens.dev = await t.identity.sign(userClaims('Dev@Org.Test', ['Organization User']));
  tokens.viewer = await t.identity.sign(userClaims('viewer@org.test', ['Organization User']));
  tokens.groupsAdmin = await t.identity.sign(userClaims('groups@org.test', ['Organization User']));
});
afterAll(() => t?.dispose());

describe('role groups', () => {
  it('lists the six groups with their defaults, created on first use', async () => {
    const { status, body } = await t.call('/marketplace/roles', tokens.viewer);
    expect(status).toBe(200);
    const items = (body as { Items: (RoleGroup & { Members: string[] })[] }).Items;
    expect(items.map((group) => group.Id)).toEqual([...ROLE_GROUP_IDS]);
    expect(items[0]).toEqual({
      Id: 'full-access',
      Name: 'Full Access',
      OcRoles: ['FullAccess'],
      ...ALL_GRANTS,
      Members: [],
    });
    expect(items[1]).toMatchObject({
      Id: 'admin',
      OcRoles: ['FullAccess'],
      RoleGroupsAdmin: true,
      ImpersonateBuyer: false,
    });
    expect(items[2]).toEqual({ Id: 'custom-group-1', Name: 'Custom Group 1', OcRoles: [], ...NO_GRANTS, Members: [] });
  });

  it('gets one group and answers 404 for an unknown id', async () => {
    expect((await t.call('/marketplace/roles/admin', tokens.viewer)).body).toMatchObject({
      Id: 'admin',
      Name: 'Admin',
    });
    const missing = await t.call('/marketplace/roles/custom-group-9', tokens.viewer);
    expect(missing.status).toBe(404);
    expect(missing.body).toMatchObject({ status: 404, detail: "There is no role group 'custom-group-9'." });
  });

  it('lists every field error of a bad role group', async () => {
    const { status, body } = await put('/marketplace/roles/custom-group-1', tokens.owner, {
      Id: 'custom-group-2',
      Name: '',
      OcRoles: ['ProductAdmin', 'MadeUpRole', 'FullAccess', 7],
      ImpersonateBuyer: true,
      IndexAdmin: 'yes',
    });
    expect(status).toBe(400);
    const problem = body as { detail: string; errors: { field: string; message: string }[] };
    expect(problem.errors).toEqual([
      { field: 'Id', message: 'Id must match the role group in the path (custom-group-1).' },
      { field: 'Name', message: 'Name is required.' },
      { field: 'OcRoles[1]', message: "'MadeUpRole' is not an allowed role." },
      { field: 'OcRoles[3]', message: '7 is not an allowed role.' },
      { field: 'ImpersonateSeller', message: 'ImpersonateSeller is required.' },
      { field: 'ImpersonateSupplier', message: 'ImpersonateSupplier is required.' },
      { field: 'IndexAdmin', message: 'IndexAdmin must be true or false.' },
      { field: 'SyncAdmin', message: 'SyncAdmin is required.' },
      { field: 'StagingRestoreAdmin', message: 'StagingRestoreAdmin is required.' },
      { field: 'SubscriptionAdmin', message: 'SubscriptionAdmin is required.' },
      { field: 'RoleGroupsAdmin', message: 'RoleGroupsAdmin is required.' },
      { field: 'AuditReader', message: 'AuditReader is required.' },
    ]);
    expect(problem.detail).toBe('12 errors need to be resolved.');
  });

  it('refuses an unknown Id in the body and an unknown group in the path', async () => {
    const unknown = await put('/marketplace/roles/custom-group-1', tokens.owner, { ...DEV_GROUP, Id: 'nope' });
    expect(unknown.status).toBe(400);
    expect(unknown.body).toMatchObject({
      errors: [{ field: 'Id', message: expect.stringContaining('must be one of') }],
    });
    const path = await put('/marketplace/roles/nope', tokens.owner, { ...DEV_GROUP, Id: 'nope' });
    expect(path.status).toBe(404);
    const noBody = await put('/marketplace/roles/custom-group-1', tokens.owner);
    expect(noBody.status).toBe(400);
  });

  it('refuses a name over 100 characters', async () => {
    const { status, body } = await put('/marketplace/roles/custom-group-1', tokens.owner, {
      ...DEV_GROUP,
      Name: 'x'.repeat(101),
    });
    expect(status).toBe(400);
    expect(body).toMatchObject({ detail: 'Name must not exceed 100 characters.' });
  });

  it('saves a valid group for an organization owner (roles from the description plus InventoryAdmin)', async () => {
    const { status, body } = await put('/marketplace/roles/custom-group-1', tokens.owner, {
      ...DEV_GROUP,
      Members: ['x'],
    });
    expect(status).toBe(200);
    expect(body).toEqual({ ...DEV_GROUP, Members: [] });
    expect((await t.call('/marketplace/roles/custom-group-1', tokens.viewer)).body).toMatchObject(DEV_GROUP);
  });

  it('refuses a save without RoleGroupsAdmin', async () => {
    const { status, body } = await put('/marketplace/roles/custom-group-2', tokens.viewer, {
      ...DEV_GROUP,
      Id: 'custom-group-2',
    });
    expect(status).toBe(403);
    expect(body).toMatchObject({ detail: expect.stringContaining('only permitted to view application roles') });
  });
});

describe('membership and the portal user', () => {
  it('gives organization owners and admins full access without any group', async () => {
    const { status, body } = await t.call('/me', tokens.owner);
    expect(status).toBe(200);
    expect(body).toEqual({
      Email: 'owner@org.test',
      Name: 'owner',
      OcRoles: ['FullAccess'],
      ScPermissionGrants: ALL_GRANTS,
      RoleGroupIds: [],
      IsOrganizationAdmin: true,
    });
    expect((await t.call('/me', tokens.admin)).body).toMatchObject({
      IsOrganizationAdmin: true,
      OcRoles: ['FullAccess'],
    });
  });

  it('gives a user in no group nothing', async () => {
    expect((await t.call('/me', tokens.viewer)).body).toMatchObject({
      OcRoles: [],
      ScPermissionGrants: NO_GRANTS,
      RoleGroupIds: [],
      IsOrganizationAdmin: false,
    });
    expect((await t.call('/me/grants', tokens.viewer)).body).toEqual({ ScPermissionGrants: NO_GRANTS });
  });

  it('lets only organization admins manage members', async () => {
    expect((await put('/marketplace/roles/custom-group-1/members/dev@org.test', tokens.viewer)).status).toBe(403);
    expect((await put('/marketplace/roles/custom-group-1/members/DEV@org.test', tokens.admin)).status).toBe(204);
    // Idempotent, and e-mail addresses compare without case.
    expect((await put('/marketplace/roles/custom-group-1/members/dev@org.test', tokens.owner)).status).toBe(204);
    expect((await put('/marketplace/roles/custom-group-1/members/not-an-email', tokens.owner)).status).toBe(400);
    expect((await put('/marketplace/roles/custom-group-7/members/dev@org.test', tokens.owner)).status).toBe(404);
    const members = await t.call('/marketplace/roles/custom-group-1/members', tokens.viewer);
    expect(members.body).toEqual({ Items: [{ Email: 'dev@org.test' }] });
  });

  it('gives a group member the union of their groups', async () => {
    await put('/marketplace/roles/custom-group-2', tokens.owner, {
      Id: 'custom-group-2',
      Name: 'Readers',
      OcRoles: ['ProductReader', 'OrderAdmin'],
      ...NO_GRANTS,
      SyncAdmin: true,
    });
    expect((await put('/marketplace/roles/custom-group-2/members/dev@org.test', tokens.owner)).status).toBe(204);
    const { body } = await t.call('/me', tokens.dev);
    expect(body).toEqual({
      Email: 'dev@org.test',
      Name: 'Dev',
      OcRoles: ['ProductAdmin', 'OrderAdmin', 'InventoryAdmin', 'ProductReader'],
      ScPermissionGrants: { ...NO_GRANTS, IndexAdmin: true, ImpersonateBuyer: true, SyncAdmin: true },
      RoleGroupIds: ['custom-group-1', 'custom-group-2'],
      IsOrganizationAdmin: false,
    });
    const groups = (await t.call('/marketplace/roles', tokens.viewer)).body as {
      Items: { Id: string; Members: string[] }[];
    };
    expect(groups.Items.find((group) => group.Id === 'custom-group-2')?.Members).toEqual(['dev@org.test']);
  });

  it('removes members', async () => {
    const remove = (token: string) =>
      t.call('/marketplace/roles/custom-group-2/members/dev@org.test', token, { method: 'DELETE' });
    expect((await remove(tokens.dev)).status).toBe(403);
    expect((await remove(tokens.owner)).status).toBe(204);
    expect((await remove(tokens.owner)).status).toBe(204);
    expect((await t.call('/me', tokens.dev)).body).toMatchObject({ RoleGroupIds: ['custom-group-1'] });
  });

  it('lets a RoleGroupsAdmin member who is not an organization admin edit groups but not members', async () => {
    expect((await put('/marketplace/roles/admin/members/groups@org.test', tokens.owner)).status).toBe(204);
    const saved = await put('/marketplace/roles/custom-group-3', tokens.groupsAdmin, {
      Id: 'custom-group-3',
      Name: 'Support',
      OcRoles: ['OrderReader'],
      ...NO_GRANTS,
    });
    expect(saved.status).toBe(200);
    expect((await put('/marketplace/roles/custom-group-3/members/a@org.test', tokens.groupsAdmin)).status).toBe(403);
  });

  it('keeps marketplaces apart', async () => {
    const other = await t.identity.sign(userClaims('dev@org.test', ['Organization User'], 'mkt2'));
    expect((await t.call('/me', other)).body).toMatchObject({ OcRoles: [], RoleGroupIds: [] });
  });
});
