import { solveChallenge, type Challenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DeliveryList } from '@portal/contracts';
import type { EntitySyncMetadata, SyncBatchPayload, SyncRunList, SyncRunView } from '@portal/contracts';
import { startReceiver, type ReceivedRequest, type TestReceiver } from '../platform/delivery/testing.ts';
import { NO_GRANTS } from './role-groups.ts';
import { SYNC_NOT_AUTHORIZED } from './routes-syncs.ts';
import { seedPlatformUsers, startPortalTestServer, userClaims, type PortalTestServer } from './testing.ts';

let t: PortalTestServer;
let receiver: TestReceiver;
const tokens = { owner: '', syncer: '', viewer: '' };
const SECRET = 'sync-secret';

const post = (path: string, token: string, body: unknown) =>
  t.call(path, token, { method: 'POST', body: JSON.stringify(body) });
const detail = (body: unknown) => (body as { detail: string }).detail;

async function solved(): Promise<string> {
  const challenge = (await t.call('/captcha/challenge', tokens.syncer)).body as Challenge;
  const solution = await solveChallenge({ challenge, deriveKey });
  if (!solution) throw new Error('captcha not solved');
  return Buffer.from(JSON.stringify({ challenge, solution })).toString('base64');
}
const withCaptcha = async (fields: object) => ({ Recaptcha: { Token: await solved() }, ...fields });

/** Waits for the run to end and answers it with the batches the receiver got for it. */
async function finished(run: SyncRunView): Promise<{ run: SyncRunView; batches: SyncBatchPayload[] }> {
  let done: SyncRunView | undefined;
  await expect
    .poll(
      async () => {
        const { Items } = (await t.call('/syncs', tokens.syncer)).body as SyncRunList;
        done = Items.find((item) => item.ID === run.ID);
        return done?.Status;
      },
      { timeout: 20_000, interval: 250 },
    )
    .toBe('Completed');
  const batches = receiver.received
    .map((request: ReceivedRequest) => request.body as SyncBatchPayload)
    .filter((body) => body.SyncRunID === run.ID)
    .sort((a, b) => a.Batch - b.Batch);
  return { run: done as SyncRunView, batches };
}

beforeAll(async () => {
  t = await startPortalTestServer({ jobs: true });
  receiver = await startReceiver();
  tokens.owner = await t.identity.sign(userClaims('owner@org.test', ['Organization Owner']));
  tokens.syncer = await t.identity.sign(userClaims('syncer@org.test', ['Organization User']));
  tokens.viewer = await t.identity.sign(userClaims('viewer@org.test', ['Organization User']));
  await t.call('/marketplace/roles/custom-group-1', tokens.owner, {
    method: 'PUT',
    body: JSON.stringify({ Id: 'custom-group-1', Name: 'Syncers', ...NO_GRANTS, OcRoles: [], SyncAdmin: true }),
  });
  await t.call('/marketplace/roles/custom-group-1/members/syncer@org.test', tokens.owner, { method: 'PUT' });
  await seedPlatformUsers(t.store);
  await t.store.put('Catalogs', [], { ID: 'cat1', Name: 'Catalog', Active: true, xp: {} });
  await t.store.put('Catalogs', [], { ID: 'cat2', Name: 'Other', Active: true, xp: {} });
  await t.store.put('Categories', ['cat1'], { ID: 'lamps', Name: 'Lamps', Active: true, ParentID: null, xp: {} });
  for (let index = 0; index < 160; index += 1) {
    const id = `p${String(index).padStart(3, '0')}`;
    await t.store.put('Products', [], { ID: id, Name: `Product ${index}`, Active: true, xp: {} });
    // 150 products in cat1 (two batches), the rest in cat2 only.
    const catalog = index < 150 ? 'cat1' : 'cat2';
    await t.store.saveAssignment('ProductCatalogAssignment', [], ['CatalogID', 'ProductID'], {
      CatalogID: catalog,
      ProductID: id,
    });
    if (index < 3) {
      await t.store.saveAssignment('CategoryProductAssignment', ['cat1'], ['CategoryID', 'ProductID'], {
        CategoryID: 'lamps',
        ProductID: id,
        ListOrder: index,
      });
    }
  }
  const order = (id: string, submitted: string | null) => ({
    ID: id,
    FromCompanyID: 'b1',
    ToCompanyID: 'mkt1',
    FromUserID: 'u-buyer1',
    Status: submitted ? 'Open' : 'Unsubmitted',
    IsSubmitted: submitted !== null,
    DateCreated: '2026-01-01T00:00:00.000Z',
    DateSubmitted: submitted,
    LineItemCount: 1,
    xp: {},
  });
  await t.store.put('Orders', [], order('o-jan', '2026-01-10T10:00:00.000Z'));
  await t.store.put('Orders', [], order('o-mar', '2026-03-10T10:00:00.000Z'));
  await t.store.put('Orders', [], order('o-draft', null));
  for (const id of ['o-jan', 'o-mar', 'o-draft']) {
    await t.store.put('LineItems', [id], { ID: `${id}-line`, ProductID: 'p000', Quantity: 2, xp: {} });
  }
});
afterAll(async () => {
  await receiver?.close();
  await t?.dispose();
});

