import { sql } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import { notFound } from '../engine/errors.ts';
import { rowsOf } from '../../db/rows.ts';
import {
  indexView,
  type IndexRow,
  type SearchIndexErrorView,
  type SearchIndexType,
  type SearchIndexView,
} from './model.ts';

/** The indexes of a marketplace and type, newest first. */
export async function listIndexes(db: Db, marketplaceId: string, type: SearchIndexType): Promise<SearchIndexView[]> {
  const rows = await rowsOf<IndexRow>(
    db,
    sql`SELECT * FROM platform.search_indexes WHERE marketplace_id = ${marketplaceId} AND type = ${type}
        ORDER BY created_at DESC, id`,
  );
  return rows.map(indexView);
}

/** The documents an index rejected, newest first (404 when the index is not the marketplace's). */
export async function listIndexErrors(db: Db, marketplaceId: string, indexId: string): Promise<SearchIndexErrorView[]> {
  await requireIndexType(db, marketplaceId, indexId);
  const rows = await rowsOf<{ thing_id: string; failed_on: string | Date; error_text: string }>(
    db,
    sql`SELECT thing_id, failed_on, error_text FROM platform.search_index_errors WHERE index_id = ${indexId}
        ORDER BY failed_on DESC, thing_id`,
  );
  return rows.map((row) => ({
    ThingID: row.thing_id,
    FailedOn: new Date(row.failed_on).toISOString(),
    ErrorText: row.error_text,
  }));
}

/** The type of one of the marketplace's indexes (404 when it has no such index). */
export async function requireIndexType(db: Db, marketplaceId: string, indexId: string): Promise<SearchIndexType> {
  const [index] = await rowsOf<{ type: SearchIndexType }>(
    db,
    sql`SELECT type FROM platform.search_indexes WHERE id = ${indexId} AND marketplace_id = ${marketplaceId}`,
  );
  if (!index) throw notFound('SearchIndex', indexId);
  return index.type;
}
