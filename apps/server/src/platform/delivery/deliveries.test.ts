import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { rowsOf } from '../../db/rows.ts';
import { deliveryAttempts } from '../../observability/metrics.ts';
import { createTestDatabase, type TestDatabase } from '../../testing/test-database.ts';
import { attemptDelivery, deliverDue, dueDeliveries, recordDeliveries, type NewDelivery } from './deliveries.ts';
import { listDeliveries } from './log.ts';
import { DELIVERY_SETTINGS } from './send.ts';
import { configTargets, type HttpTarget } from './targets.ts';
import { startReceiver, type TestReceiver } from './testing.ts';

let t: TestDatabase;
let receiver: TestReceiver;
const MARKETPLACE = 'mp-deliveries';
const KEY = 'shared-secret';

/**
 * Lets `ms` pass by the database's clock, the only one the engine reads: every time a delivery
 * holds (due, claimed, created, completed) moves that far into the past.
 */
async function later(ms: number): Promise<void> {
  const by = sql`(${ms}::double precision * interval '1 millisecond')`;
  await t.database.db.execute(
    sql`UPDATE platform.deliveries SET next_attempt_at = next_attempt_at - ${by}, claimed_at = claimed_at - ${by},
          created_at = created_at - ${by}, completed_at = completed_at - ${by}`,
  );
}
const statusOf = async (id: string) =>
  (await rowsOf<{ status: string }>(t.database.db, sql`SELECT status FROM platform.deliveries WHERE id = ${id}`))[0]
    ?.status;

const target = (path = '/hook'): HttpTarget => ({
  deliverable: true,
  kind: 'Url',
  url: `${receiver.url}${path}`,
  signingKey: KEY,
  headers: { 'X-Api-Key': 'abc' },
});
const delivery = (over: Partial<NewDelivery> = {}): NewDelivery => ({
  marketplaceId: MARKETPLACE,
  source: 'Webhook',
  sourceId: 'wh1',
  payloadKind: 'PUT v1/products/{productID}',
  target: target(),
  payload: { Route: 'v1/products/{productID}', Verb: 'PUT', Note: 'é ✓' },
  ...over,
});
const log = async () => (await listDeliveries(t.database.db, MARKETPLACE, { page: 1, pageSize: 100 })).Items;

beforeAll(async () => {
  t = await createTestDatabase();
  receiver = await startReceiver();
});
afterAll(async () => {
  await receiver?.close();
  await t?.dispose();
});
beforeEach(async () => {
  receiver.received.length = 0;
  receiver.script.length = 0;
  await t.database.db.execute(sql`DELETE FROM platform.delivery_attempts`);
  await t.database.db.execute(sql`DELETE FROM platform.deliveries`);
});