describe('syncs in the portal service', () => {
  it('refuses everyone without SyncAdmin, with the spec text, before anything else', async () => {
    const calls = [
      () => t.call('/entitysyncmetadata', tokens.viewer),
      () => t.call('/syncs', tokens.viewer),
      () => post('/synchronizecatalog', tokens.viewer, { CatalogID: 'cat1' }),
      () => post('/synchronizeorders', tokens.viewer, {}),
      () => post('/entitysync/products', tokens.viewer, {}),
    ];
    for (const call of calls) {
      const { status, body } = await call();
      expect(status).toBe(403);
      expect(detail(body)).toBe(SYNC_NOT_AUTHORIZED);
    }
  });

  it('answers 404 when no delivery configuration can receive a sync', async () => {
    await t.store.put('DeliveryConfigurations', [], {
      ID: 'kafka-only',
      Name: 'Kafka',
      Enabled: true,
      DeliveryTargets: { Kafka: { BootstrapServers: 'kafka:9092', Topic: 't' } },
    });
    const { status, body } = await post('/synchronizecatalog', tokens.syncer, await withCaptcha({ CatalogID: 'cat1' }));
    expect(status).toBe(404);
    expect(detail(body)).toMatch(/^No delivery configuration of this marketplace can receive a sync/);
    await t.store.put('DeliveryConfigurations', [], {
      ID: 'http',
      Name: 'Receiver',
      Enabled: true,
      DeliveryTargets: { Http: { Endpoint: `${receiver.url}/sync`, Secret: SECRET } },
    });
  });

  it('lists the entity sync models from the server', async () => {
    const { status, body } = await t.call('/entitysyncmetadata', tokens.syncer);
    expect(status).toBe(200);
    const { EntitySyncModels } = body as EntitySyncMetadata;
    expect(EntitySyncModels.map((model) => model.EntityName)).toEqual(
      expect.arrayContaining(['Products', 'Catalogs', 'Categories', 'Buyers', 'Users', 'Suppliers', 'AdminUsers']),
    );
    expect(EntitySyncModels.find((model) => model.EntityName === 'Users')).toEqual({
      EntityName: 'Users',
      Route: 'entitysync/users',
      Attributes: [
        expect.objectContaining({
          Name: 'BuyerID',
          DisplayName: 'Buyer ID',
          Type: 'string',
          Required: true,
          Internal: false,
        }),
        expect.objectContaining({ Name: 'ID', Required: false, Internal: false }),
        expect.objectContaining({ Name: 'BatchSize', Type: 'integer', Internal: true }),
      ],
    });
  });

  it("syncs a catalog's products in batches of 100, signed, after checking fields before spending the captcha", async () => {
    const token = await solved();
    const missing = await post('/synchronizecatalog', tokens.syncer, { Recaptcha: { Token: token } });
    expect(missing.status).toBe(400);
    expect(detail(missing.body)).toBe('CatalogID is required.');
    expect((await post('/synchronizecatalog', tokens.syncer, { CatalogID: 'cat1' })).status).toBe(403);
    const unknown = await post('/synchronizecatalog', tokens.syncer, await withCaptcha({ CatalogID: 'nope' }));
    expect(unknown.status).toBe(404);
    expect(detail(unknown.body)).toBe('Catalog nope was not found in this marketplace.');

    const started = await post('/synchronizecatalog', tokens.syncer, {
      Recaptcha: { Token: token },
      CatalogID: 'cat1',
    });
    expect(started.status).toBe(202);
    expect(started.body).toMatchObject({ Entity: 'Products', Kind: 'Product', Parameters: { CatalogID: 'cat1' } });
    const replay = await post('/synchronizecatalog', tokens.syncer, { Recaptcha: { Token: token }, CatalogID: 'cat1' });
    expect(replay.status).toBe(403);

    const { run, batches } = await finished(started.body as SyncRunView);
    expect(run).toMatchObject({
      ItemCount: 150,
      BatchCount: 2,
      ItemsDelivered: 150,
      RequestedBy: 'syncer@org.test',
      Deliveries: { Total: 4, Delivered: 2, Failed: 0, NotDelivered: 2, Pending: 0 },
    });
    expect(batches.map((batch) => [batch.Batch, batch.Items.length, batch.IsLastBatch])).toEqual([
      [1, 100, false],
      [2, 50, true],
    ]);
    const ids = batches.flatMap((batch) => batch.Items.map((item) => (item as { ID: string }).ID));
    expect(ids).toEqual(Array.from({ length: 150 }, (_, index) => `p${String(index).padStart(3, '0')}`));
    const requests = receiver.received.filter((request) => (request.body as SyncBatchPayload).SyncRunID === run.ID);
    expect(requests.every((request) => request.path === '/sync' && request.signedWith(SECRET))).toBe(true);

    const log = (await t.call(`/syncs/${run.ID}/deliveries`, tokens.syncer)).body as DeliveryList;
    expect(log.Items.map((entry) => [entry.TargetKind, entry.Status, entry.LastStatusCode]).sort()).toEqual([
      ['Http', 'Delivered', 200],
      ['Http', 'Delivered', 200],
      ['Kafka', 'NotDelivered', null],
      ['Kafka', 'NotDelivered', null],
    ]);
  });

  it("syncs one category's products", async () => {
    const unknown = await post(
      '/synchronizecatalog',
      tokens.syncer,
      await withCaptcha({ CatalogID: 'cat1', CategoryID: 'nope' }),
    );
    expect(unknown.status).toBe(404);
    expect(detail(unknown.body)).toBe('Category nope was not found in catalog cat1.');
    const started = await post(
      '/synchronizecatalog',
      tokens.syncer,
      await withCaptcha({ CatalogID: 'cat1', CategoryID: 'lamps' }),
    );
    const { batches } = await finished(started.body as SyncRunView);
    expect(batches.flatMap((batch) => batch.Items.map((item) => (item as { ID: string }).ID))).toEqual([
      'p000',
      'p001',
      'p002',
    ]);
  });

  it('syncs submitted orders in the date range with their line items, refusing a bad range', async () => {
    const later = await post(
      '/synchronizeorders',
      tokens.syncer,
      await withCaptcha({ StartDate: '2026-03-01T00:00', EndDate: '2026-02-01T00:00' }),
    );
    expect(later.status).toBe(400);
    expect(detail(later.body)).toBe('StartDate must not be later than EndDate.');
    const future = await post(
      '/synchronizeorders',
      tokens.syncer,
      await withCaptcha({ StartDate: '2999-01-01T00:00' }),
    );
    expect(future.status).toBe(400);
    expect(detail(future.body)).toBe('StartDate must not be in the future.');

    const ranged = await post(
      '/synchronizeorders',
      tokens.syncer,
      await withCaptcha({ StartDate: '2026-01-01T00:00:00Z', EndDate: '2026-02-01T00:00:00Z' }),
    );
    expect(ranged.status).toBe(202);
    const { batches } = await finished(ranged.body as SyncRunView);
    expect(batches).toHaveLength(1);
    expect(batches[0]?.Items).toEqual([
      {
        Order: expect.objectContaining({ ID: 'o-jan' }),
        LineItems: [expect.objectContaining({ ID: 'o-jan-line', ProductID: 'p000' })],
      },
    ]);
    const all = await post('/synchronizeorders', tokens.syncer, await withCaptcha({}));
    const every = await finished(all.body as SyncRunView);
    expect(every.batches[0]?.Items.map((item) => (item as { Order: { ID: string } }).Order.ID).sort()).toEqual([
      'o-jan',
      'o-mar',
    ]);
  });

  it("syncs an entity from its model's attributes", async () => {
    const missing = await post('/entitysync/users', tokens.syncer, await withCaptcha({}));
    expect(missing.status).toBe(400);
    expect(detail(missing.body)).toBe('Buyer ID is required.');
    const unknown = await post('/entitysync/users', tokens.syncer, await withCaptcha({ BuyerID: 'nope' }));
    expect(unknown.status).toBe(404);
    expect(detail(unknown.body)).toBe('Buyer nope was not found in this marketplace.');
    expect((await post('/entitysync/widgets', tokens.syncer, await withCaptcha({}))).status).toBe(400);

    const started = await post(
      '/entitysync/users',
      tokens.syncer,
      await withCaptcha({ BuyerID: 'b1', ID: 'u-buyer1*' }),
    );
    expect(started.status).toBe(202);
    const { run, batches } = await finished(started.body as SyncRunView);
    expect(run).toMatchObject({ Entity: 'Users', Kind: 'Entity', Parameters: { BuyerID: 'b1', ID: 'u-buyer1*' } });
    expect(batches[0]?.Items.map((item) => (item as { ID: string }).ID).sort()).toEqual(['u-buyer1', 'u-buyer10']);
  });
});
