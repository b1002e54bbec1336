import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../testing/test-database.ts';
import { seedPlatformDemo } from '../seed/demo.ts';
import { listIndexErrors, listIndexes } from './listing.ts';

let testDb: TestDatabase;
beforeAll(async () => {
  testDb = await createTestDatabase();
  await seedPlatformDemo(testDb.database, { publicUrl: 'http://localhost:4000' });
}, 120_000);
afterAll(async () => testDb?.dispose());

it('starts the demo store with active indexes whose errors are its products with text sizes', async () => {
  const [products] = await listIndexes(testDb.database.db, 'demo-sandbox', 'Products');
  expect(products).toMatchObject({ Status: 'Ready', IsActiveIndex: true });
  const errors = await listIndexErrors(testDb.database.db, 'demo-sandbox', products?.IndexID ?? '');
  expect(errors.length).toBeGreaterThanOrEqual(3);
  for (const error of errors) expect(error.ErrorText).toMatch(/^Field xp\.Size is mapped as a number/);
  const [orders] = await listIndexes(testDb.database.db, 'demo-sandbox', 'Orders');
  expect(orders).toMatchObject({ Status: 'Ready', IsActiveIndex: true });
  expect(await listIndexes(testDb.database.db, 'demo-staging', 'Products')).toEqual([]);
});
