import { sql } from 'drizzle-orm';
import type { Db } from '../db/database.ts';
import type { JobDefinition } from '../jobs/job-queue.ts';

/**
 * Updates the planner's statistics of the platform tables. PostgreSQL's autovacuum does this on
 * its own; the embedded PGlite has no background workers, so without it the planner keeps the
 * statistics of an empty table and reads every row where an index would do (a bulk load of
 * 100,000 products went from 25 ms to 200 ms per list call).
 */
export async function refreshPlannerStatistics(db: Db): Promise<void> {
  await db.execute(sql`ANALYZE platform.documents`);
  await db.execute(sql`ANALYZE platform.assignments`);
}

/** Half-hourly upkeep of the platform tables: dead rows reclaimed (PGlite has no autovacuum), statistics refreshed. */
export const platformMaintenance: JobDefinition = {
  name: 'platform-maintenance',
  cron: '*/30 * * * *',
  async run(_data, { database }) {
    if (database.kind === 'pglite') await database.executeSql('VACUUM platform.documents; VACUUM platform.assignments');
    await refreshPlannerStatistics(database.db);
    return { analyzed: ['platform.documents', 'platform.assignments'] };
  },
};
