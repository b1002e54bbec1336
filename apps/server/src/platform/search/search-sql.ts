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
  // Entries hold lower-cased text, so a plain LIKE of the lower-cased term does.
  const pattern = `%${likePattern(term.toLowerCase())}%`;
  const matches = sql.join(
    fields.map((field) => sql`e.fields ->> ${field} LIKE ${pattern}`),
    sql` OR `,
  );
  const active = sql`SELECT i.id FROM platform.search_indexes i
                     WHERE i.marketplace_id = ${marketplaceId} AND i.type = ${type} AND i.is_active`;
  // The active index id is computed once per query. Each candidate document (already narrowed by the
  // filters) is then one primary-key probe of its entry: a scalar subquery, because the planner turns
  // an EXISTS into matching every entry of the index first.
  return sql`(CASE WHEN (${active}) IS NOT NULL
              THEN coalesce((SELECT ${matches} FROM platform.search_entries e
                             WHERE e.index_id = (${active}) AND e.thing_id = d.id), false)
              ELSE ${direct} END)`;
}
