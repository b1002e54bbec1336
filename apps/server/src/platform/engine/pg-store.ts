import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import { rowsOf } from '../../db/rows.ts';
import { API_CLIENT_ID_INDEX } from '../db/schema.ts';
import type { Item } from './item.ts';
import type { Registry } from '../resources/types.ts';
import { idExists, notFound, validation } from './errors.ts';
import { compileFilters, compileSearch, compileSort } from './filter-sql.ts';
import { keepsLists, keptListPage } from './kept-lists.ts';
import { listPage, type ListPage, type ListQuery } from './list-query.ts';
import { activeMapping, reindexDocument } from '../search/entries.ts';
import { indexedSearch, searchesIndex } from '../search/search-sql.ts';
import type { ListedResource, Match, Store, StoredItem } from './store.ts';
import type { ChangeRecorder } from '../history/recorder.ts';

const parentKey = (parents: readonly string[]) => parents.join('/');

interface Row {
  parent_key: string;
  id: string;
  body: Item;
  total?: string | number;
}

/** `body` conditions for exact matches; null matches a missing or null field. */
function matchSql(alias: string, match: Match | undefined): SQL[] {
  if (!match) return [];
  const present: Record<string, unknown> = {};
  const conditions: SQL[] = [];
  for (const [field, value] of Object.entries(match)) {
    if (Array.isArray(value)) {
      const target = field === 'ID' && alias === 'd' ? sql.raw('d.id') : sql`${sql.raw(alias)}.body ->> ${field}`;
      // One array parameter, however many ids: a list of parameters stops at 65,535.
      conditions.push(value.length === 0 ? sql`false` : sql`${target} = ANY(${sql.param([...value])}::text[])`);
    } else if (value === null)
      conditions.push(sql`coalesce(jsonb_typeof(${sql.raw(alias)}.body -> ${field}), 'null') = 'null'`);
    else present[field] = value;
  }
  if (Object.keys(present).length > 0)
    conditions.unshift(sql`${sql.raw(alias)}.body @> ${JSON.stringify(present)}::jsonb`);
  return conditions;
}

function parentCondition(alias: string, parents: readonly string[] | undefined): SQL[] {
  return parents === undefined ? [] : [sql`${sql.raw(alias)}.parent_key = ${parentKey(parents)}`];
}

function splitParents(key: string): string[] {
  return key === '' ? [] : key.split('/');
}

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
    return sql.join(
      [
        sql`d.marketplace_id = ${this.marketplaceId}`,
        sql`d.resource = ${resource}`,
        ...parentCondition('d', parents),
        ...extra,
      ],
      sql` AND `,
    );
  }

  async get(resource: string, parents: readonly string[], id: string): Promise<Item | undefined> {
    const found = await rowsOf<Row>(
      this.db,
      sql`SELECT d.body FROM platform.documents d WHERE ${this.where(resource, parents, [sql`d.id = ${id}`])}`,
    );
    return found[0]?.body;
  }

  async require(resource: string, parents: readonly string[], id: string, objectType?: string): Promise<Item> {
    const item = await this.get(resource, parents, id);
    if (!item) throw notFound(objectType ?? this.registry.resource(resource).model.name, id);
    return item;
  }

  async list(resource: ListedResource, parents: readonly string[], query: ListQuery, scope?: Match): Promise<ListPage> {
    const { model } = resource;
    const conditions = [...matchSql('d', scope)];
    const filters = compileFilters(this.registry, model, query.filters);
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
      const direct = compileSearch(this.registry, model, query.search, fields);
      conditions.push(
        searchesIndex(resource.name, parents)
          ? indexedSearch(this.marketplaceId, resource.name, query.search, fields, direct)
          : direct,
      );
    }
    const sortable = new Set(resource.sortable ?? defaultSortable(resource));
    const keys = compileSort(this.registry, model, query.sortBy, sortable);
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
            WHERE ${this.where(resource.name, parents, conditions)}`;
    let noteTotal: ((total: number) => void) | undefined;
    if (!this.inTransaction && keepsLists(resource.name, parents)) {
      const kept = await keptListPage(this.db, {
        marketplaceId: this.marketplaceId,
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
      this.db,
      sql`WITH m AS (${matches}),
          p AS (SELECT * FROM m ORDER BY ${orderBy('m')} LIMIT ${query.pageSize} OFFSET ${offset})
          SELECT d.body, (SELECT count(*) FROM m) AS total
          FROM p JOIN platform.documents d
            ON d.marketplace_id = ${this.marketplaceId} AND d.resource = ${resource.name}
           AND d.parent_key = ${parentKey(parents)} AND d.id = p.id
          ORDER BY ${orderBy('p')}`,
    );
    let total = Number(found[0]?.total ?? 0);
    if (found.length === 0 && query.page > 1) {
      const counted = await rowsOf<Row>(
        this.db,
        sql`SELECT count(*) AS total FROM platform.documents d WHERE ${this.where(resource.name, parents, conditions)}`,
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
    // ON CONFLICT without a target also covers the platform-wide index of API client ids, so a
    // clash there is answered as IdExists too, without saying which marketplace holds the id.
    const inserted = await rowsOf<Row>(
      this.db,
      sql`INSERT INTO platform.documents (marketplace_id, resource, parent_key, id, body, secret)
          VALUES (${this.marketplaceId}, ${resource}, ${parentKey(parents)}, ${id}, ${JSON.stringify(item)}::jsonb, ${secret ? JSON.stringify(secret) : null}::jsonb)
          ON CONFLICT DO NOTHING RETURNING id`,
    );
    if (inserted.length === 0) throw idExists(this.registry.resource(resource).model.name, id);
    this.recorder?.noteDocument(resource, parentKey(parents), id, undefined, item, Object.keys(secret ?? {}));
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
    // When recording, the same statement answers the object as it was (its CTE sees the state before the upsert).
    const previous = this.recorder
      ? sql`WITH previous AS (SELECT d.body FROM platform.documents d WHERE ${this.where(resource, parents, [sql`d.id = ${id}`])}) `
      : sql``;
    const answer = this.recorder ? sql` RETURNING (SELECT body FROM previous) AS body` : sql``;
    const written = await this.writing(resource, id, () =>
      rowsOf<Row>(
        this.db,
        sql`${previous}INSERT INTO platform.documents (marketplace_id, resource, parent_key, id, body, secret)
            VALUES (${this.marketplaceId}, ${resource}, ${parentKey(parents)}, ${id}, ${JSON.stringify(item)}::jsonb, ${secret ? JSON.stringify(secret) : null}::jsonb)
            ON CONFLICT (marketplace_id, resource, parent_key, id) DO UPDATE
            SET body = excluded.body, secret = coalesce(excluded.secret, platform.documents.secret), updated_at = now()${answer}`,
      ),
    );
    this.recorder?.noteDocument(
      resource,
      parentKey(parents),
      id,
      written[0]?.body ?? undefined,
      item,
      Object.keys(secret ?? {}),
    );
    await this.keepIndexCurrent(resource, parents, String(item.ID), item);
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

/** ID plus Name when the model has one: what `search` looks in unless the resource says otherwise. */
export function defaultSearchable(resource: ListedResource): string[] {
  return ['ID', 'Name'].filter((field) => field in resource.model.fields);
}

export function defaultSortable(resource: ListedResource): string[] {
  const dates = ['DateCreated', 'LastUpdated'].filter((field) => field in resource.model.fields);
  return [...(resource.searchable ?? defaultSearchable(resource)), ...dates];
}
