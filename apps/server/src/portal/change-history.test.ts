import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ChangeHistoryPage } from '@portal/contracts';
import { createPlatformClient } from './platform-client.ts';
import { NO_GRANTS } from './role-groups.ts';
import { ACTIVITY_NOT_AUTHORIZED } from './routes-change-history.ts';
import { seedPlatformUsers, startPortalTestServer, userClaims, type PortalTestServer } from './testing.ts';

// The portal's change history routes over the real platform: records made by a portal developer's writes, the
// Activity page for organization admins and the AuditReader grant only, one item's history for whoever may read it.

let t: PortalTestServer;
const tokens = { owner: '', auditor: '', catalogReader: '', viewer: '' };

const page = (body: unknown) => body as ChangeHistoryPage;
const detail = (body: unknown) => (body as { detail: string }).detail;

async function group(id: string, fields: object, member: string) {
  const saved = await t.call(`/marketplace/roles/${id}`, tokens.owner, {
    method: 'PUT',
    body: JSON.stringify({ Id: id, Name: id, ...NO_GRANTS, OcRoles: [], ...fields }),
  });
  expect(saved.status).toBe(200);
  await t.call(`/marketplace/roles/${id}/members/${member}`, tokens.owner, { method: 'PUT' });
}

beforeAll(async () => {
  t = await startPortalTestServer();
  tokens.owner = await t.identity.sign(userClaims('owner@org.test', ['Organization Owner']));
  tokens.auditor = await t.identity.sign(userClaims('auditor@org.test', ['Organization User']));
  tokens.catalogReader = await t.identity.sign(userClaims('reader@org.test', ['Organization User']));
  tokens.viewer = await t.identity.sign(userClaims('viewer@org.test', ['Organization User']));
  await group('custom-group-1', { AuditReader: true }, 'auditor@org.test');
  await group('custom-group-2', { OcRoles: ['CatalogReader'] }, 'reader@org.test');
  await seedPlatformUsers(t.store);
  // Writes through the platform API as a portal developer, the way the API console makes them.
  const mgmt = createPlatformClient({ baseUrl: t.config.platformMgmtUrl, secret: t.config.platformMgmtSecret });
  const { access_token: token } = await mgmt.mintDeveloperToken('mkt1', 'owner@org.test', ['FullAccess']);
  const write = async (method: string, path: string, body: object) => {
    const response = await fetch(`${t.config.publicUrl}/platform/v1${path}`, {
      method,
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    expect(response.status).toBeLessThan(300);
  };
  await write('PUT', '/catalogs/cat1', { ID: 'cat1', Name: 'Catalog', Active: true });
  for (let n = 1; n <= 3; n += 1) await write('PATCH', '/catalogs/cat1', { Name: `Catalog ${n}` });
  await write('PUT', '/products/p1', { ID: 'p1', Name: 'Tent' });
});
afterAll(async () => {
  await t?.dispose();
});

describe('the Activity page', () => {
  it('answers organization admins and AuditReader members, newest first, with keyset pages', async () => {
    for (const token of [tokens.owner, tokens.auditor]) {
      const first = await t.call('/change-history?PageSize=3', token);
      expect(first.status).toBe(200);
      expect(page(first.body).Items.map((record) => record.OperationID)).toEqual([
        'Products.Save',
        'Catalogs.Patch',
        'Catalogs.Patch',
      ]);
      expect(page(first.body).Items[0]?.Actor).toEqual({
        ID: 'portal:owner@org.test',
        Username: 'owner@org.test',
        Type: 'PortalDeveloper',
        CompanyID: null,
      });
      const next = await t.call(`/change-history?PageSize=3&PageKey=${page(first.body).Meta.NextPageKey}`, token);
      expect(page(next.body).Items.map((record) => record.Kind)).toEqual(['Patch', 'Create']);
      expect(page(next.body).Meta.NextPageKey).toBeNull();
    }
  });

  it('filters by resource type and operation', async () => {
    const found = await t.call('/change-history?ResourceType=Catalogs&OperationID=Catalogs.Patch', tokens.auditor);
    expect(page(found.body).Items).toHaveLength(3);
  });

  it('refuses callers without the grant with 403, whatever platform roles they hold', async () => {
    for (const token of [tokens.viewer, tokens.catalogReader]) {
      const refused = await t.call('/change-history', token);
      expect(refused.status).toBe(403);
      expect(detail(refused.body)).toBe(ACTIVITY_NOT_AUTHORIZED);
    }
  });

  it('answers bad filters with a 400 problem', async () => {
    for (const query of [
      'PageSize=0',
      'PageSize=101',
      'PageKey=abc',
      'From=yesterday',
      'From=2026-02-01T00:00:00Z&To=2026-01-01T00:00:00Z',
    ]) {
      const bad = await t.call(`/change-history?${query}`, tokens.owner);
      expect(bad.status, query).toBe(400);
    }
  });
});

describe("an item's history", () => {
  const history = (token: string, query: string) => t.call(`/change-history/resource?${query}`, token);

  it('answers whoever holds a role that reads the item', async () => {
    const read = await history(tokens.catalogReader, 'ResourceType=Catalogs&ResourceID=cat1');
    expect(read.status).toBe(200);
    expect(page(read.body).Items.map((record) => record.Kind)).toEqual(['Patch', 'Patch', 'Patch', 'Create']);
    expect(page(read.body).Items[0]?.Changes).toEqual([{ Path: 'Name', Old: 'Catalog 2', New: 'Catalog 3' }]);
    expect((await history(tokens.owner, 'ResourceType=Products&ResourceID=p1')).status).toBe(200);
  });

  it('refuses a caller whose roles do not read that kind of item, and an unknown type', async () => {
    expect((await history(tokens.catalogReader, 'ResourceType=Products&ResourceID=p1')).status).toBe(403);
    expect((await history(tokens.viewer, 'ResourceType=Catalogs&ResourceID=cat1')).status).toBe(403);
    expect((await history(tokens.catalogReader, 'ResourceType=Nonsense&ResourceID=x')).status).toBe(400);
    expect((await history(tokens.catalogReader, 'ResourceType=Catalogs')).status).toBe(400);
  });
});
