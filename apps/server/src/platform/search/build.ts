import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import { indexBuilds } from '../../observability/metrics.ts';
import { entryFields, reindexDocument, writeEntries, writeRejections, type Entry, type Rejection } from './entries.ts';
import { conflictWith, MappingInference, type Mapping } from './mapping.ts';
import { rowsOf } from '../../db/rows.ts';
import { REJECTED_SHARE_LIMIT, type IndexRow, type SearchIndexType } from './model.ts';

export interface BuildOptions {
  /** Searchable fields of the type's model: what an entry keeps. */
  searchable: readonly string[];
  batchSize?: number;
  /** Called after each batch with the percentage stored (benchmarks and the crash test watch it). */
  onProgress?: (percent: number) => void | Promise<void>;
}

export interface BuildOutcome {
  indexId: string;
  status: 'Ready' | 'Failed' | 'Skipped';
  total: number;
  indexed: number;
  rejected: number;
}

interface DocumentRow {
  id: string;
  body: Record<string, unknown>;
}

/**
 * A new index waiting to be built, unless the marketplace already has an index of that type (any
 * status): the first list call or order submission creates it. Answers its id when it was created.
 */
export async function createFirstIndex(
  db: Db,
  marketplaceId: string,
  type: SearchIndexType,
): Promise<string | undefined> {
  // The one-build-at-a-time index turns a concurrent second insert into "nothing inserted".
  const [row] = await rowsOf<{ id: string }>(
    db,
    sql`INSERT INTO platform.search_indexes (id, marketplace_id, type, status)
        SELECT ${randomUUID()}, ${marketplaceId}, ${type}, 'WaitingToBuild'
        WHERE NOT EXISTS (SELECT 1 FROM platform.search_indexes WHERE marketplace_id = ${marketplaceId} AND type = ${type})
        ON CONFLICT DO NOTHING RETURNING id`,
  );
  return row?.id;
}

/** Reads every document of the type in id order, `batchSize` at a time. */
async function* batches(db: Db, index: IndexRow, batchSize: number): AsyncGenerator<DocumentRow[]> {
  let after = '';
  for (;;) {
    const rows = await rowsOf<DocumentRow>(
      db,
      sql`SELECT d.id, d.body FROM platform.documents d
          WHERE d.marketplace_id = ${index.marketplace_id} AND d.resource = ${index.type} AND d.parent_key = ''
            AND d.id > ${after}
          ORDER BY d.id LIMIT ${batchSize}`,
    );
    if (rows.length === 0) return;
    yield rows;
    after = (rows.at(-1) as DocumentRow).id;
  }
}

/**
 * Progress of the build, and a sign of life. Answers false when the build was taken from this
 * worker (its status is no longer Building: marked interrupted and started again elsewhere).
 */
async function report(db: Db, indexId: string, percent: number, options: BuildOptions): Promise<boolean> {
  await options.onProgress?.(Math.min(99, Math.floor(percent)));
  const updated = await rowsOf<{ id: string }>(
    db,
    sql`UPDATE platform.search_indexes SET percent_complete = ${Math.min(99, Math.floor(percent))}, heartbeat_at = now()
        WHERE id = ${indexId} AND status = 'Building' RETURNING id`,
  );
  return updated.length > 0;
}

/**
 * Builds a waiting index: a first pass infers the mapping (each field's most common type), a
 * second pass indexes every document that fits it and records the others as rejected. Then, in
 * one transaction, documents written during the build are brought up to date and the index
 * either becomes the active one (the previous active index is kept, inactive) or, when it
 * rejected more than REJECTED_SHARE_LIMIT of the documents, ends Failed and the active index stays.
 */
