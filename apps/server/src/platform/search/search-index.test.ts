import { sql } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../db/database.ts';
import { JobQueue } from '../../jobs/job-queue.ts';
import { createTestDatabase, type TestDatabase } from '../../testing/test-database.ts';
import type { ApiError } from '../engine/errors.ts';
import { PgStore } from '../engine/pg-store.ts';
import { parseListQuery } from '../engine/list-query.ts';
import { platformRegistry } from '../resources/index.ts';
import { createFirstIndex } from './build.ts';
import { buildIndex, createBuildQueue, searchBuildJob } from './jobs.ts';
import { createSearchTriggers } from './triggers.ts';
import { listIndexErrors, listIndexes } from './listing.ts';
import { rowsOf } from '../../db/rows.ts';
import { requestRebuild } from './rebuild.ts';
import { searchUpkeep } from './upkeep.ts';

let testDb: TestDatabase;
let db: Db;
beforeAll(async () => {
  testDb = await createTestDatabase();
  db = testDb.database.db;
});
afterAll(async () => testDb?.dispose());

const products = (marketplaceId: string) => new PgStore(db, platformRegistry, marketplaceId);

async function addProducts(
  marketplaceId: string,
  sizes: readonly (number | string)[],
  prefix = 'shirt',
): Promise<void> {
  const store = products(marketplaceId);
  for (const [index, size] of sizes.entries()) {
    await store.put('Products', [], { ID: `${prefix}-${index}`, Name: `Blue ${prefix} ${index}`, xp: { Size: size } });
  }
}

async function searchIds(marketplaceId: string, term: string): Promise<string[]> {
  const page = await products(marketplaceId).list(
    platformRegistry.resource('Products'),
    [],
    parseListQuery({ search: term, pageSize: '100' }),
  );
  return page.Items.map((item) => String(item.ID)).sort();
}

async function firstBuild(marketplaceId: string) {
  const id = await createFirstIndex(db, marketplaceId, 'Products');
  if (!id) throw new Error('no index created');
  return buildIndex(db, id);
}

