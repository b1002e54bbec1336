import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { openDatabase, type Database } from '../../db/database.ts';
import { spawnTs, waitForExit, waitForLine } from '../../testing/child-process.ts';
import { createTestDatabaseTarget, type TestDatabaseTarget } from '../../testing/test-database.ts';
import { parseListQuery } from '../engine/list-query.ts';
import { PgStore } from '../engine/pg-store.ts';
import { platformRegistry } from '../resources/index.ts';
import { createFirstIndex } from './build.ts';
import { buildIndex } from './jobs.ts';
import { listIndexes } from './listing.ts';
import { requestRebuild } from './rebuild.ts';
import { searchUpkeep } from './upkeep.ts';

const PRODUCTS = 1500;
let target: TestDatabaseTarget;
let database: Database;
let activeId = '';

beforeAll(async () => {
  target = await createTestDatabaseTarget();
  database = await openDatabase(target.target);
  const values = Array.from({ length: PRODUCTS }, (_, index) => {
    const id = `p${String(index).padStart(5, '0')}`;
    return sql`('mp-crash', 'Products', '', ${id}, ${JSON.stringify({ ID: id, Name: `Lamp ${index}`, xp: { Size: index } })}::jsonb)`;
  });
  await database.db.execute(
    sql`INSERT INTO platform.documents (marketplace_id, resource, parent_key, id, body) VALUES ${sql.join(values, sql`, `)}`,
  );
  activeId = (await createFirstIndex(database.db, 'mp-crash', 'Products')) ?? '';
  await buildIndex(database.db, activeId);
});
afterAll(async () => {
  await database?.close();
  await target?.dispose();
});

const searchCount = async (db: Database) => {
  const page = await new PgStore(db.db, platformRegistry, 'mp-crash').list(
    platformRegistry.resource('Products'),
    [],
    parseListQuery({ search: 'lamp', pageSize: '1' }),
  );
  return page.Meta.TotalCount;
};

it('keeps the active index intact when a build is killed (kill -9), and builds again after the restart', async () => {
  const rebuild = await requestRebuild(database.db, 'mp-crash', activeId);
  // The embedded database is one process's at a time: the child takes it over while it builds.
  if (target.target.kind === 'pglite') await database.close();
  const child = spawnTs('src/testing/search-build-runner.ts', [JSON.stringify(target.target), rebuild.IndexID]);
  await waitForLine(child, /progress (2\d|[3-9]\d)\b/);
  child.kill('SIGKILL');
  await waitForExit(child);
  if (target.target.kind === 'pglite') database = await openDatabase(target.target);

  const [interrupted, active] = await listIndexes(database.db, 'mp-crash', 'Products');
  expect(interrupted).toMatchObject({ IndexID: rebuild.IndexID, Status: 'Building', IsActiveIndex: false });
  expect(active).toMatchObject({
    IndexID: activeId,
    Status: 'Rebuilding',
    IsActiveIndex: true,
    DocumentCount: PRODUCTS,
  });
  expect(await searchCount(database)).toBe(PRODUCTS);

  // The upkeep job notices the silent build and starts it again; it then completes and swaps.
  // Two minutes pass by the database's clock (the build's last heartbeat moves into the past).
  await database.db.execute(
    sql`UPDATE platform.search_indexes SET heartbeat_at = heartbeat_at - interval '2 minutes' WHERE id = ${rebuild.IndexID}`,
  );
  const upkeep = await searchUpkeep(database.db);
  expect(upkeep.restarted).toEqual([rebuild.IndexID]);
  expect(await buildIndex(database.db, rebuild.IndexID)).toMatchObject({ status: 'Ready', indexed: PRODUCTS });
  const after = await listIndexes(database.db, 'mp-crash', 'Products');
  expect(after.map((index) => [index.IndexID, index.Status, index.IsActiveIndex])).toEqual([
    [rebuild.IndexID, 'Ready', true],
    [activeId, 'Ready', false],
  ]);
  expect(await searchCount(database)).toBe(PRODUCTS);
}, 120_000);
