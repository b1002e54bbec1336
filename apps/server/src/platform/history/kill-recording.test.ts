import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '../../db/database.ts';
import { rowsOf } from '../../db/rows.ts';
import { spawnTs, waitForExit, waitForLine } from '../../testing/child-process.ts';
import { createTestDatabaseTarget, type TestDatabaseTarget } from '../../testing/test-database.ts';
import { insertMarketplace } from '../auth/testing.ts';
import { PgStore } from '../engine/pg-store.ts';
import { platformRegistry } from '../resources/index.ts';

// kill -9 in the middle of recorded writes: afterwards every product's stored state has exactly the records of the
// writes that reached it, no fewer (a change without its record) and no more (a record without its change). On
// PostgreSQL when TEST_DATABASE_URL is set, else on the embedded database.

const WRITER_PRODUCTS = 5;
let target: TestDatabaseTarget;

beforeAll(async () => {
  target = await createTestDatabaseTarget();
  const database = await openDatabase(target.target);
  try {
    await insertMarketplace(database.db, 'mkt1');
    const store = new PgStore(database.db, platformRegistry, 'mkt1');
    for (let n = 0; n < WRITER_PRODUCTS; n += 1)
      await store.put('Products', [], { ID: `p${n}`, Name: 'Start', Active: true, xp: { N: 0 } });
  } finally {
    await database.close();
  }
});
afterAll(async () => {
  await target?.dispose();
});

async function read(database: Database) {
  const products = await rowsOf<{ id: string; n: number }>(
    database.db,
    sql`SELECT id, (body -> 'xp' ->> 'N')::int AS n FROM platform.documents WHERE resource = 'Products'`,
  );
  const records = await rowsOf<{ resource_id: string; n: number; count: number }>(
    database.db,
    sql`SELECT resource_id, (c.value ->> 'New')::int AS n, count(*) OVER (PARTITION BY resource_id, c.value ->> 'New') AS count
        FROM platform.change_records r, jsonb_array_elements(r.changes) c
        WHERE r.operation_id = 'Products.Patch' AND c.value ->> 'Path' = 'xp.N'`,
  );
  return { products, records };
}

describe('recording under kill -9', () => {
  it('leaves records and changes one for one', { timeout: 120_000 }, async () => {
    const writer = spawnTs('src/platform/history/testing/change-writer.ts', [
      JSON.stringify(target.target),
      String(WRITER_PRODUCTS),
    ]);
    let lastCommitted = 0;
    writer.stdout?.on('data', (chunk: Buffer) => {
      for (const match of chunk.toString().matchAll(/committed (\d+)/g))
        lastCommitted = Math.max(lastCommitted, Number(match[1]));
    });
    await waitForLine(writer, /committed 60\b/);
    // A moment more, so the kill lands at an arbitrary point of a write.
    await new Promise((resolve) => setTimeout(resolve, 37));
    writer.kill('SIGKILL');
    await waitForExit(writer);

    const database = await openDatabase(target.target);
    try {
      const { products, records } = await read(database);
      expect(products).toHaveLength(WRITER_PRODUCTS);
      const written = new Map(products.map((product) => [product.id, Number(product.n)]));
      const total = [...written.values()].reduce((sum, n) => Math.max(sum, n), 0);
      expect(total).toBeGreaterThanOrEqual(lastCommitted);
      for (const [id, last] of written) {
        // Product p<k> got the writes i with i % 5 = k, in order; its state says which one came last.
        const expected: number[] = [];
        for (let i = 1; i <= last; i += 1) if (`p${i % WRITER_PRODUCTS}` === id) expected.push(i);
        const recorded = records
          .filter((record) => record.resource_id === id)
          .map((record) => Number(record.n))
          .sort((a, b) => a - b);
        expect(recorded, id).toEqual(expected);
      }
      expect(records.every((record) => Number(record.count) === 1)).toBe(true);
    } finally {
      await database.close();
    }
  });
});
