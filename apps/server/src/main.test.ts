import fs from 'node:fs/promises';
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

function startMain(dataDir: string) {
  return spawnTs('src/main.ts', [], {
    PORT: '0',
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    DATABASE_URL: '',
  });
}

describe('the server process', () => {
  it('prints one ready line with its URL, answers health checks and stops cleanly on SIGTERM', async () => {
    const child = startMain(await freshDataDir());
    const [, url] = await waitForLine(child, READY);
    const health = await fetch(`${url}/healthz`);
    expect(health.status).toBe(200);
    expect(await health.json()).toEqual({ status: 'ok', part: 'server', database: 'ok' });
    child.kill('SIGTERM');
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
