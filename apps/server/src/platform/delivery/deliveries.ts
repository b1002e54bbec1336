import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { DeliverySource, DeliveryStatus } from '@portal/contracts';
import { millisecondsInterval } from '../../cluster/db-clock.ts';
import type { Db } from '../../db/database.ts';
import { deliveryAttempts } from '../../observability/metrics.ts';
import { rowsOf } from '../../db/rows.ts';
import { DELIVERY_SETTINGS, maxAttempts, postSigned, type DeliverySettings } from './send.ts';
import type { DeliveryTarget } from './targets.ts';

/** An attempt under way longer than this was cut short (its process died); it counts and is tried again. */
export const STALE_SENDING_MS = 2 * 60_000;

export interface NewDelivery {
  marketplaceId: string;
  source: DeliverySource;
  sourceId: string | null;
  payloadKind: string;
  target: DeliveryTarget;
  /** The JSON sent; serialised once, so the signature covers exactly what is posted. */
  payload: unknown;
  itemCount?: number;
}

export interface DeliveryRow {
  id: string;
  marketplace_id: string;
  source: DeliverySource;
  source_id: string | null;
  payload_kind: string;
  target_kind: string;
  target: string;
  status: DeliveryStatus;
  item_count: number;
  body: string | null;
  signing_key: string | null;
  headers: Record<string, string>;
  attempts: number;
  next_attempt_at: string | Date | null;
  claimed_at: string | Date | null;
  last_status_code: number | null;
  last_duration_ms: number | null;
  last_error: string | null;
  created_at: string | Date;
  completed_at: string | Date | null;
}

/** The header every delivery POST carries: the delivery's id, the same on every attempt, so receivers drop duplicates. */
export const DELIVERY_ID_HEADER = 'X-Delivery-Id';

/**
 * Records deliveries: those to an HTTP target wait (Pending) for a job to send them, the others are
 * logged NotDelivered with the reason. Answers the ids to send; the caller queues them (or the upkeep
 * job picks them up within a minute). `db` may be a transaction, so deliveries share its fate.
 * Every time is the database's (cluster/db-clock.ts): a delivery is due by the same clock every
 * process claims it with.
 */
export async function recordDeliveries(db: Db, deliveries: readonly NewDelivery[]): Promise<string[]> {
  const toSend: string[] = [];
  for (const delivery of deliveries) {
    const id = randomUUID();
    const { target } = delivery;
    if (target.deliverable) {
      toSend.push(id);
      await db.execute(
        sql`INSERT INTO platform.deliveries (id, marketplace_id, source, source_id, payload_kind, target_kind, target,
              status, item_count, body, signing_key, headers, next_attempt_at, created_at)
            VALUES (${id}, ${delivery.marketplaceId}, ${delivery.source}, ${delivery.sourceId}, ${delivery.payloadKind},
              ${target.kind}, ${target.url}, 'Pending', ${delivery.itemCount ?? 0}, ${JSON.stringify(delivery.payload)},
              ${target.signingKey}, ${JSON.stringify(target.headers)}::jsonb, now(), now())`,
      );
    } else {
      await db.execute(
        sql`INSERT INTO platform.deliveries (id, marketplace_id, source, source_id, payload_kind, target_kind, target,
              status, item_count, last_error, created_at, completed_at)
            VALUES (${id}, ${delivery.marketplaceId}, ${delivery.source}, ${delivery.sourceId}, ${delivery.payloadKind},
              ${target.kind}, ${target.description}, 'NotDelivered', ${delivery.itemCount ?? 0}, ${target.reason},
              now(), now())`,
      );
    }
  }
  return toSend;
}

export interface AttemptOutcome {
  id: string;
  attempt: number;
  status: DeliveryStatus;
  statusCode: number | null;
  /** When the next attempt is due, by the database's clock (Retrying only). */
  nextAttemptAt: Date | null;
  /** How long until then (Retrying only): what a job queued for the retry waits, whatever this process's clock says. */
  retryInMs: number | null;
}

/** The receiver's headers of a delivery: its own, then the delivery id, which no configured header may replace. */
function headersOf(row: DeliveryRow): Record<string, string> {
  const configured = Object.entries(row.headers ?? {}).filter(
    ([name]) => name.toLowerCase() !== DELIVERY_ID_HEADER.toLowerCase(),
  );
  return { ...Object.fromEntries(configured), [DELIVERY_ID_HEADER]: row.id };
}

/**
 * One attempt at a delivery that is due: claimed in one statement (so two workers never send it
 * twice), POSTed with its id in `X-Delivery-Id`, and recorded. 2xx ends it Delivered; a 4xx ends it
 * Failed; a 5xx, timeout or connection failure waits for the next attempt with a growing back-off,
 * until the last one fails it. Answers undefined when the delivery is not due or already taken.
 * Due, claimed and next are all the database's time, so every process judges them alike.
 */
