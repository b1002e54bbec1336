/**
 * What the change history costs and how fast it reads (issue 23).
 *
 *   node --import tsx bench/change-history.ts [--writes 2000] [--records 12000] [--db pglite|postgres|both]
 *
 * On a fresh database (PGlite in a temporary folder; PostgreSQL when BENCH_DATABASE_URL or TEST_DATABASE_URL names
 * a server, in a throw-away database) with the platform's migrations:
 *
 * - write latency: `PATCH /v1/products/{id}` and `POST /v1/products` as a request runs them (Fastify inject into the engine's routes with the
 *   real bearer-token check), recording on and off alternately, write by write, so drift hits both alike; p50 and
 *   p99 of each and the overhead (target: under 10 %);
 * - Activity paging: `--records` records of the marketplace (plus as many of another), then every page of 100 read
 *   newest first with keyset paging, reporting the pages past record 10,000 (target: under 100 ms a page on
 *   PostgreSQL), unfiltered and filtered by user.
 */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import Fastify from 'fastify';
import { sql } from 'drizzle-orm';
import { openDatabase, type Database } from '../apps/server/src/db/database.ts';
import { runMigrations } from '../apps/server/src/db/migrate.ts';
import { createAuthenticator } from '../apps/server/src/platform/auth/authenticator.ts';
import { createTokenMinter } from '../apps/server/src/platform/auth/mint.ts';
import { createSigningKeys } from '../apps/server/src/platform/auth/signing-keys.ts';
import { assignProfile, insertMarketplace, seedProfile, seedUser } from '../apps/server/src/platform/auth/testing.ts';
import { registerPlatformErrors } from '../apps/server/src/platform/engine/http-errors.ts';
import { buildOperations } from '../apps/server/src/platform/engine/operations.ts';
import { PgStore } from '../apps/server/src/platform/engine/pg-store.ts';
import { registerOperations } from '../apps/server/src/platform/engine/routes.ts';
import { readChanges } from '../apps/server/src/platform/history/read.ts';
import { changeRecording } from '../apps/server/src/platform/history/recording.ts';
import { platformPart } from '../apps/server/src/platform/part.ts';
import { platformRegistry } from '../apps/server/src/platform/resources/index.ts';

const WRITE_OVERHEAD_TARGET = 0.1;
const PAGE_TARGET_MS = 100;
const BLOCK = 1;
const PRODUCTS = 200;

function option(name: string, fallback: string): string {
  const argv = process.argv.slice(2);
  const index = argv.indexOf(`--${name}`);
  return index >= 0 ? (argv[index + 1] ?? fallback) : fallback;
}

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;
};
const ms = (value: number) => `${value.toFixed(2)} ms`;
const verdict = (met: boolean) => (met ? 'met' : 'MISSED');

