import { sql } from 'drizzle-orm';
import {
  SEARCH_INDEX_TYPES,
  type SearchIndexStatus,
  type SearchIndexType,
  type SearchIndexView,
} from '@portal/contracts';
import type { Db } from '../../db/database.ts';
import { rowsOf } from '../../db/rows.ts';

export {
  SEARCH_INDEX_TYPES,
  type SearchIndexErrorView,
  type SearchIndexStatus,
  type SearchIndexType,
  type SearchIndexView,
} from '@portal/contracts';

/**
 * A build that rejects more than this share of the documents ends Failed and the active index stays:
 * a mapping that a tenth of the documents disagree with is more likely a data mistake than a few odd ones.
 */
export const REJECTED_SHARE_LIMIT = 0.1;
/** Failed builds and their errors are kept this long (spec 1 §9). */
export const FAILED_KEPT_MS = 24 * 60 * 60 * 1000;
/** A build that has not reported progress for this long was interrupted (its process died). */
export const STALE_BUILD_MS = 60_000;
/** A build interrupted this many times ends Failed instead of starting again. */
export const MAX_BUILD_ATTEMPTS = 3;

export interface IndexRow {
  id: string;
  marketplace_id: string;
  type: SearchIndexType;
  status: SearchIndexStatus;
  is_active: boolean;
  percent_complete: number;
  mapping: Record<string, string>;
  document_count: number | null;
  indexed_count: number | null;
  rejected_count: number | null;
  attempts: number;
  created_at: string | Date;
  started_at: string | Date | null;
  heartbeat_at: string | Date | null;
  completed_at: string | Date | null;
}

const iso = (value: string | Date | null): string | null => (value === null ? null : new Date(value).toISOString());

export function indexView(row: IndexRow): SearchIndexView {
  const started = row.started_at ? new Date(row.started_at).getTime() : null;
  const completed = row.completed_at ? new Date(row.completed_at).getTime() : null;
  return {
    IndexID: row.id,
    Type: row.type,
    Status: row.status,
    PercentComplete: row.percent_complete,
    DateCreated: iso(row.created_at) as string,
    IsActiveIndex: row.is_active,
    DateCompleted: iso(row.completed_at),
    TotalCount: row.document_count,
    DocumentCount: row.indexed_count,
    RejectedCount: row.rejected_count,
    BuildSeconds: started !== null && completed !== null ? Math.round((completed - started) / 100) / 10 : null,
  };
}

export function isSearchIndexType(value: unknown): value is SearchIndexType {
  return typeof value === 'string' && (SEARCH_INDEX_TYPES as readonly string[]).includes(value);
}

export async function getIndex(db: Db, indexId: string): Promise<IndexRow | undefined> {
  const [row] = await rowsOf<IndexRow>(db, sql`SELECT * FROM platform.search_indexes WHERE id = ${indexId}`);
  return row;
}

export async function activeIndex(db: Db, marketplaceId: string, type: SearchIndexType): Promise<IndexRow | undefined> {
  const [row] = await rowsOf<IndexRow>(
    db,
    sql`SELECT * FROM platform.search_indexes WHERE marketplace_id = ${marketplaceId} AND type = ${type} AND is_active`,
  );
  return row;
}
