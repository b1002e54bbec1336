import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import { rowsOf } from '../../db/rows.ts';
import type { Item } from '../engine/item.ts';

/** One row of `platform.documents`, as `PgStore.insert` would write it. */
export interface DocumentRow {
  resource: string;
  /** Parent ids, outermost first (`[]` for top-level resources). */
  parents: readonly string[];
  id: string;
  body: Item;
  secret?: Item | undefined;
}

/** One row of `platform.assignments`, as `PgStore.saveAssignment` would write it. */
export interface AssignmentRow {
  kind: string;
  parents: readonly string[];
  /** The assignment's key fields, in the order the declaration lists them. */
  keyFields: readonly string[];
  body: Item;
}

/**
 * Rows per statement. Each chunk travels as one JSON parameter, so the size is bound by memory
 * rather than by the 65,535 bind-parameter limit; ~1000 keeps a chunk around a megabyte.
 */
export const BATCH_SIZE = 1000;

/** The stored parent key: parent ids joined with `/`, as the store reads them. */
export const parentKey = (parents: readonly string[]): string => parents.join('/');

/** The stored assignment key: the key fields' values as a JSON list, as the store writes it. */
export const assignmentKey = (keyFields: readonly string[], body: Item): string =>
  JSON.stringify(keyFields.map((field) => body[field] ?? null));

function chunks<T>(rows: readonly T[], size: number): T[][] {
  const result: T[][] = [];
  for (let i = 0; i < rows.length; i += size) result.push(rows.slice(i, i + size));
  return result;
}

async function count(db: Db, statement: ReturnType<typeof sql>): Promise<number> {
  const [row] = await rowsOf<{ inserted: string | number }>(db, statement);
  return Number(row?.inserted ?? 0);
}

/**
 * Runs `insert` (an `INSERT ... SELECT` from the rows `e.value`) once per chunk of rows, each chunk
 * sent as one JSON list of `encode`d rows and inserted in list order. With `ignoreExisting`, rows
 * whose key is taken are skipped instead of failing the statement. Answers the number inserted.
 */
async function insertChunked<Row>(
  db: Db,
  rows: readonly Row[],
  options: { ignoreExisting?: boolean },
  encode: (row: Row) => Record<string, unknown>,
  insert: SQL,
): Promise<number> {
  let inserted = 0;
  const conflict = options.ignoreExisting ? sql`ON CONFLICT DO NOTHING` : sql``;
  for (const chunk of chunks(rows, BATCH_SIZE)) {
    inserted += await count(
      db,
      sql`WITH added AS (
            ${insert}
            FROM jsonb_array_elements(${JSON.stringify(chunk.map(encode))}::jsonb) WITH ORDINALITY AS e(value, n)
            ORDER BY e.n
            ${conflict}
            RETURNING 1
          ) SELECT count(*) AS inserted FROM added`,
    );
  }
  return inserted;
}

/**
 * Inserts many documents with one INSERT per chunk: a hundred thousand single-row inserts would
 * take minutes, one statement per thousand rows takes seconds. Rows keep their order (and so their
 * `seq`, which unsorted lists follow). With `ignoreExisting`, rows whose key is taken are skipped
 * instead of failing the statement. Answers the number of rows inserted.
 *
 * @example
 * await insertDocuments(db, 'demo-sandbox', [{ resource: 'Products', parents: [], id: 'P1', body }]);
 */
export async function insertDocuments(
  db: Db,
  marketplaceId: string,
  rows: readonly DocumentRow[],
  options: { ignoreExisting?: boolean } = {},
): Promise<number> {
  const encode = (row: DocumentRow) => ({
    r: row.resource,
    p: parentKey(row.parents),
    i: row.id,
    b: row.body,
    s: row.secret ?? null,
  });
  return insertChunked(
    db,
    rows,
    options,
    encode,
    sql`INSERT INTO platform.documents (marketplace_id, resource, parent_key, id, body, secret)
        SELECT ${marketplaceId}, e.value ->> 'r', e.value ->> 'p', e.value ->> 'i', e.value -> 'b',
               nullif(e.value -> 's', 'null'::jsonb)`,
  );
}

/**
 * Inserts many assignments, one statement per chunk, with the same key format as the store, so
 * saving the same assignment through the API later replaces it instead of adding a second one.
 */
export async function insertAssignments(
  db: Db,
  marketplaceId: string,
  rows: readonly AssignmentRow[],
  options: { ignoreExisting?: boolean } = {},
): Promise<number> {
  const encode = (row: AssignmentRow) => ({
    k: row.kind,
    p: parentKey(row.parents),
    y: assignmentKey(row.keyFields, row.body),
    b: row.body,
  });
  return insertChunked(
    db,
    rows,
    options,
    encode,
    sql`INSERT INTO platform.assignments (marketplace_id, kind, parent_key, key, body)
        SELECT ${marketplaceId}, e.value ->> 'k', e.value ->> 'p', e.value ->> 'y', e.value -> 'b'`,
  );
}
