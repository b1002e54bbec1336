import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { ChangedField } from '@portal/contracts';
import { rowsOf } from '../../db/rows.ts';
import { createTestDatabase, type TestDatabase } from '../../testing/test-database.ts';
import type { AuthContext } from '../engine/auth-context.ts';
import { PgStore } from '../engine/pg-store.ts';
import { platformRegistry } from '../resources/index.ts';
import { ChangeRecorder } from './recorder.ts';

// A write whose object the request read first gets its record inside the write's own statement; these cases prove
// the record still tells exactly what changed when that shortcut cannot be trusted: the object changed between the
// read and the write, the request writes the object twice, or creates then changes it. PGlite, and PostgreSQL when
// TEST_DATABASE_URL is set.

let testDb: TestDatabase;
const auth = {
  marketplaceId: 'mkt1',
  userId: 'a1',
  username: 'admin1',
  userType: 'admin',
  clientId: 'sdk',
} as AuthContext;

beforeAll(async () => {
  testDb = await createTestDatabase();
});
afterAll(async () => {
  await testDb?.dispose();
});
beforeEach(async () => {
  await testDb.database.db.execute(sql`DELETE FROM platform.change_records`);
  await new PgStore(testDb.database.db, platformRegistry, 'mkt1').put('Products', [], {
    ID: 'p1',
    Name: 'One',
    xp: { Color: 'Red' },
  });
});

/** A request's store: its own recorder, as the engine's routes give every request that may write. */
const requestStore = () =>
  new PgStore(
    testDb.database.db,
    platformRegistry,
    'mkt1',
    false,
    new ChangeRecorder({ operationId: 'Products.Patch', kind: 'Patch', auth, requestId: 'req-1' }),
  );

/** The stored records, each change list in path order (the stored state's key order is the database's). */
const records = async () =>
  (
    await rowsOf<{ kind: string; resource_id: string; changes: ChangedField[] }>(
      testDb.database.db,
      sql`SELECT kind, resource_id, changes FROM platform.change_records ORDER BY id`,
    )
  ).map((row) => ({ ...row, changes: [...row.changes].sort((a, b) => a.Path.localeCompare(b.Path)) }));

describe('records inside the write', () => {
  it('records a read-then-write once, with the change from what was read', async () => {
    await requestStore().transaction(async (store) => {
      const previous = await store.get('Products', [], 'p1');
      await store.put('Products', [], { ...previous, Name: 'Two' });
    });
    expect(await records()).toEqual([
      { kind: 'Patch', resource_id: 'p1', changes: [{ Path: 'Name', Old: 'One', New: 'Two' }] },
    ]);
  });

  it('records the change from the stored state when another writer changed the object after the read', async () => {
    const store = requestStore();
    const previous = await store.get('Products', [], 'p1');
    // Another writer's change lands between this request's read and its write (each in its own statement).
    await new PgStore(testDb.database.db, platformRegistry, 'mkt1').put('Products', [], {
      ID: 'p1',
      Name: 'Elsewhere',
      xp: { Color: 'Red' },
    });
    await store.put('Products', [], { ...previous, Name: 'Two' });
    expect(await records()).toEqual([
      { kind: 'Patch', resource_id: 'p1', changes: [{ Path: 'Name', Old: 'Elsewhere', New: 'Two' }] },
    ]);
  });

  it('records a save of a missing object as a Create, or from what another writer created after the read', async () => {
    const store = requestStore();
    expect(await store.get('Products', [], 's1')).toBeUndefined();
    await store.put('Products', [], { ID: 's1', Name: 'New' });
    const late = requestStore();
    expect(await late.get('Products', [], 's2')).toBeUndefined();
    await new PgStore(testDb.database.db, platformRegistry, 'mkt1').put('Products', [], { ID: 's2', Name: 'First' });
    await late.put('Products', [], { ID: 's2', Name: 'Second' });
    expect(await records()).toEqual([
      {
        kind: 'Create',
        resource_id: 's1',
        changes: [
          { Path: 'ID', Old: null, New: 's1' },
          { Path: 'Name', Old: null, New: 'New' },
        ],
      },
      { kind: 'Patch', resource_id: 's2', changes: [{ Path: 'Name', Old: 'First', New: 'Second' }] },
    ]);
  });

  it('makes one record of two writes of one object in a request (first state before, last after)', async () => {
    await requestStore().transaction(async (store) => {
      const previous = await store.get('Products', [], 'p1');
      await store.put('Products', [], { ...previous, Name: 'Two' });
      await store.put('Products', [], { ...previous, Name: 'Three', xp: { Color: 'Blue' } });
    });
    expect(await records()).toEqual([
      {
        kind: 'Patch',
        resource_id: 'p1',
        changes: [
          { Path: 'Name', Old: 'One', New: 'Three' },
          { Path: 'xp.Color', Old: 'Red', New: 'Blue' },
        ],
      },
    ]);
  });

  it('records a create changed again in the same request as one Create', async () => {
    await requestStore().transaction(async (store) => {
      await store.insert('Products', [], { ID: 'p2', Name: 'New' });
      await store.put('Products', [], { ID: 'p2', Name: 'Newer' });
    });
    expect(await records()).toEqual([
      {
        kind: 'Create',
        resource_id: 'p2',
        changes: [
          { Path: 'ID', Old: null, New: 'p2' },
          { Path: 'Name', Old: null, New: 'Newer' },
        ],
      },
    ]);
  });

  it('records nothing for a write of the state already stored, and nothing when the transaction rolls back', async () => {
    await requestStore().transaction(async (store) => {
      const previous = await store.get('Products', [], 'p1');
      await store.put('Products', [], { ...previous });
    });
    await requestStore()
      .transaction(async (store) => {
        const previous = await store.get('Products', [], 'p1');
        await store.put('Products', [], { ...previous, Name: 'Lost' });
        throw new Error('refused after the write');
      })
      .catch(() => undefined);
    expect(await records()).toEqual([]);
    expect((await new PgStore(testDb.database.db, platformRegistry, 'mkt1').get('Products', [], 'p1'))?.Name).toBe(
      'One',
    );
  });
});
