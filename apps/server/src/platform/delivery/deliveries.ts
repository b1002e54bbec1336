import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { DeliverySource, DeliveryStatus } from '@portal/contracts';
import type { Db } from '../../db/database.ts';
import { rowsOf } from '../search/model.ts';
import { deliverySettings, maxAttempts, postSigned } from './send.ts';
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

/**
 * Records deliveries: those to an HTTP target wait (Pending) for a job to send them, the others are
 * logged NotDelivered with the reason. Answers the ids to send; the caller queues them (or the upkeep
 * job picks them up within a minute). `db` may be a transaction, so deliveries share its fate.
 */
export async function recordDeliveries(
  db: Db,
  deliveries: readonly NewDelivery[],
  now = new Date(),
): Promise<string[]> {
  const toSend: string[] = [];
  for (const delivery of deliveries) {
    const id = randomUUID();
    const { target } = delivery;
    const stamp = now.toISOString();
    if (target.deliverable) {
      toSend.push(id);
      await db.execute(
        sql`INSERT INTO platform.deliveries (id, marketplace_id, source, source_id, payload_kind, target_kind, target,
              status, item_count, body, signing_key, headers, next_attempt_at, created_at)
            VALUES (${id}, ${delivery.marketplaceId}, ${delivery.source}, ${delivery.sourceId}, ${delivery.payloadKind},
              ${target.kind}, ${target.url}, 'Pending', ${delivery.itemCount ?? 0}, ${JSON.stringify(delivery.payload)},
              ${target.signingKey}, ${JSON.stringify(target.headers)}::jsonb, ${stamp}::timestamptz, ${stamp}::timestamptz)`,
      );
    } else {
      await db.execute(
        sql`INSERT INTO platform.deliveries (id, marketplace_id, source, source_id, payload_kind, target_kind, target,
              status, item_count, last_error, created_at, completed_at)
            VALUES (${id}, ${delivery.marketplaceId}, ${delivery.source}, ${delivery.sourceId}, ${delivery.payloadKind},
              ${target.kind}, ${target.description}, 'NotDelivered', ${delivery.itemCount ?? 0}, ${target.reason},
              ${stamp}::timestamptz, ${stamp}::timestamptz)`,
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
  /** When the next attempt is due (Retrying only). */
  nextAttemptAt: Date | null;
}

/**
 * One attempt at a delivery that is due: claimed in one statement (so two workers never send it
 * twice), POSTed, and recorded. 2xx ends it Delivered; a 4xx ends it Failed; a 5xx, timeout or
 * connection failure waits for the next attempt with a growing back-off, until the last one fails it.
 * Answers undefined when the delivery is not due or already taken.
 */
export async function attemptDelivery(db: Db, id: string, now = new Date()): Promise<AttemptOutcome | undefined> {
  const [row] = await rowsOf<DeliveryRow>(
    db,
    sql`UPDATE platform.deliveries SET status = 'Sending', attempts = attempts + 1, claimed_at = ${now.toISOString()}::timestamptz
        WHERE id = ${id} AND status IN ('Pending', 'Retrying') AND next_attempt_at <= ${now.toISOString()}::timestamptz
        RETURNING *`,
  );
  if (!row) return undefined;
  const result = await postSigned(row.target, row.body ?? 'null', row.signing_key, row.headers ?? {});
  const attempt = row.attempts;
  const lastChance = attempt >= maxAttempts();
  const status: DeliveryStatus = result.ok ? 'Delivered' : result.retryable && !lastChance ? 'Retrying' : 'Failed';
  const waitMs = deliverySettings.backoffMs[attempt - 1] ?? 0;
  const nextAttemptAt = status === 'Retrying' ? new Date(now.getTime() + waitMs) : null;
  await db.transaction(async (txDb) => {
    const tx = txDb as unknown as Db;
    await tx.execute(
      sql`INSERT INTO platform.delivery_attempts (delivery_id, attempt, started_at, status_code, duration_ms, error)
          VALUES (${id}, ${attempt}, ${now.toISOString()}::timestamptz, ${result.statusCode}, ${result.durationMs}, ${result.error})
          ON CONFLICT DO NOTHING`,
    );
    await tx.execute(
      sql`UPDATE platform.deliveries SET status = ${status}, last_status_code = ${result.statusCode},
            last_duration_ms = ${result.durationMs}, last_error = ${result.error}, claimed_at = NULL,
            next_attempt_at = ${nextAttemptAt ? nextAttemptAt.toISOString() : null}::timestamptz,
            completed_at = ${status === 'Retrying' ? null : new Date().toISOString()}::timestamptz
          WHERE id = ${id}`,
    );
  });
  return { id, attempt, status, statusCode: result.statusCode, nextAttemptAt };
}

/**
 * Deliveries whose attempt is due, oldest first. An attempt cut short by a crash (Sending for longer
 * than the stale limit) is counted as a failed attempt and becomes due again, or Failed when it was the last.
 */
export async function dueDeliveries(db: Db, now = new Date(), limit = 100): Promise<string[]> {
  const stale = new Date(now.getTime() - STALE_SENDING_MS).toISOString();
  await db.execute(
    sql`UPDATE platform.deliveries
        SET status = CASE WHEN attempts >= ${maxAttempts()} THEN 'Failed' ELSE 'Retrying' END,
            last_error = 'The attempt was interrupted before the receiver answered.',
            completed_at = CASE WHEN attempts >= ${maxAttempts()} THEN ${now.toISOString()}::timestamptz ELSE NULL END,
            next_attempt_at = ${now.toISOString()}::timestamptz, claimed_at = NULL
        WHERE status = 'Sending' AND claimed_at < ${stale}::timestamptz`,
  );
  const rows = await rowsOf<{ id: string }>(
    db,
    sql`SELECT id FROM platform.deliveries WHERE status IN ('Pending', 'Retrying')
          AND next_attempt_at <= ${now.toISOString()}::timestamptz
        ORDER BY next_attempt_at LIMIT ${limit}`,
  );
  return rows.map((row) => row.id);
}

/** Sends every delivery that is due now, one after the other (the upkeep job's catch-up, and tests). */
export async function deliverDue(db: Db, now = new Date()): Promise<AttemptOutcome[]> {
  const outcomes: AttemptOutcome[] = [];
  for (const id of await dueDeliveries(db, now)) {
    const outcome = await attemptDelivery(db, id, now);
    if (outcome) outcomes.push(outcome);
  }
  return outcomes;
}

/** The log is kept this long; older deliveries and their attempts are removed by the upkeep job. */
export const DELIVERY_LOG_KEPT_MS = 7 * 24 * 60 * 60_000;

export async function removeOldDeliveries(db: Db, now = new Date()): Promise<void> {
  const cutoff = new Date(now.getTime() - DELIVERY_LOG_KEPT_MS).toISOString();
  await db.execute(
    sql`DELETE FROM platform.delivery_attempts WHERE delivery_id IN (
          SELECT id FROM platform.deliveries WHERE completed_at < ${cutoff}::timestamptz)`,
  );
  await db.execute(sql`DELETE FROM platform.deliveries WHERE completed_at < ${cutoff}::timestamptz`);
}
