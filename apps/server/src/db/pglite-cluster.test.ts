import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from './database.ts';
import { prepareNewDataDir } from './pglite-cluster.ts';

const folders: string[] = [];
async function tempFolder(): Promise<string> {
  const folder = await fs.mkdtemp(path.join(os.tmpdir(), 'pglite-cluster-test-'));
  folders.push(folder);
  return folder;
}
afterAll(() => Promise.all(folders.map((folder) => fs.rm(folder, { recursive: true, force: true }))));

describe('a new embedded database starts from the cached empty cluster', { timeout: 60_000 }, () => {
  it('makes the cluster once, copies it into each new folder, and the copy opens and keeps data', async () => {
    const cacheRoot = await tempFolder();
    const first = await tempFolder();
    await prepareNewDataDir(first, cacheRoot);
    const [cached] = await fs.readdir(cacheRoot);
    expect(cached).toMatch(/^pglite-cluster-\d+\.\d+\.\d+$/);
    const cachedAt = (await fs.stat(path.join(cacheRoot, cached!))).mtimeMs;
    expect(await fs.readdir(first)).toContain('PG_VERSION');
    expect(await fs.readdir(first)).not.toContain('.portal-cluster-complete');

    const second = await tempFolder();
    await prepareNewDataDir(second, cacheRoot);
    expect(await fs.readdir(cacheRoot)).toEqual([cached]);
    expect((await fs.stat(path.join(cacheRoot, cached!))).mtimeMs).toBe(cachedAt);

    const database = await openDatabase({ kind: 'pglite', dataDir: second });
    await database.executeSql('CREATE TABLE kept (value text); INSERT INTO kept VALUES ($$one$$)');
    await database.close();
    const reopened = await openDatabase({ kind: 'pglite', dataDir: second });
    expect((await reopened.executeSql('SELECT value FROM kept')).rows).toEqual([{ value: 'one' }]);
    await reopened.close();
    // The other copy is its own database.
    const other = await openDatabase({ kind: 'pglite', dataDir: first });
    expect((await other.executeSql("SELECT to_regclass('kept') AS found")).rows).toEqual([{ found: null }]);
    await other.close();
  });

  it('leaves a folder that holds anything alone', async () => {
    const cacheRoot = await tempFolder();
    const folder = await tempFolder();
    await fs.writeFile(path.join(folder, 'notes.txt'), 'mine');
    await prepareNewDataDir(folder, cacheRoot);
    expect(await fs.readdir(folder)).toEqual(['notes.txt']);
    expect(await fs.readdir(cacheRoot)).toEqual([]);
  });

  it('falls back to an empty folder, for PGlite to create the cluster, when the cache cannot be written', async () => {
    const blocked = path.join(await tempFolder(), 'not-a-folder');
    await fs.writeFile(blocked, '');
    const folder = await tempFolder();
    await prepareNewDataDir(folder, blocked);
    expect(await fs.readdir(folder)).toEqual([]);
  });
});
