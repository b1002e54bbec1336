import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../db/rows.ts';
import { createTestDatabase, type TestDatabase } from '../../testing/test-database.ts';
import { resolveRoles } from '../auth/user-roles.ts';
import { PgStore } from '../engine/pg-store.ts';
import { platformRegistry } from '../resources/index.ts';
import { BATCH_SIZE } from './batch.ts';
import { seedLargeCatalog } from './large.ts';

describe('seedLargeCatalog', () => {
  let test: TestDatabase;

  beforeAll(async () => {
    test = await createTestDatabase();
  });

  afterAll(async () => {
    await test?.dispose();
  });

  it('creates the marketplace with admin access, then products in batches, continuing on a second run', async () => {
    const { db } = test.database;
    const count = BATCH_SIZE * 2 + 50;
    const first = await seedLargeCatalog(db, platformRegistry, { marketplace: 'bench-large', products: count });
    expect(first).toMatchObject({
      marketplace: 'bench-large',
      marketplaceCreated: true,
      products: count,
      priceSchedules: 40,
    });

    const store = new PgStore(db, platformRegistry, 'bench-large');
    expect(await store.get('ApiClients', [], 'bench-large-admin')).toMatchObject({ AppName: 'Bench Large Admin' });
    expect(await resolveRoles(store, { id: 'admin', type: 'admin' })).toEqual(['FullAccess']);
    const product = await store.get('Products', [], 'BULK-0002050');
    expect(product).toMatchObject({
      OwnerID: 'bench-large',
      xp: { Size: expect.any(Number), Brand: expect.any(String) },
    });
    expect(Object.keys(product ?? {})).toEqual(expect.arrayContaining(['ShipFromAddressID', 'Inventory', 'SpecCount']));

    const second = await seedLargeCatalog(db, platformRegistry, { marketplace: 'bench-large', products: 10 });
    expect(second).toMatchObject({ marketplaceCreated: false, products: 10, priceSchedules: 0 });
    const [row] = await rowsOf<{ n: string | number; last: string }>(
      db,
      sql`SELECT count(*) AS n, max(id) AS last FROM platform.documents WHERE marketplace_id = 'bench-large' AND resource = 'Products'`,
    );
    expect(row).toMatchObject({ last: `BULK-${String(count + 10).padStart(7, '0')}` });
    expect(Number(row?.n)).toBe(count + 10);
  });
});
