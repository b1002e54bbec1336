import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { openDatabase } from './db/database.ts';
import { parts } from './parts.ts';
import { startServer, type RunningServer } from './server.ts';
import { databaseUrlFor } from './testing/postgres-url.ts';
import { testConfig } from './testing/test-database.ts';

const serverUrl = process.env.TEST_DATABASE_URL;
const PROCESSES = 3;
/** Seeding the demo takes several seconds, so only the first round seeds; every round migrates. */
const ROUNDS = [{ seed: true }, { seed: false }, { seed: false }];

async function onServer(statement: string): Promise<void> {
  const admin = await openDatabase({ kind: 'postgres', url: serverUrl ?? '' });
  try {
    await admin.executeSql(statement);
  } finally {
    await admin.close();
  }
}

describe.skipIf(!serverUrl)(
  serverUrl
    ? `${PROCESSES} servers starting together on a fresh PostgreSQL database`
    : 'start-up race: skipped, it needs a PostgreSQL server (set TEST_DATABASE_URL)',
  () => {
    it('all start, every round: migrations, demo seeding and the job queue are set up once', async () => {
      for (const [round, { seed }] of ROUNDS.entries()) {
        const name = `portal_startup_${randomBytes(5).toString('hex')}`;
        await onServer(`CREATE DATABASE ${name}`);
        const url = databaseUrlFor(serverUrl ?? '', name);
        const config = testConfig(
          { kind: 'postgres', url },
          { jobsEnabled: true, seedDemoData: seed, platformMgmtSecret: 'startup-race-test-secret' },
        );
        const started = await Promise.allSettled(
          Array.from({ length: PROCESSES }, () => startServer(config, { jobs: { pollingIntervalSeconds: 0.5 } })),
        );
        const servers = started.flatMap((result) => (result.status === 'fulfilled' ? [result.value] : []));
        try {
          const failures = started.flatMap((result) => (result.status === 'rejected' ? [String(result.reason)] : []));
          expect(failures, `round ${round + 1}`).toEqual([]);
          for (const server of servers) expect((await fetch(`${server.url}/readyz`)).status).toBe(200);
          await expectSetUpOnce(servers[0] as RunningServer, seed);
        } finally {
          await Promise.all(servers.map((server) => server.stop()));
          await onServer(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
        }
      }
    }, 300_000);
  },
);

async function expectSetUpOnce(server: RunningServer, seeded: boolean): Promise<void> {
  const count = async (sql: string) => Number((await server.database.executeSql(sql)).rows[0]?.n);
  const queues = parts.flatMap((part) => part.jobs ?? []);
  expect(await count('SELECT count(*) AS n FROM pgboss.queue')).toBeGreaterThanOrEqual(queues.length);
  expect(await count('SELECT count(*) AS n FROM pgboss.schedule')).toBe(queues.filter((job) => job.cron).length);
  expect(await count('SELECT count(*) AS n FROM platform.marketplaces')).toBe(seeded ? 3 : 0);
}