export async function attemptDelivery(
  db: Db,
  id: string,
  settings: DeliverySettings = DELIVERY_SETTINGS,
): Promise<AttemptOutcome | undefined> {
  const [row] = await rowsOf<DeliveryRow>(
    db,
    sql`UPDATE platform.deliveries SET status = 'Sending', attempts = attempts + 1, claimed_at = clock_timestamp()
        WHERE id = ${id} AND status IN ('Pending', 'Retrying') AND next_attempt_at <= clock_timestamp()
        RETURNING *`,
  );
  if (!row) return undefined;
  const result = await postSigned(row.target, row.body ?? 'null', row.signing_key, headersOf(row), settings.timeoutMs);
  const attempt = row.attempts;
  const lastChance = attempt >= maxAttempts(settings);
  const status: DeliveryStatus = result.ok ? 'Delivered' : result.retryable && !lastChance ? 'Retrying' : 'Failed';
  const retryInMs = status === 'Retrying' ? (settings.backoffMs[attempt - 1] ?? 0) : null;
  const next =
    retryInMs === null ? sql`NULL::timestamptz` : sql`clock_timestamp() + ${millisecondsInterval(retryInMs)}`;
  // One statement records the attempt and the outcome together (its CTE reads the row as it was
  // claimed, so started_at is the claim's time): one round trip, and never one without the other.
  const [recorded] = await rowsOf<{ next_attempt_at: string | Date | null }>(
    db,
    sql`WITH attempt AS (
          INSERT INTO platform.delivery_attempts (delivery_id, attempt, started_at, status_code, duration_ms, error)
          SELECT ${id}, ${attempt}, claimed_at, ${result.statusCode}, ${result.durationMs}, ${result.error}
          FROM platform.deliveries WHERE id = ${id}
          ON CONFLICT DO NOTHING)
        UPDATE platform.deliveries SET status = ${status}, last_status_code = ${result.statusCode},
          last_duration_ms = ${result.durationMs}, last_error = ${result.error}, claimed_at = NULL,
          next_attempt_at = ${next},
          completed_at = ${status === 'Retrying' ? sql`NULL::timestamptz` : sql`clock_timestamp()`}
        WHERE id = ${id} RETURNING next_attempt_at`,
  );
  deliveryAttempts.inc({ outcome: status });
  const nextAttemptAt = recorded?.next_attempt_at ? new Date(recorded.next_attempt_at) : null;
  return { id, attempt, status, statusCode: result.statusCode, nextAttemptAt, retryInMs };
}

/**
 * Deliveries whose attempt is due, oldest first. An attempt cut short by a crash (Sending for longer
 * than the stale limit, by the database's clock: a fresh claim by a process whose clock is behind
 * is never taken for a stale one) is counted as a failed attempt and becomes due again, or Failed
 * when it was the last.
 */
export async function dueDeliveries(
  db: Db,
  limit = 100,
  settings: DeliverySettings = DELIVERY_SETTINGS,
): Promise<string[]> {
  await db.execute(
    sql`UPDATE platform.deliveries
        SET status = CASE WHEN attempts >= ${maxAttempts(settings)} THEN 'Failed' ELSE 'Retrying' END,
            last_error = 'The attempt was interrupted before the receiver answered.',
            completed_at = CASE WHEN attempts >= ${maxAttempts(settings)} THEN clock_timestamp() ELSE NULL END,
            next_attempt_at = clock_timestamp(), claimed_at = NULL
        WHERE status = 'Sending' AND claimed_at < clock_timestamp() - ${millisecondsInterval(STALE_SENDING_MS)}`,
  );
  const rows = await rowsOf<{ id: string }>(
    db,
    sql`SELECT id FROM platform.deliveries WHERE status IN ('Pending', 'Retrying')
          AND next_attempt_at <= clock_timestamp()
        ORDER BY next_attempt_at LIMIT ${limit}`,
  );
  return rows.map((row) => row.id);
}

/** Sends every delivery that is due now, one after the other (the upkeep job's catch-up, and tests). */
export async function deliverDue(db: Db, settings: DeliverySettings = DELIVERY_SETTINGS): Promise<AttemptOutcome[]> {
  const outcomes: AttemptOutcome[] = [];
  for (const id of await dueDeliveries(db, 100, settings)) {
    const outcome = await attemptDelivery(db, id, settings);
    if (outcome) outcomes.push(outcome);
  }
  return outcomes;
}

/** The log is kept this long; older deliveries and their attempts are removed by the upkeep job. */
export const DELIVERY_LOG_KEPT_MS = 7 * 24 * 60 * 60_000;

export async function removeOldDeliveries(db: Db): Promise<void> {
  const cutoff = sql`now() - ${millisecondsInterval(DELIVERY_LOG_KEPT_MS)}`;
  await db.execute(
    sql`DELETE FROM platform.delivery_attempts WHERE delivery_id IN (
          SELECT id FROM platform.deliveries WHERE completed_at < ${cutoff})`,
  );
  await db.execute(sql`DELETE FROM platform.deliveries WHERE completed_at < ${cutoff}`);
}