describe('search index build', () => {
  it('infers the mapping, rejects the documents that conflict with it and becomes the active index', async () => {
    await addProducts('mp-build', [38, 40, 42, 44, 46, 48, 50, 52, 54, 'XL']);
    expect(await searchIds('mp-build', 'shirt')).toHaveLength(10); // no index yet: the documents answer
    const outcome = await firstBuild('mp-build');
    expect(outcome).toMatchObject({ status: 'Ready', total: 10, indexed: 9, rejected: 1 });
    const [index] = await listIndexes(db, 'mp-build', 'Products');
    expect(index).toMatchObject({ Status: 'Ready', IsActiveIndex: true, PercentComplete: 100, RejectedCount: 1 });
    const errors = await listIndexErrors(db, 'mp-build', index?.IndexID ?? '');
    expect(errors).toEqual([
      {
        ThingID: 'shirt-9',
        FailedOn: expect.any(String),
        ErrorText: 'Field xp.Size is mapped as a number, but this document\'s value "XL" is text.',
      },
    ]);
    // Search reads the active index only: the rejected product is stored but not found.
    const found = await searchIds('mp-build', 'shirt');
    expect(found).toHaveLength(9);
    expect(found).not.toContain('shirt-9');
    expect(await products('mp-build').get('Products', [], 'shirt-9')).toBeTruthy();
    // A second list call creates no second index.
    expect(await createFirstIndex(db, 'mp-build', 'Products')).toBeUndefined();
  });

  it('keeps the active index current on writes: a save re-indexes the product or records its rejection', async () => {
    const store = products('mp-build');
    await store.put('Products', [], { ID: 'shirt-0', Name: 'Blue shirt 0', xp: { Size: 'S' } });
    expect(await searchIds('mp-build', 'shirt')).not.toContain('shirt-0');
    const [index] = await listIndexes(db, 'mp-build', 'Products');
    const errors = await listIndexErrors(db, 'mp-build', index?.IndexID ?? '');
    expect(errors.map((error) => error.ThingID).sort()).toEqual(['shirt-0', 'shirt-9']);

    await store.put('Products', [], { ID: 'shirt-9', Name: 'Blue shirt 9', xp: { Size: 56 } });
    await store.put('Products', [], { ID: 'new-one', Name: 'Green shirt', xp: { Size: 58, Fabric: 'Linen' } });
    await store.remove('Products', [], 'shirt-1');
    const found = await searchIds('mp-build', 'shirt');
    expect(found).toContain('shirt-9');
    expect(found).toContain('new-one');
    expect(found).not.toContain('shirt-1');
    expect((await listIndexErrors(db, 'mp-build', index?.IndexID ?? '')).map((error) => error.ThingID)).toEqual([
      'shirt-0',
    ]);
  });

  it('ends Failed above the rejected share and leaves the active index in place; otherwise swaps atomically', async () => {
    await addProducts('mp-swap', [1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    const first = await firstBuild('mp-swap');
    expect(first?.status).toBe('Ready');
    // Six text sizes against four numbers: the next mapping says text and rejects 40 % of the products.
    for (let index = 0; index < 6; index += 1) {
      await products('mp-swap').put('Products', [], { ID: `shirt-${index}`, Name: 'Red shirt', xp: { Size: 'M' } });
    }
    const rebuild = await requestRebuild(db, 'mp-swap', first?.indexId ?? '');
    expect(rebuild).toMatchObject({ Status: 'WaitingToBuild', IsActiveIndex: false });
    const [, active] = await listIndexes(db, 'mp-swap', 'Products');
    expect(active).toMatchObject({ IndexID: first?.indexId, Status: 'Rebuilding', IsActiveIndex: true });
    const failed = await buildIndex(db, rebuild.IndexID);
    expect(failed).toMatchObject({ status: 'Failed', total: 10, rejected: 4 });
    const afterFailure = await listIndexes(db, 'mp-swap', 'Products');
    expect(afterFailure.map((index) => [index.IndexID, index.Status, index.IsActiveIndex])).toEqual([
      [rebuild.IndexID, 'Failed', false],
      [first?.indexId, 'Ready', true],
    ]);
    expect(await searchIds('mp-swap', 'shirt')).toHaveLength(4);

    // With the text sizes back to numbers the next rebuild succeeds and replaces the active index.
    for (let index = 0; index < 6; index += 1) {
      await products('mp-swap').put('Products', [], { ID: `shirt-${index}`, Name: 'Red shirt', xp: { Size: index } });
    }
    const second = await requestRebuild(db, 'mp-swap', first?.indexId ?? '');
    expect(await buildIndex(db, second.IndexID)).toMatchObject({ status: 'Ready', indexed: 10, rejected: 0 });
    const listed = await listIndexes(db, 'mp-swap', 'Products');
    expect(listed.find((index) => index.IsActiveIndex)?.IndexID).toBe(second.IndexID);
    expect(listed.find((index) => index.IndexID === first?.indexId)).toMatchObject({
      Status: 'Ready',
      IsActiveIndex: false,
    });
    const oldEntries = await rowsOf<{ n: number }>(
      db,
      sql`SELECT count(*)::int AS n FROM platform.search_entries WHERE index_id = ${first?.indexId ?? ''}`,
    );
    expect(oldEntries[0]?.n).toBe(0);
    expect(await searchIds('mp-swap', 'shirt')).toHaveLength(10);
  });

  it('removes failed indexes and their errors after 24 hours, and restarts a build that stopped reporting', async () => {
    const listed = await listIndexes(db, 'mp-swap', 'Products');
    const failed = listed.find((index) => index.Status === 'Failed');
    expect(failed).toBeDefined();
    // A day passes by the database's clock: the failure is moved into the past.
    const failedAgo = (hours: number) =>
      db.execute(
        sql`UPDATE platform.search_indexes SET completed_at = now() - make_interval(hours => ${hours}::int)
            WHERE id = ${failed?.IndexID ?? ''}`,
      );
    await failedAgo(23);
    expect((await searchUpkeep(db)).removed).toBe(0);
    await failedAgo(25);
    expect((await searchUpkeep(db)).removed).toBe(1);
    expect((await listIndexes(db, 'mp-swap', 'Products')).some((index) => index.Status === 'Failed')).toBe(false);
    const errors = await rowsOf<{ n: number }>(
      db,
      sql`SELECT count(*)::int AS n FROM platform.search_index_errors WHERE index_id = ${failed?.IndexID ?? ''}`,
    );
    expect(errors[0]?.n).toBe(0);

    await addProducts('mp-stale', [1, 2, 3]);
    const id = (await createFirstIndex(db, 'mp-stale', 'Products')) ?? '';
    await db.execute(
      sql`UPDATE platform.search_indexes SET status = 'Building', attempts = 1, heartbeat_at = now() - interval '5 minutes' WHERE id = ${id}`,
    );
    expect((await searchUpkeep(db)).restarted).toContain(id);
    expect(await buildIndex(db, id)).toMatchObject({ status: 'Ready', indexed: 3 });
  });
});

const codeOf = (error: unknown) => (error as ApiError).errors?.[0]?.ErrorCode;

describe('rebuild limits', () => {
  async function recordRebuilds(marketplaceId: string, indexId: string, agesInMinutes: readonly number[]) {
    for (const age of agesInMinutes) {
      await db.execute(
        sql`INSERT INTO platform.search_rebuilds (marketplace_id, type, index_id, requested_at)
            VALUES (${marketplaceId}, 'Products', ${indexId}, now() - make_interval(mins => ${age}))`,
      );
    }
  }

  async function fiftyAtOnce(marketplaceId: string, indexId: string) {
    const answers = await Promise.allSettled(
      Array.from({ length: 50 }, () => requestRebuild(db, marketplaceId, indexId)),
    );
    const accepted = answers.filter((answer) => answer.status === 'fulfilled');
    const codes = answers.flatMap((answer) => (answer.status === 'rejected' ? [codeOf(answer.reason)] : []));
    return { accepted: accepted.length, codes };
  }

  it('accepts exactly the allowed number of 50 concurrent requests (3 an hour) and refuses the rest', async () => {
    await addProducts('mp-hour', [1, 2]);
    const first = await firstBuild('mp-hour');
    await recordRebuilds('mp-hour', first?.indexId ?? '', [10, 20]);
    const { accepted, codes } = await fiftyAtOnce('mp-hour', first?.indexId ?? '');
    expect(accepted).toBe(1);
    expect(codes).toHaveLength(49);
    expect(new Set(codes)).toEqual(new Set(['Search.ExceedsRebuildLimit']));
  });

  it('counts 5 a week, and refuses a rebuild while one runs or of an index that is not active', async () => {
    await addProducts('mp-week', [1, 2]);
    const first = await firstBuild('mp-week');
    const id = first?.indexId ?? '';
    await recordRebuilds('mp-week', id, [2 * 60, 24 * 60, 2 * 24 * 60, 3 * 24 * 60, 8 * 24 * 60]);
    const created = await requestRebuild(db, 'mp-week', id);
    await expect(requestRebuild(db, 'mp-week', id)).rejects.toSatisfy(
      (error) => codeOf(error) === 'Search.ExceedsRebuildLimit',
    );
    await expect(requestRebuild(db, 'mp-week', created.IndexID)).rejects.toSatisfy(
      (error) => codeOf(error) === 'Search.NotActiveIndex',
    );

    await addProducts('mp-running', [1, 2]);
    const running = await firstBuild('mp-running');
    await requestRebuild(db, 'mp-running', running?.indexId ?? '');
    const { accepted, codes } = await fiftyAtOnce('mp-running', running?.indexId ?? '');
    expect(accepted).toBe(0);
    expect(new Set(codes)).toEqual(new Set(['Search.RebuildInProgress']));
  });
});

it('builds through the job queue when a build is queued', async () => {
  const queue = new JobQueue(testDb.database, pino({ level: 'silent' }), { pollingIntervalSeconds: 0.5 });
  await queue.start([searchBuildJob]);
  try {
    await addProducts('mp-queue', [1, 2, 3]);
    const id = (await createFirstIndex(db, 'mp-queue', 'Products')) ?? '';
    await createBuildQueue(testDb.database, (error) => {
      throw error;
    })(id);
    const started = Date.now();
    while ((await listIndexes(db, 'mp-queue', 'Products'))[0]?.Status !== 'Ready') {
      if (Date.now() - started > 20_000) throw new Error('the queued build did not finish');
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    expect(await searchIds('mp-queue', 'shirt')).toHaveLength(3);
  } finally {
    await queue.stop(2_000);
  }
});

describe('first builds', () => {
  it('starts with the first product list call and the first order submission, once per marketplace', async () => {
    const queued: string[] = [];
    const afterOperation = createSearchTriggers(db, async (id) => {
      queued.push(id);
    });
    await afterOperation('Products.Get', 'mp-first');
    expect(queued).toHaveLength(0);
    await afterOperation('Products.List', 'mp-first');
    await afterOperation('Me.ListProducts', 'mp-first');
    await afterOperation('Orders.Submit', 'mp-first');
    await afterOperation('Orders.Submit', 'mp-first');
    expect(queued).toHaveLength(2);
    const [products] = await listIndexes(db, 'mp-first', 'Products');
    const [orders] = await listIndexes(db, 'mp-first', 'Orders');
    expect(products).toMatchObject({ IndexID: queued[0], Status: 'WaitingToBuild' });
    expect(orders).toMatchObject({ IndexID: queued[1], Status: 'WaitingToBuild' });
    // Another process (no memory of it) finds the index in the database and queues nothing.
    await createSearchTriggers(db, async (id) => {
      queued.push(id);
    })('Products.List', 'mp-first');
    expect(queued).toHaveLength(2);
  });

  it('finds through the index what a field contains, escaped in JSON or not, and never a field name', async () => {
    const store = products('mp-contains');
    const names = ['Trail "Pro" Boot', 'Back\\slash Bag', 'Tab\tKit', '100% Wool', 'Plain Cap'];
    for (const [index, name] of names.entries()) await store.put('Products', [], { ID: `c-${index}`, Name: name });
    expect(await firstBuild('mp-contains')).toMatchObject({ status: 'Ready', indexed: 5 });
    // Found through the entries' trigram index (terms as JSON writes them) ...
    expect(await searchIds('mp-contains', 'pro')).toEqual(['c-0']);
    expect(await searchIds('mp-contains', 'WOOL')).toEqual(['c-3']);
    expect(await searchIds('mp-contains', '0%')).toEqual(['c-3']);
    // ... and through the fields alone when JSON escapes the term (a quote, a backslash, a tab).
    expect(await searchIds('mp-contains', '"pro"')).toEqual(['c-0']);
    expect(await searchIds('mp-contains', 'k\\s')).toEqual(['c-1']);
    expect(await searchIds('mp-contains', 'b\tk')).toEqual(['c-2']);
    // The entries' JSON text holds the field names too; a name matches nothing.
    expect(await searchIds('mp-contains', 'name')).toEqual([]);
    expect(await searchIds('mp-contains', '": "')).toEqual([]);
  });

  it('searches orders through the orders index too', async () => {
    const store = products('mp-orders');
    for (const [index, note] of ['rush', 'rush', 'rush', 'rush', 'rush', 'rush', 'rush', 'rush', 'rush', 7].entries()) {
      await store.put('Orders', [], { ID: `o${index}`, Comments: 'gift order', xp: { Note: note } });
    }
    const id = (await createFirstIndex(db, 'mp-orders', 'Orders')) ?? '';
    expect(await buildIndex(db, id)).toMatchObject({ status: 'Ready', indexed: 9, rejected: 1 });
    const page = await store.list(platformRegistry.resource('Orders'), [], parseListQuery({ search: 'gift' }));
    expect(page.Meta.TotalCount).toBe(9);
  });
});

it('brings writes made during a build into the new index before it becomes active', async () => {
  await addProducts(
    'mp-during',
    Array.from({ length: 30 }, (_, index) => index),
  );
  const id = (await createFirstIndex(db, 'mp-during', 'Products')) ?? '';
  let changed = false;
  const outcome = await buildIndex(db, id, {
    batchSize: 5,
    async onProgress(percent) {
      if (changed || percent < 40) return;
      changed = true;
      // Behind the build's back (no active index yet): one product deleted, one added, one changed.
      await db.execute(sql`DELETE FROM platform.documents WHERE marketplace_id = 'mp-during' AND id = 'shirt-0'`);
      await products('mp-during').put('Products', [], { ID: 'aaa-late', Name: 'Blue late', xp: { Size: 1 } });
      await products('mp-during').put('Products', [], { ID: 'shirt-1', Name: 'Renamed', xp: { Size: 1 } });
    },
  });
  expect(changed).toBe(true);
  expect(outcome).toMatchObject({ status: 'Ready', total: 30, indexed: 30 });
  // Names are "Blue shirt N": the renamed product no longer matches, the added one does.
  const found = await searchIds('mp-during', 'blue');
  expect(found).toHaveLength(29);
  expect(found).toContain('aaa-late');
  expect(found).not.toContain('shirt-0');
  expect(found).not.toContain('shirt-1');
});
