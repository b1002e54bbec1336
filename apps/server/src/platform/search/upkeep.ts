import { sql } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import { FAILED_KEPT_MS, MAX_BUILD_ATTEMPTS, rowsOf, STALE_BUILD_MS } from './model.ts';

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
 * touched by them. Removes failed indexes and their errors after a day (spec 1 §9).
 */
export async function searchUpkeep(db: Db, now = new Date()): Promise<UpkeepOutcome> {
  const staleBefore = new Date(now.getTime() - STALE_BUILD_MS).toISOString();
  const restarted = await rowsOf<{ id: string }>(
    db,
    sql`UPDATE platform.search_indexes SET status = 'WaitingToBuild', percent_complete = 0
        WHERE status = 'Building' AND heartbeat_at < ${staleBefore}::timestamptz AND attempts < ${MAX_BUILD_ATTEMPTS}
        RETURNING id`,
  );
  const failed = await rowsOf<{ id: string; marketplace_id: string; type: string }>(
    db,
    sql`UPDATE platform.search_indexes SET status = 'Failed', completed_at = ${now.toISOString()}::timestamptz
        WHERE status = 'Building' AND heartbeat_at < ${staleBefore}::timestamptz RETURNING id, marketplace_id, type`,
  );
  for (const index of failed) {
    await db.execute(sql`DELETE FROM platform.search_entries WHERE index_id = ${index.id}`);
    await db.execute(
      sql`UPDATE platform.search_indexes SET status = 'Ready'
          WHERE marketplace_id = ${index.marketplace_id} AND type = ${index.type} AND status = 'Rebuilding'`,
    );
  }
  const keptAfter = new Date(now.getTime() - FAILED_KEPT_MS).toISOString();
  const removed = await rowsOf<{ id: string }>(
    db,
    sql`DELETE FROM platform.search_indexes WHERE status = 'Failed' AND completed_at < ${keptAfter}::timestamptz RETURNING id`,
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
