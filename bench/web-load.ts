/**
 * Load benchmark of the web app (issue: web app load budget).
 *
 *   node --import tsx bench/web-load.ts [--reloads 5] [--colds 5] [--trace cold-path.json]
 *
 * Starts the real server with demo data in its own process (as `npm start` runs it; BENCH_LOG_LEVEL=info shows its
 * request log with each answer's server time) on a free port and a throw-away data directory, serving a
 * snapshot of the built app (apps/web/dist is copied first, so a concurrent `npm run build` cannot
 * change the files mid-run; build before running). Drives the system Chromium through Playwright and
 * measures:
 *
 * - the JS and CSS the home page needs, as transferred (encoded body size) and as gzip would send it;
 * - cold sign-in-to-home: fresh context (empty cache and IndexedDB), from navigation start through the
 *   identity provider's sign-in form to the home heading being visible; median of `--colds` sign-ins, each in a
 *   fresh context (one run varies by ±100 ms on this machine). The browser is cold, the server is not: a
 *   user's first sign-in of the day meets a server that has been answering others (one sign-in in another context
 *   first, whose time is printed as "first sign-in after the server started");
 * - warm reload-to-home: `page.reload()` in the signed-in context until the home heading is visible
 *   (the API description then comes from IndexedDB), median of N.
 *
 * It prints the waterfall of the cold path and of the last warm reload (each request with its start and end after
 * navigation start, each long task over 50 ms and each layout shift; see waterfall.ts).
 */
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium, type Browser, type BrowserContext, type Page, type Request } from '@playwright/test';
import { loadConfig } from '../apps/server/src/config.ts';
import { startProductServer } from '../e2e/product-server.ts';
import {
  formatWaterfall,
  observePerformance,
  recordRequests,
  takePerformanceEntries,
  type WaterfallEntry,
} from './waterfall.ts';

// Issue 22's targets.
const TARGET_INITIAL_KB = 200;
const TARGET_COLD_SIGN_IN_MS = 1000;
const TARGET_WARM_RELOAD_MS = 300;
const EMAIL = 'owner@demo.example';
const PASSWORD = 'Demo-Portal-1';
const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

function option(name: string, fallback: number): number {
  const argv = process.argv.slice(2);
  const index = argv.indexOf(`--${name}`);
  return index >= 0 ? Number(argv[index + 1]) : fallback;
}

function textOption(name: string): string | undefined {
  const argv = process.argv.slice(2);
  const index = argv.indexOf(`--${name}`);
  return index >= 0 ? argv[index + 1] : undefined;
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? (sorted[middle] ?? 0) : ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2;
};
const kb = (bytes: number) => (bytes / 1024).toFixed(1);

/** Copies the built app, retrying while a concurrent build leaves index.html pointing at missing files. */
async function snapshotWebDist(source: string, target: string): Promise<void> {
  for (let attempt = 0; attempt < 10; attempt += 1) {
    await fs.rm(target, { recursive: true, force: true });
    await fs.cp(source, target, { recursive: true });
    const html = await fs.readFile(path.join(target, 'index.html'), 'utf8');
    const referenced = [...html.matchAll(/(?:src|href)="\/(assets\/[^"]+)"/g)].map((m) => m[1] as string);
    const present = await Promise.all(
      referenced.map((file) =>
        fs.stat(path.join(target, file)).then(
          () => true,
          () => false,
        ),
      ),
    );
    if (present.every(Boolean)) return;
    await new Promise((resolve) => setTimeout(resolve, 2000));
  }
  throw new Error(`${source} stays inconsistent (a build is running?); run \`npm run build -w apps/web\` first.`);
}

const homeHeading = (page: Page) => page.getByRole('heading', { level: 1, name: /^Welcome, / });

/**
 * Notes in each document when home's heading is first drawn (the frame after it enters the DOM), as an epoch time:
 * Playwright's own wait polls at up to 500 ms intervals, which would add its polling to every figure. A string, not a
 * function, as in waterfall.ts.
 */
