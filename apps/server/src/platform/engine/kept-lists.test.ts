import { sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../db/database.ts';
import { createTestDatabase, type TestDatabase } from '../../testing/test-database.ts';
import { platformRegistry } from '../resources/index.ts';
import { createFirstIndex } from '../search/build.ts';
import { buildIndex } from '../search/jobs.ts';
import { rowsOf } from '../../db/rows.ts';
import { parseListQuery, type ListPage, type RawQuery } from './list-query.ts';
import { PgStore } from './pg-store.ts';

let testDb: TestDatabase;
let db: Db;
/** Statements run through `db`, as SQL text: shows whether a list gathered its matches again. */
const statements: string[] = [];
beforeAll(async () => {
  testDb = await createTestDatabase();
  const dialect = new PgDialect();
  const real = testDb.database.db;
  db = new Proxy(real, {
    get(target, property, receiver) {
      if (property !== 'execute') return Reflect.get(target, property, receiver) as unknown;
      return (query: Parameters<Db['execute']>[0]) => {
        statements.push(dialect.sqlToQuery(query as Parameters<PgDialect['sqlToQuery']>[0]).sql);
        return target.execute(query);
      };
    },
  });
});
afterAll(async () => testDb?.dispose());

const PRODUCTS = platformRegistry.resource('Products');
const COLORS = ['red', 'blue', 'green'];

async function addProducts(marketplaceId: string, count: number): Promise<void> {
  // A transaction per product, as API writes are.
  const store = new PgStore(db, platformRegistry, marketplaceId);
  for (let index = 0; index < count; index += 1) {
    await store.put('Products', [], {
      ID: `p-${String(index).padStart(3, '0')}`,
      Name: `${index % 2 === 0 ? 'Trail' : 'Road'} shoe ${(index * 7) % count}`,
      Active: index % 5 !== 0,
      xp: { Color: COLORS[index % 3], Size: index % 4 === 0 ? 'L' : index % 11 },
    });
  }
}

/** The page a list answers, and whether that call gathered every match (rather than using kept ones). */
async function list(
  marketplaceId: string,
  raw: RawQuery,
): Promise<{ page: ListPage; gathered: boolean; statements: number }> {
  statements.length = 0;
  const page = await new PgStore(db, platformRegistry, marketplaceId).list(PRODUCTS, [], parseListQuery(raw));
  return {
    page,
    gathered: statements.some((text) => text.includes('array_agg')),
    // One statement: the kept list took the write in with the page (kept-catch-up.ts).
    // (The database's collation is asked once, on the first catch-up.)
    statements: statements.filter((text) => !text.includes('pg_database')).length,
  };
}

/** The same list answered inside a transaction, where nothing is kept: every match read and sorted. */
async function listDirectly(marketplaceId: string, raw: RawQuery): Promise<ListPage> {
  return db.transaction(async (tx) =>
    new PgStore(tx as unknown as Db, platformRegistry, marketplaceId, true).list(PRODUCTS, [], parseListQuery(raw)),
  );
}

const QUERIES: RawQuery[] = [
  { pageSize: '5', Active: 'true', 'xp.Color': 'red', sortBy: 'Name' },
  { pageSize: '4', page: '3', sortBy: '!Name', search: 'trail' },
  { pageSize: '7', page: '2', sortBy: 'xp.Size,!ID', 'xp.Color': 'blue|green' },
  { pageSize: '10', page: '9', 'xp.Color': 'red' },
  { pageSize: '3', search: 'shoe 1', searchOn: 'Name', sortBy: 'ID' },
];

describe('kept product lists', () => {
  it('answer every page, sort, filter and search exactly as reading every match does, gathering them on the second call only', async () => {
    await addProducts('mp-kept', 40);
    for (const raw of QUERIES) {
      // A first call reads the page the usual way, a second gathers every match, later ones read the page.
      const calls = [await list('mp-kept', raw), await list('mp-kept', raw), await list('mp-kept', raw)];
      expect(calls.map((call) => call.gathered)).toEqual([false, true, false]);
      const expected = await listDirectly('mp-kept', raw);
      for (const call of calls) expect(call.page).toEqual(expected);
    }
    // Another page of a kept list is read from the kept ids too.
    const third = await list('mp-kept', {
      pageSize: '5',
      page: '3',
      Active: 'true',
      'xp.Color': 'red',
      sortBy: 'Name',
    });
    expect(third.gathered).toBe(false);
    expect(third.page).toEqual(
      await listDirectly('mp-kept', { pageSize: '5', page: '3', Active: 'true', 'xp.Color': 'red', sortBy: 'Name' }),
    );
  });

  it('take in any committed write to the products in place, through the store or not', async () => {
    await addProducts('mp-writes', 12);
    const raw = { pageSize: '20', Active: 'true', sortBy: '!Name' };
    const store = new PgStore(db, platformRegistry, 'mp-writes');
    const writes: (() => Promise<unknown>)[] = [
      () => store.put('Products', [], { ID: 'p-new', Name: 'Zebra boot', Active: true }),
      () => store.rename('Products', [], 'p-new', { ID: 'p-renamed', Name: 'Aardvark boot', Active: true }),
      () => store.remove('Products', [], 'p-renamed'),
      // Written without the store (a seed or a migration would): the version comes from the database.
      () =>
        db.execute(sql`UPDATE platform.documents SET body = body || '{"Active": false}'::jsonb
                           WHERE marketplace_id = 'mp-writes' AND resource = 'Products' AND id = 'p-001'`),
      () =>
        db.transaction(async (tx) => {
          const inTx = new PgStore(tx as unknown as Db, platformRegistry, 'mp-writes', true);
          await inTx.put('Products', [], { ID: 'p-a', Name: 'Alpha', Active: true });
          await inTx.put('Products', [], { ID: 'p-b', Name: 'Beta', Active: true });
        }),
    ];
    await list('mp-writes', raw); // noted
    expect((await list('mp-writes', raw)).gathered).toBe(true);
    for (const write of writes) {
      await write();
      const after = await list('mp-writes', raw);
      expect(after).toMatchObject({ gathered: false, statements: 1 });
      expect(after.page).toEqual(await listDirectly('mp-writes', raw));
    }
    // Products of another marketplace and other resources leave the list kept.
    await addProducts('mp-other', 1);
    await store.put('Buyers', [], { ID: 'b1', Name: 'Shoe shop' });
    expect((await list('mp-writes', raw)).gathered).toBe(false);
  });

  it('stay kept after a rolled-back write, and a transaction of many writes gives one new version', async () => {
    await addProducts('mp-rollback', 6);
    const raw = { pageSize: '10', sortBy: 'Name' };
    const version = async () =>
      (
        await rowsOf<{ version: string }>(
          db,
          sql`SELECT version FROM platform.list_versions WHERE marketplace_id = 'mp-rollback' AND resource = 'Products'`,
        )
      )[0]?.version;
    const before = await version();
    expect(before).toEqual(expect.any(String));
    await list('mp-rollback', raw);
    expect((await list('mp-rollback', raw)).gathered).toBe(true);
    await expect(
      db.transaction(async (tx) => {
        await new PgStore(tx as unknown as Db, platformRegistry, 'mp-rollback', true).put('Products', [], {
          ID: 'p-gone',
          Name: 'Never stored',
        });
        throw new Error('changed my mind');
      }),
    ).rejects.toThrow('changed my mind');
    expect(await version()).toBe(before);
    expect((await list('mp-rollback', raw)).gathered).toBe(false);

    await db.execute(
      sql`INSERT INTO platform.documents (marketplace_id, resource, id, body)
          SELECT 'mp-rollback', 'Products', 'bulk-' || n, jsonb_build_object('ID', 'bulk-' || n, 'Name', 'Bulk ' || n)
          FROM generate_series(1, 50) AS n`,
    );
    const after = await version();
    expect(after).not.toBe(before);
    const listed = await list('mp-rollback', raw);
    // 50 changed items: more than the page margin, so a second statement reads the page.
    expect(listed).toMatchObject({ gathered: false, statements: 2 });
    expect(listed.page.Meta.TotalCount).toBe(56);
    expect(listed.page).toEqual(await listDirectly('mp-rollback', raw));

    // More than the log lists in one transaction: every match is read again.
    await db.execute(
      sql`INSERT INTO platform.documents (marketplace_id, resource, id, body)
          SELECT 'mp-rollback', 'Products', 'more-' || n, jsonb_build_object('ID', 'more-' || n, 'Name', 'More ' || n)
          FROM generate_series(1, 600) AS n`,
    );
    const gathered = await list('mp-rollback', raw);
    expect(gathered.gathered).toBe(true);
    expect(gathered.page.Meta.TotalCount).toBe(656);
  });

  it('search again once an index becomes the active one, without any write to the products', async () => {
    const store = new PgStore(db, platformRegistry, 'mp-swap');
    for (let index = 0; index < 10; index += 1)
      await store.put('Products', [], {
        ID: `t-${index}`,
        Name: `Trail map ${index}`,
        xp: { Size: index < 9 ? index : 'XL' },
      });
    const raw = { pageSize: '20', search: 'trail', sortBy: 'ID' };
    // No index yet: the documents answer, the one with a text size included.
    expect((await list('mp-swap', raw)).page.Meta.TotalCount).toBe(10);
    expect((await list('mp-swap', raw)).gathered).toBe(true);
    expect((await list('mp-swap', raw)).gathered).toBe(false);
    // The first build rejects t-9 (its size is text where the mapping says number) and becomes active.
    const indexId = await createFirstIndex(db, 'mp-swap', 'Products');
    expect(await buildIndex(db, indexId ?? '')).toMatchObject({ status: 'Ready', rejected: 1 });
    // Searching through an index is another list (its statement names the index), read afresh, then kept.
    const searched = await list('mp-swap', raw);
    expect(searched.page.Meta.TotalCount).toBe(9);
    expect(searched.page).toEqual(await listDirectly('mp-swap', raw));
    const again = await list('mp-swap', raw);
    expect(again.gathered).toBe(true);
    expect(again.page).toEqual(searched.page);
  });
});
