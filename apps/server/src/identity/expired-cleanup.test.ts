import { afterAll, beforeAll, expect, it } from 'vitest';
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
