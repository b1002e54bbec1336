/**
 * Benchmark of the command palette's one search call, `GET /portal-api/search` (issue 24).
 *
 *   node --import tsx bench/palette-search.ts [--products 100000] [--requests 40]
 *
 * Starts the platform and the portal service on a real port over a fresh database (PGlite, or PostgreSQL when
 * TEST_DATABASE_URL names one), as an organization owner (FullAccess, so every kind is searched), and times the
 * whole answer over HTTP: the palette shows its groups when the one answer arrives, so the first group's latency is
 * the answer's. Two data sets: the demo marketplace (target 300 ms) and a marketplace of N products with its search
 * index built (target 500 ms). The first call of a caller also mints their platform token; it is reported apart.
 */
import type { SearchAnswer } from '@portal/contracts';
import { PgStore } from '../apps/server/src/platform/engine/pg-store.ts';
import { platformRegistry } from '../apps/server/src/platform/resources/index.ts';
import { createFirstIndex } from '../apps/server/src/platform/search/build.ts';
import { buildIndex } from '../apps/server/src/platform/search/jobs.ts';
import { seedLargeCatalog } from '../apps/server/src/platform/seed/large.ts';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { loadConfig } from '../apps/server/src/config.ts';
import { platformPart } from '../apps/server/src/platform/part.ts';
import { createPortalPart } from '../apps/server/src/portal/part.ts';
import { createTestIdentity, userClaims, type TestIdentity } from '../apps/server/src/portal/testing.ts';
import { startServer, type RunningServer } from '../apps/server/src/server.ts';
import { freePort } from '../apps/server/src/testing/free-port.ts';

interface BenchServer {
  server: RunningServer;
  identity: TestIdentity;
  call(path: string, token: string): Promise<{ status: number; body: unknown }>;
  dispose(): Promise<void>;
}

/** The platform and the portal service as `npm start` runs them, trusting a local key pair instead of identity. */
async function startBenchServer(): Promise<BenchServer> {
  const port = await freePort();
  const publicUrl = `http://127.0.0.1:${port}`;
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'palette-bench-'));
  const postgres = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
  const config = {
    ...loadConfig({ PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'warn', JOBS_ENABLED: 'false' }),
    dataDir,
    databaseUrl: postgres,
    publicUrl,
    seedDemoData: true,
    platformMgmtUrl: `${publicUrl}/platform/mgmt`,
    identityIssuer: `${publicUrl}/bench-identity`,
    identityJwksUrl: `${publicUrl}/bench-identity/jwks`,
    portalAudience: 'https://portal.bench/portal-api',
  };
  const identity = await createTestIdentity(config);
  const server = await startServer(config, {
    parts: [platformPart, createPortalPart({ identityKeys: identity.keys })],
  });
  return {
    server,
    identity,
    async call(route, token) {
      const response = await fetch(`${publicUrl}/portal-api${route}`, {
        headers: { authorization: `Bearer ${token}` },
      });
      return { status: response.status, body: await response.json() };
    },
    async dispose() {
      await server.stop();
      await fs.rm(dataDir, { recursive: true, force: true });
    },
  };
}

const TARGET_MS = { demo: 300, large: 500 } as const;

function option(name: string, fallback: number): number {
  const index = process.argv.indexOf(`--${name}`);
  const value = index >= 0 ? Number(process.argv[index + 1]) : fallback;
  return Number.isFinite(value) && value > 0 ? value : fallback;
}

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;

async function timedSearch(t: BenchServer, token: string, q: string) {
  const started = performance.now();
  const answer = await t.call(`/search?${new URLSearchParams({ q }).toString()}`, token);
  const ms = performance.now() - started;
  if (answer.status !== 200) throw new Error(`search ${q}: ${answer.status} ${JSON.stringify(answer.body)}`);
  const body = answer.body as SearchAnswer;
  if (body.TimedOut.length || body.Failed.length) {
    console.warn(`  ${q}: timed out ${body.TimedOut.join(',') || '-'}, failed ${body.Failed.join(',') || '-'}`);
  }
  return { ms, groups: body.Groups.length };
}

