import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from './app.ts';
import { JobQueue } from './jobs/job-queue.ts';
import type { Part } from './part.ts';
import { createDeliveryQueue, deliveryJob, DELIVERY_JOB } from './platform/delivery/jobs.ts';
import { createTestDatabase, testConfig, type TestDatabase } from './testing/test-database.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const ECHO_JOB = 'test-request-echo';

let testDb: TestDatabase;
let queue: JobQueue;
let app: FastifyInstance;
let baseUrl: string;
const lines: Record<string, unknown>[] = [];
const logStream = { write: (line: string) => lines.push(JSON.parse(line) as Record<string, unknown>) };

/** Routes that queue jobs while serving a request, as the parts do. */
const testPart: Part = {
  name: 'test',
  prefix: '/test',
  async plugin(part) {
    part.post('/send', async () => ({ jobId: await queue.send(ECHO_JOB, { n: 1 }) }));
    part.post('/deliver', async () => {
      await createDeliveryQueue(part.database, (error) => {
        throw error;
      })(['delivery-of-test']);
      return { queued: true };
    });
    part.get('/items/:id', async () => ({ ok: true }));
  },
};

beforeAll(async () => {
  testDb = await createTestDatabase();
  // Queues only (no workers), so the jobs stay as queued for the tests to read.
  queue = new JobQueue(testDb.database, pino({ level: 'silent' }));
  await queue.prepare([{ name: ECHO_JOB, run: async () => undefined }, deliveryJob]);
  app = await buildApp({
    config: testConfig(testDb.target, { logLevel: 'info' }),
    database: testDb.database,
    parts: [testPart],
    logStream,
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  baseUrl = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await app?.close();
  await queue?.stop(1_000);
  await testDb?.dispose();
});

describe('request ids', () => {
  it('keeps an incoming id that is a short plain token', async () => {
    for (const id of ['abc', 'trace-123', 'a.b_c:d-e', 'x'.repeat(128)]) {
      const response = await app.inject({ method: 'GET', url: '/healthz', headers: { 'x-request-id': id } });
      expect(response.headers['x-request-id'], id).toBe(id);
    }
  });

  it('answers a new UUID instead of an id that is not', async () => {
    for (const id of ['has space', 'x'.repeat(129), '<script>', 'a/b', 'é', '']) {
      const response = await app.inject({ method: 'GET', url: '/healthz', headers: { 'x-request-id': id } });
      expect(response.headers['x-request-id'], id).toMatch(UUID);
    }
    const none = await app.inject({ method: 'GET', url: '/healthz' });
    expect(none.headers['x-request-id']).toMatch(UUID);
  });

  it('gives the jobs a request queues its id, after its body is read from the socket too', async () => {
    const send = (headers: Record<string, string>) =>
      fetch(`${baseUrl}/test/send`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...headers },
        body: JSON.stringify({ some: 'body' }),
      });
    const response = await send({ 'x-request-id': 'req-job-1' });
    const job = await queue.getJob(ECHO_JOB, ((await response.json()) as { jobId: string }).jobId);
    expect(job?.data).toEqual({ requestId: 'req-job-1', n: 1 });

    const generated = await send({});
    const second = await queue.getJob(ECHO_JOB, ((await generated.json()) as { jobId: string }).jobId);
    expect(second?.data).toEqual({ requestId: generated.headers.get('x-request-id'), n: 1 });
  });

  it('gives the deliveries a request queues its id', async () => {
    await app.inject({
      method: 'POST',
      url: '/test/deliver',
      headers: { 'x-request-id': 'req-delivery' },
      payload: {},
    });
    const { rows } = await testDb.database.executeSql('SELECT data FROM pgboss.job WHERE name = $1', [DELIVERY_JOB]);
    expect(rows.map((row) => row.data)).toEqual([{ deliveryId: 'delivery-of-test', requestId: 'req-delivery' }]);
  });
});

describe('request log', () => {
  it('writes one line per request with its id, route, status and time', async () => {
    await app.inject({ method: 'GET', url: '/test/items/42?view=full', headers: { 'x-request-id': 'req-line' } });
    const mine = lines.filter((line) => line.requestId === 'req-line');
    expect(mine).toEqual([
      expect.objectContaining({
        level: 30,
        msg: 'request completed',
        requestId: 'req-line',
        method: 'GET',
        route: '/test/items/:id',
        url: '/test/items/42?view=full',
        statusCode: 200,
        responseTime: expect.any(Number),
      }),
    ]);
  });

  it('follows LOG_LEVEL: above info, no request lines', async () => {
    const quiet: string[] = [];
    const warnApp = await buildApp({
      config: testConfig(testDb.target, { logLevel: 'warn' }),
      database: testDb.database,
      parts: [testPart],
      logStream: { write: (line) => quiet.push(line) },
    });
    await warnApp.inject({ method: 'GET', url: '/test/items/1' });
    await warnApp.close();
    expect(quiet).toEqual([]);
  });
});
