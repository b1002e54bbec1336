// `npm test`: the whole suite — format, lint, import cycles, type check, unit + integration, browser.
// Stops at the first failing stage and ends with one "N passed, N failed" line.
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ensureChromium } from './lib/chromium.mjs';
import { ensureDependencies, ensureWebBuild, root } from './lib/prepare.mjs';

const outputDir = path.join(root, '.test-output');
fs.rmSync(outputDir, { recursive: true, force: true });
fs.mkdirSync(outputDir, { recursive: true });
const bin = (name) => path.join(root, 'node_modules', '.bin', name);

const counts = { passed: 0, failed: 0, skipped: 0 };
function stage(title, command, args, env = {}) {
  console.log(`\n=== ${title} ===`);
  const started = Date.now();
  const result = spawnSync(command, args, { stdio: 'inherit', cwd: root, env: { ...process.env, ...env } });
  console.log(stageEnd(title, result.status === 0, started));
  return result.status === 0;
}

/** A stage's last line: its outcome and how long it took. */
function stageEnd(title, ok, started) {
  return `--- ${title}: ${ok ? 'ok' : 'FAILED'} in ${((Date.now() - started) / 1000).toFixed(1)} s`;
}

/**
 * Runs independent checks a few at a time (one per processor): each is mostly one thread, and in a row they took
 * 3.5 min on a 2-core machine. Each check's output is printed whole when it ends, so outputs never interleave.
 */
async function parallelStages(stages) {
  const queue = [...stages];
  let ok = true;
  const lane = async () => {
    for (let next = queue.shift(); next; next = queue.shift()) {
      const [title, command, args] = next;
      const started = Date.now();
      const child = spawn(command, args, { cwd: root, env: process.env, stdio: ['ignore', 'pipe', 'pipe'] });
      let output = '';
      child.stdout.on('data', (chunk) => (output += chunk));
      child.stderr.on('data', (chunk) => (output += chunk));
      const status = await new Promise((resolve) => child.on('close', resolve));
      ok &&= status === 0;
      process.stdout.write(`\n=== ${title} ===\n${output}${stageEnd(title, status === 0, started)}\n`);
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, os.availableParallelism()) }, lane));
  return ok;
}

function readJson(file) {
  try {
    return JSON.parse(fs.readFileSync(file, 'utf8'));
  } catch {
    return undefined;
  }
}

function countVitest() {
  const report = readJson(path.join(outputDir, 'vitest.json'));
  if (!report) return;
  counts.passed += report.numPassedTests ?? 0;
  counts.failed += report.numFailedTests ?? 0;
  counts.skipped += (report.numPendingTests ?? 0) + (report.numTodoTests ?? 0);
}

function countPlaywright() {
  const stats = readJson(path.join(outputDir, 'playwright.json'))?.stats;
  if (!stats) return;
  counts.passed += (stats.expected ?? 0) + (stats.flaky ?? 0);
  counts.failed += stats.unexpected ?? 0;
  counts.skipped += stats.skipped ?? 0;
}

function finish(ok) {
  console.log(`\n${counts.passed} passed, ${counts.failed} failed, ${counts.skipped} skipped`);
  process.exit(ok && counts.failed === 0 ? 0 : 1);
}

ensureDependencies();
// Longest first, so the lanes end close together (figures on a 2-core machine: eslint 50 s, web types 42 s,
// prettier 40 s, server types 28 s, e2e and tools types 24 s, madge 19 s).
const staticChecks = [
  ['Lint (eslint)', bin('eslint'), ['.', '--max-warnings', '0']],
  ['Types: web', bin('tsc'), ['-p', 'apps/web']],
  ['Format (prettier)', bin('prettier'), ['--check', '--log-level=warn', '.']],
  ['Types: server', bin('tsc'), ['-p', 'apps/server']],
  ['Types: e2e and tools', bin('tsc'), ['-p', '.']],
  ['Import cycles (madge)', process.execPath, [path.join(root, 'scripts', 'check-import-cycles.mjs')]],
  ['Types: packages/expressions', bin('tsc'), ['-p', 'packages/expressions']],
  ['Types: packages/contracts', bin('tsc'), ['-p', 'packages/contracts']],
];
const staticStarted = Date.now();
const staticOk = await parallelStages(staticChecks);
console.log(stageEnd('Static checks', staticOk, staticStarted));
if (!staticOk) finish(false);

// Before the unit stage: the home page's budget test (apps/web/src/app/home-budget.test.ts) reads the built app.
ensureWebBuild();
const unitOk = stage('Unit and integration (vitest)', bin('vitest'), [
  'run',
  '--reporter=default',
  '--reporter=json',
  `--outputFile.json=${path.join(outputDir, 'vitest.json')}`,
]);
countVitest();
if (!unitOk) finish(false);

ensureChromium();
const browserOk = stage('Browser journeys (playwright)', bin('playwright'), ['test', '--reporter=list,json'], {
  PLAYWRIGHT_JSON_OUTPUT_NAME: path.join(outputDir, 'playwright.json'),
});
countPlaywright();
finish(browserOk);
