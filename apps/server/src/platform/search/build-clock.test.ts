import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Db } from '../../db/database.ts';
import { indexBuilds } from '../../observability/metrics.ts';
import { createTestDatabase, type TestDatabase } from '../../testing/test-database.ts';
import type { ApiError } from '../engine/errors.ts';
import { PgStore } from '../engine/pg-store.ts';
import { platformRegistry } from '../resources/index.ts';
import { createFirstIndex } from './build.ts';
import { buildIndex } from './jobs.ts';
import { requestRebuild } from './rebuild.ts';
import { searchUpkeep } from './upkeep.ts';

let testDb: TestDatabase;
let db: Db;
beforeAll(async () => {
  testDb = await createTestDatabase();
  db = testDb.database.db;
});
afterAll(async () => testDb?.dispose());
afterEach(() => {
  vi.useRealTimers();
});

async function addProducts(marketplaceId: string, sizes: readonly (number | string)[]): Promise<void> {
  const store = new PgStore(db, platformRegistry, marketplaceId);
  for (const [index, size] of sizes.entries()) {
    await store.put('Products', [], { ID: `shirt-${index}`, Name: `Blue shirt ${index}`, xp: { Size: size } });
  }
}

async function firstIndex(marketplaceId: string): Promise<string> {
  const id = await createFirstIndex(db, marketplaceId, 'Products');
  if (!id) throw new Error('no index created');
  return id;
}

const builds = async (outcome: 'Active' | 'Failed') =>
  (await indexBuilds.get()).values.find((value) => value.labels.type === 'Products' && value.labels.outcome === outcome)
    ?.value ?? 0;

describe('search index builds counted in the metrics', () => {
  it('counts a build that ends active and one that ends Failed, once each', async () => {
    const [active, failed] = [await builds('Active'), await builds('Failed')];
    await addProducts('mp-metrics-ok', [1, 2, 3]);
    expect(await buildIndex(db, await firstIndex('mp-metrics-ok'))).toMatchObject({ status: 'Ready' });
    // Half the sizes are text where most are numbers: more than 10 % rejected, so the build fails.
    await addProducts('mp-metrics-bad', [1, 2, 3, 'S', 'M']);
    expect(await buildIndex(db, await firstIndex('mp-metrics-bad'))).toMatchObject({ status: 'Failed' });
    expect(await builds('Active')).toBe(active + 1);
    expect(await builds('Failed')).toBe(failed + 1);
  });
});

/**
 * PGlite runs inside this process and takes its time from the same (faked) Date, so only a database
 * server has a clock of its own to hold against a skewed application clock; several processes can
 * share only a server anyway.
 */
const databaseHasItsOwnClock = Boolean(process.env.TEST_DATABASE_URL);

describe.skipIf(!databaseHasItsOwnClock)('search upkeep and limits with application clocks that disagree', () => {
  const HOUR = 3600_000;

  it('does not take a live build for a silent one in a process whose clock is two hours ahead', async () => {
    await addProducts(
      'mp-live',
      Array.from({ length: 20 }, (_, index) => index),
    );
    const id = await firstIndex('mp-live');
    const base = Date.now();
    vi.useFakeTimers({ toFake: ['Date'] });
    let upkeep: Awaited<ReturnType<typeof searchUpkeep>> | undefined;
    const outcome = await buildIndex(db, id, {
      batchSize: 5,
      async onProgress(percent) {
        if (upkeep || percent < 20) return;
        // Another process's per-minute upkeep runs while this build is under way.
        vi.setSystemTime(base + 2 * HOUR);
        upkeep = await searchUpkeep(db);
        vi.setSystemTime(base - 2 * HOUR);
      },
    });
    expect(upkeep).toMatchObject({ restarted: [], failed: [] });
    expect(outcome).toMatchObject({ status: 'Ready', indexed: 20 });
  });

  it('allows 3 rebuilds an hour when the requests reach processes whose clocks are hours apart', async () => {
    await addProducts('mp-hourly', [1, 2]);
    let active = await firstIndex('mp-hourly');
    await buildIndex(db, active);
    const base = Date.now();
    vi.useFakeTimers({ toFake: ['Date'] });
    for (const skew of [-2 * HOUR, 2 * HOUR, -2 * HOUR]) {
      vi.setSystemTime(base + skew);
      const rebuild = await requestRebuild(db, 'mp-hourly', active);
      expect(await buildIndex(db, rebuild.IndexID)).toMatchObject({ status: 'Ready' });
      active = rebuild.IndexID;
    }
    vi.setSystemTime(base + 2 * HOUR);
    await expect(requestRebuild(db, 'mp-hourly', active)).rejects.toSatisfy(
      (error) => (error as ApiError).errors?.[0]?.ErrorCode === 'Search.ExceedsRebuildLimit',
    );
  });
});
