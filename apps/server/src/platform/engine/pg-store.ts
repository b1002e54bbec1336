import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import { rowsOf } from '../../db/rows.ts';
import { API_CLIENT_ID_INDEX } from '../db/schema.ts';
import type { ChangeRecorder, DocumentWrite } from '../history/recorder.ts';
import { recordedInsert, recordedPut, type StoredDocument } from '../history/record-sql.ts';
import type { Registry } from '../resources/types.ts';
import { activeMapping, reindexDocument } from '../search/entries.ts';
import { searchesIndex } from '../search/search-sql.ts';
import { idExists, notFound } from './errors.ts';
import type { Item } from './item.ts';
import { listPage, type ListPage, type ListQuery } from './list-query.ts';
import { listDocuments } from './pg-list.ts';
import {
  defaultSearchable,
  documentsWhere,
  matchSql,
  parentCondition,
  parentKey,
  splitParents,
  type Row,
} from './pg-sql.ts';
import type { ListedResource, Match, Store, StoredItem } from './store.ts';

/**
 * Whether a database error is a clash on the index that keeps API client ids unique across
 * marketplaces (the driver's error may come wrapped in drizzle's, as its `cause`).
 */
function isClientIdClash(error: unknown): boolean {
  for (let cause = error; cause && typeof cause === 'object'; cause = (cause as { cause?: unknown }).cause) {
    const { code, constraint } = cause as { code?: unknown; constraint?: unknown };
    if (code === '23505' && constraint === API_CLIENT_ID_INDEX) return true;
  }
  return false;
}

/** The Store over the `platform` schema, on PGlite or PostgreSQL alike. */
export class PgStore implements Store {
  constructor(
    private readonly db: Db,
    private readonly registry: Registry,
    readonly marketplaceId: string,
    private readonly inTransaction = false,
    /** Set for a request's writes: each changed object is noted and its record written before the commit. */
    private readonly recorder?: ChangeRecorder,
  ) {}

  /** A recorded write outside a transaction gets one, so its record commits with it. */
  private get recordsAlone(): boolean {
    return !this.inTransaction && this.recorder !== undefined;
  }

  private where(resource: string, parents: readonly string[] | undefined, extra: SQL[] = []): SQL {
    return documentsWhere(this.marketplaceId, resource, parents, extra);
  }

  async get(resource: string, parents: readonly string[], id: string): Promise<Item | undefined> {
    const found = await rowsOf<Row>(
      this.db,
      sql`SELECT d.body FROM platform.documents d WHERE ${this.where(resource, parents, [sql`d.id = ${id}`])}`,
    );
    // A write usually reads its object first: that state lets its record go inside the write's own statement.
    this.recorder?.noteRead(resource, parentKey(parents), id, found[0]?.body);
    return found[0]?.body;
  }

  async require(resource: string, parents: readonly string[], id: string, objectType?: string): Promise<Item> {
    const item = await this.get(resource, parents, id);
    if (!item) throw notFound(objectType ?? this.registry.resource(resource).model.name, id);
    return item;
  }

  list(resource: ListedResource, parents: readonly string[], query: ListQuery, scope?: Match): Promise<ListPage> {
    const { db, registry, marketplaceId, inTransaction } = this;
    return listDocuments({ db, registry, marketplaceId, inTransaction }, resource, parents, query, scope);
  }

  async find(resource: string, parents: readonly string[] | undefined, match?: Match): Promise<StoredItem[]> {
    const found = await rowsOf<Row>(
      this.db,
      sql`SELECT d.parent_key, d.id, d.body FROM platform.documents d WHERE ${this.where(resource, parents, matchSql('d', match))} ORDER BY d.seq`,
    );
    return found.map((row) => ({ parents: splitParents(row.parent_key), id: row.id, item: row.body }));
  }

  /** Runs a write; a clash with another marketplace's API client id is the same 409 as one in this marketplace. */
  private async writing<T>(resource: string, id: string, write: () => Promise<T>): Promise<T> {
    try {
      return await write();
    } catch (error) {
      if (isClientIdClash(error)) throw idExists(this.registry.resource(resource).model.name, id);
      throw error;
    }
  }

