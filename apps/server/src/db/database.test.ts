import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { oidcModels } from '../identity/db/schema.ts';
import { schemaOwners } from '../part.ts';
import { parts } from '../parts.ts';
import { createTestDatabase, type TestDatabase } from '../testing/test-database.ts';
import { runMigrations } from './migrate.ts';
import { rowsOf } from './rows.ts';

let testDb: TestDatabase;
beforeAll(async () => {
  testDb = await createTestDatabase();
});
afterAll(() => testDb?.dispose());

describe(`database (${process.env.TEST_DATABASE_URL ? 'PostgreSQL' : 'PGlite'})`, () => {
  it('runs migrations again without changing anything', async () => {
    const { database } = testDb;
    const journal = () =>
      database.executeSql(`SELECT count(*)::int AS n FROM drizzle.identity_migrations`).then((r) => r.rows[0]?.n);
    const before = await journal();
    expect(before).toBeGreaterThan(0);
    await runMigrations(database, schemaOwners(parts));
    await runMigrations(database, schemaOwners(parts));
    expect(await journal()).toBe(before);
  });

  it('keeps each part in its own Postgres schema', async () => {
    const { rows } = await testDb.database.executeSql(
      `SELECT table_schema, table_name FROM information_schema.tables WHERE table_name = 'oidc_models'`,
    );
    expect(rows).toEqual([{ table_schema: 'identity', table_name: 'oidc_models' }]);
  });

  it('runs several statements in one call without values, one statement with values', async () => {
    const { database } = testDb;
    const multi = await database.executeSql(
      'CREATE TEMP TABLE t (n int); INSERT INTO t VALUES (1), (2); SELECT sum(n)::int AS total FROM t',
    );
    expect(multi.rows).toEqual([{ total: 3 }]);
    const single = await database.executeSql('SELECT $1::int + $2::int AS total', [40, 2]);
    expect(single.rows).toEqual([{ total: 42 }]);
  });

  it('reads and writes JSONB through Drizzle, including JSON predicates', async () => {
    const { db } = testDb.database;
    await db.insert(oidcModels).values([
      { kind: 'Session', id: 'json-1', payload: { accountId: 'a1', nested: { n: 1 } } },
      { kind: 'Session', id: 'json-2', payload: { accountId: 'a2', nested: { n: 2 } } },
    ]);
    const found = await db
      .select({ id: oidcModels.id })
      .from(oidcModels)
      .where(sql`${oidcModels.payload} -> 'nested' ->> 'n' = '2'`);
    expect(found).toEqual([{ id: 'json-2' }]);
  });

  it('rolls a failed transaction back whole', async () => {
    const { db } = testDb.database;
    await expect(
      db.transaction(async (tx) => {
        await tx.insert(oidcModels).values({ kind: 'Grant', id: 'tx-1', payload: {} });
        await tx.insert(oidcModels).values({ kind: 'Grant', id: 'tx-1', payload: {} });
      }),
    ).rejects.toThrow();
    const rows = await db
      .select()
      .from(oidcModels)
      .where(sql`${oidcModels.id} = 'tx-1'`);
    expect(rows).toEqual([]);
  });

  it('runs work under the exclusive lock and returns its result', async () => {
    const value = await testDb.database.withExclusiveLock(42, async (db) => {
      const [row] = await rowsOf<{ seven: number }>(db, sql`SELECT 7 AS seven`);
      return row?.seven;
    });
    expect(value).toBe(7);
  });
});
