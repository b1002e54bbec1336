import { sql } from 'drizzle-orm';
import { millisecondsInterval } from '../../cluster/db-clock.ts';
import type { Db } from '../../db/database.ts';
import { indexBuilds } from '../../observability/metrics.ts';
import { rowsOf } from '../../db/rows.ts';
import { FAILED_KEPT_MS, MAX_BUILD_ATTEMPTS, STALE_BUILD_MS } from './model.ts';

export interface UpkeepOutcome {
  /** Interrupted builds put back in the queue. */
  restarted: string[];
  /** Interrupted builds given up on (too many attempts): Failed. */
  failed: string[];
  /** Failed indexes older than a day removed with their errors. */
  removed: number;
}

/**
 * Finds builds whose process died (no progress for STALE_BUILD_MS): each goes back to
 * WaitingToBuild to start again, or ends Failed after MAX_BUILD_ATTEMPTS; the active index was never
 * touched by them. Removes failed indexes and their errors after a day (spec 1 §9). Heartbeats and
 * completions are the database's time and so is the comparison: a live build in a process whose
 * clock is behind is never taken for a silent one.
 */
export async function searchUpkeep(db: Db): Promise<UpkeepOutcome> {
  const silent = sql`heartbeat_at < clock_timestamp() - ${millisecondsInterval(STALE_BUILD_MS)}`;
  const restarted = await rowsOf<{ id: string }>(
    db,
    sql`UPDATE platform.search_indexes SET status = 'WaitingToBuild', percent_complete = 0
        WHERE status = 'Building' AND ${silent} AND attempts < ${MAX_BUILD_ATTEMPTS}
        RETURNING id`,
  );
  const failed = await rowsOf<{ id: string; marketplace_id: string; type: string }>(
    db,
    sql`UPDATE platform.search_indexes SET status = 'Failed', completed_at = clock_timestamp()
        WHERE status = 'Building' AND ${silent} RETURNING id, marketplace_id, type`,
  );
  for (const index of failed) {
    indexBuilds.inc({ type: index.type, outcome: 'Failed' });
    await db.execute(sql`DELETE FROM platform.search_entries WHERE index_id = ${index.id}`);
    await db.execute(
      sql`UPDATE platform.search_indexes SET status = 'Ready'
          WHERE marketplace_id = ${index.marketplace_id} AND type = ${index.type} AND status = 'Rebuilding'`,
    );
  }
  const removed = await rowsOf<{ id: string }>(
    db,
    sql`DELETE FROM platform.search_indexes
        WHERE status = 'Failed' AND completed_at < clock_timestamp() - ${millisecondsInterval(FAILED_KEPT_MS)} RETURNING id`,
  );
  const ids = removed.map((row) => row.id);
  if (ids.length > 0) {
    await db.execute(sql`DELETE FROM platform.search_index_errors WHERE index_id = ANY(${sql.param(ids)}::text[])`);
    await db.execute(sql`DELETE FROM platform.search_entries WHERE index_id = ANY(${sql.param(ids)}::text[])`);
  }
  return { restarted: restarted.map((row) => row.id), failed: failed.map((row) => row.id), removed: ids.length };
}

/** Indexes waiting to be built (newly requested, or put back after an interruption), oldest first. */
export async function waitingIndexes(db: Db): Promise<string[]> {
  const rows = await rowsOf<{ id: string }>(
    db,
    sql`SELECT id FROM platform.search_indexes WHERE status = 'WaitingToBuild' ORDER BY created_at`,
  );
  return rows.map((row) => row.id);
}