  async insert(resource: string, parents: readonly string[], item: Item, secret?: Item): Promise<void> {
    if (this.needsTransaction(resource, parents))
      return this.transaction((store) => store.insert(resource, parents, item, secret));
    const id = String(item.ID);
    const secretFields = Object.keys(secret ?? {});
    const write = { resource, parentKey: parentKey(parents), id, after: item, secretFields };
    const plan = this.recorder?.planInline(this.marketplaceId, write, true);
    if (plan) {
      const [inserted] = await rowsOf<{ inserted: boolean; record_id: string | null }>(
        this.db,
        recordedInsert(this.storedDocument(write, secret), plan),
      );
      if (!inserted?.inserted) throw idExists(this.registry.resource(resource).model.name, id);
      if (inserted.record_id) this.recorder?.confirmInline(plan, inserted.record_id);
      else this.recorder?.noteWrite(write, undefined);
    } else {
      // ON CONFLICT without a target also covers the platform-wide index of API client ids, so a clash there is
      // answered as IdExists too, without saying which marketplace holds the id. The insert of
      // platform.recorded_insert (platform migration 0010): change them together.
      const [inserted] = await rowsOf<{ id: string | null }>(
        this.db,
        sql`INSERT INTO platform.documents (marketplace_id, resource, parent_key, id, body, secret)
            VALUES (${this.marketplaceId}, ${resource}, ${parentKey(parents)}, ${id}, ${JSON.stringify(item)}::jsonb, ${secret ? JSON.stringify(secret) : null}::jsonb)
            ON CONFLICT DO NOTHING RETURNING id`,
      );
      if (!inserted?.id) throw idExists(this.registry.resource(resource).model.name, id);
      this.recorder?.noteWrite(write, undefined);
    }
    await this.keepIndexCurrent(resource, parents, id, item);
  }

  /**
   * A write of a product or order and its search index entry commit together: a list version
   * (kept-lists.ts) changes once both are visible, never between them.
   */
  private needsTransaction(resource: string, parents: readonly string[]): boolean {
    return this.recordsAlone || (!this.inTransaction && searchesIndex(resource, parents));
  }

  /**
   * Keeps the active search index current after a write of a product or order (ARCHITECTURE §4.5):
   * in the write's own transaction, so the index never shows what was not stored.
   */
  private async keepIndexCurrent(
    resource: string,
    parents: readonly string[],
    id: string,
    item: Item | undefined,
  ): Promise<void> {
    if (!searchesIndex(resource, parents)) return;
    const active = await activeMapping(this.db, this.marketplaceId, resource as 'Products' | 'Orders');
    if (!active) return;
    const searchable =
      this.registry.resource(resource).searchable ?? defaultSearchable(this.registry.resource(resource));
    await reindexDocument(this.db, active.id, active.mapping, id, item, searchable);
  }

  async put(resource: string, parents: readonly string[], item: Item, secret?: Item): Promise<void> {
    if (this.needsTransaction(resource, parents))
      return this.transaction((store) => store.put(resource, parents, item, secret));
    const id = String(item.ID);
    const write = { resource, parentKey: parentKey(parents), id, after: item, secretFields: Object.keys(secret ?? {}) };
    if (this.recorder) await this.recordedPut(this.recorder, write, secret);
    else {
      // The upsert of platform.recorded_put (platform migration 0010): change them together.
      const upsert = sql`INSERT INTO platform.documents (marketplace_id, resource, parent_key, id, body, secret)
            VALUES (${this.marketplaceId}, ${resource}, ${parentKey(parents)}, ${id}, ${JSON.stringify(item)}::jsonb, ${secret ? JSON.stringify(secret) : null}::jsonb)
            ON CONFLICT (marketplace_id, resource, parent_key, id) DO UPDATE
            SET body = excluded.body, secret = coalesce(excluded.secret, platform.documents.secret), updated_at = now()`;
      await this.writing(resource, id, () => this.db.execute(upsert));
    }
    await this.keepIndexCurrent(resource, parents, id, item);
  }

  /**
   * An upsert that also answers the object as it was, with the change's record inserted in the same call when the
   * state the request read is still the state before it (record-sql.ts recordedPut).
   */
  private async recordedPut(recorder: ChangeRecorder, write: DocumentWrite, secret: Item | undefined) {
    const plan = recorder.planInline(this.marketplaceId, write, false);
    const [written] = await this.writing(write.resource, write.id, () =>
      rowsOf<{ body: Item | null; record_id: string | null }>(
        this.db,
        recordedPut(this.storedDocument(write, secret), plan),
      ),
    );
    if (plan && written?.record_id) recorder.confirmInline(plan, written.record_id);
    else recorder.noteWrite(write, written?.body ?? undefined);
  }

