import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../db/database.ts';
import { platformRegistry } from '../platform/resources/index.ts';
import { createTestDatabase, testConfig, type TestDatabase } from '../testing/test-database.ts';
import { addMember, listMembers, listRoleGroups, removeMember } from './role-groups.ts';
import { DEMO_DEVELOPER_EMAIL, DEMO_MARKETPLACE_IDS, DEVELOPERS_GROUP, seedPortalDemo } from './seed.ts';

let test: TestDatabase;
let database: Database;
beforeAll(async () => {
  test = await createTestDatabase();
  database = test.database;
});
afterAll(() => test?.dispose());

describe('portal demo seed', () => {
  it('puts the demo developer in Developers in every demo marketplace', async () => {
    await seedPortalDemo(database, testConfig(test.target));
    for (const marketplaceId of DEMO_MARKETPLACE_IDS) {
      const groups = await listRoleGroups(database.db, marketplaceId);
      expect(groups).toHaveLength(6);
      expect(groups[2]).toEqual(DEVELOPERS_GROUP);
      expect(DEVELOPERS_GROUP).toMatchObject({ IndexAdmin: true, ImpersonateBuyer: true, ImpersonateSupplier: false });
      expect((await listMembers(database.db, marketplaceId)).get('custom-group-1')).toEqual([DEMO_DEVELOPER_EMAIL]);
    }
  });

  it('gives the developers only roles the platform knows', () => {
    const known = new Set(platformRegistry.enums.ApiRole);
    expect(DEVELOPERS_GROUP.OcRoles.filter((role) => !known.has(role))).toEqual([]);
  });

  it('leaves a seeded marketplace alone on the next start', async () => {
    const db = database.db;
    await removeMember(db, 'demo-sandbox', 'custom-group-1', DEMO_DEVELOPER_EMAIL);
    await addMember(db, 'demo-sandbox', 'custom-group-2', 'viewer@demo.example');
    await seedPortalDemo(database, testConfig(test.target));
    const members = await listMembers(db, 'demo-sandbox');
    expect(members.get('custom-group-1')).toBeUndefined();
    expect(members.get('custom-group-2')).toEqual(['viewer@demo.example']);
  });
});
