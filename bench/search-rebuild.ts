/**
 * Benchmark of a search index build (issue 14): seeds a marketplace with N products in a fresh
 * database, builds its first products index, then rebuilds it the way the job does, and reports the
 * time and the longest wait between two PercentComplete changes.
 *
 *   node --import tsx bench/search-rebuild.ts [--products 100000] [--db pglite|postgres]
 *
 * PostgreSQL runs when --db postgres and BENCH_DATABASE_URL or TEST_DATABASE_URL names a server.
 */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { openDatabase, type Database } from '../apps/server/src/db/database.ts';
import { runMigrations } from '../apps/server/src/db/migrate.ts';
import { schemaOwners } from '../apps/server/src/part.ts';
import { platformPart } from '../apps/server/src/platform/part.ts';
import { platformRegistry } from '../apps/server/src/platform/resources/index.ts';
import { createFirstIndex } from '../apps/server/src/platform/search/build.ts';
import { buildIndex } from '../apps/server/src/platform/search/jobs.ts';
import { requestRebuild } from '../apps/server/src/platform/search/rebuild.ts';
import { seedLargeCatalog } from '../apps/server/src/platform/seed/large.ts';

const argv = process.argv.slice(2);
const value = (name: string) => {
  const index = argv.indexOf(`--${name}`);
  return index >= 0 ? argv[index + 1] : undefined;
};
const products = Number(value('products') ?? 100_000);
const kind = value('db') === 'postgres' ? 'postgres' : 'pglite';

async function open(): Promise<{ database: Database; cleanup: () => Promise<void> }> {
  if (kind === 'pglite') {
    const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'portal-bench-'));
    const database = await openDatabase({ kind: 'pglite', dataDir });
    return { database, cleanup: () => fs.rm(dataDir, { recursive: true, force: true }) };
  }
  const serverUrl = (process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL) as string;
  const name = `portal_bench_${randomBytes(4).toString('hex')}`;
  const admin = await openDatabase({ kind: 'postgres', url: serverUrl });
  await admin.executeSql(`CREATE DATABASE ${name}`);
  await admin.close();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const database = await openDatabase({ kind: 'postgres', url: url.toString() });
  return {
    database,
    async cleanup() {
      await database.close();
      const cleaner = await openDatabase({ kind: 'postgres', url: serverUrl });
      await cleaner.executeSql(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await cleaner.close();
    },
  };
}

/** Builds one index, timing it and the gaps between the percentages it stores. */
async function timedBuild(database: Database, indexId: string) {
  const started = performance.now();
  let lastPercent = -1;
  let lastChange = started;
  let longestGap = 0;
  let swapped = started;
  const outcome = await buildIndex(database.db, indexId, {
    onProgress(percent) {
      if (percent === 100) swapped = performance.now();
      if (percent === lastPercent) return;
      const now = performance.now();
      longestGap = Math.max(longestGap, now - lastChange);
      lastChange = now;
      lastPercent = percent;
    },
  });
  // Until the swap (PercentComplete 100); the old index's entries are dropped after it.
  const seconds = (swapped - started) / 1000;
  const total = (performance.now() - started) / 1000;
  return { outcome, seconds, total, longestGap };
}

const { database, cleanup } = await open();
try {
  await runMigrations(database, schemaOwners([platformPart]));
  const seedStarted = performance.now();
  await seedLargeCatalog(database.db, platformRegistry, { marketplace: 'bench', products });
  console.log(
    `(${kind}: seeding ${products} products took ${((performance.now() - seedStarted) / 1000).toFixed(1)} s)`,
  );
  const firstId = (await createFirstIndex(database.db, 'bench', 'Products')) as string;
  const first = await timedBuild(database, firstId);
  const rebuild = await requestRebuild(database.db, 'bench', firstId);
  const second = await timedBuild(database, rebuild.IndexID);
  console.log(
    '| database | products | build | seconds to active | seconds incl. clean-up | longest wait between PercentComplete changes (s) | indexed | rejected |',
  );
  console.log('|---|---|---|---|---|---|---|---|');
  for (const [name, run] of [
    ['first build', first],
    ['rebuild', second],
  ] as const) {
    console.log(
      `| ${kind} | ${products} | ${name} | ${run.seconds.toFixed(1)} | ${run.total.toFixed(1)} | ${(run.longestGap / 1000).toFixed(2)} | ${run.outcome?.indexed} | ${run.outcome?.rejected} |`,
    );
  }
} finally {
  await database.close().catch(() => undefined);
  await cleanup();
}
