import { USAGE_EVENT_NAMES, type UsageEventName } from '@portal/contracts';
import { lt, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/database.ts';
import { rowsOf } from '../db/rows.ts';
import type { JobDefinition } from '../jobs/job-queue.ts';
import { usageEvents } from './db/schema.ts';

/*
 * Product-usage analytics (spec 1 §1, docs/analytics.md): the events the web app may report, how they are stored per
 * organization with the user's sign-in subject, counted per ISO week for organization admins, pruned after the
 * retention and, when configured, forwarded to a self-hosted analytics service.
 */

/** Weeks of events kept; older rows are deleted by the daily prune. */
export const RETENTION_WEEKS = 26;

/** One reported event: what was used, with a few short facts (a route pattern, a method, an operation id). */
export interface UsageEvent {
  name: UsageEventName;
  props?: Record<string, string>;
}

/** Who reported a batch: the organization (or, without one, the marketplace), the marketplace and the subject. */
export interface UsageReporter {
  organizationId: string;
  marketplaceId: string;
  userId: string;
}

/** Stores a batch, all at the database's current time. */
export async function recordUsageEvents(db: Db, reporter: UsageReporter, events: readonly UsageEvent[]): Promise<void> {
  if (events.length === 0) return;
  await db
    .insert(usageEvents)
    .values(events.map((event) => ({ ...reporter, name: event.name, props: event.props ?? {} })));
}

/** One ISO week of an organization's usage. */
export interface UsageWeek {
  /** ISO week, e.g. `2026-W48`. */
  Week: string;
  /** Its Monday, `YYYY-MM-DD` (UTC). */
  Start: string;
  /** Distinct users who reported anything that week. */
  Users: number;
  /** Events per name; every accepted name is present, 0 when unused. */
  Counts: Record<UsageEventName, number>;
}

const DAY_MS = 86_400_000;

/** The Monday (UTC midnight) of the week `date` is in. */
export function weekStart(date: Date): Date {
  const midnight = Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), date.getUTCDate());
  const sinceMonday = (new Date(midnight).getUTCDay() + 6) % 7;
  return new Date(midnight - sinceMonday * DAY_MS);
}

/**
 * The ISO-8601 week of a Monday: the year is the one its Thursday falls in.
 *
 * @example
 * isoWeek(new Date('2024-12-30T00:00:00Z')); // '2025-W01'
 */
export function isoWeek(monday: Date): string {
  const thursday = new Date(monday.getTime() + 3 * DAY_MS);
  const year = thursday.getUTCFullYear();
  const firstThursday = weekStart(new Date(Date.UTC(year, 0, 4))).getTime() + 3 * DAY_MS;
  const week = 1 + Math.round((thursday.getTime() - firstThursday) / (7 * DAY_MS));
  return `${year}-W${String(week).padStart(2, '0')}`;
}

const zeroCounts = (): Record<UsageEventName, number> =>
  Object.fromEntries(USAGE_EVENT_NAMES.map((name) => [name, 0])) as Record<UsageEventName, number>;

/** The last `weeks` ISO weeks up to the one holding `now`, oldest first, with counts and distinct users. */
export async function usageByWeek(
  db: Db,
  organizationId: string,
  weeks: number,
  now = new Date(),
): Promise<UsageWeek[]> {
  const mondays = Array.from({ length: weeks }, (_, index) =>
    weekStart(new Date(now.getTime() - (weeks - 1 - index) * 7 * DAY_MS)),
  );
  const since = mondays[0] ?? weekStart(now);
  // date_trunc('week') is ISO: weeks start on Monday. Read in UTC, like the Mondays above.
  const week = sql`to_char(date_trunc('week', ${usageEvents.occurredAt} AT TIME ZONE 'UTC'), 'YYYY-MM-DD')`;
  const where = sql`${usageEvents.organizationId} = ${organizationId} AND ${usageEvents.occurredAt} >= ${since.toISOString()}`;
  const [counts, users] = await Promise.all([
    rowsOf<{ week: string; name: string; count: number }>(
      db,
      sql`SELECT ${week} AS week, ${usageEvents.name} AS name, count(*)::int AS count FROM ${usageEvents} WHERE ${where} GROUP BY 1, 2`,
    ),
    rowsOf<{ week: string; users: number }>(
      db,
      sql`SELECT ${week} AS week, count(DISTINCT ${usageEvents.userId})::int AS users FROM ${usageEvents} WHERE ${where} GROUP BY 1`,
    ),
  ]);
  const byStart = new Map<string, UsageWeek>(
    mondays.map((monday) => {
      const start = monday.toISOString().slice(0, 10);
      return [start, { Week: isoWeek(monday), Start: start, Users: 0, Counts: zeroCounts() }];
    }),
  );
  for (const row of counts) {
    const found = byStart.get(row.week);
    // A name dropped from the list since it was stored is not counted any more.
    if (found && row.name in found.Counts) found.Counts[row.name as UsageEventName] = Number(row.count);
  }
  for (const row of users) {
    const found = byStart.get(row.week);
    if (found) found.Users = Number(row.users);
  }
  return [...byStart.values()];
}

/** Deletes events older than the retention; answers how many went. */
export async function pruneUsageEvents(db: Db, now = new Date()): Promise<number> {
  const cutoff = new Date(now.getTime() - RETENTION_WEEKS * 7 * DAY_MS);
  const deleted = await db
    .delete(usageEvents)
    .where(lt(usageEvents.occurredAt, cutoff))
    .returning({ id: usageEvents.id });
  return deleted.length;
}

/** The daily prune (pg-boss schedule, 03:30 UTC). */
export const usagePruneJob: JobDefinition = {
  name: 'portal-usage-prune',
  cron: '30 3 * * *',
  async run(_data, { database }) {
    return { deleted: await pruneUsageEvents(database.db) };
  },
};

/** How long a forward may take before it is given up; the user's request never waits for it. */
export const FORWARD_TIMEOUT_MS = 5_000;

/**
 * POSTs an accepted batch to the self-hosted analytics service, best effort: it is not awaited by the request, and a
 * failure is logged and dropped (the portal's own copy is the record).
 */
export function forwardUsageBatch(
  url: string,
  reporter: UsageReporter,
  events: readonly UsageEvent[],
  logger: FastifyBaseLogger,
): Promise<void> {
  const body = JSON.stringify({ ...reporter, receivedAt: new Date().toISOString(), events });
  return fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body,
    signal: AbortSignal.timeout(FORWARD_TIMEOUT_MS),
  })
    .then((response) => {
      if (!response.ok) logger.warn({ status: response.status }, 'analytics forward refused');
    })
    .catch((error: unknown) => logger.warn({ err: error }, 'analytics forward failed'));
}
