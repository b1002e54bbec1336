/**
 * Benchmark of the platform's product list and get (issue: local marketplace platform).
 *
 *   node --import tsx bench/platform-list.ts [--products 100000] [--requests 300] [--db pglite|postgres|both] [--only text]
 *
 * Seeds a marketplace with N products into a fresh database, starts the real server, signs in
 * through the token endpoint and measures over HTTP: latency percentiles of sequential requests
 * and throughput with 8 requests in flight. The "after a write" rows change a product (untimed)
 * before each request, so the list answers after a write to its matches (issue 22: every list call, the
 * first after a write included, under LIST_TARGET ms; printed with met or missed). PostgreSQL runs when BENCH_DATABASE_URL or
 * TEST_DATABASE_URL names a server (a throw-away database is created on it).
 */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { loadConfig, type Config } from '../apps/server/src/config.ts';
import { openDatabase } from '../apps/server/src/db/database.ts';
import { platformRegistry } from '../apps/server/src/platform/resources/index.ts';
import { createFirstIndex } from '../apps/server/src/platform/search/build.ts';
import { buildIndex } from '../apps/server/src/platform/search/jobs.ts';
import { seedLargeCatalog } from '../apps/server/src/platform/seed/large.ts';
import { startServer } from '../apps/server/src/server.ts';

interface Options {
  products: number;
  requests: number;
  databases: ('pglite' | 'postgres')[];
  /** Only the cases whose name contains this text. */
  only: string | undefined;
}

function parseOptions(argv: string[]): Options {
  const value = (name: string) => {
    const index = argv.indexOf(`--${name}`);
    return index >= 0 ? argv[index + 1] : undefined;
  };
  const db = value('db') ?? 'both';
  const postgresUrl = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
  const databases: Options['databases'] =
    db === 'both' ? (postgresUrl ? ['pglite', 'postgres'] : ['pglite']) : [db as 'pglite' | 'postgres'];
  return {
    products: Number(value('products') ?? 100_000),
    requests: Number(value('requests') ?? 300),
    databases,
    only: value('only'),
  };
}

/** Issue 22's target for every list call, the first after a write included: p50 and p99, in ms. */
const LIST_TARGET = { p50: 15, p99: 40 };

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;

