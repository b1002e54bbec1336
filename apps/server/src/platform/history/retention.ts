import { sql } from 'drizzle-orm';
import { CHANGE_HISTORY_DEFAULT_DAYS } from '@portal/contracts';
import type { Db } from '../../db/database.ts';
import { rowsOf } from '../../db/rows.ts';
import type { JobDefinition } from '../../jobs/job-queue.ts';

/** Rows deleted per statement, so a first clean-up of a large history holds no long lock. */
const BATCH = 5_000;

/**
 * Deletes the change records older than `days` days (by the database clock), every marketplace's, in batches;
 * answers how many went. The only delete of the append-only history.
 */
export async function deleteOldChanges(db: Db, days: number): Promise<number> {
  let deleted = 0;
  for (;;) {
    const gone = await rowsOf<{ id: string }>(
      db,
      sql`DELETE FROM platform.change_records WHERE id IN (
            SELECT id FROM platform.change_records WHERE time < now() - make_interval(days => ${days}) LIMIT ${BATCH})
          RETURNING id`,
    );
    deleted += gone.length;
    if (gone.length < BATCH) return deleted;
  }
}

/** Daily at 03:15 UTC: the change history keeps CHANGE_HISTORY_DAYS days (issue 23). */
export const changeHistoryRetentionJob: JobDefinition = {
  name: 'platform-change-history-retention',
  cron: '15 3 * * *',
  async run(_data, { database, config }) {
    const days = config?.changeHistoryDays ?? CHANGE_HISTORY_DEFAULT_DAYS;
    return { days, deleted: await deleteOldChanges(database.db, days) };
  },
};
