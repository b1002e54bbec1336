import { createHash } from 'node:crypto';
import { sql, type SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/database.ts';
import { rowsOf } from '../../db/rows.ts';
import { searchesIndex } from '../search/search-sql.ts';
import type { Item } from './item.ts';
import { catchUp, catchUpSql, parseJson, type CatchUpColumns } from './kept-catch-up.ts';
import type { KeyOrder } from './kept-order.ts';

/**
 * Lists whose matches are kept between calls: root products and orders, the types with search
 * indexes, whose committed writes give `platform.list_versions` a new version (migration 0005).
 * Answering a filtered, sorted page exactly means reading every match once, for `TotalCount` and the
 * sort (about 2.5 µs a row on PGlite: 20-30 ms for 8,000 matches, more with `search`); a kept list
 * answers the next call, the next page included, from its ids in order plus one primary-key read
 * per shown item. After a write, a kept list takes in only the items changed since its version
 * (`platform.list_changes`, migration 0007) and answers on, instead of reading every match again.
 */
export function keepsLists(resource: string, parents: readonly string[]): boolean {
  return searchesIndex(resource, parents);
}

/**
 * Lists with more matches are only noted, and answered as before. High enough for a marketplace's whole
 * catalogue (the explorer's first look is every product, unfiltered): answered the usual way, each call
 * over 100,000 products counts every match again (~85 ms on PGlite); kept, 5 ms. Gathering such a
 * list once takes about as long as one usual call.
 */
export const MAX_KEPT_MATCHES = 150_000;
/**
 * Bounds of what one database's kept lists hold: about 100 bytes an id with its sort keys (measured:
 * 5-10 MB for a list of 100,000 products), so at most ~60 MB a process.
 */
const MAX_KEPT_IDS = 600_000;
const MAX_KEPT_LISTS = 500;

/**
 * What a list's matches were read from: the version of the marketplace's products (or orders) and
 * the active search index, which `search` reads. Equal state means equal matches in equal order.
 */
interface ListState {
  version: string | null;
  active: string | null;
  /** The version's place in the change log (`list_changes.n`); null when it has none. */
  n: number | string | null;
}

interface KeptList extends ListState {
  total: number;
  /** All matches' ids in list order; undefined for a list only noted (its state is then not read). */
  ids: string[] | undefined;
  /** Each sort key's values as text, in the order of `ids` (`keys[k][i]`). */
  keys: (string | null)[][] | undefined;
}

/** Statements a list call spends catching up with writes that keep coming before it reads all. */
const MAX_CATCH_UPS = 3;
/**
 * Kept ids read around the page when the state changed: a write of up to this many items moves the
 * page by at most as many places, so the caught-up page's bodies come with the same statement.
 */
const PAGE_MARGIN = 20;

/** One database's kept lists, least recently used first. */
class KeptLists {
  private readonly lists = new Map<string, KeptList>();
  private ids = 0;

  get(key: string): KeptList | undefined {
    const kept = this.lists.get(key);
    if (kept) {
      this.lists.delete(key);
      this.lists.set(key, kept);
    }
    return kept;
  }

  set(key: string, kept: KeptList): void {
    this.delete(key);
    this.lists.set(key, kept);
    this.ids += kept.ids?.length ?? 0;
    while (this.ids > MAX_KEPT_IDS || this.lists.size > MAX_KEPT_LISTS) {
      const oldest = this.lists.keys().next().value;
      if (oldest === undefined) break;
      this.delete(oldest);
    }
  }

  delete(key: string): void {
    const kept = this.lists.get(key);
    if (!kept) return;
    this.ids -= kept.ids?.length ?? 0;
    this.lists.delete(key);
  }
}

/** Per database handle: tests and tools open several databases in one process. */
const keptByDatabase = new WeakMap<object, KeptLists>();
const dialect = new PgDialect();

function keptListsOf(db: Db): KeptLists {
  let kept = keptByDatabase.get(db);
  if (!kept) {
    kept = new KeptLists();
    keptByDatabase.set(db, kept);
  }
  return kept;
}

export interface KeptListRequest {
  marketplaceId: string;
  resource: string;
  /** `SELECT d.id, <sort keys as k0, k1...> FROM platform.documents d WHERE ...`: every match. */
  matches: SQL;
  /** The list order over an alias of `matches` (sort keys, then the id). */
  orderBy: (alias: string) => SQL;
  /** How each sort key `k0, k1...` of `matches` orders. */
  keyOrders: readonly KeyOrder[];
  offset: number;
  pageSize: number;
}

export interface KeptListPage {
  bodies: Item[];
  total: number;
}

/** One row per shown item (a single row with no body for an empty page), each with the state read. */
interface PageRow extends ListState {
  body: Item | null;
}

/** A kept list's page, or what the caller notes once it has answered the list the usual way. */
export type KeptListAnswer = { page: KeptListPage } | { noteTotal: (total: number) => void };

/**
 * A page of a list of products or orders (root, outside a transaction). A list's first call is
 * answered the usual way (a top-N sort, cheaper than ordering every match) and only noted with its
 * count; a second call gathers every match's id in order, unless the count was over
 * MAX_KEPT_MATCHES; later calls with an unchanged state read only the shown items.
 */
export async function keptListPage(db: Db, request: KeptListRequest): Promise<KeptListAnswer> {
  const lists = keptListsOf(db);
  const compiled = dialect.sqlToQuery(sql`${request.matches} ORDER BY ${request.orderBy('m')}`);
  // Hashed: a buyer's product list carries the ids it may see, thousands of them.
  const key = createHash('sha256')
    .update(`${request.marketplaceId}\n${request.resource}\n${compiled.sql}\n${JSON.stringify(compiled.params)}`)
    .digest('base64');
  const noteTotal = (total: number) =>
    lists.set(key, { version: null, active: null, n: null, total, ids: undefined, keys: undefined });
  const kept = lists.get(key);
  if (kept?.ids) {
    const page = await keptPage(db, request, kept);
    if (page) {
      lists.set(key, kept); // its size may have changed
      return { page };
    }
    lists.delete(key);
  } else if (!kept || kept.total > MAX_KEPT_MATCHES) {
    return { noteTotal };
  }
  // Every match's id (and sort keys) in list order, and the page's bodies, in one statement (one
  // snapshot); the ids and keys come with the first row only.
  const keyNames = request.keyOrders.map((_, k) => sql.raw(`k${k}`));
  const keyArrays = keyNames.map(
    (name) => sql`coalesce(array_agg(m.${name}::text ORDER BY ${request.orderBy('m')}), '{}'::text[])`,
  );
  const first1 = sql`coalesce(x.n, 1) = 1 AND cardinality(s.ids) <= ${MAX_KEPT_MATCHES}`;
  const rows = await rowsOf<PageRow & { total: number | string; ids: string[] | null; keys: unknown }>(
    db,
    // m is materialized: inlined, the sort of every match would carry each whole body (and spill to disk).
    sql`WITH m AS MATERIALIZED (${request.matches}),
             s AS (SELECT ${stateColumns(request)},
                          coalesce(array_agg(m.id ORDER BY ${request.orderBy('m')}), '{}'::text[]) AS ids,
                          json_build_array(${sql.join([sql`null`, ...keyArrays], sql`, `)}) AS keys FROM m)
        SELECT s.version, s.active, s.n, cardinality(s.ids) AS total, x.body,
               CASE WHEN ${first1} THEN s.ids END AS ids, CASE WHEN ${first1} THEN s.keys END AS keys
        FROM s LEFT JOIN LATERAL ${bodiesOf(request, sql`s.ids[${request.offset + 1}:${request.offset + request.pageSize}]`)} x ON true
        ORDER BY x.n`,
  );
  const [first] = rows;
  if (!first) throw new Error('The list query answered no row.');
  const total = Number(first.total);
  // The leading null keeps json_build_array from being called with no argument.
  const keys = first.ids ? (parseJson(first.keys) as (string | null)[][]).slice(1) : undefined;
  lists.set(key, {
    version: first.version,
    active: first.active,
    n: first.n,
    total,
    ids: first.ids ?? undefined,
    keys,
  });
  return { page: { bodies: bodiesIn(rows), total } };
}

interface KeptRow extends ListState, CatchUpColumns {
  id: string | null;
  body: Item | null;
}

/**
 * A kept list's page, in one statement when nothing changed or a few items did: the state, the
 * log since the kept version and the changed items that match (CatchUpColumns) in a first row, then
 * the kept ids' bodies: the page's, or with PAGE_MARGIN more on each side once the state changed.
 * Undefined when the list must be read again (see catchUp).
 */
async function keptPage(db: Db, request: KeptListRequest, kept: KeptList): Promise<KeptListPage | undefined> {
  for (let attempt = 0; attempt < MAX_CATCH_UPS; attempt += 1) {
    // What this statement reads against: another call of the same list may catch `kept` up meanwhile.
    const { version, active, total, ids } = kept;
    if (!ids) return undefined;
    const from = Math.max(0, request.offset - PAGE_MARGIN);
    const windowIds = ids.slice(from, request.offset + request.pageSize + PAGE_MARGIN);
    const pageAt = request.offset - from; // where the page starts in the window (0-based)
    const same = sql`s.version IS NOT DISTINCT FROM ${version} AND s.active IS NOT DISTINCT FROM ${active}`;
    const catching = catchUpSql(request, kept);
    const rows = await rowsOf<KeptRow>(
      db,
      sql`WITH s AS (SELECT ${stateColumns(request)}), ${catching.cte}
          SELECT s.version, s.active, s.n, ${catching.columns}, NULL::text AS id, NULL::jsonb AS body, 0::bigint AS at
          FROM s
          UNION ALL
          SELECT NULL, NULL, NULL, NULL, NULL, x.id, x.body, x.n FROM s, LATERAL ${bodiesOf(
            request,
            sql`${sql.param(windowIds)}::text[]`,
            sql`((${same}) AND p.n > ${pageAt} AND p.n <= ${pageAt + request.pageSize})
                OR (NOT (${same}) AND s.active IS NOT DISTINCT FROM ${active})`,
          )} x
          ORDER BY at`,
    );
    const [state, ...found] = rows;
    if (!state) return undefined;
    if (state.version === version && state.active === active) return { bodies: bodiesIn(found), total };
    const caught = await catchUp(db, request.keyOrders, kept, state, MAX_KEPT_MATCHES);
    if (!caught || !kept.ids) return undefined;
    if (caught.changed.size > PAGE_MARGIN) continue; // the page may lie outside the bodies read
    for (const row of found) if (row.id && row.body && !caught.bodies.has(row.id)) caught.bodies.set(row.id, row.body);
    const pageIds = kept.ids.slice(request.offset, request.offset + request.pageSize);
    const bodies = pageIds.flatMap((id) => {
      const body = caught.bodies.get(id);
      return body ? [body] : [];
    });
    if (bodies.length === pageIds.length) return { bodies, total: kept.total };
  }
  return undefined;
}

const bodiesIn = (rows: readonly PageRow[]): Item[] => rows.flatMap((row) => (row.body ? [row.body] : []));

/** The version and active index of the list's type, read in the statement that reads the list. */
function stateColumns(request: KeptListRequest): SQL {
  return sql`(SELECT v.version FROM platform.list_versions v
              WHERE v.marketplace_id = ${request.marketplaceId} AND v.resource = ${request.resource}) AS version,
             (SELECT i.id FROM platform.search_indexes i
              WHERE i.marketplace_id = ${request.marketplaceId} AND i.type = ${request.resource} AND i.is_active) AS active,
             (SELECT c.n FROM platform.list_versions v
              JOIN platform.list_changes c ON c.marketplace_id = v.marketplace_id AND c.resource = v.resource
               AND c.version = v.version
              WHERE v.marketplace_id = ${request.marketplaceId} AND v.resource = ${request.resource}
              ORDER BY c.n DESC LIMIT 1) AS n`;
}

/** The documents of the ids (a text[] expression) with their place in it, `n`; none unless `when` holds. */
function bodiesOf(request: KeptListRequest, ids: SQL, when: SQL = sql`true`): SQL {
  return sql`(SELECT d.id, d.body, p.n FROM unnest(${ids}) WITH ORDINALITY AS p(id, n)
              JOIN platform.documents d ON d.marketplace_id = ${request.marketplaceId} AND d.resource = ${request.resource}
               AND d.parent_key = '' AND d.id = p.id
              WHERE ${when})`;
}
