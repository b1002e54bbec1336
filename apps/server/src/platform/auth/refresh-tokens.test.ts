import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Db } from '../../db/database.ts';
import { createTestDatabase, type TestDatabase } from '../../testing/test-database.ts';
import { findRefreshToken, issueRefreshToken, type RefreshGrant } from './refresh-tokens.ts';

let testDb: TestDatabase;
let db: Db;
beforeAll(async () => {
  testDb = await createTestDatabase();
  db = testDb.database.db;
});
afterAll(async () => testDb?.dispose());
afterEach(() => {
  vi.useRealTimers();
});

const grant: RefreshGrant = {
  marketplaceId: 'mp',
  clientId: 'client',
  subject: { userType: 'buyer', userId: 'u1', username: 'buyer1', companyId: 'b1' },
};

/** Moves every refresh token's expiry `seconds` into the past, as if that much time had passed. */
async function later(seconds: number): Promise<void> {
  await db.execute(
    sql`UPDATE platform.refresh_tokens SET expires_at = expires_at - make_interval(secs => ${seconds}::int)`,
  );
}

describe('refresh tokens', () => {
  it('are found until their minutes have passed by the database clock, then no more', async () => {
    const token = await issueRefreshToken(db, { ...grant, minutes: 5 });
    expect(await findRefreshToken(db, token)).toEqual(grant);
    await later(4 * 60);
    expect(await findRefreshToken(db, token)).toEqual(grant);
    await later(60);
    expect(await findRefreshToken(db, token)).toBeUndefined();
  });
});

/**
 * PGlite runs inside this process and takes its time from the same (faked) Date, so only a database
 * server has a clock of its own to hold against a skewed application clock; several processes can
 * share only a server anyway.
 */
const databaseHasItsOwnClock = Boolean(process.env.TEST_DATABASE_URL);

describe.skipIf(!databaseHasItsOwnClock)('refresh tokens with application clocks that disagree', () => {
  it('last their minutes whichever process issued them and whichever reads them', async () => {
    const base = Date.now();
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(base - 10 * 60_000);
    const token = await issueRefreshToken(db, { ...grant, minutes: 5 });
    vi.setSystemTime(base + 10 * 60_000);
    expect(await findRefreshToken(db, token)).toEqual(grant);
    // Issuing in a process whose clock is ahead does not sweep a live token either.
    await issueRefreshToken(db, { ...grant, minutes: 5 });
    expect(await findRefreshToken(db, token)).toEqual(grant);
    await later(5 * 60);
    vi.setSystemTime(base - 10 * 60_000);
    expect(await findRefreshToken(db, token)).toBeUndefined();
  });
});
