import { Writable } from 'node:stream';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runWithRequestContext } from '../observability/request-context.ts';
import { createTestDatabase, type TestDatabase } from '../testing/test-database.ts';
import { JobQueue, type JobDefinition, type JobQueueOptions } from './job-queue.ts';

let testDb: TestDatabase;
const queues: JobQueue[] = [];
beforeAll(async () => {
  testDb = await createTestDatabase();
});
afterAll(async () => {
  for (const queue of queues) await queue.stop(1_000);
  await testDb?.dispose();
});

const silent = pino({ level: 'silent' });

function newQueue(options: JobQueueOptions = {}, logger: pino.Logger = silent): JobQueue {
  const queue = new JobQueue(testDb.database, logger, { pollingIntervalSeconds: 0.2, ...options });
  queues.push(queue);
  return queue;
}

interface JobRow {
  id: string;
  state: string;
  retry_count: number;
  output: { value?: unknown; message?: string } | null;
}

async function jobsOf(name: string): Promise<JobRow[]> {
  const { rows } = await testDb.database.executeSql(
    'SELECT id, state, retry_count, output FROM pgboss.job WHERE name = $1 ORDER BY created_on, id',
    [name],
  );
  return rows as unknown as JobRow[];
}

/** Reads the queue's jobs until `done` holds; the test's timeout bounds the wait. */
async function waitForJobs(name: string, done: (rows: JobRow[]) => boolean): Promise<JobRow[]> {
  for (;;) {
    const rows = await jobsOf(name);
    if (done(rows)) return rows;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

const allIn = (states: string[]) => (rows: JobRow[]) => rows.length > 0 && rows.every((r) => states.includes(r.state));

describe('batches', () => {
  it('completes or fails each job of a batch on its own', async () => {
    const name = 'test-batch-mates';
    const fetched: number[] = [];
    const definition: JobDefinition<{ n?: number }> = {
      name,
      concurrency: 5,
      async run({ n }) {
        if (n === 3) throw new Error('job 3 broke');
        return { doubled: (n ?? 0) * 2 };
      },
    };
    const queue = newQueue({ onFetch: (queueName, count) => queueName === name && fetched.push(count) });
    await queue.prepare([definition]);
    for (let n = 1; n <= 5; n += 1) await queue.send(name, { n });
    queue.work();

    const rows = await waitForJobs(name, allIn(['completed', 'failed']));
    expect(fetched[0]).toBe(5);
    const byN = new Map(rows.map((row, index) => [index + 1, row]));
    for (const n of [1, 2, 4, 5]) {
      // Done on the first attempt: a failing batch-mate did not send it round again.
      expect(byN.get(n)).toMatchObject({ state: 'completed', retry_count: 0, output: { doubled: n * 2 } });
    }
    expect(byN.get(3)).toMatchObject({ state: 'failed', output: { message: 'job 3 broke' } });
  });

  it('takes a long queue many jobs a fetch, without waiting for the polling interval in between', async () => {
    const name = 'test-throughput';
    const fetched: number[] = [];
    // An hour between polls: only fetches that follow a full one can run in this test.
    const queue = newQueue({
      pollingIntervalSeconds: 3_600,
      onFetch: (queueName, count) => queueName === name && fetched.push(count),
    });
    await queue.prepare([{ name, concurrency: 20, run: async () => ({ ok: true }) }]);
    for (let n = 0; n < 50; n += 1) await queue.send(name, { n });
    queue.work();

    const rows = await waitForJobs(name, (all) => all.filter((row) => row.state === 'completed').length === 50);
    expect(rows).toHaveLength(50);
    expect(fetched[0]).toBe(20);
    // One job a fetch (pg-boss's batchSize 1) would take 50 fetches.
    expect(fetched.length).toBeLessThanOrEqual(10);
  });
});

describe('concurrency', () => {
  it('runs a queue one job at a time unless its definition allows more', async () => {
    const name = 'test-one-at-a-time';
    let running = 0;
    let most = 0;
    const queue = newQueue();
    await queue.prepare([
      {
        name,
        async run() {
          running += 1;
          most = Math.max(most, running);
          await new Promise((resolve) => setTimeout(resolve, 20));
          running -= 1;
        },
      },
    ]);
    for (let n = 0; n < 4; n += 1) await queue.send(name, { n });
    queue.work();
    await waitForJobs(name, (rows) => rows.length === 4 && allIn(['completed'])(rows));
    expect(most).toBe(1);
  });
});

describe('stopping', () => {
  it('hands back the jobs still running at the timeout, without spending an attempt, for another process', async () => {
    const name = 'test-hand-back';
    let startedRuns = 0;
    let finishLate: () => void = () => undefined;
    const late = new Promise<void>((resolve) => (finishLate = resolve));
    const slow: JobDefinition<{ mode?: string }> = {
      name,
      concurrency: 2,
      async run({ mode }, { signal }) {
        startedRuns += 1;
        if (mode === 'stops-at-step') {
          // A job that ends at its next step boundary once the process stops.
          await new Promise((resolve) => signal?.addEventListener('abort', resolve));
          signal?.throwIfAborted();
        }
        await late;
        return { finishedBy: 'the stopped process' };
      },
    };
    const first = newQueue();
    await first.prepare([slow]);
    await first.send(name, { mode: 'ignores-stop' });
    await first.send(name, { mode: 'stops-at-step' });
    first.work();
    await waitForJobs(name, (rows) => rows.length === 2 && allIn(['active'])(rows) && startedRuns === 2);

    await first.stop(300);
    const handedBack = await jobsOf(name);
    expect(handedBack.map((row) => [row.state, row.retry_count])).toEqual([
      ['retry', 0],
      ['retry', 0],
    ]);
    // The stopped process's run ending later records nothing.
    finishLate();
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect((await jobsOf(name)).map((row) => row.state)).toEqual(['retry', 'retry']);

    const second = newQueue();
    await second.start([{ name, run: async () => ({ finishedBy: 'another process' }) }]);
    const rows = await waitForJobs(name, allIn(['completed']));
    expect(rows.map((row) => [row.retry_count, row.output])).toEqual([
      [0, { finishedBy: 'another process' }],
      [0, { finishedBy: 'another process' }],
    ]);
  });
});

describe('request ids', () => {
  it('carries the id of the request that queued a job into its data and its log lines', async () => {
    const name = 'test-request-id';
    const lines: Record<string, unknown>[] = [];
    const sink = new Writable({
      write(chunk: Buffer, _encoding, callback) {
        lines.push(JSON.parse(chunk.toString()) as Record<string, unknown>);
        callback();
      },
    });
    const queue = newQueue({}, pino({ level: 'info' }, sink));
    const seen: unknown[] = [];
    await queue.start([
      {
        name,
        async run(data) {
          seen.push(data);
        },
      },
    ]);
    const id = await runWithRequestContext({ requestId: 'req-abc' }, () => queue.send(name, { n: 1 }));
    const outside = await queue.send(name, { n: 2 });
    await waitForJobs(name, (rows) => rows.length === 2 && allIn(['completed'])(rows));

    expect((await queue.getJob(name, id))?.data).toEqual({ requestId: 'req-abc', n: 1 });
    expect((await queue.getJob(name, outside))?.data).toEqual({ n: 2 });
    const completed = lines.filter((line) => line.msg === 'job completed');
    expect(completed.find((line) => line.jobId === id)).toMatchObject({ job: name, requestId: 'req-abc' });
    expect(completed.find((line) => line.jobId === outside)).not.toHaveProperty('requestId');
  });
});
