import { sql } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../db/rows.ts';
import { createTestDatabase, testConfig, type TestDatabase } from '../../testing/test-database.ts';
import { changeHistoryRetentionJob, deleteOldChanges } from './retention.ts';

let testDb: TestDatabase;

beforeAll(async () => {
  testDb = await createTestDatabase();
});
afterAll(async () => {
  await testDb?.dispose();
});

/** A record of `ageDays` days ago (the column's default is the database clock; tests set it back). */
async function recordAged(id: string, ageDays: number): Promise<void> {
  await testDb.database.db.execute(sql`
    INSERT INTO platform.change_records (time, marketplace_id, operation_id, kind, resource_type, resource_id,
      actor_id, actor_username, actor_type, client_id, changes)
    VALUES (now() - make_interval(days => ${ageDays}), 'mkt1', 'Products.Patch', 'Patch', 'Products', ${id},
      'a1', 'admin', 'MarketplaceOwner', 'c1', '[]'::jsonb)`);
}

const remaining = async () =>
  (
    await rowsOf<{ resource_id: string }>(
      testDb.database.db,
      sql`SELECT resource_id FROM platform.change_records ORDER BY resource_id`,
    )
  ).map((row) => row.resource_id);

describe('change history retention', () => {
  it('deletes only the records older than the kept days', async () => {
    await recordAged('fresh', 0);
    await recordAged('edge', 29);
    await recordAged('old', 31);
    await recordAged('ancient', 400);
    expect(await deleteOldChanges(testDb.database.db, 30)).toBe(2);
    expect(await remaining()).toEqual(['edge', 'fresh']);
  });

  it('runs as a daily job with CHANGE_HISTORY_DAYS from the settings', async () => {
    await recordAged('ten-days', 10);
    const config = testConfig(testDb.target, { changeHistoryDays: 5 });
    const result = await changeHistoryRetentionJob.run(
      {},
      { database: testDb.database, logger: pino({ level: 'silent' }), config },
    );
    expect(result).toEqual({ days: 5, deleted: 2 });
    expect(await remaining()).toEqual(['fresh']);
    expect(changeHistoryRetentionJob.cron).toBe('15 3 * * *');
  });
});
