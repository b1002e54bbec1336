import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { SyncBatchPayload } from '@portal/contracts';
import { createTestDatabase, type TestDatabase } from '../../testing/test-database.ts';
import { insertMarketplace } from '../auth/testing.ts';
import { deliverDue } from '../delivery/deliveries.ts';
import { startReceiver, type TestReceiver } from '../delivery/testing.ts';
import { PgStore } from '../engine/pg-store.ts';
import { platformRegistry } from '../resources/index.ts';
import { productSyncRequest } from './requests.ts';
import { getSyncRun, readSyncRun, startSync, syncUpkeep } from './runs.ts';

const MARKETPLACE = 'mp-sync';
let t: TestDatabase;
let receiver: TestReceiver;
let store: PgStore;

beforeAll(async () => {
  t = await createTestDatabase();
  receiver = await startReceiver();
  await insertMarketplace(t.database.db, MARKETPLACE);
  store = new PgStore(t.database.db, platformRegistry, MARKETPLACE);
  await store.put('Catalogs', [], { ID: 'cat', Name: 'Catalog', Active: true, xp: {} });
  for (let index = 0; index < 250; index += 1) {
    const id = `p${String(index).padStart(3, '0')}`;
    await store.put('Products', [], { ID: id, Name: id, Active: true, xp: {} });
    await store.saveAssignment('ProductCatalogAssignment', [], ['CatalogID', 'ProductID'], {
      CatalogID: 'cat',
      ProductID: id,
    });
  }
  await store.put('DeliveryConfigurations', [], {
    ID: 'http',
    Name: 'Receiver',
    Enabled: true,
    DeliveryTargets: { Http: { Endpoint: receiver.url, Secret: 's' } },
  });
});
afterAll(async () => {
  await receiver?.close();
  await t?.dispose();
});

/** Lets minutes pass by the database's clock, the only one the upkeep reads: the run's times move into the past. */
async function minutesPass(runId: string, minutes: number): Promise<void> {
  await t.database.db.execute(
    sql`UPDATE platform.sync_runs SET heartbeat_at = heartbeat_at - make_interval(mins => ${minutes}::int),
          created_at = created_at - make_interval(mins => ${minutes}::int) WHERE id = ${runId}`,
  );
}

describe('sync runs', () => {
  it('resume after the last recorded batch when reading stops midway, sending no batch twice', async () => {
    const db = t.database.db;
    const run = await startSync(db, MARKETPLACE, await productSyncRequest(db, MARKETPLACE, { CatalogID: 'cat' }), null);
    // The first reading stops for good after its first batch, as a process killed there would.
    void readSyncRun(db, run.ID, () => new Promise<void>(() => undefined));
    await expect.poll(async () => (await getSyncRun(db, MARKETPLACE, run.ID))?.BatchCount).toBe(1);
    expect(await syncUpkeep(db)).toEqual([]);
    await minutesPass(run.ID, 2);
    expect(await syncUpkeep(db)).toEqual([run.ID]);
    const resumed = await readSyncRun(db, run.ID);
    expect(resumed).toMatchObject({ Status: 'Delivering', ItemCount: 250, BatchCount: 3 });
    await deliverDue(db);
    const batches = receiver.received.map((request) => request.body as SyncBatchPayload);
    expect(batches.map((batch) => [batch.Batch, batch.Items.length, batch.IsLastBatch]).sort()).toEqual([
      [1, 100, false],
      [2, 100, false],
      [3, 50, true],
    ]);
    expect(await getSyncRun(db, MARKETPLACE, run.ID)).toMatchObject({ Status: 'Completed', ItemsDelivered: 250 });
  });

  it('fail with the reason when reading fails', async () => {
    const db = t.database.db;
    await store.put('Catalogs', [], { ID: 'gone', Name: 'Gone', Active: true, xp: {} });
    const run = await startSync(
      db,
      MARKETPLACE,
      await productSyncRequest(db, MARKETPLACE, { CatalogID: 'gone' }),
      null,
    );
    await store.remove('Catalogs', [], 'gone');
    expect(await readSyncRun(db, run.ID)).toMatchObject({
      Status: 'Failed',
      Error: expect.stringMatching(/not found/i),
    });
  });
});

/**
 * PGlite runs inside this process and takes its time from the same (faked) Date, so only a database
 * server has a clock of its own to hold against a skewed application clock.
 */
const databaseHasItsOwnClock = Boolean(process.env.TEST_DATABASE_URL);

describe.skipIf(!databaseHasItsOwnClock)('sync upkeep with application clocks that disagree', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('does not take a run still reading for an interrupted one in a process whose clock is ahead', async () => {
    const db = t.database.db;
    const base = Date.now();
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(base - 10 * 60_000);
    const run = await startSync(db, MARKETPLACE, await productSyncRequest(db, MARKETPLACE, { CatalogID: 'cat' }), null);
    let upkeep: string[] | undefined;
    const read = await readSyncRun(db, run.ID, async () => {
      if (upkeep) return;
      // Another process's per-minute upkeep runs while this one reads.
      vi.setSystemTime(base + 10 * 60_000);
      upkeep = await syncUpkeep(db);
      vi.setSystemTime(base - 10 * 60_000);
    });
    expect(upkeep).toEqual([]);
    expect(read).toMatchObject({ Status: 'Delivering', BatchCount: 3 });
    expect(await getSyncRun(db, MARKETPLACE, run.ID)).toMatchObject({ BatchCount: 3, ItemCount: 250 });
  });
});
