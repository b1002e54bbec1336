import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '../db/database.ts';
import { createTestDatabase, type TestDatabase } from '../testing/test-database.ts';
import { readOrCreateSetting, readSetting } from './shared-settings.ts';

const serverUrl = process.env.TEST_DATABASE_URL;
let test: TestDatabase;

beforeAll(async () => {
  test = await createTestDatabase();
});
afterAll(() => test.dispose());

describe(`shared settings (${serverUrl ? 'PostgreSQL' : 'PGlite'})`, () => {
  it('creates a value once and answers the stored one afterwards', async () => {
    const { db } = test.database;
    expect(await readSetting(db, 'once')).toBeUndefined();
    expect(await readOrCreateSetting(db, 'once', () => 'first')).toEqual({ value: 'first', created: true });
    expect(await readOrCreateSetting(db, 'once', () => 'second')).toEqual({ value: 'first', created: false });
    expect(await readSetting(db, 'once')).toBe('first');
  });

  it('gives concurrent callers on one handle the same value', async () => {
    const results = await Promise.all(
      [1, 2, 3, 4, 5].map((n) => readOrCreateSetting(test.database.db, 'concurrent-local', () => `value-${n}`)),
    );
    expect(new Set(results.map((result) => result.value)).size).toBe(1);
    expect(results.filter((result) => result.created)).toHaveLength(1);
  });
});

describe.skipIf(!serverUrl)(
  serverUrl
    ? 'shared settings across processes (PostgreSQL)'
    : 'shared settings across processes: skipped, it needs a PostgreSQL server (set TEST_DATABASE_URL)',
  () => {
    const handles: Database[] = [];
    afterAll(async () => {
      for (const handle of handles) await handle.close();
    });

    it('gives five processes creating one setting at once a single value', async () => {
      for (let i = 0; i < 5; i++) handles.push(await openDatabase(test.target));
      // Each handle is a pool of its own, as a separate process would have.
      const results = await Promise.all(
        handles.map((handle, n) => readOrCreateSetting(handle.db, 'concurrent-processes', () => `process-${n}`)),
      );
      expect(new Set(results.map((result) => result.value)).size).toBe(1);
      expect(results.filter((result) => result.created)).toHaveLength(1);
      expect(await readSetting(test.database.db, 'concurrent-processes')).toBe(results[0]?.value);
    });
  },
);
