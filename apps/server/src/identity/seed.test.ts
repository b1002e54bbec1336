import { afterAll, beforeAll, expect, it } from 'vitest';
import { DEMO_MARKETPLACES } from '../platform/seed/access.ts';
import { verifyPassword } from '../security/passwords.ts';
import { createTestDatabase, type TestDatabase } from '../testing/test-database.ts';
import { memberships, organizations, tenants, users } from './db/schema.ts';
import { membershipsOf, resolveTenantSelection } from './directory.ts';
import { DEMO_ACCOUNTS_LINE, DEMO_PASSWORD, seedIdentityDemo } from './seed.ts';

let testDb: TestDatabase;
beforeAll(async () => {
  testDb = await createTestDatabase();
});
afterAll(() => testDb?.dispose());

const counts = async () => {
  const { db } = testDb.database;
  const [o, u, m, t] = await Promise.all([
    db.select().from(organizations),
    db.select().from(users),
    db.select().from(memberships),
    db.select().from(tenants),
  ]);
  return { organizations: o.length, users: u.length, memberships: m.length, tenants: t.length };
};

it('creates the demo organization, users, roles and tenants once', async () => {
  expect(await seedIdentityDemo(testDb.database)).toEqual({ seeded: true });
  const first = await counts();
  expect(first).toEqual({ organizations: 1, users: 3, memberships: 3, tenants: 3 });

  expect(await seedIdentityDemo(testDb.database)).toEqual({ seeded: false });
  expect(await counts()).toEqual(first);
});

it('gives each demo user the documented role and password', async () => {
  const { db } = testDb.database;
  const rows = await db.select().from(users);
  const byEmail = new Map(rows.map((user) => [user.email, user]));
  for (const email of ['owner@demo.example', 'dev@demo.example', 'viewer@demo.example']) {
    const user = byEmail.get(email);
    expect(user, email).toBeDefined();
    expect(await verifyPassword(DEMO_PASSWORD, user?.passwordHash ?? '')).toBe(true);
  }
  const roleOf = async (email: string) => (await membershipsOf(db, byEmail.get(email)?.id ?? ''))[0]?.roles;
  expect(await roleOf('owner@demo.example')).toEqual(['Organization Owner']);
  expect(await roleOf('dev@demo.example')).toEqual(['Organization User']);
  expect(await roleOf('viewer@demo.example')).toEqual(['Organization User']);
  expect(DEMO_ACCOUNTS_LINE).toBe('portal: owner@demo.example, dev@demo.example, viewer@demo.example / Demo-Portal-1');
});

it('names the tenants after the platform demo marketplaces, Sandbox first', async () => {
  const rows = await testDb.database.db.select().from(tenants);
  expect(rows.map((tenant) => tenant.name).sort()).toEqual(DEMO_MARKETPLACES.map((m) => m.id).sort());
  const selection = await resolveTenantSelection(testDb.database.db, 'demo-owner', {});
  expect(selection).toMatchObject({ ok: true, context: { tenant: { id: 'demo-sandbox' } } });
});
