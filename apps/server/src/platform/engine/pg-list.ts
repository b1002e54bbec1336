import { sql } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import { rowsOf } from '../../db/rows.ts';
import type { Registry } from '../resources/types.ts';
import { activeIndex, type SearchIndexType } from '../search/model.ts';
import { indexedSearch, searchesIndex } from '../search/search-sql.ts';
import { validation } from './errors.ts';
import { compileFilters, compileSearch, compileSort } from './filter-sql.ts';
import { keepsLists, keptListPage } from './kept-lists.ts';
import { listPage, type ListPage, type ListQuery } from './list-query.ts';
import { defaultSearchable, defaultSortable, documentsWhere, matchSql, parentKey, type Row } from './pg-sql.ts';
import type { ListedResource, Match } from './store.ts';

/** Where a list reads: the store's connection, registry and marketplace. */
export interface ListWhere {
  db: Db;
  registry: Registry;
  marketplaceId: string;
  /** Inside a transaction a list is read afresh: kept lists hold committed states only. */
  inTransaction: boolean;
}

/** One page of a resource's documents with the list options (filters, search, sort) and the total of matches. */
export async function listDocuments(
  where: ListWhere,
  resource: ListedResource,
  parents: readonly string[],
  query: ListQuery,
  scope?: Match,
): Promise<ListPage> {
  const { db, registry, marketplaceId, inTransaction } = where;
  const { model } = resource;
  const conditions = [...matchSql('d', scope)];
  const filters = compileFilters(registry, model, query.filters);
  if (filters) conditions.push(filters);
  if (query.search) {
    const searchable = resource.searchable ?? defaultSearchable(resource);
    const fields = query.searchOn ?? searchable;
    for (const field of fields) {
      if (!searchable.includes(field)) {
        throw validation(
          `${field} cannot be searched on ${model.name} lists.`,
          { Property: field },
          'List.InvalidSearchProperty',
        );
      }
    }
    const direct = compileSearch(registry, model, query.search, fields);
    // Before the first build has made an index active, the same search on the documents themselves answers.
    const index = searchesIndex(resource.name, parents)
      ? await activeIndex(db, marketplaceId, resource.name as SearchIndexType)
      : undefined;
    conditions.push(index ? indexedSearch(index.id, query.search, fields, direct) : direct);
  }
  const sortable = new Set(resource.sortable ?? defaultSortable(resource));
  const keys = compileSort(registry, model, query.sortBy, sortable);
  const offset = (query.page - 1) * query.pageSize;
  // Matches are gathered as ids and sort keys only; bodies are read for the one page shown, and
  // the count comes from the same set.
  const keyColumns = keys.map((key, index) => sql`${key.value} AS k${sql.raw(String(index))}`);
  const orderBy = (alias: string) =>
    sql.join(
      [
        ...keys.map((key, index) =>
          sql.raw(`${alias}.k${index} ${key.descending ? 'DESC NULLS LAST' : 'ASC NULLS FIRST'}`),
        ),
        sql.raw(`${alias}.id ASC`),
      ],
      sql`, `,
    );
  const matches = sql`SELECT ${sql.join([sql.raw('d.id'), ...keyColumns], sql`, `)} FROM platform.documents d
          WHERE ${documentsWhere(marketplaceId, resource.name, parents, conditions)}`;
  let noteTotal: ((total: number) => void) | undefined;
  if (!inTransaction && keepsLists(resource.name, parents)) {
    const kept = await keptListPage(db, {
      marketplaceId: marketplaceId,
      resource: resource.name,
      matches,
      orderBy,
      keyOrders: keys.map((key) => ({ descending: key.descending, numeric: key.numeric ?? false })),
      offset,
      pageSize: query.pageSize,
    });
    if ('page' in kept) return listPage(kept.page.bodies, kept.page.total, query);
    noteTotal = kept.noteTotal;
  }
  const found = await rowsOf<Row>(
    db,
    sql`WITH m AS (${matches}),
        p AS (SELECT * FROM m ORDER BY ${orderBy('m')} LIMIT ${query.pageSize} OFFSET ${offset})
        SELECT d.body, (SELECT count(*) FROM m) AS total
        FROM p JOIN platform.documents d
          ON d.marketplace_id = ${marketplaceId} AND d.resource = ${resource.name}
         AND d.parent_key = ${parentKey(parents)} AND d.id = p.id
        ORDER BY ${orderBy('p')}`,
  );
  let total = Number(found[0]?.total ?? 0);
  if (found.length === 0 && query.page > 1) {
    const counted = await rowsOf<Row>(
      db,
      sql`SELECT count(*) AS total FROM platform.documents d WHERE ${documentsWhere(marketplaceId, resource.name, parents, conditions)}`,
    );
    total = Number(counted[0]?.total ?? 0);
  }
  noteTotal?.(total);
  return listPage(
    found.map((row) => row.body),
    total,
    query,
  );
}
