import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DeliveryList } from '@portal/contracts';
import { seedPlatformUsers, startPortalTestServer, type PortalTestServer } from '../../portal/testing.ts';
import type { CompletedCall } from '../resources/types.ts';
import { routeKey, webhookPayload } from './webhooks.ts';
import { startReceiver, type TestReceiver } from './testing.ts';

let t: PortalTestServer;
let receiver: TestReceiver;
let adminToken = '';
let platformUrl = '';

async function platform(method: string, path: string, body?: unknown, token = adminToken) {
  const response = await fetch(`${platformUrl}${path}`, {
    method,
    headers: {
      authorization: `Bearer ${token}`,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const text = await response.text();
  return { status: response.status, body: text ? (JSON.parse(text) as unknown) : undefined };
}

async function mgmt(path: string, body?: unknown) {
  const response = await fetch(`${t.config.platformMgmtUrl}${path}`, {
    method: body === undefined ? 'GET' : 'POST',
    headers: {
      authorization: `Bearer ${t.config.platformMgmtSecret}`,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  return (await response.json()) as unknown;
}

beforeAll(async () => {
  t = await startPortalTestServer({ jobs: true });
  platformUrl = `${t.config.publicUrl}/platform/v1`;
  receiver = await startReceiver();
  await seedPlatformUsers(t.store);
  const token = (await mgmt('/marketplaces/mkt1/tokens', { Username: 'ops', Roles: ['FullAccess'] })) as {
    access_token: string;
  };
  adminToken = token.access_token;
});
afterAll(async () => {
  await receiver?.close();
  await t?.dispose();
});

describe('post-hook webhooks', () => {
  it('compares routes without case or parameter names, and never passes on a typed password', () => {
    expect(routeKey('v1/products/{productID}')).toBe(routeKey('/V1/Products/{id}/'));
    expect(routeKey('v1/products')).not.toBe(routeKey('v1/products/{productID}'));
    const call = {
      method: 'POST',
      path: '/buyers/{buyerID}/users',
      auth: {} as CompletedCall['auth'],
      params: { buyerID: 'b1' },
      query: {},
      body: { Username: 'u', Password: 'typed' },
      result: { ID: 'u' },
      token: null,
    };
    expect(webhookPayload({ ID: 'w' }, call)).toMatchObject({
      Route: 'v1/buyers/{buyerID}/users',
      Request: { Body: { Username: 'u', Password: null } },
      ConfigData: null,
    });
  });

  it('fire after a product save, signed with the HashKey, in the public payload shape, and are logged', async () => {
    const created = await platform('POST', '/webhooks', {
      ID: 'product-saved',
      Name: 'Product saved',
      Url: `${receiver.url}/product-saved`,
      HashKey: 'webhook-key',
      ApiClientIDs: ['mkt1-admin'],
      ConfigData: { Environment: 'test' },
      WebhookRoutes: [{ Route: 'v1/products/{productID}', Verb: 'PUT' }],
    });
    expect(created.status).toBe(201);
    // Calls the webhook does not name: another verb, another route.
    await platform('POST', '/products', { ID: 'lamp-0', Name: 'Lamp zero' });
    await platform('GET', '/products/lamp-0');
    const saved = await platform('PUT', '/products/lamp-1?extra=1', { Name: 'Lamp' });
    expect(saved.status).toBe(200);

    const [request] = await receiver.waitFor(1);
    expect(request?.path).toBe('/product-saved');
    expect(request?.signedWith('webhook-key')).toBe(true);
    expect(request?.body).toEqual({
      Route: 'v1/products/{productID}',
      RouteParams: { productID: 'lamp-1' },
      QueryParams: { extra: '1' },
      Verb: 'PUT',
      Date: expect.any(String),
      LogID: expect.any(String),
      UserToken: adminToken,
      Request: { Body: { Name: 'Lamp' } },
      Response: { Body: expect.objectContaining({ ID: 'lamp-1', Name: 'Lamp' }) },
      ConfigData: { Environment: 'test' },
    });
    // The log shows it delivered (the job records the attempt just after the receiver answers).
    await expect
      .poll(async () => ((await mgmt('/marketplaces/mkt1/deliveries?source=Webhook')) as DeliveryList).Items, {
        timeout: 10_000,
      })
      .toEqual([
        expect.objectContaining({
          SourceID: 'product-saved',
          PayloadKind: 'PUT v1/products/{productID}',
          TargetKind: 'Url',
          Status: 'Delivered',
          LastStatusCode: 200,
          Attempts: 1,
        }),
      ]);
    expect(receiver.received).toHaveLength(1);
    // The POST names the delivery the log shows, so a receiver can drop a repeat of it.
    const [logged] = ((await mgmt('/marketplaces/mkt1/deliveries?source=Webhook')) as DeliveryList).Items;
    expect(request?.headers['x-delivery-id']).toBe(logged?.ID);
  });

  it('fire only for calls through their API clients', async () => {
    await platform('PATCH', '/webhooks/product-saved', { ApiClientIDs: ['storefront'] });
    const logIds = async () =>
      ((await mgmt('/marketplaces/mkt1/deliveries?sourceID=product-saved')) as DeliveryList).Items.map(
        (entry) => entry.ID,
      );
    const loggedBefore = await logIds();
    expect(loggedBefore).toHaveLength(1);
    expect((await platform('PUT', '/products/lamp-2', { Name: 'Lamp two' })).status).toBe(200);
    expect((await platform('PUT', '/products/lamp-2', { Name: 'Lamp two again' })).status).toBe(200);
    // A webhook's deliveries are logged before the write answers (a job sends them later), so the log is the whole
    // answer at once: nothing new for calls through another client. (Counting what the receiver got here
    // would prove nothing: a wrongly queued delivery arrives only after the job runs.)
    expect(await logIds()).toEqual(loggedBefore);
  });

  it('deliver through their delivery configuration: Http sent, other kinds logged as not delivered', async () => {
    await platform('POST', '/integrations/deliveryconfig', {
      ID: 'dc-http',
      Name: 'HTTP and Kafka',
      Enabled: true,
      DeliveryTargets: {
        Http: { Endpoint: `${receiver.url}/through-config`, Secret: 'config-secret' },
        Kafka: { BootstrapServers: 'kafka:9092', Topic: 'products' },
      },
    });
    expect(
      (
        await platform('POST', '/webhooks', {
          ID: 'buyer-created',
          Name: 'Buyer created',
          DeliveryConfigID: 'dc-http',
          ApiClientIDs: ['mkt1-admin'],
          WebhookRoutes: [{ Route: 'v1/buyers', Verb: 'POST' }],
        })
      ).status,
    ).toBe(201);
    const before = receiver.received.length;
    expect((await platform('POST', '/buyers', { ID: 'b-new', Name: 'New buyer' })).status).toBe(201);
    const received = await receiver.waitFor(before + 1);
    const request = received[before];
    expect(request?.path).toBe('/through-config');
    expect(request?.signedWith('config-secret')).toBe(true);
    expect(request?.body).toMatchObject({ Route: 'v1/buyers', Verb: 'POST', RouteParams: {} });
    const log = (await mgmt('/marketplaces/mkt1/deliveries?sourceID=buyer-created')) as DeliveryList;
    expect(log.Items.map((entry) => [entry.TargetKind, entry.Status === 'NotDelivered'])).toEqual(
      expect.arrayContaining([
        ['Http', false],
        ['Kafka', true],
      ]),
    );
  });
});
