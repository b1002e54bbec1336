import { createHash } from 'node:crypto';
import { sql, type SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/database.ts';
import { rowsOf } from '../../db/rows.ts';
import { searchesIndex } from '../search/search-sql.ts';
import type { Item } from './item.ts';
import { applyChanges, isCodePointCollation, type KeyOrder, type MatchedItem } from './kept-order.ts';

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

/** Lists with more matches are only noted, and answered as before. */
export const MAX_KEPT_MATCHES = 25_000;
/** Bounds of what one database's kept lists hold (about 60 bytes an id). */
const MAX_KEPT_IDS = 400_000;
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

/** Versions a kept list catches up over at most; further behind, it reads every match again. */
const MAX_CATCH_UP_VERSIONS = 50;
/** Statements a list call spends catching up with writes that keep coming before it reads all. */
const MAX_CATCH_UPS = 3;

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
    for (let attempt = 0; ; attempt += 1) {
      const pageIds = kept.ids.slice(request.offset, request.offset + request.pageSize);
      const rows = await rowsOf<PageRow>(
        db,
        sql`SELECT s.version, s.active, x.body FROM (SELECT ${stateColumns(request)}) s
            LEFT JOIN LATERAL ${bodiesOf(
              request,
              sql`${sql.param(pageIds)}::text[]`,
              // A changed state needs no bodies: the matches are caught up or gathered again.
              sql`s.version IS NOT DISTINCT FROM ${kept.version} AND s.active IS NOT DISTINCT FROM ${kept.active}`,
            )} x ON true ORDER BY x.n`,
      );
      const [first] = rows;
      if (first && first.version === kept.version && first.active === kept.active)
        return { page: { bodies: bodiesIn(rows), total: kept.total } };
      if (attempt >= MAX_CATCH_UPS || !first || first.active !== kept.active) break;
      if (!(await catchUp(db, request, kept))) break;
      lists.set(key, kept); // its size changed
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

/** json arrives parsed from one driver and as text from another. */
const parseJson = (value: unknown): unknown => (typeof value === 'string' ? JSON.parse(value) : value);

/** Whether the database orders text by code point, as kept-order.ts does (asked once per database). */
const codePointOrderOf = new WeakMap<object, Promise<boolean>>();
function codePointOrder(db: Db): Promise<boolean> {
  let known = codePointOrderOf.get(db);
  if (!known) {
    // to_jsonb: datlocprovider is missing before PostgreSQL 15 (libc then).
    known = rowsOf<{ collation: string | null; provider: string | null }>(
      db,
      sql`SELECT d.datcollate AS collation, to_jsonb(d) ->> 'datlocprovider' AS provider
          FROM pg_database d WHERE d.datname = current_database()`,
    ).then(([row]) => isCodePointCollation(row?.collation ?? null, row?.provider ?? null));
    codePointOrderOf.set(db, known);
  }
  return known;
}

interface CatchUpRow extends ListState {
  versions: unknown;
  matched: unknown;
}

/**
 * Brings a kept list to the current version in place: reads, in one statement (one snapshot), the
 * current state, the log of the versions since the kept one and the changed items that match the
 * list now, then takes the changed ids out and merges the matching ones in. False when the log does
 * not lead from the kept version to the current one (pruned, too many changes, a version from before
 * the log), or the database's text order is not the one followed here: the caller reads all again.
 */
async function catchUp(db: Db, request: KeptListRequest, kept: KeptList): Promise<boolean> {
  if (kept.version === null || kept.n === null || !kept.ids || !kept.keys) return false;
  if (!(await codePointOrder(db))) return false;
  const keyValues = request.keyOrders.map((_, k) => sql.raw(`m.k${k}::text`));
  const [row] = await rowsOf<CatchUpRow>(
    db,
    sql`WITH s AS (SELECT ${stateColumns(request)}),
             c AS (SELECT c.n, c.version, c.previous, c.id FROM platform.list_changes c, s
                   WHERE c.marketplace_id = ${request.marketplaceId} AND c.resource = ${request.resource}
                     AND c.n > ${kept.n} AND c.n <= s.n AND s.n - ${kept.n} <= ${MAX_CATCH_UP_VERSIONS})
        SELECT s.version, s.active, s.n,
               (SELECT json_agg(json_build_array(c.n, c.version, c.previous, c.id)) FROM c) AS versions,
               (SELECT json_agg(json_build_array(${sql.join([sql.raw('m.id'), ...keyValues], sql`, `)}))
                FROM (${request.matches}) m
                WHERE m.id = ANY(ARRAY(SELECT c.id FROM c WHERE c.id IS NOT NULL))) AS matched
        FROM s`,
  );
  if (!row || row.version === null || row.n === null || row.active !== kept.active) return false;
  const log = (parseJson(row.versions) ?? []) as [number | string, string, string | null, string | null][];
  const changed = chainedChanges(log, kept, row);
  if (!changed) return false;
  const matched = ((parseJson(row.matched) ?? []) as (string | null)[][]).map(([id, ...keys]): MatchedItem => ({
    id: String(id),
    keys,
  }));
  const next = applyChanges(request.keyOrders, { ids: kept.ids, keys: kept.keys }, changed, matched);
  if (next.ids.length > MAX_KEPT_MATCHES) return false;
  Object.assign(kept, { version: row.version, n: row.n, total: next.ids.length, ids: next.ids, keys: next.keys });
  return true;
}

/**
 * The ids changed from the kept version to the current one, when the log holds every version
 * between them (each `previous` the version before it) and lists every id; otherwise undefined.
 */
function chainedChanges(
  log: readonly [number | string, string, string | null, string | null][],
  kept: KeptList,
  current: ListState,
): Set<string> | undefined {
  const from = Number(kept.n);
  const versions = new Map<number, { version: string; previous: string | null }>();
  const changed = new Set<string>();
  for (const [n, version, previous, id] of log) {
    if (id === null) return undefined; // more changed than the log lists
    const known = versions.get(Number(n));
    if (known && (known.version !== version || known.previous !== previous)) return undefined;
    versions.set(Number(n), { version, previous });
    changed.add(id);
  }
  let previous = kept.version;
  for (let n = from + 1; n <= Number(current.n); n += 1) {
    const step = versions.get(n);
    if (!step || step.previous !== previous) return undefined;
    previous = step.version;
  }
  return previous === current.version ? changed : undefined;
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
  return sql`(SELECT d.body, p.n FROM unnest(${ids}) WITH ORDINALITY AS p(id, n)
              JOIN platform.documents d ON d.marketplace_id = ${request.marketplaceId} AND d.resource = ${request.resource}
               AND d.parent_key = '' AND d.id = p.id
              WHERE ${when})`;
}
