import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import {
  manualRunsPerHour,
  type SubscriptionJobResult,
  type SubscriptionRunList,
  type SubscriptionRunView,
} from '@portal/contracts';
import { databaseNow, millisecondsInterval } from '../../cluster/db-clock.ts';
import type { Db } from '../../db/database.ts';
import { ApiError, notFound } from '../engine/errors.ts';
import { PgStore } from '../engine/pg-store.ts';
import { processDueSubscriptions, type SubscriptionRunSummary } from '../orders/subscription-run.ts';
import { platformRegistry } from '../resources/index.ts';
import { rowsOf } from '../../db/rows.ts';

const HOUR_MS = 60 * 60_000;
/** A queued run waiting longer than this lost its job; the upkeep runs it. */
const LOST_JOB_MS = 60_000;
/** A run still Running after this long was cut short (its process died); the next run picks its work up. */
export const STALE_RUN_MS = 15 * 60_000;

interface RunRow {
  id: string;
  marketplace_id: string;
  trigger: 'Manual' | 'Scheduled';
  status: SubscriptionRunView['Status'];
  requested_by: string | null;
  requested_at: string | Date;
  started_at: string | Date | null;
  completed_at: string | Date | null;
  summary: SubscriptionRunSummary | null;
  error: string | null;
}

const iso = (value: string | Date | null): string | null => (value === null ? null : new Date(value).toISOString());

function runView(row: RunRow): SubscriptionRunView {
  return {
    ID: row.id,
    Trigger: row.trigger,
    Status: row.status,
    RequestedBy: row.requested_by,
    DateRequested: iso(row.requested_at) as string,
    DateCompleted: iso(row.completed_at),
    Processed: row.summary?.processed ?? null,
    OrdersCreated: row.summary?.ordersCreated ?? [],
    Failed: row.summary?.failed ?? [],
    Error: row.error,
  };
}

/** Whether the marketplace's subscription integration exists and is Active (spec 1 §2 notes). */
export async function integrationActive(db: Db, marketplaceId: string): Promise<boolean> {
  const store = new PgStore(db, platformRegistry, marketplaceId);
  const integration = await store.get('SubscriptionIntegrations', [], 'SubscriptionIntegrations');
  return integration?.Active === true;
}

/** Manual runs in the last 60 minutes, by the database's clock, as every run is stamped. */
async function manualRunsThisHour(db: Db, marketplaceId: string): Promise<number> {
  const [counted] = await rowsOf<{ used: string | number }>(
    db,
    sql`SELECT count(*) AS used FROM platform.subscription_runs
        WHERE marketplace_id = ${marketplaceId} AND trigger = 'Manual'
          AND requested_at > clock_timestamp() - ${millisecondsInterval(HOUR_MS)}`,
  );
  return Number(counted?.used ?? 0);
}

/**
 * Accepts a manual run: counted in one transaction that locks the marketplace's row, so concurrent
 * requests are judged one after the other and exactly the hour's allowance (10 in Sandbox, 3
 * elsewhere, over the last 60 minutes) gets through; past it a 400. Refused (409) while the
 * marketplace's subscription integration is not Active.
 */
export async function requestManualRun(
  db: Db,
  marketplaceId: string,
  requestedBy: string | null,
): Promise<SubscriptionJobResult> {
  return db.transaction(async (txDb) => {
    const tx = txDb as unknown as Db;
    const [marketplace] = await rowsOf<{ environment: string }>(
      tx,
      sql`SELECT environment FROM platform.marketplaces WHERE id = ${marketplaceId} FOR UPDATE`,
    );
    if (!marketplace) throw notFound('Marketplace', marketplaceId);
    if (!(await integrationActive(tx, marketplaceId))) {
      throw new ApiError(
        409,
        'Subscription.IntegrationNotActive',
        'This marketplace has no Active subscription integration, so the subscription job has nothing to run for.',
      );
    }
    const limit = manualRunsPerHour(marketplace.environment);
    const used = await manualRunsThisHour(tx, marketplaceId);
    if (used >= limit) {
      throw new ApiError(
        400,
        'Subscription.ExceedsHourlyLimit',
        `The subscription integration job can be triggered at most ${limit} times an hour in this marketplace; try again later.`,
        { HourlyLimit: limit, HourlyJobsRemaining: 0 },
      );
    }
    const id = randomUUID();
    await tx.execute(
      sql`INSERT INTO platform.subscription_runs (id, marketplace_id, trigger, status, requested_by, requested_at)
          VALUES (${id}, ${marketplaceId}, 'Manual', 'Queued', ${requestedBy}, clock_timestamp())`,
    );
    return { HourlyJobsRemaining: limit - used - 1, HourlyLimit: limit, RunID: id };
  });
}

