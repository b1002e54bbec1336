import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import { ApiError, notFound } from '../engine/errors.ts';
import { rowsOf } from '../../db/rows.ts';
import { indexView, type IndexRow, type SearchIndexView } from './model.ts';

/** Rebuilds allowed per marketplace and type (spec 1 §9). */
export const REBUILDS_PER_HOUR = 3;
export const REBUILDS_PER_WEEK = 5;
const HOUR = sql.raw(`interval '1 hour'`);
const WEEK = sql.raw(`interval '7 days'`);

/**
 * Accepts a rebuild of the active index: a new index waits to be built and the active one shows
 * Rebuilding until it ends. Counted in the database inside one transaction that locks the active
 * index's row, so concurrent requests are judged one after the other: refused when the index is
 * not the active one (409 Search.NotActiveIndex), when the hourly or weekly limit is reached
 * (429 Search.ExceedsRebuildLimit), or while a build runs (409 Search.RebuildInProgress).
 * Requests are stamped and counted by the database's clock, so every process counts the same hour.
 */
export async function requestRebuild(db: Db, marketplaceId: string, indexId: string): Promise<SearchIndexView> {
  return db.transaction(async (txDb) => {
    const tx = txDb as unknown as Db;
    const [index] = await rowsOf<IndexRow>(
      tx,
      sql`SELECT * FROM platform.search_indexes WHERE id = ${indexId} AND marketplace_id = ${marketplaceId} FOR UPDATE`,
    );
    if (!index) throw notFound('SearchIndex', indexId);
    if (!index.is_active) {
      throw new ApiError(409, 'Search.NotActiveIndex', 'Only the active index can be rebuilt.', { IndexID: indexId });
    }
    const [used] = await rowsOf<{ hour: string | number; week: string | number; oldest: string | Date | null }>(
      tx,
      sql`SELECT count(*) FILTER (WHERE requested_at > clock_timestamp() - ${HOUR}) AS hour,
                 count(*) AS week,
                 min(requested_at) FILTER (WHERE requested_at > clock_timestamp() - ${HOUR}) AS oldest
          FROM platform.search_rebuilds
          WHERE marketplace_id = ${marketplaceId} AND type = ${index.type}
            AND requested_at > clock_timestamp() - ${WEEK}`,
    );
    const hour = Number(used?.hour ?? 0);
    const week = Number(used?.week ?? 0);
    if (hour >= REBUILDS_PER_HOUR || week >= REBUILDS_PER_WEEK) {
      const limit = hour >= REBUILDS_PER_HOUR ? `${REBUILDS_PER_HOUR} an hour` : `${REBUILDS_PER_WEEK} a week`;
      throw new ApiError(
        429,
        'Search.ExceedsRebuildLimit',
        `The ${index.type} index of this marketplace can be rebuilt at most ${limit}; try again later.`,
        {
          HourlyLimit: REBUILDS_PER_HOUR,
          WeeklyLimit: REBUILDS_PER_WEEK,
          RebuildsThisHour: hour,
          RebuildsThisWeek: week,
        },
      );
    }
    const [running] = await rowsOf<{ id: string }>(
      tx,
      sql`SELECT id FROM platform.search_indexes WHERE marketplace_id = ${marketplaceId} AND type = ${index.type}
            AND status IN ('WaitingToBuild', 'Building', 'Rebuilding')`,
    );
    if (running) {
      throw new ApiError(
        409,
        'Search.RebuildInProgress',
        `A build of the ${index.type} index is already running; wait until it completes or fails.`,
        { IndexID: running.id },
      );
    }
    const [created] = await rowsOf<IndexRow>(
      tx,
      sql`INSERT INTO platform.search_indexes (id, marketplace_id, type, status, created_at)
          VALUES (${randomUUID()}, ${marketplaceId}, ${index.type}, 'WaitingToBuild', clock_timestamp())
          RETURNING *`,
    );
    await tx.execute(sql`UPDATE platform.search_indexes SET status = 'Rebuilding' WHERE id = ${indexId}`);
    await tx.execute(
      sql`INSERT INTO platform.search_rebuilds (marketplace_id, type, index_id, requested_at)
          VALUES (${marketplaceId}, ${index.type}, ${(created as IndexRow).id}, clock_timestamp())`,
    );
    return indexView(created as IndexRow);
  });
}
