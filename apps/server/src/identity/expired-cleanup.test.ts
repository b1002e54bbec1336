import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import pino from 'pino';
import { JobQueue } from '../jobs/job-queue.ts';
import { createTestDatabase, type TestDatabase } from '../testing/test-database.ts';
import { oidcModels, signInThrottle } from './db/schema.ts';
import { expiredSessionCleanup } from './expired-cleanup.ts';

let testDb: TestDatabase;
let queue: JobQueue;
beforeAll(async () => {
  testDb = await createTestDatabase();
  queue = new JobQueue(testDb.database, pino({ level: 'silent' }), { pollingIntervalSeconds: 0.5 });
  await queue.start([expiredSessionCleanup]);
});
afterAll(async () => {
  await queue?.stop(2_000);
  await testDb?.dispose();
});

async function waitForState(id: string, states: readonly string[], timeoutMs = 20_000): Promise<string> {
  const started = Date.now();
  for (;;) {
    const job = await queue.getJob(expiredSessionCleanup.name, id);
    if (job && states.includes(job.state)) return job.state;
    if (Date.now() - started > timeoutMs) throw new Error(`job ${id} still ${job?.state ?? 'missing'}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

it('removes expired sessions, tokens and forgotten sign-in counts through the job queue and keeps live ones', async () => {
  const hourAgo = new Date(Date.now() - 3_600_000);
  const inAnHour = new Date(Date.now() + 3_600_000);
  await testDb.database.db.insert(oidcModels).values([
    { kind: 'Session', id: 'old-session', payload: {}, expiresAt: hourAgo },
    { kind: 'AccessToken', id: 'old-token', payload: {}, expiresAt: hourAgo },
    { kind: 'Session', id: 'live-session', payload: {}, expiresAt: inAnHour },
    { kind: 'Client', id: 'no-expiry', payload: {} },
  ]);
  const twoHoursAgo = new Date(Date.now() - 2 * 3_600_000);
  await testDb.database.db.insert(signInThrottle).values([
    { subject: 'address:192.0.2.1', attempts: 3, lastAttemptAt: twoHoursAgo },
    { subject: 'address:192.0.2.2', attempts: 3, lastAttemptAt: new Date(), waitUntil: inAnHour },
  ]);

  const id = await queue.send(expiredSessionCleanup.name);
  expect(await waitForState(id, ['completed', 'failed'])).toBe('completed');
  const job = await queue.getJob(expiredSessionCleanup.name, id);
  expect(job?.output).toEqual({ removed: 2, forgottenSignInCounts: 1 });

  const left = await testDb.database.db.select({ id: oidcModels.id }).from(oidcModels);
  expect(left.map((row) => row.id).sort()).toEqual(['live-session', 'no-expiry']);
  const counts = await testDb.database.db.select({ subject: signInThrottle.subject }).from(signInThrottle);
  expect(counts).toEqual([{ subject: 'address:192.0.2.2' }]);
});

it('is scheduled nightly in UTC', () => {
  expect(expiredSessionCleanup.cron).toMatch(/^\d+ \d+ \* \* \*$/);
});

/**
 * PGlite runs inside this process and takes its time from the same (faked) Date, so only a database
 * server has a clock of its own to hold against a skewed application clock.
 */
const databaseHasItsOwnClock = Boolean(process.env.TEST_DATABASE_URL);

describe.skipIf(!databaseHasItsOwnClock)('the clean-up with an application clock two hours ahead', () => {
  it('removes only what the database clock says has expired', async () => {
    const db = testDb.database.db;
    await db.delete(oidcModels);
    await db.delete(signInThrottle);
    await db.insert(oidcModels).values([
      { kind: 'Session', id: 'live-for-an-hour', payload: {}, expiresAt: sql`now() + interval '1 hour'` },
      { kind: 'Session', id: 'gone', payload: {}, expiresAt: sql`now() - interval '1 minute'` },
    ]);
    await db.insert(signInThrottle).values([
      { subject: 'address:192.0.2.9', attempts: 3, lastAttemptAt: sql`now() - interval '30 minutes'` },
      { subject: 'address:192.0.2.10', attempts: 3, lastAttemptAt: sql`now() - interval '61 minutes'` },
    ]);
    const base = Date.now();
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      vi.setSystemTime(base + 2 * 3_600_000);
      const outcome = await expiredSessionCleanup.run(
        {},
        { database: testDb.database, logger: pino({ level: 'silent' }) },
      );
      expect(outcome).toEqual({ removed: 1, forgottenSignInCounts: 1 });
    } finally {
      vi.useRealTimers();
    }
    expect((await db.select({ id: oidcModels.id }).from(oidcModels)).map((row) => row.id)).toEqual([
      'live-for-an-hour',
    ]);
  });
});