async function observeHomeHeading(context: BrowserContext): Promise<void> {
  await context.addInitScript(`(() => {
    const observer = new MutationObserver(() => {
      const heading = [...document.querySelectorAll('h1')].find((h1) => h1.textContent.startsWith('Welcome, '));
      if (!heading) return;
      observer.disconnect();
      requestAnimationFrame(() => { window.__homeDrawnAt = performance.timeOrigin + performance.now(); });
    });
    observer.observe(document, { childList: true, subtree: true, characterData: true });
  })()`);
}

/** Milliseconds from `startedEpoch` to home's heading being drawn in the page's current document. */
async function homeDrawnAfter(page: Page, startedEpoch: number): Promise<number> {
  const drawnAt = await page.waitForFunction(() => (window as { __homeDrawnAt?: number }).__homeDrawnAt);
  return Number(await drawnAt.jsonValue()) - startedEpoch;
}

/** Signs in through the identity provider's form from `url` and waits for home. */
async function signInThroughForm(page: Page, url: string): Promise<void> {
  await page.goto(url, { waitUntil: 'commit' });
  await page.getByLabel('Email').fill(EMAIL);
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await homeHeading(page).waitFor({ state: 'visible', timeout: 30_000 });
}

interface ColdRun {
  ms: number;
  longTasks: WaterfallEntry[];
}

/** One more cold sign-in in a fresh context: its time to home and its long tasks. */
async function coldSignIn(browser: Browser, url: string): Promise<ColdRun> {
  const context = await browser.newContext();
  try {
    await observePerformance(context);
    await observeHomeHeading(context);
    const page = await context.newPage();
    const startedEpoch = Date.now();
    await signInThroughForm(page, url);
    const ms = await homeDrawnAfter(page, startedEpoch);
    await page.waitForLoadState('networkidle');
    const entries = await takePerformanceEntries(page, startedEpoch);
    return { ms, longTasks: entries.filter((entry) => entry.kind === 'longtask') };
  } finally {
    await context.close();
  }
}

interface Asset {
  url: string;
  type: string;
  transferred: number;
  raw: number;
  gzip: number;
  encoding: string;
}