  /** A write as the recorded-write functions take it (record-sql.ts). */
  private storedDocument(write: DocumentWrite, secret: Item | undefined): StoredDocument {
    const { resource, parentKey, id, after } = write;
    return { marketplaceId: this.marketplaceId, resource, parentKey, id, body: after, secret: secret ?? null };
  }

  async rename(resource: string, parents: readonly string[], fromId: string, item: Item): Promise<void> {
    if (this.needsTransaction(resource, parents))
      return this.transaction((store) => store.rename(resource, parents, fromId, item));
    const toId = String(item.ID);
    if (await this.get(resource, parents, toId)) throw idExists(this.registry.resource(resource).model.name, toId);
    // A rename is one change of the object under its new id: the diff shows the ID going from old to new.
    if (this.recorder)
      this.recorder.noteDocument(resource, parentKey(parents), toId, await this.get(resource, parents, fromId), item);
    await this.writing(resource, toId, () =>
      this.db.execute(
        sql`UPDATE platform.documents d SET id = ${toId}, body = ${JSON.stringify(item)}::jsonb, updated_at = now()
            WHERE ${this.where(resource, parents, [sql`d.id = ${fromId}`])}`,
      ),
    );
    await this.keepIndexCurrent(resource, parents, fromId, undefined);
    await this.keepIndexCurrent(resource, parents, toId, item);
  }

  async remove(resource: string, parents: readonly string[], id: string): Promise<boolean> {
    if (this.needsTransaction(resource, parents))
      return this.transaction((store) => store.remove(resource, parents, id));
    const removed = await rowsOf<Row>(
      this.db,
      sql`DELETE FROM platform.documents d WHERE ${this.where(resource, parents, [sql`d.id = ${id}`])} RETURNING d.id, d.body`,
    );
    for (const row of removed) this.recorder?.noteDocument(resource, parentKey(parents), id, row.body, undefined);
    if (removed.length > 0) await this.keepIndexCurrent(resource, parents, id, undefined);
    return removed.length > 0;
  }

  async removeUnder(resource: string, parents: readonly string[]): Promise<number> {
    if (this.recordsAlone) return this.transaction((store) => store.removeUnder(resource, parents));
    const key = parentKey(parents);
    const under = parents.length === 0 ? [] : [sql`(d.parent_key = ${key} OR d.parent_key LIKE ${`${key}/%`})`];
    const removed = await rowsOf<Row>(
      this.db,
      sql`DELETE FROM platform.documents d WHERE ${this.where(resource, undefined, under)}
          RETURNING d.id, d.parent_key${this.recorder ? sql`, d.body` : sql``}`,
    );
    for (const row of removed) this.recorder?.noteDocument(resource, row.parent_key, row.id, row.body, undefined);
    return removed.length;
  }

  async findUnder(resource: string, parentIds: readonly string[]): Promise<StoredItem[]> {
    if (parentIds.length === 0) return [];
    const found = await rowsOf<Row>(
      this.db,
      sql`SELECT d.parent_key, d.id, d.body FROM platform.documents d
          WHERE ${this.where(resource, undefined, [sql`d.parent_key = ANY(${sql.param([...parentIds])}::text[])`])}
          ORDER BY d.seq`,
    );
    return found.map((row) => ({ parents: splitParents(row.parent_key), id: row.id, item: row.body }));
  }

  async countByParent(resource: string, parentIds: readonly string[]): Promise<Map<string, number>> {
    const counts = new Map(parentIds.map((id) => [id, 0]));
    if (parentIds.length === 0) return counts;
    const found = await rowsOf<Row>(
      this.db,
      sql`SELECT d.parent_key AS id, count(*) AS total FROM platform.documents d
          WHERE ${this.where(resource, undefined, [sql`d.parent_key = ANY(${sql.param([...parentIds])}::text[])`])}
          GROUP BY d.parent_key`,
    );
    for (const row of found) counts.set(row.id, Number(row.total));
    return counts;
  }

  async getSecret(resource: string, parents: readonly string[], id: string): Promise<Item | undefined> {
    const found = await rowsOf<Row>(
      this.db,
      sql`SELECT d.secret AS body FROM platform.documents d WHERE ${this.where(resource, parents, [sql`d.id = ${id}`])}`,
    );
    return found[0]?.body ?? undefined;
  }

  private assignmentWhere(kind: string, parents: readonly string[] | undefined, match: Match): SQL {
    return sql.join(
      [
        sql`a.marketplace_id = ${this.marketplaceId}`,
        sql`a.kind = ${kind}`,
        ...parentCondition('a', parents),
        ...matchSql('a', match),
      ],
      sql` AND `,
    );
  }