/** `before` runs ahead of each request, untimed (a write that makes the list read its matches again). */
async function timeRequests(
  urls: () => string,
  headers: Record<string, string>,
  count: number,
  before?: () => Promise<void>,
) {
  const latencies: number[] = [];
  for (let i = 0; i < count; i += 1) {
    await before?.();
    const started = performance.now();
    const response = await fetch(urls(), { headers });
    await response.arrayBuffer();
    if (response.status !== 200) throw new Error(`HTTP ${response.status} for ${urls()}`);
    latencies.push(performance.now() - started);
  }
  latencies.sort((a, b) => a - b);
  // Throughput: 8 requests in flight for `count` requests.
  const started = performance.now();
  let next = 0;
  await Promise.all(
    Array.from({ length: 8 }, async () => {
      while (next < count) {
        next += 1;
        await before?.();
        const response = await fetch(urls(), { headers });
        await response.arrayBuffer();
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  return { p50: percentile(latencies, 50), p99: percentile(latencies, 99), rps: count / seconds };
}

async function prepareDatabase(kind: 'pglite' | 'postgres'): Promise<{ config: Config; cleanup: () => Promise<void> }> {
  const base = loadConfig({
    PORT: '0',
    HOST: '127.0.0.1',
    LOG_LEVEL: 'warn',
    JOBS_ENABLED: 'false',
    SEED_DEMO_DATA: 'false',
  });
  if (kind === 'pglite') {
    const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'portal-bench-'));
    return {
      config: { ...base, dataDir, databaseUrl: undefined },
      cleanup: () => fs.rm(dataDir, { recursive: true, force: true }),
    };
  }
  const serverUrl = (process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL) as string;
  const name = `portal_bench_${randomBytes(4).toString('hex')}`;
  const admin = await openDatabase({ kind: 'postgres', url: serverUrl });
  await admin.executeSql(`CREATE DATABASE ${name}`);
  await admin.close();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    config: { ...base, databaseUrl: url.toString() },
    async cleanup() {
      const cleaner = await openDatabase({ kind: 'postgres', url: serverUrl });
      await cleaner.executeSql(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await cleaner.close();
    },
  };
}

async function signIn(base: string, marketplace: string): Promise<string> {
  const response = await fetch(`${base}/oauth/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({
      grant_type: 'password',
      username: 'admin',
      password: 'Demo-Admin-1',
      client_id: `${marketplace}-admin`,
    }),
  });
  if (response.status !== 200) throw new Error(`sign-in failed: ${response.status} ${await response.text()}`);
  return ((await response.json()) as { access_token: string }).access_token;
}

async function run(kind: 'pglite' | 'postgres', options: Options): Promise<string[]> {
  const { config, cleanup } = await prepareDatabase(kind);
  const marketplace = 'bench';
  const server = await startServer(config);
  try {
    const seedStarted = performance.now();
    await seedLargeCatalog(server.database.db, platformRegistry, { marketplace, products: options.products });
    const seedSeconds = (performance.now() - seedStarted) / 1000;
    // Search reads the active products index (issue 14), so it is built first, as a list call would start it.
    const buildStarted = performance.now();
    const indexId = await createFirstIndex(server.database.db, marketplace, 'Products');
    if (indexId) await buildIndex(server.database.db, indexId);
    const buildSeconds = (performance.now() - buildStarted) / 1000;
    const base = `${server.url}/platform`;
    const headers = { authorization: `Bearer ${await signIn(base, marketplace)}` };
    const ids = (
      (await (await fetch(`${base}/v1/products?pageSize=100`, { headers })).json()) as { Items: { ID: string }[] }
    ).Items.map((p) => p.ID);
    let i = 0;
    // Lists of products keep their matches until the products change: a write before each request
    // measures the list reading every match again (a first call, or the first after a change).
    let writes = 0;
    const writeProduct = async () => {
      writes += 1;
      const response = await fetch(`${base}/v1/products/${ids[writes % ids.length]}`, {
        method: 'PATCH',
        headers: { ...headers, 'content-type': 'application/json' },
        body: JSON.stringify({ xp: { BenchWrites: writes } }),
      });
      if (response.status !== 200) throw new Error(`PATCH answered ${response.status}`);
    };
    const cases: [string, () => string, (() => Promise<void>)?][] = [
      [
        'Products.List filtered, sorted (pageSize 100)',
        () => `${base}/v1/products?pageSize=100&Active=true&xp.Color=red&sortBy=Name`,
      ],
      [
        'Products.List filtered, sorted, with search',
        () => `${base}/v1/products?pageSize=100&Active=true&xp.Color=red&sortBy=Name&search=trail`,
      ],
      [
        'Products.List filtered, sorted, after a write',
        () => `${base}/v1/products?pageSize=100&Active=true&xp.Color=red&sortBy=Name`,
        writeProduct,
      ],
      [
        'Products.List filtered, sorted, with search, after a write',
        () => `${base}/v1/products?pageSize=100&Active=true&xp.Color=red&sortBy=Name&search=trail`,
        writeProduct,
      ],
      // The explorer's first look at the products: every product, 20 a page, in ID order.
      ['Products.List unfiltered (pageSize 20)', () => `${base}/v1/products?pageSize=20`],
      ['Products.List unfiltered, page 2 to 6', () => `${base}/v1/products?pageSize=20&page=${2 + ((i += 1) % 5)}`],
      ['Products.List unfiltered, after a write', () => `${base}/v1/products?pageSize=20`, writeProduct],
      ['Products.Get', () => `${base}/v1/products/${ids[(i += 1) % ids.length]}`],
    ];
    const rows: string[] = [];
    for (const [name, url, before] of cases) {
      if (options.only && !name.includes(options.only)) continue;
      await timeRequests(url, headers, 20, before); // warm-up: plans, caches, JIT
      const result = await timeRequests(url, headers, options.requests, before);
      const target = name.startsWith('Products.List')
        ? `${LIST_TARGET.p50} / ${LIST_TARGET.p99} | ${result.p50 <= LIST_TARGET.p50 && result.p99 <= LIST_TARGET.p99 ? 'met' : 'missed'}`
        : '- | -';
      rows.push(
        `| ${kind} | ${options.products} | ${name} | ${result.p50.toFixed(1)} | ${result.p99.toFixed(1)} | ${result.rps.toFixed(0)} | ${target} |`,
      );
      console.log(rows.at(-1));
    }
    console.log(
      `(${kind}: seeding ${options.products} products took ${seedSeconds.toFixed(1)} s, the search index ${buildSeconds.toFixed(1)} s)`,
    );
    return rows;
  } finally {
    await server.stop();
    await cleanup();
  }
}

const options = parseOptions(process.argv.slice(2));
console.log('| database | products | request | p50 ms | p99 ms | req/s (8 in flight) | target p50 / p99 ms | target |');
console.log('|---|---|---|---|---|---|---|---|');
for (const kind of options.databases) await run(kind, options);
