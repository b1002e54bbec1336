import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import { rowsOf } from '../../db/rows.ts';
import type { Item } from './item.ts';
import { applyChanges, isCodePointCollation, type KeyOrder, type MatchedItem } from './kept-order.ts';

/**
 * How a kept list (kept-lists.ts) takes in the writes since its version: the change log
 * (`platform.list_changes`, migration 0007) names the ids each version changed; the items among them
 * that match the list now are merged in at their place, the others taken out. Read in the same
 * statement as the list's state, so the log, the items and the state are one snapshot.
 */

/** Versions a kept list catches up over at most; further behind, it reads every match again. */
export const MAX_CATCH_UP_VERSIONS = 50;

/** What a kept list needs to catch up: its state and its matches in order. */
export interface CatchingUp {
  version: string | null;
  active: string | null;
  /** The version's place in the change log; null when it has none. */
  n: number | string | null;
  total: number;
  ids: string[] | undefined;
  keys: (string | null)[][] | undefined;
}

/** The columns a statement with the `s` (state, with `n`) CTE adds for catching up. */
export interface CatchUpColumns {
  /** `[n, version, previous, id]` of each log row since the kept version (json). */
  versions: unknown;
  /** `[id, body, key values...]` of each changed item that matches now (json). */
  matched: unknown;
}

/** json arrives parsed from one driver and as text from another. */
export const parseJson = (value: unknown): unknown => (typeof value === 'string' ? JSON.parse(value) : value);

/**
 * CTE `c` (the log since `kept`) and the two columns of CatchUpColumns, over a statement whose CTE
 * `s` holds the current state. Without a kept place in the log, `c` is empty.
 */
export function catchUpSql(
  request: { marketplaceId: string; resource: string; matches: SQL; keyOrders: readonly KeyOrder[] },
  kept: CatchingUp,
): { cte: SQL; columns: SQL } {
  const from = kept.n === null ? null : String(kept.n);
  const keyValues = request.keyOrders.map((_, k) => sql.raw(`m.k${k}::text`));
  return {
    cte: sql`c AS (SELECT c.n, c.version, c.previous, c.id FROM platform.list_changes c, s
                   WHERE ${sql.raw(from === null ? 'false' : 'true')} AND c.marketplace_id = ${request.marketplaceId}
                     AND c.resource = ${request.resource} AND s.version IS DISTINCT FROM ${kept.version}
                     AND c.n > ${from ?? '0'}::bigint AND c.n <= s.n
                     AND s.n - ${from ?? '0'}::bigint <= ${MAX_CATCH_UP_VERSIONS})`,
    columns: sql`(SELECT json_agg(json_build_array(c.n, c.version, c.previous, c.id)) FROM c) AS versions,
                 (SELECT json_agg(json_build_array(${sql.join([sql.raw('m.id'), sql.raw('b.body'), ...keyValues], sql`, `)}))
                  FROM (${request.matches}) m
                  JOIN platform.documents b ON b.marketplace_id = ${request.marketplaceId}
                   AND b.resource = ${request.resource} AND b.parent_key = '' AND b.id = m.id
                  WHERE m.id = ANY(ARRAY(SELECT c.id FROM c WHERE c.id IS NOT NULL))) AS matched`,
  };
}

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

/**
 * Brings `kept` to the state read (`current`, with its CatchUpColumns) in place: the changed ids
 * out, the matching changed items merged in. Answers the changed items' bodies by id, or undefined
 * when the log does not lead from the kept version to the current one (pruned, too many changes, a
 * version from before the log) or the database's text order is not the one followed here: the
 * caller then reads every match again.
 */
export async function catchUp(
  db: Db,
  keyOrders: readonly KeyOrder[],
  kept: CatchingUp,
  current: CatchUpColumns & { version: string | null; active: string | null; n: number | string | null },
  maxMatches: number,
): Promise<{ changed: ReadonlySet<string>; bodies: Map<string, Item> } | undefined> {
  if (kept.version === null || kept.n === null || !kept.ids || !kept.keys) return undefined;
  if (current.version === null || current.n === null || current.active !== kept.active) return undefined;
  if (!(await codePointOrder(db))) return undefined;
  const log = (parseJson(current.versions) ?? []) as [number | string, string, string | null, string | null][];
  const changed = chainedChanges(log, kept, current);
  if (!changed) return undefined;
  const bodies = new Map<string, Item>();
  const matched = ((parseJson(current.matched) ?? []) as [string, Item, ...(string | null)[]][]).map(
    ([id, body, ...keys]): MatchedItem => {
      bodies.set(String(id), body);
      return { id: String(id), keys };
    },
  );
  const next = applyChanges(keyOrders, { ids: kept.ids, keys: kept.keys }, changed, matched);
  if (next.ids.length > maxMatches) return undefined;
  Object.assign(kept, {
    version: current.version,
    n: current.n,
    total: next.ids.length,
    ids: next.ids,
    keys: next.keys,
  });
  return { changed, bodies };
}

/**
 * The ids changed from the kept version to the current one, when the log holds every version
 * between them (each `previous` the version before it) and lists every id; otherwise undefined.
 */
function chainedChanges(
  log: readonly [number | string, string, string | null, string | null][],
  kept: CatchingUp,
  current: { version: string | null; n: number | string | null },
): Set<string> | undefined {
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
  for (let n = Number(kept.n) + 1; n <= Number(current.n); n += 1) {
    const step = versions.get(n);
    if (!step || step.previous !== previous) return undefined;
    previous = step.version;
  }
  return previous === current.version ? changed : undefined;
}
