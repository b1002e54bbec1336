import pino from 'pino';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, expect, it, vi } from 'vitest';
import { rowsOf } from '../../db/rows.ts';
import { JobQueue } from '../../jobs/job-queue.ts';
import { createTestDatabase, type TestDatabase } from '../../testing/test-database.ts';
import { recordDeliveries, type NewDelivery } from './deliveries.ts';
import { createDeliveryQueue, deliveryJobWith } from './jobs.ts';
import { DELIVERY_SETTINGS } from './send.ts';
import { startReceiver, type TestReceiver } from './testing.ts';

let t: TestDatabase;
let queue: JobQueue;
let receiver: TestReceiver;

beforeAll(async () => {
  t = await createTestDatabase();
  receiver = await startReceiver();
  queue = new JobQueue(t.database, pino({ level: 'silent' }), { pollingIntervalSeconds: 0.2 });
  // The real delivery job, with retries a second apart instead of minutes.
  await queue.start([deliveryJobWith({ ...DELIVERY_SETTINGS, backoffMs: [1_000, 1_000, 1_000, 1_000] })]);
});
afterAll(async () => {
  await queue?.stop(2_000);
  await receiver?.close();
  await t?.dispose();
});
beforeEach(() => {
  receiver.received.length = 0;
  receiver.script.length = 0;
});

const delivery = (n: number): NewDelivery => ({
  marketplaceId: 'mp-jobs',
  source: 'Webhook',
  sourceId: 'wh',
  payloadKind: 'POST v1/products',
  target: { deliverable: true, kind: 'Url', url: `${receiver.url}/hook`, signingKey: null, headers: {} },
  payload: { n },
});

const failOnError = (error: unknown) => {
  throw error;
};

it('queues many deliveries in one call and sends each exactly once', async () => {
  const ids = await recordDeliveries(
    t.database.db,
    Array.from({ length: 25 }, (_, n) => delivery(n)),
  );
  // pg-boss reaches the database only through executeSql: one job insert for all 25, not 25 round trips.
  const executeSql = vi.spyOn(t.database, 'executeSql');
  try {
    await createDeliveryQueue(t.database, failOnError)(ids);
    const inserts = executeSql.mock.calls.filter(([text]) => /INSERT INTO pgboss\.job\b/i.test(text));
    expect(inserts).toHaveLength(1);
  } finally {
    executeSql.mockRestore();
  }
  await receiver.waitFor(25, 30_000);
  await expect
    .poll(async () => {
      const [row] = await rowsOf<{ n: number }>(
        t.database.db,
        sql`SELECT count(*)::int AS n FROM platform.deliveries WHERE marketplace_id = 'mp-jobs' AND status = 'Delivered'`,
      );
      return row?.n;
    })
    .toBe(25);
  const sent = receiver.received.map((request) => request.headers['x-delivery-id']);
  expect(sent).toHaveLength(25);
  expect(new Set(sent)).toEqual(new Set(ids));
});

it('queues the retry of a 5xx for when its back-off ends, and the receiver sees the same delivery id twice', async () => {
  receiver.script.push(503);
  const [id] = await recordDeliveries(t.database.db, [delivery(100)]);
  await createDeliveryQueue(t.database, failOnError)([id as string]);
  const [first, second] = await receiver.waitFor(2, 30_000);
  expect(first?.headers['x-delivery-id']).toBe(id);
  expect(second?.headers['x-delivery-id']).toBe(id);
  expect(second?.raw).toBe(first?.raw);
});
