import { sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../db/database.ts';
import { createTestDatabase, type TestDatabase } from '../../testing/test-database.ts';
import { platformRegistry } from '../resources/index.ts';
import { createFirstIndex } from '../search/build.ts';
import { buildIndex } from '../search/jobs.ts';
import type { Item } from './item.ts';
import { parseListQuery, type ListPage, type RawQuery } from './list-query.ts';
import { PgStore } from './pg-store.ts';

/**
 * Kept lists caught up in place after writes (kept-lists.ts, kept-order.ts) answer exactly what
 * reading every match answers: random writes of every kind, then every list option, compared.
 * Runs on PGlite, and on PostgreSQL when TEST_DATABASE_URL is set.
 */
let testDb: TestDatabase;
let db: Db;
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
const MARKETPLACE = 'mp-random';

/** A small seeded generator, so a failure can be replayed. */
function randomOf(seed: number): (below: number) => number {
  let state = seed >>> 0;
  return (below) => {
    state = (Math.imul(state, 1664525) + 1013904223) >>> 0;
    return state % below;
  };
}

// Names that sort differently by code point than by UTF-16 units or by locale, equal names, none.
const NAMES = [
  'Trail shoe',
  'trail shoe',
  'Road shoe',
  'Éclair',
  'Zebra',
  '😀 trail',
  '\uFFFD trail',
  'Trail shoe',
  null,
];
const SIZES: unknown[] = [1, 2.5, 10, '10', 'L', -3, 2.5, null, 0.25];

function product(random: (below: number) => number, id: string): Item {
  const name = NAMES[random(NAMES.length)];
  const size = SIZES[random(SIZES.length)];
  return {
    ID: id,
    ...(name === null ? {} : { Name: name }),
    Active: random(3) !== 0,
    ShipWeight: random(4) === 0 ? null : random(50) / 4,
    xp: { Color: ['red', 'blue'][random(2)], ...(size === null ? {} : { Size: size }) },
  };
}

const QUERIES: RawQuery[] = [
  { pageSize: '5', Active: 'true', 'xp.Color': 'red', sortBy: 'Name' },
  { pageSize: '4', page: '2', sortBy: '!Name,!ID' },
  { pageSize: '6', sortBy: 'xp.Size,Name' },
  { pageSize: '6', page: '2', sortBy: '!xp.Size' },
  { pageSize: '5', sortBy: 'Active,!DateCreated' },
  { pageSize: '3', search: 'trail', sortBy: 'Name' },
  { pageSize: '8', 'xp.Color': 'blue' },
  { pageSize: '10', page: '40', sortBy: 'Name' }, // beyond the end
];

/** The page and whether it was caught up in place or gathered again. */
async function list(raw: RawQuery): Promise<{ page: ListPage; gathered: boolean }> {
  statements.length = 0;
  const page = await new PgStore(db, platformRegistry, MARKETPLACE).list(PRODUCTS, [], parseListQuery(raw));
  return { page, gathered: statements.some((text) => text.includes('array_agg')) };
}

async function listDirectly(raw: RawQuery): Promise<ListPage> {
  return db.transaction(async (tx) =>
    new PgStore(tx as unknown as Db, platformRegistry, MARKETPLACE, true).list(PRODUCTS, [], parseListQuery(raw)),
  );
}

describe('kept product lists after writes', () => {
  it('answer exactly what reading every match answers, over random writes, without reading every match', async () => {
    const random = randomOf(22);
    const store = new PgStore(db, platformRegistry, MARKETPLACE);
    const ids: string[] = [];
    for (let index = 0; index < 30; index += 1) {
      ids.push(`p-${index}`);
      await store.put('Products', [], product(random, `p-${index}`));
    }
    const indexId = await createFirstIndex(db, MARKETPLACE, 'Products');
    await buildIndex(db, indexId ?? '');
    for (const raw of QUERIES) {
      await list(raw); // noted
      await list(raw); // gathered and kept
    }
    let next = 30;
    let gatheredAgain = 0;
    for (let round = 0; round < 25; round += 1) {
      for (let count = 1 + random(3); count > 0; count -= 1) {
        const choice = random(10);
        const id = ids[random(ids.length)] ?? 'p-0';
        if (choice < 3 || ids.length < 5) {
          ids.push(`p-${next}`);
          await store.put('Products', [], product(random, `p-${next}`));
          next += 1;
        } else if (choice < 7) await store.put('Products', [], product(random, id));
        else if (choice < 8) {
          const to = `r-${next}`;
          next += 1;
          await store.rename('Products', [], id, product(random, to));
          ids.splice(ids.indexOf(id), 1, to);
        } else if (choice < 9) {
          await store.remove('Products', [], id);
          ids.splice(ids.indexOf(id), 1);
        } else {
          // Outside the store, several rows in one statement.
          await db.execute(
            sql`UPDATE platform.documents SET body = body || jsonb_build_object('Active', NOT (body ->> 'Active')::boolean)
                WHERE marketplace_id = ${MARKETPLACE} AND resource = 'Products' AND id LIKE ${`p-${random(4)}%`}`,
          );
        }
      }
      if (round % 5 === 4) {
        // Calls of one kept list at the same time each catch it up, or see it caught up by another.
        const pages = [{ ...QUERIES[1], page: '1' }, QUERIES[1], { ...QUERIES[1], page: '3' }, QUERIES[1]];
        const store = new PgStore(db, platformRegistry, MARKETPLACE);
        const answered = await Promise.all(pages.map((raw) => store.list(PRODUCTS, [], parseListQuery(raw ?? {}))));
        for (const [index, raw] of pages.entries()) expect(answered[index]).toEqual(await listDirectly(raw ?? {}));
        await store.put('Products', [], product(random, ids[0] ?? 'p-0'));
      }
      for (const raw of QUERIES) {
        const listed = await list(raw);
        if (listed.gathered) gatheredAgain += 1;
        expect({ round, raw, page: listed.page }).toEqual({ round, raw, page: await listDirectly(raw) });
      }
    }
    // Rows changed outside the store skip the search index, which `search` reads: those lists still
    // match exactly; none of them needed every match again.
    expect(gatheredAgain).toBe(0);
  });
});
