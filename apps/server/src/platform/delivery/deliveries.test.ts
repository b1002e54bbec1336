import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../testing/test-database.ts';
import { attemptDelivery, deliverDue, dueDeliveries, recordDeliveries, type NewDelivery } from './deliveries.ts';
import { listDeliveries } from './log.ts';
import { deliverySettings } from './send.ts';
import { configTargets, type HttpTarget } from './targets.ts';
import { startReceiver, type TestReceiver } from './testing.ts';

let t: TestDatabase;
let receiver: TestReceiver;
const MARKETPLACE = 'mp-deliveries';
const KEY = 'shared-secret';
const T0 = new Date('2026-01-05T10:00:00.000Z');
const at = (ms: number) => new Date(T0.getTime() + ms);

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
    const [id] = await recordDeliveries(t.database.db, [delivery()], T0);
    const outcome = await attemptDelivery(t.database.db, id as string, T0);
    expect(outcome).toMatchObject({ status: 'Delivered', statusCode: 200, attempt: 1 });
    const [request] = receiver.received;
    expect(request?.path).toBe('/hook');
    expect(request?.body).toEqual({ Route: 'v1/products/{productID}', Verb: 'PUT', Note: 'é ✓' });
    expect(request?.signedWith(KEY)).toBe(true);
    expect(request?.signedWith('another key')).toBe(false);
    expect(request?.headers['x-api-key']).toBe('abc');
    expect(request?.headers['content-type']).toBe('application/json');
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
    expect(await attemptDelivery(t.database.db, id as string, at(60_000))).toBeUndefined();
  });

  it('retries a 5xx after its back-off, and not before', async () => {
    receiver.script.push(503);
    const [id] = await recordDeliveries(t.database.db, [delivery()], T0);
    const first = await attemptDelivery(t.database.db, id as string, T0);
    expect(first).toMatchObject({
      status: 'Retrying',
      statusCode: 503,
      nextAttemptAt: at(deliverySettings.backoffMs[0] as number),
    });
    expect(await deliverDue(t.database.db, at(5_000))).toEqual([]);
    const second = await deliverDue(t.database.db, at(10_000));
    expect(second).toEqual([expect.objectContaining({ id, status: 'Delivered', attempt: 2, statusCode: 200 })]);
    expect(receiver.received).toHaveLength(2);
    expect(receiver.received[0]?.raw).toBe(receiver.received[1]?.raw);
    const [entry] = await log();
    expect(entry?.AttemptLog.map((attempt) => [attempt.Attempt, attempt.StatusCode])).toEqual([
      [1, 503],
      [2, 200],
    ]);
  });

  it('does not retry a 4xx', async () => {
    receiver.script.push(400);
    const [id] = await recordDeliveries(t.database.db, [delivery()], T0);
    expect(await attemptDelivery(t.database.db, id as string, T0)).toMatchObject({ status: 'Failed', statusCode: 400 });
    expect(await deliverDue(t.database.db, at(24 * 3600_000))).toEqual([]);
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
    const [id] = await recordDeliveries(t.database.db, [delivery({ target: { ...target(), url } })], T0);
    let now = T0;
    const waits: number[] = [];
    for (;;) {
      const outcome = await attemptDelivery(t.database.db, id as string, now);
      expect(outcome?.statusCode).toBeNull();
      if (outcome?.status !== 'Retrying') {
        expect(outcome?.status).toBe('Failed');
        break;
      }
      waits.push((outcome.nextAttemptAt as Date).getTime() - now.getTime());
      now = outcome.nextAttemptAt as Date;
    }
    expect(waits).toEqual(deliverySettings.backoffMs);
    const [entry] = await log();
    expect(entry).toMatchObject({ Status: 'Failed', Attempts: 5 });
    expect(entry?.LastError).toMatch(/^Could not be reached/);
  });

  it('gives up on a receiver that does not answer in time, and tries again', async () => {
    const saved = deliverySettings.timeoutMs;
    deliverySettings.timeoutMs = 300;
    try {
      receiver.script.push('hang');
      const [id] = await recordDeliveries(t.database.db, [delivery()], T0);
      const outcome = await attemptDelivery(t.database.db, id as string, T0);
      expect(outcome).toMatchObject({ status: 'Retrying', statusCode: null });
      expect((await log())[0]?.LastError).toBe('No answer within 0.3 seconds.');
    } finally {
      deliverySettings.timeoutMs = saved;
    }
  });

  it('sends a delivery once when two workers claim it at the same time', async () => {
    const [id] = await recordDeliveries(t.database.db, [delivery()], T0);
    const outcomes = await Promise.all(
      Array.from({ length: 5 }, () => attemptDelivery(t.database.db, id as string, T0)),
    );
    expect(outcomes.filter(Boolean)).toHaveLength(1);
    expect(receiver.received).toHaveLength(1);
  });

  it('makes an attempt cut short by a crash due again', async () => {
    const [id] = await recordDeliveries(t.database.db, [delivery()], T0);
    await t.database.db.execute(
      sql`UPDATE platform.deliveries SET status = 'Sending', attempts = 1, claimed_at = ${T0.toISOString()}::timestamptz WHERE id = ${id}`,
    );
    expect(await dueDeliveries(t.database.db, at(60_000))).toEqual([]);
    expect(await dueDeliveries(t.database.db, at(3 * 60_000))).toEqual([id]);
    expect(await attemptDelivery(t.database.db, id as string, at(3 * 60_000))).toMatchObject({
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
      T0,
    );
    expect(ids).toHaveLength(2);
    await deliverDue(t.database.db, T0);
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