async function openTarget(kind: 'pglite' | 'postgres'): Promise<{ database: Database; dispose(): Promise<void> }> {
  if (kind === 'pglite') {
    const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'bench-history-'));
    const database = await openDatabase({ kind: 'pglite', dataDir });
    return {
      database,
      dispose: async () => {
        await database.close();
        await fs.rm(dataDir, { recursive: true, force: true });
      },
    };
  }
  const serverUrl = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
  if (!serverUrl) throw new Error('PostgreSQL needs BENCH_DATABASE_URL or TEST_DATABASE_URL');
  const name = `bench_history_${randomBytes(4).toString('hex')}`;
  const admin = await openDatabase({ kind: 'postgres', url: serverUrl });
  await admin.executeSql(`CREATE DATABASE ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const database = await openDatabase({ kind: 'postgres', url: url.toString() });
  return {
    database,
    dispose: async () => {
      await database.close();
      await admin.executeSql(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await admin.close();
    },
  };
}

async function writeLatency(database: Database, writes: number) {
  const store = new PgStore(database.db, platformRegistry, 'mkt1');
  for (let n = 0; n < PRODUCTS; n += 1)
    await store.put('Products', [], { ID: `p${n}`, Name: `Product ${n}`, Active: true, xp: { N: 0 } });
  await store.put('ApiClients', [], { ID: 'bench', AppName: 'Bench', Active: true, AllowSeller: true });
  await seedUser(store, 'AdminUsers', undefined, { ID: 'a1', Username: 'bench-admin' });
  await seedProfile(store, 'full', ['FullAccess']);
  await assignProfile(store, { SecurityProfileID: 'full' });
  const keys = createSigningKeys(database.db);
  const baseUrl = 'http://localhost/platform';
  const minter = createTokenMinter({ db: database.db, registry: platformRegistry, keys, baseUrl });
  const { access_token: token } = await minter.mintUserToken({
    marketplaceId: 'mkt1',
    clientId: 'bench',
    username: 'bench-admin',
  });
  const app = Fastify({ logger: false });
  await app.register(
    async (platform) => {
      registerPlatformErrors(platform);
      await platform.register(
        async (v1) =>
          registerOperations(
            v1,
            buildOperations(platformRegistry),
            platformRegistry,
            database.db,
            createAuthenticator(database.db, keys, { baseUrl }),
          ),
        { prefix: '/v1' },
      );
    },
    { prefix: '/platform' },
  );
  await app.ready();
  /** One timed request; `i` makes each write's body (and a create's id) its own. */
  const timed = async (i: number, write: 'patch' | 'create') => {
    const started = performance.now();
    const response = await app.inject(
      write === 'patch'
        ? {
            method: 'PATCH',
            url: `/platform/v1/products/p${i % PRODUCTS}`,
            headers: { authorization: `Bearer ${token}` },
            payload: { Name: `Write ${i}`, xp: { N: i, Tag: `t${i % 7}` } },
          }
        : {
            method: 'POST',
            url: '/platform/v1/products',
            headers: { authorization: `Bearer ${token}` },
            payload: { ID: `new${i}`, Name: `New ${i}`, Active: true, xp: { N: i } },
          },
    );
    if (response.statusCode !== 200 && response.statusCode !== 201)
      throw new Error(`${write} answered ${response.statusCode}: ${response.body}`);
    return performance.now() - started;
  };
  const results: Record<'patch' | 'create', { on: number[]; off: number[] }> = {
    patch: { on: [], off: [] },
    create: { on: [], off: [] },
  };
  for (const write of ['patch', 'create'] as const) {
    for (let i = 0; i < 100; i += 1) await timed(writes * 2 + i, write); // warm-up (ids after the timed ones)
    for (let i = 0; i < writes * 2; i += 1) {
      const recording = Math.floor(i / BLOCK) % 2 === 0;
      changeRecording.enabled = recording;
      results[write][recording ? 'on' : 'off'].push(await timed(i, write));
    }
  }
  changeRecording.enabled = true;
  await app.close();
  return results;
}

async function seedRecords(database: Database, records: number): Promise<void> {
  // Two marketplaces' worth, so the marketplace's index range is what a page reads, not the whole table.
  for (const [marketplace, count] of [
    ['mkt1', records],
    ['other', records],
  ] as const) {
    await database.db.execute(sql`
      INSERT INTO platform.change_records (marketplace_id, operation_id, kind, resource_type, resource_id, parent_key,
        actor_id, actor_username, actor_type, client_id, request_id, changes)
      SELECT ${marketplace}, 'Products.Patch', 'Patch', 'Products', 'p' || (g % 500), '',
        'u' || (g % 20), 'user' || (g % 20), 'MarketplaceOwner', 'c' || (g % 3), 'r' || g,
        jsonb_build_array(jsonb_build_object('Path', 'Name', 'Old', 'Product ' || g, 'New', 'Product ' || (g + 1)),
                          jsonb_build_object('Path', 'xp.Color', 'Old', 'red', 'New', 'blue'))
      FROM generate_series(1, ${count}) g`);
  }
  await database.db.execute(sql`ANALYZE platform.change_records`);
}

async function pageTimes(database: Database, filter: { UserID?: string }) {
  const times: { seen: number; ms: number }[] = [];
  let pageKey: string | null = null;
  let seen = 0;
  do {
    const started = performance.now();
    const page = await readChanges(database.db, 'mkt1', {
      ...filter,
      PageSize: 100,
      ...(pageKey ? { PageKey: pageKey } : {}),
    });
    times.push({ seen, ms: performance.now() - started });
    seen += page.Items.length;
    pageKey = page.Meta.NextPageKey;
  } while (pageKey);
  return {
    pages: times.length,
    deep: times.filter((time) => time.seen >= 10_000).map((time) => time.ms),
    records: seen,
  };
}

async function run(kind: 'pglite' | 'postgres', writes: number, records: number): Promise<void> {
  const { database, dispose } = await openTarget(kind);
  try {
    await runMigrations(database, [{ name: platformPart.name, migrationsFolder: platformPart.migrationsFolder ?? '' }]);
    await insertMarketplace(database.db, 'mkt1');
    const results = await writeLatency(database, writes);
    for (const [write, timings] of Object.entries(results)) {
      const on = { p50: percentile(timings.on, 50), p99: percentile(timings.on, 99) };
      const off = { p50: percentile(timings.off, 50), p99: percentile(timings.off, 99) };
      const overhead = on.p50 / off.p50 - 1;
      const operation = write === 'patch' ? 'Products.Patch' : 'Products.Create';
      console.log(`\n[${kind}] ${operation} over ${writes} writes each, recording on vs off`);
      console.log(`  off: p50 ${ms(off.p50)}  p99 ${ms(off.p99)}`);
      console.log(`  on:  p50 ${ms(on.p50)}  p99 ${ms(on.p99)}`);
      console.log(
        `  overhead p50 ${(overhead * 100).toFixed(1)} % (p99 ${((on.p99 / off.p99 - 1) * 100).toFixed(1)} %) — target < ${WRITE_OVERHEAD_TARGET * 100} %: ${verdict(overhead < WRITE_OVERHEAD_TARGET)}`,
      );
    }
    await database.db.execute(sql`DELETE FROM platform.change_records`);
    await seedRecords(database, records);
    for (const [label, filter] of [
      ['all records', {}],
      ['UserID filter', { UserID: 'u7' }],
    ] as const) {
      const result = await pageTimes(database, filter);
      const deep = result.deep;
      if (deep.length === 0) {
        console.log(`  [${kind}] Activity paging, ${label}: ${result.records} records, none past 10,000`);
        continue;
      }
      const p50 = percentile(deep, 50);
      const worst = Math.max(...deep);
      console.log(
        `  [${kind}] Activity paging, ${label}: ${result.pages} pages of 100 over ${result.records} records; pages past 10,000: p50 ${ms(p50)}, p99 ${ms(percentile(deep, 99))}, max ${ms(worst)} — target < ${PAGE_TARGET_MS} ms: ${verdict(worst < PAGE_TARGET_MS)}`,
      );
    }
  } finally {
    await dispose();
  }
}

const writes = Number(option('writes', '2000'));
const records = Number(option('records', '12000'));
const db = option('db', 'both');
const postgres = Boolean(process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL);
const kinds =
  db === 'both'
    ? postgres
      ? (['pglite', 'postgres'] as const)
      : (['pglite'] as const)
    : [db as 'pglite' | 'postgres'];
for (const kind of kinds) await run(kind, writes, records);