export async function runBuild(db: Db, indexId: string, options: BuildOptions): Promise<BuildOutcome> {
  const batchSize = options.batchSize ?? 1000;
  const [index] = await rowsOf<IndexRow>(
    db,
    sql`UPDATE platform.search_indexes
        SET status = 'Building', attempts = attempts + 1, started_at = now(), heartbeat_at = now(), percent_complete = 0,
            mapping = '{}'::jsonb, completed_at = NULL
        WHERE id = ${indexId} AND status = 'WaitingToBuild' RETURNING *`,
  );
  if (!index) return { indexId, status: 'Skipped', total: 0, indexed: 0, rejected: 0 };
  // A build started again after an interruption begins afresh.
  await db.execute(sql`DELETE FROM platform.search_entries WHERE index_id = ${indexId}`);
  await db.execute(sql`DELETE FROM platform.search_index_errors WHERE index_id = ${indexId}`);
  const [counted] = await rowsOf<{ total: string | number }>(
    db,
    sql`SELECT count(*) AS total FROM platform.documents
        WHERE marketplace_id = ${index.marketplace_id} AND resource = ${index.type} AND parent_key = ''`,
  );
  const total = Number(counted?.total ?? 0);
  // Reading for the mapping is about a quarter of the work of indexing, so it gets 20 % of the bar.
  const percentOf = (read: number, indexed: number) => (100 * (0.2 * read + 0.8 * indexed)) / Math.max(1, total);
  let read = 0;
  let indexedSoFar = 0;

  const inference = new MappingInference();
  for await (const rows of batches(db, index, batchSize)) {
    for (const row of rows) inference.add(row.body);
    read += rows.length;
    if (!(await report(db, indexId, percentOf(read, 0), options))) return abandoned(indexId, total);
  }
  const mapping = inference.mapping();
  await db.execute(
    sql`UPDATE platform.search_indexes SET mapping = ${JSON.stringify(mapping)}::jsonb WHERE id = ${indexId}`,
  );

  for await (const rows of batches(db, index, batchSize)) {
    const entries: Entry[] = [];
    const rejections: Rejection[] = [];
    for (const row of rows) {
      const conflict = conflictWith(mapping, row.body);
      if (conflict) rejections.push({ thing_id: row.id, error_text: conflict });
      else entries.push({ thing_id: row.id, fields: entryFields(row.body, options.searchable) });
    }
    await writeEntries(db, indexId, entries);
    await writeRejections(db, indexId, rejections);
    indexedSoFar += rows.length;
    if (!(await report(db, indexId, percentOf(read, indexedSoFar), options))) return abandoned(indexId, total);
  }
  const outcome = await finish(db, index, mapping, options);
  if (outcome.status === 'Ready') {
    options.onProgress?.(100);
    await dropInactiveEntries(db, index);
  }
  return outcome;
}

async function countsOf(db: Db, index: IndexRow) {
  const [counts] = await rowsOf<{ indexed: string | number; rejected: string | number; documents: string | number }>(
    db,
    sql`SELECT (SELECT count(*) FROM platform.search_entries WHERE index_id = ${index.id}) AS indexed,
               (SELECT count(*) FROM platform.search_index_errors WHERE index_id = ${index.id}) AS rejected,
               (SELECT count(*) FROM platform.documents WHERE marketplace_id = ${index.marketplace_id}
                  AND resource = ${index.type} AND parent_key = '') AS documents`,
  );
  return {
    indexed: Number(counts?.indexed ?? 0),
    rejected: Number(counts?.rejected ?? 0),
    documents: Number(counts?.documents ?? 0),
  };
}

/**
 * Old indexes stay listed with their errors, but only the active one keeps entries. Removed after
 * the swap, outside its transaction: search no longer reads them, and the swap stays short.
 */
async function dropInactiveEntries(db: Db, index: IndexRow): Promise<void> {
  await db.execute(
    sql`DELETE FROM platform.search_entries e USING platform.search_indexes i
        WHERE e.index_id = i.id AND i.marketplace_id = ${index.marketplace_id} AND i.type = ${index.type} AND NOT i.is_active`,
  );
}

function abandoned(indexId: string, total: number): BuildOutcome {
  return { indexId, status: 'Skipped', total, indexed: 0, rejected: 0 };
}

