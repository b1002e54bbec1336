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

/** The request's part of a record (who, through which client and call): the same for every record it makes. */
function sourceValues(marketplaceId: string, source: ChangeSource): SQL[] {
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

/**
 * A `record AS (...)` CTE that inserts one record inside the write's own statement, only when `guard` holds (the
 * object's state before the statement is the one the record was computed from). It answers the new record's id.
 * Recording then costs the write no statement of its own (issue 23: under 10 % on a write).
 */
export function inlineRecordCte(marketplaceId: string, source: ChangeSource, row: RecordRow, guard: SQL): SQL {
  const [market, operation, actorId, username, actorType, company, client, impersonator, request] = sourceValues(
    marketplaceId,
    source,
  );
  const lastState = row.last_state === null ? sql`NULL::jsonb` : sql`${JSON.stringify(row.last_state)}::jsonb`;
  return sql`record AS (INSERT INTO platform.change_records (${COLUMNS})
    SELECT ${market}, ${operation}, ${row.kind}, ${row.resource_type}, ${row.resource_id}, ${row.parent_key},
      ${actorId}, ${username}, ${actorType}, ${company}, ${client}, ${impersonator}, ${request},
      ${JSON.stringify(row.changes)}::jsonb, ${lastState}
    WHERE ${guard} RETURNING id)`;
}

/** A record planned for a write's own statement (ChangeRecorder.planInline). */
export interface PlannedRecord {
  /** The `record AS (...)` CTE, inserting the record only when `guard` holds. */
  cte: (guard: SQL) => SQL;
  /** The object's state the record's diff was computed from, as JSON text (null: the object did not exist). */
  expectedBefore: string | null;
}

/**
 * A document upsert that answers the object's state before it (`body`, from the `previous` CTE, which sees the state
 * before the upsert), and with a planned record inserts that record in the same statement when the state before is
 * the one the record was computed from (`record_id`; `body` is then left out, as the recorder knows it).
 */
export function recordedUpsert(previous: SQL, upsert: SQL, plan: PlannedRecord | undefined): SQL {
  if (!plan) return sql`WITH previous AS (${previous}) ${upsert} RETURNING (SELECT body FROM previous) AS body`;
  const guard =
    plan.expectedBefore === null
      ? sql`NOT EXISTS (SELECT 1 FROM previous)`
      : sql`(SELECT body FROM previous) = ${plan.expectedBefore}::jsonb`;
  return sql`WITH previous AS (${previous}), written AS (${upsert} RETURNING 1), ${plan.cte(guard)}
    SELECT (SELECT id::text FROM record) AS record_id,
      CASE WHEN NOT EXISTS (SELECT 1 FROM record) THEN (SELECT body FROM previous) END AS body`;
}

/** An insert answering its `id` (none when it clashed), with the planned record inserted only when it inserted. */
export function recordedInsert(insert: SQL, plan: PlannedRecord): SQL {
  return sql`WITH inserted AS (${insert}), ${plan.cte(sql`EXISTS (SELECT 1 FROM inserted)`)}
    SELECT (SELECT id FROM inserted) AS id, (SELECT id::text FROM record) AS record_id`;
}

/** Takes back records inserted inside writes that a later write of the same request superseded (ids as text). */
export function deleteRecords(ids: readonly string[]): SQL {
  return sql`DELETE FROM platform.change_records WHERE id = ANY(${sql.param([...ids])}::bigint[])`;
}