describe('the delivery engine', () => {
  it('POSTs the JSON signed with HMAC-SHA256 of the shared key in X-oc-hash, with the custom header, and logs it', async () => {
    const [id] = await recordDeliveries(t.database.db, [delivery()]);
    const outcome = await attemptDelivery(t.database.db, id as string);
    expect(outcome).toMatchObject({ status: 'Delivered', statusCode: 200, attempt: 1 });
    const [request] = receiver.received;
    expect(request?.path).toBe('/hook');
    expect(request?.body).toEqual({ Route: 'v1/products/{productID}', Verb: 'PUT', Note: 'é ✓' });
    expect(request?.signedWith(KEY)).toBe(true);
    expect(request?.signedWith('another key')).toBe(false);
    expect(request?.headers['x-api-key']).toBe('abc');
    expect(request?.headers['content-type']).toBe('application/json');
    expect(request?.headers['x-delivery-id']).toBe(id);
    const [entry] = await log();
    expect(entry).toMatchObject({
      ID: id,
      Source: 'Webhook',
      SourceID: 'wh1',
      PayloadKind: 'PUT v1/products/{productID}',
      TargetKind: 'Url',
      Target: `${receiver.url}/hook`,
      Status: 'Delivered',
      Attempts: 1,
      LastStatusCode: 200,
      LastError: null,
      AttemptLog: [{ Attempt: 1, StatusCode: 200, Error: null, DurationMs: expect.any(Number) }],
    });
    expect(JSON.stringify(entry)).not.toContain(KEY);
    // Delivered once: nothing is due any more.
    await later(60_000);
    expect(await attemptDelivery(t.database.db, id as string)).toBeUndefined();
  });

  it('retries a 5xx after its back-off, and not before, with the same delivery id on both attempts', async () => {
    receiver.script.push(503);
    const [id] = await recordDeliveries(t.database.db, [delivery()]);
    const first = await attemptDelivery(t.database.db, id as string);
    expect(first).toMatchObject({ status: 'Retrying', statusCode: 503, retryInMs: DELIVERY_SETTINGS.backoffMs[0] });
    expect(await deliverDue(t.database.db)).toEqual([]);
    await later(5_000);
    expect(await deliverDue(t.database.db)).toEqual([]);
    await later(5_000);
    const second = await deliverDue(t.database.db);
    expect(second).toEqual([expect.objectContaining({ id, status: 'Delivered', attempt: 2, statusCode: 200 })]);
    expect(receiver.received).toHaveLength(2);
    expect(receiver.received[0]?.raw).toBe(receiver.received[1]?.raw);
    // The receiver can tell the second POST is the same delivery again, and drop it if it kept the first.
    expect(receiver.received.map((request) => request.headers['x-delivery-id'])).toEqual([id, id]);
    const [entry] = await log();
    expect(entry?.ID).toBe(id);
    expect(entry?.AttemptLog.map((attempt) => [attempt.Attempt, attempt.StatusCode])).toEqual([
      [1, 503],
      [2, 200],
    ]);
  });

  it('gives different deliveries different ids, which no configured header replaces', async () => {
    const spoofing = { ...target(), headers: { 'x-delivery-id': 'chosen-by-the-admin' } };
    const ids = await recordDeliveries(t.database.db, [delivery(), delivery({ target: spoofing })]);
    await deliverDue(t.database.db);
    const sent = receiver.received.map((request) => request.headers['x-delivery-id']);
    expect(new Set(sent).size).toBe(2);
    expect([...sent].sort()).toEqual([...ids].sort());
    expect((await log()).map((entry) => entry.ID).sort()).toEqual([...ids].sort());
  });

  it('counts every attempt by its outcome in the metrics', async () => {
    const counted = async (outcome: string) =>
      (await deliveryAttempts.get()).values.find((value) => value.labels.outcome === outcome)?.value ?? 0;
    const before = {
      Delivered: await counted('Delivered'),
      Retrying: await counted('Retrying'),
      Failed: await counted('Failed'),
    };
    receiver.script.push(503, 400);
    const [retried, refused] = await recordDeliveries(t.database.db, [delivery(), delivery()]);
    await attemptDelivery(t.database.db, retried as string);
    await attemptDelivery(t.database.db, refused as string);
    await later(10_000);
    await attemptDelivery(t.database.db, retried as string);
    expect(await counted('Retrying')).toBe(before.Retrying + 1);
    expect(await counted('Failed')).toBe(before.Failed + 1);
    expect(await counted('Delivered')).toBe(before.Delivered + 1);
  });

  it('does not retry a 4xx', async () => {
    receiver.script.push(400);
    const [id] = await recordDeliveries(t.database.db, [delivery()]);
    expect(await attemptDelivery(t.database.db, id as string)).toMatchObject({ status: 'Failed', statusCode: 400 });
    await later(24 * 3600_000);
    expect(await deliverDue(t.database.db)).toEqual([]);
    expect(receiver.received).toHaveLength(1);
    expect((await log())[0]).toMatchObject({
      Status: 'Failed',
      LastError: 'The receiver answered HTTP 400.',
      Attempts: 1,
    });
  });

  it('retries network errors with a growing back-off and fails after the last attempt', async () => {
    const closed = await startReceiver();
    const url = closed.url;
    await closed.close();
    const [id] = await recordDeliveries(t.database.db, [delivery({ target: { ...target(), url } })]);
    const waits: number[] = [];
    for (;;) {
      const outcome = await attemptDelivery(t.database.db, id as string);
      expect(outcome?.statusCode).toBeNull();
      if (outcome?.status !== 'Retrying') {
        expect(outcome?.status).toBe('Failed');
        break;
      }
      waits.push(outcome.retryInMs as number);
      // Not due a moment before the back-off ends; due once it has.
      await later((outcome.retryInMs as number) - 1_000);
      expect(await dueDeliveries(t.database.db)).toEqual([]);
      await later(1_000);
    }
    expect(waits).toEqual(DELIVERY_SETTINGS.backoffMs);
    const [entry] = await log();
    expect(entry).toMatchObject({ Status: 'Failed', Attempts: 5 });
    expect(entry?.LastError).toMatch(/^Could not be reached/);
  });

  it('gives up on a receiver that does not answer in time, and tries again', async () => {
    receiver.script.push('hang');
    const [id] = await recordDeliveries(t.database.db, [delivery()]);
    const outcome = await attemptDelivery(t.database.db, id as string, { ...DELIVERY_SETTINGS, timeoutMs: 300 });
    expect(outcome).toMatchObject({ status: 'Retrying', statusCode: null });
    expect((await log())[0]?.LastError).toBe('No answer within 0.3 seconds.');
  });

  it('sends a delivery once when two workers claim it at the same time', async () => {
    const [id] = await recordDeliveries(t.database.db, [delivery()]);
    const outcomes = await Promise.all(Array.from({ length: 5 }, () => attemptDelivery(t.database.db, id as string)));
    expect(outcomes.filter(Boolean)).toHaveLength(1);
    expect(receiver.received).toHaveLength(1);
  });

  it('makes an attempt cut short by a crash due again', async () => {
    const [id] = await recordDeliveries(t.database.db, [delivery()]);
    await t.database.db.execute(
      sql`UPDATE platform.deliveries SET status = 'Sending', attempts = 1, claimed_at = now() WHERE id = ${id}`,
    );
    await later(60_000);
    expect(await dueDeliveries(t.database.db)).toEqual([]);
    await later(2 * 60_000);
    expect(await dueDeliveries(t.database.db)).toEqual([id]);
    expect(await attemptDelivery(t.database.db, id as string)).toMatchObject({
      status: 'Delivered',
      attempt: 2,
    });
  });

  it('logs targets this platform does not send to, never dropping them', async () => {
    const targets = configTargets({
      ID: 'dc1',
      Enabled: true,
      DeliveryTargets: {
        Http: { Endpoint: `${receiver.url}/http`, Secret: 's' },
        Kafka: { BootstrapServers: 'kafka:9092', Topic: 't' },
        SearchIngestion: {
          Domain: 'd',
          ApiKey: 'k',
          Content: { Locales: [], Http: { Endpoint: `${receiver.url}/ingest` } },
        },
      },
    });
    expect(targets.map((entry) => [entry.kind, entry.deliverable])).toEqual([
      ['Http', true],
      ['Kafka', false],
      ['SearchIngestion', true],
    ]);
    const ids = await recordDeliveries(
      t.database.db,
      targets.map((entry) => delivery({ target: entry })),
    );
    expect(ids).toHaveLength(2);
    await deliverDue(t.database.db);
    expect(receiver.received.map((request) => request.path).sort()).toEqual(['/http', '/ingest']);
    expect(receiver.received.find((request) => request.path === '/ingest')?.signedWith('k')).toBe(true);
    const kafka = (await log()).find((entry) => entry.TargetKind === 'Kafka');
    expect(kafka).toMatchObject({
      Status: 'NotDelivered',
      Target: 'Delivery configuration dc1, Kafka',
      LastError: 'Not delivered by this platform: it sends only to HTTP endpoints.',
      Attempts: 0,
    });
    expect(configTargets({ ID: 'off', Enabled: false, DeliveryTargets: { Http: { Endpoint: receiver.url } } })).toEqual(
      [
        expect.objectContaining({
          deliverable: false,
          reason: 'The delivery configuration is disabled (Enabled is false).',
        }),
      ],
    );
  });
});