const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'portal-web-bench-'));
const webDist = path.join(dataDir, 'web-dist');
await snapshotWebDist(loadConfig({}).webDist, webDist);
// The server runs in a process of its own, as in production: in this one, Playwright's event handling and this
// script's work would hold up its answers.
const server = await startProductServer('web-bench', {
  LOG_LEVEL: process.env.BENCH_LOG_LEVEL ?? 'warn',
  JOBS_ENABLED: 'false',
  SEED_DEMO_DATA: 'true',
  WEB_DIST: webDist,
});
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: CHROMIUM_ARGS });
try {
  const reloads = option('reloads', 5);
  const startUrl = `${server.url}/?organization=demo-org&tenantName=demo-sandbox`;

  // The server's first sign-in after its start pays for loading code and keys once; measured apart.
  const firstContext = await browser.newContext();
  await observeHomeHeading(firstContext);
  const firstPage = await firstContext.newPage();
  const firstStarted = Date.now();
  await signInThroughForm(firstPage, startUrl);
  const firstSignInMs = await homeDrawnAfter(firstPage, firstStarted);
  await firstContext.close();

  // Cold: a fresh context has an empty HTTP cache and empty IndexedDB.
  const context = await browser.newContext();
  await observePerformance(context);
  await observeHomeHeading(context);
  const page = await context.newPage();
  const coldRequests = recordRequests(page);
  const assets = new Map<string, Asset>();
  const pending: Promise<void>[] = [];
  const record = async (request: Request) => {
    const type = request.resourceType();
    if (type !== 'script' && type !== 'stylesheet') return;
    const response = await request.response();
    if (!response) return;
    const sizes = await request.sizes();
    // Sizes come from the served file itself: the browser may already have dropped the body of a response from
    // before the sign-in redirect.
    const file = path.join(webDist, decodeURIComponent(new URL(request.url()).pathname));
    const body = await fs.readFile(file).catch(() => Buffer.alloc(0));
    const previous = assets.get(request.url());
    // The app loads once before the redirect to sign-in and again after it (then from the cache):
    // keep the network fetch, which is the larger of the two.
    if (previous && previous.transferred >= sizes.responseBodySize) return;
    assets.set(request.url(), {
      url: request.url(),
      type,
      transferred: sizes.responseBodySize,
      raw: body.length,
      gzip: gzipSync(body).length,
      encoding: (await response.headerValue('content-encoding')) ?? 'identity',
    });
  };
  page.on('requestfinished', (request) => void pending.push(record(request)));

  // A Chromium trace of the cold path (what each long task spends its time on), for chrome://tracing or DevTools.
  const tracePath = textOption('trace');
  if (tracePath) {
    await browser.startTracing(page, {
      path: tracePath,
      categories: [
        'devtools.timeline',
        'disabled-by-default-devtools.timeline',
        'v8',
        'disabled-by-default-v8.cpu_profiler',
      ],
    });
  }
  const coldStartedEpoch = Date.now();
  await signInThroughForm(page, startUrl);
  const coldMs = await homeDrawnAfter(page, coldStartedEpoch);
  if (tracePath) await browser.stopTracing();
  const coldWaterfall = await coldRequests.take(coldStartedEpoch);
  coldRequests.stop();
  // Observers report in idle time: read once the page has settled.
  await page.waitForLoadState('networkidle');
  const coldEntries = await takePerformanceEntries(page, coldStartedEpoch);
  await Promise.all(pending);

  const colds: ColdRun[] = [{ ms: coldMs, longTasks: coldEntries.filter((entry) => entry.kind === 'longtask') }];
  for (let i = 1; i < option('colds', 5); i += 1) colds.push(await coldSignIn(browser, startUrl));
  const coldMedianMs = median(colds.map((run) => run.ms));
  const coldLongTasks = colds.flatMap((run) => run.longTasks);

  // Only the app's own scripts and styles count; the sign-in page is the identity provider's.
  const appAssets = [...assets.values()].filter((asset) => new URL(asset.url).pathname.startsWith('/assets/'));
  const transferred = appAssets.reduce((sum, asset) => sum + asset.transferred, 0);
  const raw = appAssets.reduce((sum, asset) => sum + asset.raw, 0);
  const gzip = appAssets.reduce((sum, asset) => sum + asset.gzip, 0);
  const compressed = appAssets.some((asset) => asset.encoding !== 'identity');

  // Warm: same context, so the hashed assets are cached and the API description is in IndexedDB.
  const warm: number[] = [];
  let warmWaterfall = '';
  for (let i = 0; i < reloads; i += 1) {
    await takePerformanceEntries(page, 0);
    const warmRequests = recordRequests(page);
    const startedEpoch = Date.now();
    await page.reload({ waitUntil: 'commit' });
    await homeHeading(page).waitFor({ state: 'visible', timeout: 30_000 });
    warm.push(await homeDrawnAfter(page, startedEpoch));
    const warmWaterfallRequests = await warmRequests.take(startedEpoch);
    warmRequests.stop();
    await page.waitForLoadState('networkidle');
    warmWaterfall = formatWaterfall(warmWaterfallRequests, await takePerformanceEntries(page, startedEpoch));
  }
  const warmMs = median(warm);

  // First visit to the console from home: its code is a route chunk, fetched on that click (HTTP cache warm for
  // everything else), and the JSON editor's chunk only when JSON mode is switched on.
  const beforeConsole = new Set(assets.keys());
  const consoleStarted = performance.now();
  await page.getByRole('navigation', { name: 'Primary' }).getByRole('link', { name: 'API console' }).click();
  await page.getByRole('combobox', { name: 'Operation' }).waitFor({ state: 'visible', timeout: 30_000 });
  const consoleMs = performance.now() - consoleStarted;
  await page.waitForLoadState('networkidle');
  await Promise.all(pending);
  const consoleKb = [...assets.values()]
    .filter((asset) => !beforeConsole.has(asset.url))
    .reduce((sum, asset) => sum + asset.transferred, 0);
  await context.close();

  const initialKb = (compressed ? transferred : gzip) / 1024;
  const layoutShift = coldEntries.reduce((sum, entry) => sum + entry.value, 0);
  const verdict = (ok: boolean) => (ok ? 'met' : 'missed');
  console.log(`Chromium ${browser.version()}, ${os.cpus().length} cores, Node ${process.versions.node}`);
  console.log(`Server compresses JS/CSS: ${compressed ? 'yes' : 'no (content-encoding identity)'}`);
  console.log('');
  console.log('| asset | type | transferred KB | raw KB | gzip -6 KB |');
  console.log('|---|---|---|---|---|');
  for (const asset of appAssets.sort((a, b) => b.raw - a.raw)) {
    console.log(
      `| ${new URL(asset.url).pathname} | ${asset.type} | ${kb(asset.transferred)} | ${kb(asset.raw)} | ${kb(asset.gzip)} |`,
    );
  }
  console.log('');
  console.log('| measure | value | target | |');
  console.log('|---|---|---|---|');
  console.log(`| initial JS+CSS for home, as transferred | ${kb(transferred)} KB | — | |`);
  console.log(
    `| initial JS+CSS for home, ${compressed ? 'compressed as served' : 'gzip (computed, not served)'} | ${initialKb.toFixed(1)} KB | ≤ ${TARGET_INITIAL_KB} KB | ${verdict(initialKb <= TARGET_INITIAL_KB)} |`,
  );
  console.log(
    `| cold sign-in to home, median of ${colds.length} | ${coldMedianMs.toFixed(0)} ms | ≤ ${TARGET_COLD_SIGN_IN_MS} ms | ${verdict(coldMedianMs <= TARGET_COLD_SIGN_IN_MS)} |`,
  );
  console.log(`| (first sign-in after the server started, cold browser too) | ${firstSignInMs.toFixed(0)} ms | — | |`);
  console.log(
    `| warm reload to home, median of ${reloads} | ${warmMs.toFixed(0)} ms | ≤ ${TARGET_WARM_RELOAD_MS} ms | ${verdict(warmMs <= TARGET_WARM_RELOAD_MS)} |`,
  );
  console.log(`| requests on the cold path (through sign-in to home) | ${coldWaterfall.length} | — | |`);
  console.log(
    `| long tasks on the cold path, all ${colds.length} runs | ${coldLongTasks.length} (longest ${Math.max(0, ...coldLongTasks.map((task) => task.duration)).toFixed(0)} ms) | 0 | ${verdict(coldLongTasks.length === 0)} |`,
  );
  console.log(`| layout shift on the cold path | ${layoutShift.toFixed(4)} | 0 | ${verdict(layoutShift === 0)} |`);
  console.log(`| home to console, first visit (route chunk) | ${consoleMs.toFixed(0)} ms, ${kb(consoleKb)} KB | — | |`);
  console.log(
    `(cold runs: ${colds.map((run) => run.ms.toFixed(0)).join(', ')} ms; long tasks a run: ${colds.map((run) => run.longTasks.map((task) => `${task.duration.toFixed(0)} ms at ${task.start.toFixed(0)}`).join(' and ') || 'none').join('; ')})`,
  );
  console.log(`(warm runs: ${warm.map((ms) => ms.toFixed(0)).join(', ')} ms; uncompressed JS+CSS ${kb(raw)} KB)`);
  console.log('');
  console.log(
    `Cold path waterfall of the first cold run (fresh context, ms after navigation start; home visible at ${coldMs.toFixed(0)} ms):`,
  );
  console.log(formatWaterfall(coldWaterfall, coldEntries));
  console.log('');
  console.log(`Last warm reload waterfall (home visible at ${warm.at(-1)?.toFixed(0)} ms):`);
  console.log(warmWaterfall);
} finally {
  await browser.close();
  await server.stop();
  await fs.rm(dataDir, { recursive: true, force: true });
}
