import fs from 'node:fs/promises';
import http from 'node:http';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from './db/database.ts';
import { oidcModels } from './identity/db/schema.ts';
import { spawnTs, waitForExit, waitForLine } from './testing/child-process.ts';
import { copyPgliteTemplate } from './testing/test-database.ts';

const READY = /Marketplace Portal is ready at (http:\/\/\S+)/;
const dataDirs: string[] = [];
async function freshDataDir(): Promise<string> {
  const dir = await copyPgliteTemplate();
  dataDirs.push(dir);
  return dir;
}
afterAll(async () => {
  await Promise.all(dataDirs.map((dir) => fs.rm(dir, { recursive: true, force: true })));
});

function startMain(dataDir: string, entry = 'src/main.ts', env: NodeJS.ProcessEnv = {}) {
  return spawnTs(entry, [], {
    PORT: '0',
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    DATABASE_URL: '',
    ...env,
  });
}

/** A GET on a connection of its own (never a pooled one): answers its status, or the connection error's code. */
function getOnNewConnection(url: string): Promise<{ status: number; body: string } | { error: string }> {
  return new Promise((resolve) => {
    const request = http.get(url, { agent: false }, (response) => {
      let body = '';
      response.on('data', (chunk: Buffer) => (body += chunk.toString()));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, body }));
    });
    request.on('error', (error: NodeJS.ErrnoException) => resolve({ error: error.code ?? error.message }));
  });
}

/** Asks again until `check` holds; the test's own timeout bounds the wait. */
async function eventually<T>(probe: () => Promise<T>, check: (value: T) => boolean): Promise<T> {
  for (;;) {
    const value = await probe();
    if (check(value)) return value;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

// A child server needs seconds to start, many more on a busy machine.
describe('the server process', { timeout: 120_000 }, () => {
  it('prints one ready line with its URL, answers health checks and stops cleanly on SIGTERM', async () => {
    const child = startMain(await freshDataDir());
    const [, url] = await waitForLine(child, READY);
    const health = await fetch(`${url}/healthz`);
    expect(health.status).toBe(200);
    expect(await health.json()).toEqual({ status: 'ok' });
    const ready = await fetch(`${url}/readyz`);
    expect(ready.status).toBe(200);
    expect(await ready.json()).toEqual({
      status: 'ready',
      checks: { database: 'ok', migrations: 'ok', jobs: 'working', shutdown: 'no' },
    });
    child.kill('SIGTERM');
    expect(await waitForExit(child)).toBe(0);
  });

  it('on SIGTERM answers /readyz 503, then refuses connections, finishes the request in flight and exits 0', async () => {
    const child = startMain(await freshDataDir(), 'src/testing/main-with-slow-route.ts', {
      // Long enough to see /readyz fail before the listener closes, even on a busy machine.
      SHUTDOWN_DELAY_MS: '3000',
      SHUTDOWN_TIMEOUT_MS: '60000',
      SEED_DEMO_DATA: 'false',
    });
    const [, url] = await waitForLine(child, READY);
    const started = waitForLine(child, /slow request started/);
    const inFlight = fetch(`${url}/test-slow`);
    await started;
    child.kill('SIGTERM');

    const notReady = await eventually(
      () => getOnNewConnection(`${url}/readyz`),
      (answer) => !('status' in answer) || answer.status !== 200,
    );
    expect(notReady).toMatchObject({ status: 503 });
    expect(JSON.parse('body' in notReady ? notReady.body : '{}')).toMatchObject({ failed: ['shutdown'] });
    // A connection that arrives while the listener is closing may be reset; once it has closed, each is refused.
    expect(
      await eventually(
        () => getOnNewConnection(`${url}/healthz`),
        (answer) => 'error' in answer && answer.error === 'ECONNREFUSED',
      ),
    ).toEqual({
      error: 'ECONNREFUSED',
    });

    child.kill('SIGUSR2');
    const response = await inFlight;
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ done: true });
    expect(await waitForExit(child)).toBe(0);
  });

  it('refuses a bad setting with a one-line message and exit code 2', async () => {
    const child = spawnTs('src/main.ts', [], { PORT: 'abc' });
    let stderr = '';
    child.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    expect(await waitForExit(child)).toBe(2);
    expect(stderr.trim()).toBe('Configuration error: PORT must be a whole number from 0 to 65535; got "abc".');
  });

  it('loses nothing committed before a kill -9, and starts again on the same data', async () => {
    const dataDir = await freshDataDir();
    const writer = spawnTs('src/testing/durability-writer.ts', [dataDir]);
    let lastCommitted = 0;
    writer.stdout?.on('data', (chunk: Buffer) => {
      const numbers = [...chunk.toString().matchAll(/committed (\d+)/g)].map((m) => Number(m[1]));
      lastCommitted = Math.max(lastCommitted, ...numbers);
    });
    await waitForLine(writer, /committed 40\b/);
    writer.kill('SIGKILL');
    await waitForExit(writer);
    expect(lastCommitted).toBeGreaterThanOrEqual(40);

    // The real server must recover the killed database (no stale lock) and serve.
    const server = startMain(dataDir);
    const [, url] = await waitForLine(server, READY);
    expect((await fetch(`${url}/healthz`)).status).toBe(200);
    server.kill('SIGKILL');
    await waitForExit(server);

    const database = await openDatabase({ kind: 'pglite', dataDir });
    try {
      const rows = await database.db.select({ id: oidcModels.id }).from(oidcModels);
      const ids = new Set(rows.map((row) => Number(row.id)));
      for (let i = 1; i <= lastCommitted; i += 1) expect(ids.has(i), `row ${i} survived`).toBe(true);
    } finally {
      await database.close();
    }
  });
});
