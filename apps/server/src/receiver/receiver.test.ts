import { createHmac } from 'node:crypto';
import { solveChallenge, type Challenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DeliveryList, ReceivedDetail, ReceivedList, SyncBatchPayload, SyncRunList } from '@portal/contracts';
import { NO_GRANTS } from '../portal/role-groups.ts';
import { startPortalTestServer, userClaims, type PortalTestServer } from '../portal/testing.ts';
import { RECEIVER_NOT_AUTHORIZED } from './inspect-routes.ts';
import { receiverPart } from './part.ts';
import { listReceived, MAX_STORED_BODY_BYTES, RECEIVED_KEPT, recordReceived } from './received.ts';
import { receiverEndpoint, receiverSigningKey } from './signing-key.ts';

let t: PortalTestServer;
const tokens = { owner: '', syncer: '', viewer: '' };
let key = '';
let endpoint = '';

const sign = (secret: string, body: string) => createHmac('sha256', secret).update(body, 'utf8').digest('base64');

/** POSTs `body` to a receiver URL as the platform does, signed with `secret` unless it is null. */
async function deliver(url: string, body: string, secret: string | null, deliveryId?: string) {
  const response = await fetch(url, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      ...(secret === null ? {} : { 'X-oc-hash': sign(secret, body) }),
      ...(deliveryId ? { 'X-Delivery-Id': deliveryId } : {}),
    },
    body,
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

const list = async (token: string, query = '') =>
  (await t.call(`/receiver/requests${query}`, token)) as { status: number; body: ReceivedList };

async function solved(): Promise<string> {
  const challenge = (await t.call('/captcha/challenge', tokens.syncer)).body as Challenge;
  const solution = await solveChallenge({ challenge, deriveKey });
  if (!solution) throw new Error('captcha not solved');
  return Buffer.from(JSON.stringify({ challenge, solution })).toString('base64');
}

beforeAll(async () => {
  t = await startPortalTestServer({ jobs: true, extraParts: [receiverPart] });
  tokens.owner = await t.identity.sign(userClaims('owner@org.test', ['Organization Owner']));
  tokens.syncer = await t.identity.sign(userClaims('syncer@org.test', ['Organization User']));
  tokens.viewer = await t.identity.sign(userClaims('viewer@org.test', ['Organization User']));
  await t.call('/marketplace/roles/custom-group-1', tokens.owner, {
    method: 'PUT',
    body: JSON.stringify({ Id: 'custom-group-1', Name: 'Syncers', ...NO_GRANTS, OcRoles: [], SyncAdmin: true }),
  });
  await t.call('/marketplace/roles/custom-group-1/members/syncer@org.test', tokens.owner, { method: 'PUT' });
  key = await receiverSigningKey(t.server.database.db, 'mkt1');
  endpoint = receiverEndpoint(t.config.publicUrl, 'mkt1');
  await t.store.put('Catalogs', [], { ID: 'cat1', Name: 'Catalog', Active: true, xp: {} });
  for (const id of ['lamp', 'tent', 'stove']) {
    await t.store.put('Products', [], { ID: id, Name: id, Active: true, xp: {} });
    await t.store.saveAssignment('ProductCatalogAssignment', [], ['CatalogID', 'ProductID'], {
      CatalogID: 'cat1',
      ProductID: id,
    });
  }
  // What the demo seed writes for the demo marketplace (platform/seed/demo-receiver.ts), here for mkt1.
  await t.store.put('DeliveryConfigurations', [], {
    ID: 'demo-receiver',
    Name: 'Demo receiver',
    Enabled: true,
    DeliveryTargets: { Http: { Endpoint: endpoint, Secret: key } },
  });
});
afterAll(async () => {
  await t?.dispose();
});

describe('the demo receiver', () => {
  it('takes a sync end to end: the run is delivered and the inspector shows the batch, with its delivery id', async () => {
    const trigger = await t.call('/synchronizecatalog', tokens.syncer, {
      method: 'POST',
      body: JSON.stringify({ CatalogID: 'cat1', Recaptcha: { Token: await solved() } }),
    });
    expect(trigger.status).toBe(202);
    const runId = (trigger.body as { ID: string }).ID;
    await expect
      .poll(
        async () => {
          const { Items } = (await t.call('/syncs', tokens.syncer)).body as SyncRunList;
          const run = Items.find((item) => item.ID === runId);
          return run && { Status: run.Status, Delivered: run.Deliveries.Delivered, Items: run.ItemsDelivered };
        },
        { timeout: 20_000, interval: 250 },
      )
      .toEqual({ Status: 'Completed', Delivered: 1, Items: 3 });
    const log = (await t.call(`/deliveries?source=Sync&sourceID=${runId}`, tokens.syncer)).body as DeliveryList;
    const deliveryId = log.Items[0]?.ID;
    expect(log.Items[0]?.LastStatusCode).toBe(200);

    const { status, body } = await list(tokens.syncer);
    expect(status).toBe(200);
    expect(body.Meta).toEqual({ ReceiverUrl: endpoint, Kept: RECEIVED_KEPT });
    const received = body.Items.find((item) => item.DeliveryID === deliveryId);
    expect(received).toMatchObject({
      Method: 'POST',
      Kind: 'Sync',
      Summary: 'Products, batch 1 (last), 3 items',
      Outcome: 'Accepted',
      ResponseStatus: 200,
      BodyTruncated: false,
    });
    const detail = (await t.call(`/receiver/requests/${received?.ID}`, tokens.syncer)).body as ReceivedDetail;
    const batch = JSON.parse(detail.Body) as SyncBatchPayload;
    expect(batch).toMatchObject({ SyncRunID: runId, MarketplaceID: 'mkt1', Entity: 'Products', IsLastBatch: true });
    expect((batch.Items as { ID: string }[]).map((item) => item.ID).sort()).toEqual(['lamp', 'stove', 'tent']);
    expect(detail.Headers['x-delivery-id']).toBe(deliveryId);
    expect(detail.Headers['x-oc-hash']).toBe(sign(key, detail.Body));
  });

  it('refuses, and does not keep, a request that is unsigned, wrongly signed or signed for another marketplace', async () => {
    const before = (await list(tokens.owner)).body.Items.length;
    const body = JSON.stringify({ Event: 'Forged' });
    const otherKey = await receiverSigningKey(t.server.database.db, 'mkt2');
    expect(otherKey).not.toBe(key);
    for (const secret of [null, 'guessed', otherKey]) {
      const answer = await deliver(endpoint, body, secret);
      expect(answer.status).toBe(401);
      expect(answer.body.error).toBe('InvalidSignature');
    }
    expect((await list(tokens.owner)).body.Items.length).toBe(before);
  });

  it('answers a repeated delivery id 200 and shows it as a duplicate', async () => {
    const body = JSON.stringify({ SyncRunID: 'r-dup', Entity: 'Users', Batch: 2, IsLastBatch: false, Items: [{}] });
    const first = await deliver(endpoint, body, key, 'delivery-dup');
    const second = await deliver(endpoint, body, key, 'delivery-dup');
    expect([first.status, first.body.Outcome]).toEqual([200, 'Accepted']);
    expect([second.status, second.body.Outcome]).toEqual([200, 'Duplicate']);
    const newest = (await list(tokens.syncer, '?limit=2')).body.Items;
    expect(newest.map((item) => [item.DeliveryID, item.Outcome, item.Summary])).toEqual([
      ['delivery-dup', 'Duplicate', 'Users, batch 2, 1 item'],
      ['delivery-dup', 'Accepted', 'Users, batch 2, 1 item'],
    ]);
  });

  it('keeps a body PostgreSQL could not store as text, instead of failing', async () => {
    const body = '{"SyncRunID":"r-nul","Entity":"Bad\\u0000Name","Items":[]}';
    expect((await deliver(endpoint, body, key)).status).toBe(200);
    const [newest] = (await list(tokens.syncer, '?limit=1')).body.Items;
    expect(newest?.Summary).toBe('Bad\uFFFDName, 0 items');
  });

  it('keeps the start of a body over the limit, saying so, and still reads its kind from the whole body', async () => {
    const body = JSON.stringify({
      Filler: 'é'.repeat(MAX_STORED_BODY_BYTES),
      SyncRunID: 'r-big',
      Entity: 'Orders',
      Items: [],
    });
    expect((await deliver(endpoint, body, key)).status).toBe(200);
    const [newest] = (await list(tokens.syncer, '?limit=1')).body.Items;
    expect(newest).toMatchObject({
      Summary: 'Orders, 0 items',
      BodyBytes: Buffer.byteLength(body),
      BodyTruncated: true,
    });
    const detail = (await t.call(`/receiver/requests/${newest?.ID}`, tokens.syncer)).body as ReceivedDetail;
    // Cut on a character boundary: 'é' is two bytes, so no half character (U+FFFD) is left at the end.
    expect(Buffer.byteLength(detail.Body)).toBeLessThanOrEqual(MAX_STORED_BODY_BYTES);
    expect(detail.Body.startsWith('{"Filler":"éé')).toBe(true);
    expect(detail.Body.endsWith('é')).toBe(true);
  });

  it('shows the inspector only to SyncAdmin, and webhook calls only to those who may read webhooks', async () => {
    for (const path of ['/receiver/requests', '/receiver/requests/1']) {
      const refused = await t.call(path, tokens.viewer);
      expect(refused.status).toBe(403);
      expect((refused.body as { detail: string }).detail).toBe(RECEIVER_NOT_AUTHORIZED);
      expect((await t.call(path, undefined)).status).toBe(401);
    }
    const hook = JSON.stringify({ Route: 'v1/products/{productID}', Verb: 'PUT', UserToken: 'a token' });
    expect((await deliver(endpoint, hook, key, 'delivery-hook')).status).toBe(200);
    const seenBy = async (token: string) =>
      (await list(token)).body.Items.filter((item) => item.DeliveryID === 'delivery-hook').map((item) => item.Summary);
    // The owner holds FullAccess; the syncer's group has SyncAdmin and no platform roles.
    expect(await seenBy(tokens.owner)).toEqual(['PUT v1/products/{productID}']);
    expect(await seenBy(tokens.syncer)).toEqual([]);
    const hookId = (await list(tokens.owner, '?limit=1')).body.Items[0]?.ID;
    expect((await t.call(`/receiver/requests/${hookId}`, tokens.syncer)).status).toBe(404);
    expect((await t.call(`/receiver/requests/${hookId}`, tokens.owner)).status).toBe(200);
  });

  it('answers bad ids and limits with a 400 and an unknown id with a 404', async () => {
    expect((await t.call('/receiver/requests/abc', tokens.syncer)).status).toBe(400);
    expect((await t.call('/receiver/requests/99999999', tokens.syncer)).status).toBe(404);
    expect((await list(tokens.syncer, '?limit=0')).status).toBe(400);
    expect((await list(tokens.syncer, `?limit=${RECEIVED_KEPT + 1}`)).status).toBe(400);
    const notPosted = await fetch(`${t.config.publicUrl}/receiver/bad%20id`, { method: 'POST', body: '{}' });
    expect(notPosted.status).toBe(404);
  });

  it(`keeps the newest ${RECEIVED_KEPT} per marketplace`, async () => {
    const db = t.server.database.db;
    const marketplaceId = 'mkt-retention';
    const mkt1Before = (await list(tokens.owner, '?limit=200')).body.Items.length;
    for (let index = 1; index <= RECEIVED_KEPT + 5; index += 1) {
      await recordReceived(db, {
        marketplaceId,
        method: 'POST',
        kind: 'Other',
        summary: `request ${index}`,
        deliveryId: `d${index}`,
        headers: {},
        body: Buffer.from('{}'),
      });
    }
    // Another marketplace's requests are untouched by this one's trimming.
    expect((await list(tokens.owner, '?limit=200')).body.Items.length).toBe(mkt1Before);
    const kept = await listReceived(db, marketplaceId, ['Other'], { limit: RECEIVED_KEPT + 5 });
    expect(kept.length).toBe(RECEIVED_KEPT);
    expect(kept[0]?.Summary).toBe(`request ${RECEIVED_KEPT + 5}`);
    expect(kept.at(-1)?.Summary).toBe('request 6');
    const older = await listReceived(db, marketplaceId, ['Other'], { limit: 2, before: Number(kept[1]?.ID) });
    expect(older.map((item) => item.Summary)).toEqual([`request ${RECEIVED_KEPT + 3}`, `request ${RECEIVED_KEPT + 2}`]);
  });
});
