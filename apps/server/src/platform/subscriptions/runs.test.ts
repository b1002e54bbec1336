import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Db } from '../../db/database.ts';
import { rowsOf } from '../../db/rows.ts';
import { createTestDatabase, type TestDatabase } from '../../testing/test-database.ts';
import { insertMarketplace } from '../auth/testing.ts';
import type { ApiError } from '../engine/errors.ts';
import { PgStore } from '../engine/pg-store.ts';
import { platformRegistry } from '../resources/index.ts';
import { executeRun, listRuns, requestManualRun, subscriptionUpkeep } from './runs.ts';

let testDb: TestDatabase;
let db: Db;

const integration = {
  ID: 'SubscriptionIntegrations',
  ApiClientID: 'admin',
  HashKey: 'k',
  Active: true,
  NotificationDays: 2,
  Url: 'https://example.com/subscriptions',
  ElevatedRoles: [],
  xp: {},
};

async function marketplace(id: string, environment: string): Promise<PgStore> {
  await insertMarketplace(db, id, environment);
  const store = new PgStore(db, platformRegistry, id);
  await store.put('SubscriptionIntegrations', [], integration);
  return store;
}

beforeAll(async () => {
  testDb = await createTestDatabase();
  db = testDb.database.db;
});
afterAll(async () => testDb?.dispose());
afterEach(() => {
  vi.useRealTimers();
});

describe('subscription runs', () => {
  it('allow 3 manual runs in the last 60 minutes of the database clock outside Sandbox', async () => {
    await marketplace('mp-hour', 'Production');
    const [old] = [await requestManualRun(db, 'mp-hour', null)];
    for (let run = 0; run < 2; run += 1) await requestManualRun(db, 'mp-hour', null);
    await expect(requestManualRun(db, 'mp-hour', null)).rejects.toSatisfy(
      (error) => (error as ApiError).errors?.[0]?.ErrorCode === 'Subscription.ExceedsHourlyLimit',
    );
    // An hour later by the database's clock, the first run no longer counts.
    await db.execute(
      sql`UPDATE platform.subscription_runs SET requested_at = now() - interval '61 minutes' WHERE id = ${old?.RunID}`,
    );
    expect(await requestManualRun(db, 'mp-hour', null)).toMatchObject({ HourlyJobsRemaining: 0 });
    expect(await listRuns(db, 'mp-hour')).toMatchObject({ HourlyJobsRemaining: 0, HourlyLimit: 3 });
  });
});

/**
 * PGlite runs inside this process and takes its time from the same (faked) Date, so only a database
 * server has a clock of its own to hold against a skewed application clock; several processes can
 * share only a server anyway.
 */
const databaseHasItsOwnClock = Boolean(process.env.TEST_DATABASE_URL);

describe.skipIf(!databaseHasItsOwnClock)('subscription runs with application clocks that disagree', () => {
  const HOUR = 3600_000;
  let base = 0;
  const inProcess = (skewMs: number) => vi.setSystemTime(base + skewMs);
  const start = () => {
    base = Date.now();
    vi.useFakeTimers({ toFake: ['Date'] });
  };

  it('counts the hourly allowance alike when the requests reach processes whose clocks are hours apart', async () => {
    await marketplace('mp-skew-hour', 'Production');
    start();
    for (const skew of [-2 * HOUR, 2 * HOUR, -2 * HOUR]) {
      inProcess(skew);
      await requestManualRun(db, 'mp-skew-hour', null);
    }
    inProcess(2 * HOUR);
    await expect(requestManualRun(db, 'mp-skew-hour', null)).rejects.toSatisfy(
      (error) => (error as ApiError).errors?.[0]?.ErrorCode === 'Subscription.ExceedsHourlyLimit',
    );
    inProcess(-2 * HOUR);
    expect(await listRuns(db, 'mp-skew-hour')).toMatchObject({ HourlyJobsRemaining: 0 });
  });

  it('neither fails a running run nor takes a fresh queued one for lost in a process whose clock is ahead', async () => {
    await marketplace('mp-skew-upkeep', 'Sandbox');
    start();
    inProcess(-2 * HOUR);
    const queued = await requestManualRun(db, 'mp-skew-upkeep', null);
    const running = await requestManualRun(db, 'mp-skew-upkeep', null);
    // Claimed as executeRun claims it: started now, by the database's clock.
    await db.execute(
      sql`UPDATE platform.subscription_runs SET status = 'Running', started_at = clock_timestamp() WHERE id = ${running.RunID}`,
    );
    inProcess(2 * HOUR);
    // (Older runs of other tests may be waiting; these two must not be among them.)
    expect(await subscriptionUpkeep(db)).not.toContain(queued.RunID);
    const [row] = await rowsOf<{ status: string }>(
      db,
      sql`SELECT status FROM platform.subscription_runs WHERE id = ${running.RunID}`,
    );
    expect(row?.status).toBe('Running');
  });

  it('orders a subscription due by the database clock from a process whose clock is two hours behind', async () => {
    const store = await marketplace('mp-skew-due', 'Sandbox');
    const [{ now }] = (await rowsOf<{ now: Date | string }>(
      db,
      sql`SELECT (now() - interval '30 minutes') AS now`,
    )) as [{ now: Date | string }];
    await store.put('Subscriptions', [], {
      ID: 'due',
      Frequency: 1,
      Interval: 'Weeks',
      NextOrderDate: new Date(now).toISOString(),
      FromCompanyID: 'no-such-buyer',
      FromUserID: 'no-such-user',
      Active: true,
      xp: {},
    });
    start();
    inProcess(-2 * HOUR);
    const { RunID } = await requestManualRun(db, 'mp-skew-due', null);
    // Due half an hour ago: the run takes it up (its order fails here, for want of a buyer).
    expect(await executeRun(db, RunID)).toMatchObject({ Status: 'Completed', Processed: 1 });
  });
});
