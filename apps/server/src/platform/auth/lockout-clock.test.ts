import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Db } from '../../db/database.ts';
import { createTestDatabase, type TestDatabase } from '../../testing/test-database.ts';
import { PgStore } from '../engine/pg-store.ts';
import { platformRegistry } from '../resources/index.ts';
import type { PlatformUser } from './client-access.ts';
import { beginSignInAttempt, endSignInAttempt, type LockoutPolicy } from './lockout.ts';
import { insertMarketplace, seedUser } from './testing.ts';

let testDb: TestDatabase;
let db: Db;
const POLICY: LockoutPolicy = { allowedFailedAttempts: 3, lockoutMinutes: 15 };

beforeAll(async () => {
  testDb = await createTestDatabase();
  db = testDb.database.db;
  await insertMarketplace(db, 'mp-lock');
});
afterAll(async () => testDb?.dispose());
afterEach(() => {
  vi.useRealTimers();
});

async function adminUser(id: string): Promise<PlatformUser> {
  const store = new PgStore(db, platformRegistry, 'mp-lock');
  await seedUser(store, 'AdminUsers', undefined, { ID: id, Username: id });
  return {
    resource: 'AdminUsers',
    type: 'admin',
    id,
    username: id,
    companyId: undefined,
    item: {},
    passwordHash: undefined,
  };
}

const attempt = (user: PlatformUser) => beginSignInAttempt(db, 'mp-lock', user, POLICY);

/** Moves the start of the user's lock `minutes` into the past by the database's clock. */
async function lockStartedMinutesAgo(user: PlatformUser, minutes: number): Promise<void> {
  await db.execute(
    sql`UPDATE platform.documents
        SET secret = jsonb_set(secret, '{LockedOutAt}', to_jsonb(now() - make_interval(mins => ${minutes}::int)))
        WHERE marketplace_id = 'mp-lock' AND id = ${user.id}`,
  );
}

describe('platform sign-in lockout', () => {
  it('locks at the allowance for LockoutDuration minutes of the database clock, then gives a fresh allowance', async () => {
    const user = await adminUser('locked-by-db');
    expect([await attempt(user), await attempt(user), await attempt(user)]).toEqual([true, true, true]);
    expect(await attempt(user)).toBe(false);
    await lockStartedMinutesAgo(user, 14);
    expect(await attempt(user)).toBe(false);
    await lockStartedMinutesAgo(user, 16);
    expect(await attempt(user)).toBe(true);
    await endSignInAttempt(db, 'mp-lock', user);
  });
});

/**
 * PGlite runs inside this process and takes its time from the same (faked) Date, so only a database
 * server has a clock of its own to hold against a skewed application clock; several processes can
 * share only a server anyway.
 */
const databaseHasItsOwnClock = Boolean(process.env.TEST_DATABASE_URL);

describe.skipIf(!databaseHasItsOwnClock)('platform sign-in lockout with application clocks that disagree', () => {
  it('keeps a lock started by a process whose clock is behind, and ends it on time for one whose clock is ahead', async () => {
    const user = await adminUser('locked-across');
    const base = Date.now();
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(base - 10 * 60_000);
    for (let n = 0; n < 3; n += 1) expect(await attempt(user)).toBe(true);
    // Ten minutes ahead, the 15-minute lock is not over after 0 minutes (nor 5).
    vi.setSystemTime(base + 10 * 60_000);
    expect(await attempt(user)).toBe(false);
    // Ten minutes behind, a lock that began 16 minutes ago by the database's clock is over.
    await lockStartedMinutesAgo(user, 16);
    vi.setSystemTime(base - 10 * 60_000);
    expect(await attempt(user)).toBe(true);
  });
});