  async listAssignments(
    kind: string,
    parents: readonly string[],
    match: Match,
    page: number,
    pageSize: number,
  ): Promise<ListPage> {
    const found = await rowsOf<Row>(
      this.db,
      sql`SELECT a.body, count(*) OVER () AS total FROM platform.assignments a WHERE ${this.assignmentWhere(kind, parents, match)}
          ORDER BY a.seq LIMIT ${pageSize} OFFSET ${(page - 1) * pageSize}`,
    );
    let total = Number(found[0]?.total ?? 0);
    if (found.length === 0 && page > 1) {
      const counted = await rowsOf<Row>(
        this.db,
        sql`SELECT count(*) AS total FROM platform.assignments a WHERE ${this.assignmentWhere(kind, parents, match)}`,
      );
      total = Number(counted[0]?.total ?? 0);
    }
    return listPage(
      found.map((row) => row.body),
      total,
      { page, pageSize },
    );
  }

  async findAssignments(kind: string, parents: readonly string[] | undefined, match: Match): Promise<Item[]> {
    const found = await rowsOf<Row>(
      this.db,
      sql`SELECT a.body FROM platform.assignments a WHERE ${this.assignmentWhere(kind, parents, match)} ORDER BY a.seq`,
    );
    return found.map((row) => row.body);
  }

  async saveAssignment(
    kind: string,
    parents: readonly string[],
    keyFields: readonly string[],
    item: Item,
  ): Promise<void> {
    if (this.recordsAlone) return this.transaction((store) => store.saveAssignment(kind, parents, keyFields, item));
    const key = JSON.stringify(keyFields.map((field) => item[field] ?? null));
    const previous = this.recorder
      ? sql`WITH previous AS (SELECT a.body FROM platform.assignments a WHERE a.marketplace_id = ${this.marketplaceId}
              AND a.kind = ${kind} AND a.parent_key = ${parentKey(parents)} AND a.key = ${key}) `
      : sql``;
    const saved = await rowsOf<Row>(
      this.db,
      sql`${previous}INSERT INTO platform.assignments (marketplace_id, kind, parent_key, key, body)
          VALUES (${this.marketplaceId}, ${kind}, ${parentKey(parents)}, ${key}, ${JSON.stringify(item)}::jsonb)
          ON CONFLICT (marketplace_id, kind, parent_key, key) DO UPDATE SET body = excluded.body
          ${this.recorder ? sql`RETURNING (SELECT body FROM previous) AS body` : sql``}`,
    );
    this.recorder?.noteAssignment(kind, parentKey(parents), key, saved[0]?.body ?? undefined, item);
  }

  async deleteAssignments(kind: string, parents: readonly string[] | undefined, match: Match): Promise<number> {
    if (this.recordsAlone) return this.transaction((store) => store.deleteAssignments(kind, parents, match));
    const removed = await rowsOf<Row & { key: string }>(
      this.db,
      sql`DELETE FROM platform.assignments a WHERE ${this.assignmentWhere(kind, parents, match)}
          RETURNING a.key, a.parent_key${this.recorder ? sql`, a.body` : sql``}`,
    );
    for (const row of removed) this.recorder?.noteAssignment(kind, row.parent_key, row.key, row.body, undefined);
    return removed.length;
  }

  async nextIncrement(incrementorId: string): Promise<number> {
    const updated = await rowsOf<Row>(
      this.db,
      sql`UPDATE platform.documents d
          SET body = jsonb_set(d.body, '{LastNumber}', to_jsonb(coalesce((d.body ->> 'LastNumber')::bigint, 0) + 1)), updated_at = now()
          WHERE ${this.where('Incrementors', [], [sql`d.id = ${incrementorId}`])}
          RETURNING d.parent_key, d.id, d.body`,
    );
    const body = updated[0]?.body;
    if (!body) throw notFound('Incrementor', incrementorId);
    return Number(body.LastNumber);
  }

  async transaction<T>(work: (store: Store) => Promise<T>): Promise<T> {
    if (this.inTransaction) return work(this);
    const recorder = this.recorder;
    try {
      return await this.db.transaction(async (tx) => {
        const result = await work(new PgStore(tx as unknown as Db, this.registry, this.marketplaceId, true, recorder));
        // The records go in last, in the same transaction: no change without its record, no record without its change.
        await recorder?.flush(tx as unknown as Db, this.marketplaceId);
        return result;
      });
    } catch (error) {
      recorder?.discard();
      throw error;
    }
  }
}
