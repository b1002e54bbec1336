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

/** A record to insert inside a write's own statement (ChangeRecorder.planInline). */
export interface PlannedRecord {
  marketplaceId: string;
  source: ChangeSource;
  row: RecordRow;
  /** The object's state the record's diff was computed from, as JSON text (null: the object did not exist). */
  expectedBefore: string | null;
}

/**
 * A `record AS (...)` CTE that inserts the planned record inside the write's own statement, only when `guard` holds
 * (the object's state before the statement is the one the record was computed from). It answers the new record's id.
 */
function inlineRecordCte(plan: PlannedRecord, guard: SQL): SQL {
  const { row } = plan;
  const [market, operation, actorId, username, actorType, company, client, impersonator, request] = sourceValues(
    plan.marketplaceId,
    plan.source,
  );
  return sql`record AS (INSERT INTO platform.change_records (${COLUMNS})
    SELECT ${market}, ${operation}, ${row.kind}, ${row.resource_type}, ${row.resource_id}, ${row.parent_key},
      ${actorId}, ${username}, ${actorType}, ${company}, ${client}, ${impersonator}, ${request},
      ${JSON.stringify(row.changes)}::jsonb, ${jsonOrNull(row.last_state)}
    WHERE ${guard} RETURNING id)`;
}

const jsonOrNull = (value: unknown): SQL =>
  value === null || value === undefined ? sql`NULL::jsonb` : sql`${JSON.stringify(value)}::jsonb`;

/** A document to store whole (PgStore.put). */
export interface DocumentPut {
  marketplaceId: string;
  resource: string;
  parentKey: string;
  id: string;
  body: unknown;
  secret: unknown;
}

/**
 * Stores a document and answers its state before (`body`); with a planned record, inserts that record in the same
 * call when the state before is the one the record was computed from (`record_id`; `body` is then null, as the
 * recorder knows it). One call of `platform.recorded_put` (platform migration 0010), whose statements are planned
 * once per connection: as a statement of CTEs, recording cost a write 0.3 ms of planning (issue 23: under 10 %).
 */
export function recordedPut(put: DocumentPut, plan: PlannedRecord | undefined): SQL {
  const args = [put.marketplaceId, put.resource, put.parentKey, put.id].map((value) => sql`${value}`);
  args.push(jsonOrNull(put.body), jsonOrNull(put.secret));
  if (plan) {
    const [, operation, actorId, username, actorType, company, client, impersonator, request] = sourceValues(
      plan.marketplaceId,
      plan.source,
    );
    args.push(sql`${plan.expectedBefore}::jsonb`, operation, sql`${plan.row.kind}`, sql`${plan.row.resource_type}`);
    args.push(actorId, username, actorType, company, client, impersonator, request);
    args.push(sql`${JSON.stringify(plan.row.changes)}::jsonb`, jsonOrNull(plan.row.last_state));
  }
  return sql`SELECT record_id::text, body FROM platform.recorded_put(${sql.join(args, sql`, `)})`;
}

/** An insert answering its `id` (none when it clashed), with the planned record inserted only when it inserted. */
export function recordedInsert(insert: SQL, plan: PlannedRecord): SQL {
  return sql`WITH inserted AS (${insert}), ${inlineRecordCte(plan, sql`EXISTS (SELECT 1 FROM inserted)`)}
    SELECT (SELECT id FROM inserted) AS id, (SELECT id::text FROM record) AS record_id`;
}

/** Takes back records inserted inside writes that a later write of the same request superseded (ids as text). */
export function deleteRecords(ids: readonly string[]): SQL {
  return sql`DELETE FROM platform.change_records WHERE id = ANY(${sql.param([...ids])}::bigint[])`;
}