async function measure(t: BenchServer, marketplace: string, queries: string[], requests: number, target: number) {
  const token = await t.identity.sign(userClaims('bench-owner@org.test', ['Organization Owner'], marketplace));
  const cold = await timedSearch(t, token, queries[0] ?? 'a');
  const latencies: number[] = [];
  const perQuery = new Map<string, number[]>();
  let withGroups = 0;
  for (let i = 0; i < requests; i += 1) {
    const q = queries[i % queries.length] ?? 'a';
    const { ms, groups } = await timedSearch(t, token, q);
    latencies.push(ms);
    perQuery.set(q, [...(perQuery.get(q) ?? []), ms]);
    if (groups > 0) withGroups += 1;
  }
  const slowest = [...perQuery].map(([q, times]) => `${q} ${Math.max(...times).toFixed(0)} ms`).join(', ');
  console.log(`  ${marketplace}, slowest call per text: ${slowest}`);
  latencies.sort((a, b) => a - b);
  const p50 = percentile(latencies, 50);
  const p95 = percentile(latencies, 95);
  const max = latencies.at(-1) ?? 0;
  const verdict = p95 <= target ? 'met' : 'missed';
  return (
    `| ${marketplace.padEnd(12)} | ${cold.ms.toFixed(0).padStart(5)} ms | ${p50.toFixed(0).padStart(4)} ms | ` +
    `${p95.toFixed(0).padStart(4)} ms | ${max.toFixed(0).padStart(4)} ms | ${withGroups}/${requests} | ` +
    `p95 < ${target} ms: ${verdict} |`
  );
}

/** Texts a user would type on the demo data: ids, names, an e-mail, a code, a fragment. */
async function demoQueries(t: BenchServer): Promise<string[]> {
  const store = new PgStore(t.server.database.db, platformRegistry, 'demo-sandbox');
  const first = async (resource: string, field: string) =>
    String((await store.find(resource, undefined))[0]?.item[field] ?? '');
  return [
    await first('Orders', 'ID'),
    (await first('Products', 'Name')).split(' ')[0] ?? 'tent',
    await first('Users', 'Email'),
    await first('Buyers', 'Name'),
    await first('Promotions', 'Code'),
    await first('Products', 'ID'),
    'alpine',
    'jacket',
  ].filter(Boolean);
}

async function main(): Promise<void> {
  const products = option('products', 100_000);
  const requests = option('requests', 40);
  const t = await startBenchServer();
  const rows: string[] = [];
  try {
    rows.push(await measure(t, 'demo-sandbox', await demoQueries(t), requests, TARGET_MS.demo));
    const seedStarted = performance.now();
    await seedLargeCatalog(t.server.database.db, platformRegistry, { marketplace: 'bench', products });
    const indexId = await createFirstIndex(t.server.database.db, 'bench', 'Products');
    if (indexId) await buildIndex(t.server.database.db, indexId);
    console.log(
      `seeded ${products} products and built their index in ${((performance.now() - seedStarted) / 1000).toFixed(1)} s`,
    );
    const middle = `BULK-${String(Math.ceil(products / 2)).padStart(7, '0')}`;
    rows.push(
      await measure(
        t,
        'bench',
        [middle, 'jacket', 'alpine', 'BULK-00001', 'wool', 'nothing-matches-this'],
        requests,
        TARGET_MS.large,
      ),
    );
  } finally {
    await t.dispose();
  }
  console.log(`\nGET /portal-api/search, ${requests} sequential calls after a first (token-minting) call:\n`);
  console.log('| marketplace  | first call | p50     | p95     | max     | answers with groups | target |');
  console.log('| ------------ | ---------- | ------- | ------- | ------- | ------------------- | ------ |');
  for (const row of rows) console.log(row);
}

await main();
