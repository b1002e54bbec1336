import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';

/**
 * A new embedded database starts from a copy of an empty cluster kept in the user's cache folder, made once per
 * PGlite version: creating a cluster (PostgreSQL's initdb, in WebAssembly) took about 5 s of the 13 s a first
 * `npm start` took on a 2-core machine, and every test that starts a server on a new data folder paid it again.
 * The copy is the same cluster initdb writes, closed cleanly; migrations and demo data still run on it as before.
 * Anything going wrong here (no home folder, a read-only cache) only means PGlite creates the cluster itself.
 */
export async function prepareNewDataDir(dataDir: string, cacheRoot = defaultCacheRoot()): Promise<void> {
  if (!(await isEmptyFolder(dataDir))) return;
  try {
    const cluster = await emptyCluster(cacheRoot);
    await fs.cp(cluster, dataDir, { recursive: true });
    await fs.rm(path.join(dataDir, COMPLETE_MARK), { force: true });
  } catch {
    // A half-made copy would be taken for a cluster: leave the folder empty, as it was.
    await emptyFolder(dataDir).catch(() => undefined);
  }
}

/** Written last into a cached cluster: a folder without it is one still being made (or abandoned). */
const COMPLETE_MARK = '.portal-cluster-complete';

function defaultCacheRoot(): string {
  return path.join(process.env.XDG_CACHE_HOME || path.join(os.homedir(), '.cache'), 'marketplace-portal');
}

async function isEmptyFolder(folder: string): Promise<boolean> {
  try {
    return (await fs.readdir(folder)).length === 0;
  } catch {
    return true;
  }
}

async function emptyFolder(folder: string): Promise<void> {
  for (const entry of await fs.readdir(folder)) await fs.rm(path.join(folder, entry), { recursive: true, force: true });
}

/** The cached empty cluster for this PGlite version, made first if it is missing. */
async function emptyCluster(cacheRoot: string): Promise<string> {
  const cluster = path.join(cacheRoot, `pglite-cluster-${await pgliteVersion()}`);
  if (await exists(path.join(cluster, COMPLETE_MARK))) return cluster;
  // Made aside and renamed into place: processes starting together each make one, the first rename wins.
  await fs.mkdir(cacheRoot, { recursive: true });
  const building = `${cluster}.building-${randomBytes(4).toString('hex')}`;
  try {
    const client = await PGlite.create(building);
    await client.close();
    await fs.writeFile(path.join(building, COMPLETE_MARK), '');
    // An abandoned incomplete one is in the way of the rename; a complete one (another process's) is kept.
    if (!(await exists(path.join(cluster, COMPLETE_MARK)))) await fs.rm(cluster, { recursive: true, force: true });
    await fs.rename(building, cluster).catch(async (error: unknown) => {
      if (!(await exists(path.join(cluster, COMPLETE_MARK)))) throw error;
    });
  } finally {
    await fs.rm(building, { recursive: true, force: true });
  }
  return cluster;
}

async function pgliteVersion(): Promise<string> {
  const entry = fileURLToPath(import.meta.resolve('@electric-sql/pglite'));
  const manifest = JSON.parse(await fs.readFile(path.join(path.dirname(entry), '..', 'package.json'), 'utf8')) as {
    version: string;
  };
  return manifest.version;
}

async function exists(file: string): Promise<boolean> {
  return fs.access(file).then(
    () => true,
    () => false,
  );
}
