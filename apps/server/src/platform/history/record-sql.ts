import { sql, type SQL } from 'drizzle-orm';
import type { ChangedField, ChangeKind } from '@portal/contracts';
import { actorOf, type ChangeSource } from './change-source.ts';

/** One row of platform.change_records as the recorder builds it: the parts that differ from change to change. */
export interface RecordRow {
  kind: ChangeKind;
  resource_type: string;
  resource_id: string;
  parent_key: string;
  changes: ChangedField[];
  last_state: unknown;
}

const COLUMNS = sql.raw(`marketplace_id, operation_id, kind, resource_type, resource_id, parent_key, actor_id,
  actor_username, actor_type, actor_company_id, client_id, impersonator_id, request_id, changes, last_state`);

/** marketplace, operation, actor id, username, actor type, company, client, impersonator, request id. */
type SourceValues = [SQL, SQL, SQL, SQL, SQL, SQL, SQL, SQL, SQL];

/** The request's part of a record (who, through which client and call): the same for every record it makes. */
function sourceValues(marketplaceId: string, source: ChangeSource): SourceValues {
  const actor = actorOf(source.auth);
  return [
    sql`${marketplaceId}`,
    sql`${source.operationId}`,
    sql`${actor.ID}`,
    sql`${actor.Username}`,
    sql`${actor.Type}`,
    sql`${actor.CompanyID}`,
    sql`${source.auth.clientId}`,
    sql`${source.auth.impersonatorId ?? null}`,
    sql`${source.requestId}`,
  ];
}

/** Inserts several records in one statement (the changes noted through a transaction, inserted before it commits). */
export function insertRecords(marketplaceId: string, source: ChangeSource, rows: readonly RecordRow[]): SQL {
  const [market, operation, actorId, username, actorType, company, client, impersonator, request] = sourceValues(
    marketplaceId,
    source,
  );
  return sql`INSERT INTO platform.change_records (${COLUMNS})
    SELECT ${market}, ${operation}, r.kind, r.resource_type, r.resource_id, r.parent_key, ${actorId}, ${username},
      ${actorType}, ${company}, ${client}, ${impersonator}, ${request}, r.changes, r.last_state
    FROM jsonb_to_recordset(${JSON.stringify(rows)}::jsonb)
      AS r(kind text, resource_type text, resource_id text, parent_key text, changes jsonb, last_state jsonb)`;
}

/** A record to insert in the same call to the database as its write (ChangeRecorder.planInline). */
export interface PlannedRecord {
  marketplaceId: string;
  source: ChangeSource;
  row: RecordRow;
  /** The object's state the record's diff was computed from, as JSON text (null: the object did not exist). */
  expectedBefore: string | null;
}

const jsonOrNull = (value: unknown): SQL =>
  value === null || value === undefined ? sql`NULL::jsonb` : sql`${JSON.stringify(value)}::jsonb`;

/** A document as the store writes it. */
export interface StoredDocument {
  marketplaceId: string;
  resource: string;
  parentKey: string;
  id: string;
  body: unknown;
  secret: unknown;
}

/** The first arguments of platform.recorded_put and recorded_insert: the document. */
function documentArgs(document: StoredDocument): SQL[] {
  const key = [document.marketplaceId, document.resource, document.parentKey, document.id].map(
    (value) => sql`${value}`,
  );
  return [...key, jsonOrNull(document.body), jsonOrNull(document.secret)];
}

/** The record's arguments of platform.recorded_put and recorded_insert, in their order (migration 0010). */
function recordArgs(plan: PlannedRecord): SQL[] {
  const [, operation, actorId, username, actorType, company, client, impersonator, request] = sourceValues(
    plan.marketplaceId,
    plan.source,
  );
  return [
    operation,
    sql`${plan.row.kind}`,
    sql`${plan.row.resource_type}`,
    ...[actorId, username, actorType, company, client, impersonator, request],
    sql`${JSON.stringify(plan.row.changes)}::jsonb`,
    jsonOrNull(plan.row.last_state),
  ];
}

/*
 * Both writes are one call of a function of platform migration 0010, whose statements are planned once per connection:
 * as a statement of CTEs, recording cost a write 0.3 ms of planning (issue 23: under 10 %).
 */

/**
 * Stores a document and answers its state before (`body`); with a planned record, inserts that record in the same
 * call when the state before is the one the record was computed from (`record_id`; `body` is then null, as the
 * recorder knows it).
 */
export function recordedPut(document: StoredDocument, plan: PlannedRecord | undefined): SQL {
  const args = documentArgs(document);
  if (plan) args.push(sql`${plan.expectedBefore}::jsonb`, ...recordArgs(plan));
  return sql`SELECT record_id::text, body FROM platform.recorded_put(${sql.join(args, sql`, `)})`;
}

/** Inserts a document unless its id is taken (`inserted`), and then its planned record (`record_id`). */
export function recordedInsert(document: StoredDocument, plan: PlannedRecord): SQL {
  const args = [...documentArgs(document), ...recordArgs(plan)];
  return sql`SELECT inserted, record_id::text FROM platform.recorded_insert(${sql.join(args, sql`, `)})`;
}

/** Takes back records inserted inside writes that a later write of the same request superseded (ids as text). */
export function deleteRecords(ids: readonly string[]): SQL {
  return sql`DELETE FROM platform.change_records WHERE id = ANY(${sql.param([...ids])}::bigint[])`;
}
