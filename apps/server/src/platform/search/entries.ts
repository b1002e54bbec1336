import { sql } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import { conflictWith, newFields, type Mapping } from './mapping.ts';
import { rowsOf } from '../../db/rows.ts';
import type { SearchIndexType } from './model.ts';

/** A document as an index entry: its searchable fields, lower-cased, for a case-insensitive "contains". */
export function entryFields(document: Record<string, unknown>, searchable: readonly string[]): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const name of searchable) {
    const value = document[name];
    if (value !== null && value !== undefined) fields[name] = String(value).toLowerCase();
  }
  return fields;
}

export interface Entry {
  thing_id: string;
  fields: Record<string, string>;
}

export interface Rejection {
  thing_id: string;
  error_text: string;
}

/** Writes a batch of entries in one statement (one JSON parameter, however many rows). */
export async function writeEntries(db: Db, indexId: string, entries: readonly Entry[]): Promise<void> {
  if (entries.length === 0) return;
  await db.execute(
    sql`INSERT INTO platform.search_entries (index_id, thing_id, fields)
        SELECT ${indexId}, x.thing_id, x.fields FROM jsonb_to_recordset(${JSON.stringify(entries)}::jsonb) AS x(thing_id text, fields jsonb)
        ON CONFLICT (index_id, thing_id) DO UPDATE SET fields = excluded.fields`,
  );
}

export async function writeRejections(db: Db, indexId: string, rejections: readonly Rejection[]): Promise<void> {
  if (rejections.length === 0) return;
  await db.execute(
    sql`INSERT INTO platform.search_index_errors (index_id, thing_id, error_text)
        SELECT ${indexId}, x.thing_id, x.error_text FROM jsonb_to_recordset(${JSON.stringify(rejections)}::jsonb) AS x(thing_id text, error_text text)
        ON CONFLICT (index_id, thing_id) DO UPDATE SET error_text = excluded.error_text, failed_on = now()`,
  );
}

/**
 * Keeps one document current in an index after a write: indexed when it fits the mapping (new
 * fields extend the mapping, as a first document's fields would), recorded as rejected when a value
 * conflicts, and removed when the document is gone (`document` undefined).
 */
export async function reindexDocument(
  db: Db,
  indexId: string,
  mapping: Mapping,
  thingId: string,
  document: Record<string, unknown> | undefined,
  searchable: readonly string[],
): Promise<'indexed' | 'rejected' | 'removed'> {
  await db.execute(sql`DELETE FROM platform.search_entries WHERE index_id = ${indexId} AND thing_id = ${thingId}`);
  await db.execute(sql`DELETE FROM platform.search_index_errors WHERE index_id = ${indexId} AND thing_id = ${thingId}`);
  if (!document) return 'removed';
  let current = mapping;
  const added = newFields(mapping, document);
  if (Object.keys(added).length > 0) {
    // Another write may have added the same field with another type meanwhile: the merge keeps the
    // first type stored (`added || mapping` lets the stored one win) and the check below uses it.
    const [row] = await rowsOf<{ mapping: Mapping }>(
      db,
      sql`UPDATE platform.search_indexes SET mapping = ${JSON.stringify(added)}::jsonb || mapping
          WHERE id = ${indexId} RETURNING mapping`,
    );
    current = row?.mapping ?? { ...added, ...mapping };
  }
  const conflict = conflictWith(current, document);
  if (conflict) {
    await writeRejections(db, indexId, [{ thing_id: thingId, error_text: conflict }]);
    return 'rejected';
  }
  await writeEntries(db, indexId, [{ thing_id: thingId, fields: entryFields(document, searchable) }]);
  return 'indexed';
}

/** The active index of a marketplace and type with its mapping, if it has one. */
export async function activeMapping(
  db: Db,
  marketplaceId: string,
  type: SearchIndexType,
): Promise<{ id: string; mapping: Mapping } | undefined> {
  const [row] = await rowsOf<{ id: string; mapping: Mapping }>(
    db,
    sql`SELECT id, mapping FROM platform.search_indexes WHERE marketplace_id = ${marketplaceId} AND type = ${type} AND is_active`,
  );
  return row;
}