/** Records a scheduled run (the hourly job), which no limit counts. */
export async function recordScheduledRun(db: Db, marketplaceId: string): Promise<string> {
  const id = randomUUID();
  await db.execute(
    sql`INSERT INTO platform.subscription_runs (id, marketplace_id, trigger, status, requested_at)
        VALUES (${id}, ${marketplaceId}, 'Scheduled', 'Queued', clock_timestamp())`,
  );
  return id;
}

export type RunOutcome = SubscriptionRunView | 'busy' | undefined;

/**
 * Runs a queued run: the platform's subscription run (due subscriptions become orders). One run at a
 * time per marketplace (claimed under the marketplace's row lock, and a unique index behind it), so
 * no due subscription is ordered twice; 'busy' when another is running (try again later).
 * Which subscriptions are due is judged at the database's time, read once, like every other deadline.
 */
export async function executeRun(db: Db, runId: string): Promise<RunOutcome> {
  const claimed = await db.transaction(async (txDb) => {
    const tx = txDb as unknown as Db;
    const [run] = await rowsOf<RunRow>(tx, sql`SELECT * FROM platform.subscription_runs WHERE id = ${runId}`);
    if (!run || run.status !== 'Queued') return undefined;
    await tx.execute(sql`SELECT id FROM platform.marketplaces WHERE id = ${run.marketplace_id} FOR UPDATE`);
    const [running] = await rowsOf<{ id: string }>(
      tx,
      sql`SELECT id FROM platform.subscription_runs WHERE marketplace_id = ${run.marketplace_id} AND status = 'Running'`,
    );
    if (running) return 'busy' as const;
    const [started] = await rowsOf<RunRow>(
      tx,
      sql`UPDATE platform.subscription_runs SET status = 'Running', started_at = clock_timestamp()
          WHERE id = ${runId} AND status = 'Queued' RETURNING *`,
    );
    return started;
  });
  if (claimed === undefined || claimed === 'busy') return claimed;
  let summary: SubscriptionRunSummary | null = null;
  let error: string | null = null;
  try {
    const now = await databaseNow(db);
    summary = await processDueSubscriptions(new PgStore(db, platformRegistry, claimed.marketplace_id), now);
  } catch (failure) {
    error = failure instanceof Error ? failure.message : String(failure);
  }
  const [done] = await rowsOf<RunRow>(
    db,
    sql`UPDATE platform.subscription_runs SET status = ${error ? 'Failed' : 'Completed'}, completed_at = now(),
          summary = ${summary ? JSON.stringify(summary) : null}::jsonb, error = ${error}
        WHERE id = ${runId} RETURNING *`,
  );
  return done ? runView(done) : undefined;
}

/** Recent runs with the hour's allowance, as the Subscriptions page shows them. */
export async function listRuns(db: Db, marketplaceId: string): Promise<SubscriptionRunList> {
  const [marketplace] = await rowsOf<{ environment: string }>(
    db,
    sql`SELECT environment FROM platform.marketplaces WHERE id = ${marketplaceId}`,
  );
  if (!marketplace) throw notFound('Marketplace', marketplaceId);
  const limit = manualRunsPerHour(marketplace.environment);
  const rows = await rowsOf<RunRow>(
    db,
    sql`SELECT * FROM platform.subscription_runs WHERE marketplace_id = ${marketplaceId}
        ORDER BY requested_at DESC, id LIMIT 10`,
  );
  const used = await manualRunsThisHour(db, marketplaceId);
  return { Items: rows.map(runView), HourlyLimit: limit, HourlyJobsRemaining: Math.max(limit - used, 0) };
}

/**
 * Runs cut short are marked Failed (their subscriptions are still due, so the next run orders them);
 * answers the queued runs waiting longer than a minute (their job was lost). Both by the database's
 * clock: a run started by a process whose clock is behind is not taken for an interrupted one.
 */
export async function subscriptionUpkeep(db: Db): Promise<string[]> {
  await db.execute(
    sql`UPDATE platform.subscription_runs SET status = 'Failed', completed_at = clock_timestamp(),
          error = 'The run was interrupted; the subscriptions it had not ordered are ordered by the next run.'
        WHERE status = 'Running' AND started_at < clock_timestamp() - ${millisecondsInterval(STALE_RUN_MS)}`,
  );
  const waiting = await rowsOf<{ id: string }>(
    db,
    sql`SELECT id FROM platform.subscription_runs WHERE status = 'Queued'
          AND requested_at < clock_timestamp() - ${millisecondsInterval(LOST_JOB_MS)} ORDER BY requested_at`,
  );
  return waiting.map((row) => row.id);
}

/** Marketplaces whose subscription integration is Active: the hourly job runs for each. */
export async function marketplacesWithActiveIntegration(db: Db): Promise<string[]> {
  const rows = await rowsOf<{ marketplace_id: string }>(
    db,
    sql`SELECT marketplace_id FROM platform.documents
        WHERE resource = 'SubscriptionIntegrations' AND body->>'Active' = 'true'`,
  );
  return rows.map((row) => row.marketplace_id);
}