/**
 * PGlite runs inside this process and takes its time from the same (faked) Date, so only a database
 * server has a clock of its own to hold against a skewed application clock; several processes can
 * share only a server anyway.
 */
const databaseHasItsOwnClock = Boolean(process.env.TEST_DATABASE_URL);

describe.skipIf(!databaseHasItsOwnClock)('the delivery engine with application clocks that disagree', () => {
  // Two processes on one database: A's clock 10 minutes fast, B's 10 minutes slow.
  let base = 0;
  const processA = () => vi.setSystemTime(base + 10 * 60_000);
  const processB = () => vi.setSystemTime(base - 10 * 60_000);
  beforeEach(() => {
    base = Date.now();
    vi.useFakeTimers({ toFake: ['Date'] });
  });
  afterEach(() => {
    receiver.release();
    vi.useRealTimers();
  });

  it('sends a due delivery once, whichever process recorded it and whichever claims it', async () => {
    processA();
    const [id] = await recordDeliveries(t.database.db, [delivery()]);
    processB();
    expect(await attemptDelivery(t.database.db, id as string)).toMatchObject({ status: 'Delivered', attempt: 1 });
    processA();
    expect(await attemptDelivery(t.database.db, id as string)).toBeUndefined();
    expect(await deliverDue(t.database.db)).toEqual([]);
    expect(receiver.received).toHaveLength(1);
  });

  it('does not take a fresh claim for an interrupted one in a process whose clock is ahead', async () => {
    receiver.script.push('hold');
    processB();
    const [id] = await recordDeliveries(t.database.db, [delivery()]);
    const sending = attemptDelivery(t.database.db, id as string);
    await receiver.waitFor(1);
    expect(await statusOf(id as string)).toBe('Sending');
    processA();
    expect(await dueDeliveries(t.database.db)).toEqual([]);
    expect(await statusOf(id as string)).toBe('Sending');
    receiver.release();
    expect(await sending).toMatchObject({ status: 'Delivered', attempt: 1 });
    expect(receiver.received).toHaveLength(1);
  });

  it('waits the back-off by the database clock, not the clock of the process that sent', async () => {
    receiver.script.push(503);
    processB();
    const [id] = await recordDeliveries(t.database.db, [delivery()]);
    expect(await attemptDelivery(t.database.db, id as string)).toMatchObject({ status: 'Retrying', retryInMs: 10_000 });
    processA();
    expect(await deliverDue(t.database.db)).toEqual([]);
    await later(10_000);
    processB();
    expect(await deliverDue(t.database.db)).toEqual([expect.objectContaining({ id, status: 'Delivered', attempt: 2 })]);
  });
});
