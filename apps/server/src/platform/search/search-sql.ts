import { sql, type SQL } from 'drizzle-orm';
import { likePattern } from '../engine/filter-sql.ts';
import { isSearchIndexType } from './model.ts';

/** Whether lists of this resource (at these parents) search through an index. */
export function searchesIndex(resource: string, parents: readonly string[]): boolean {
  return isSearchIndexType(resource) && parents.length === 0;
}

/**
 * `search` over documents `d` through the marketplace's active index: a document matches when its
 * entry does, so a rejected document (no entry) never does. Before the first build has made an
 * index active, `direct` (the same search on the documents themselves) answers instead.
 */
export function indexedSearch(
  marketplaceId: string,
  type: string,
  term: string,
  fields: readonly string[],
  direct: SQL,
): SQL {
  const active = sql`SELECT i.id FROM platform.search_indexes i
                     WHERE i.marketplace_id = ${marketplaceId} AND i.type = ${type} AND i.is_active`;
  // The active index id is computed once per query. A document matches when its entry in the active
  // index matches; entries are kept equal to the documents' searchable fields in the writes' own
  // transactions, so the cheap test on the document runs first and only its few matches probe their
  // entry (one primary-key lookup each; a scalar subquery, since the planner would turn an EXISTS
  // into matching every entry of the index first).
  const pattern = `%${likePattern(term.toLowerCase())}%`;
  const entryMatches = sql.join(
    fields.map((field) => sql`e.fields ->> ${field} LIKE ${pattern}`),
    sql` OR `,
  );
  return sql`(CASE WHEN (${active}) IS NOT NULL
              THEN ${direct} AND coalesce((SELECT ${entryMatches} FROM platform.search_entries e
                                           WHERE e.index_id = (${active}) AND e.thing_id = d.id), false)
              ELSE ${direct} END)`;
}