async function finish(db: Db, index: IndexRow, mapping: Mapping, options: BuildOptions): Promise<BuildOutcome> {
  const outcome = await swap(db, index, mapping, options);
  // Counted once committed: the build ended with the index active, or Failed with the old one kept.
  if (outcome.status !== 'Skipped') {
    indexBuilds.inc({ type: index.type, outcome: outcome.status === 'Failed' ? 'Failed' : 'Active' });
  }
  return outcome;
}

async function swap(db: Db, index: IndexRow, mapping: Mapping, options: BuildOptions): Promise<BuildOutcome> {
  return db.transaction(async (txDb) => {
    const tx = txDb as unknown as Db;
    // Every index row of the marketplace and type is locked, so a swap never races a rebuild request.
    await tx.execute(
      sql`SELECT id FROM platform.search_indexes WHERE marketplace_id = ${index.marketplace_id} AND type = ${index.type} FOR UPDATE`,
    );
    const [self] = await rowsOf<IndexRow>(tx, sql`SELECT * FROM platform.search_indexes WHERE id = ${index.id}`);
    if (self?.status !== 'Building') return abandoned(index.id, 0);
    // Writes made while the build read: since started_at, less a margin for transactions then open (a
    // document keeps its transaction's now(), which may be before started_at though it committed after).
    const changed = await rowsOf<DocumentRow>(
      tx,
      sql`SELECT d.id, d.body FROM platform.documents d
          WHERE d.marketplace_id = ${index.marketplace_id} AND d.resource = ${index.type} AND d.parent_key = ''
            AND d.updated_at >= ${self.started_at}::timestamptz - interval '5 seconds'`,
    );
    for (const row of changed) await reindexDocument(tx, index.id, mapping, row.id, row.body, options.searchable);
    const counted = await countsOf(tx, index);
    let { indexed, rejected } = counted;
    // Every stored document was read or caught up, so more entries than documents means some were
    // deleted during the build: only then is the (slower) search for them needed.
    if (indexed + rejected > counted.documents) {
      for (const table of ['search_entries', 'search_index_errors']) {
        await tx.execute(
          sql`DELETE FROM ${sql.raw(`platform.${table}`)} t WHERE t.index_id = ${index.id} AND NOT EXISTS (
                SELECT 1 FROM platform.documents d WHERE d.marketplace_id = ${index.marketplace_id}
                  AND d.resource = ${index.type} AND d.parent_key = '' AND d.id = t.thing_id)`,
        );
      }
      ({ indexed, rejected } = await countsOf(tx, index));
    }
    const total = indexed + rejected;
    const failed = total > 0 && rejected / total > REJECTED_SHARE_LIMIT;
    if (failed) {
      await tx.execute(
        sql`UPDATE platform.search_indexes SET status = 'Failed', completed_at = now(), document_count = ${total},
              indexed_count = ${indexed}, rejected_count = ${rejected} WHERE id = ${index.id}`,
      );
      await tx.execute(sql`DELETE FROM platform.search_entries WHERE index_id = ${index.id}`);
    } else {
      await tx.execute(
        sql`UPDATE platform.search_indexes SET is_active = false
            WHERE marketplace_id = ${index.marketplace_id} AND type = ${index.type} AND is_active`,
      );
      await tx.execute(
        sql`UPDATE platform.search_indexes SET status = 'Ready', is_active = true, percent_complete = 100, completed_at = now(),
              document_count = ${total}, indexed_count = ${indexed}, rejected_count = ${rejected} WHERE id = ${index.id}`,
      );
    }
    // The index the rebuild started from is no longer rebuilding, whatever the outcome.
    await tx.execute(
      sql`UPDATE platform.search_indexes SET status = 'Ready'
          WHERE marketplace_id = ${index.marketplace_id} AND type = ${index.type} AND status = 'Rebuilding'`,
    );
    return { indexId: index.id, status: failed ? 'Failed' : 'Ready', total, indexed, rejected };
  });
}
