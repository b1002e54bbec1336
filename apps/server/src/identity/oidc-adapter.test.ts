import { and, eq, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../testing/test-database.ts';
import { oidcModels } from './db/schema.ts';
import { DrizzleOidcAdapter } from './oidc-adapter.ts';

let testDb: TestDatabase;
beforeAll(async () => {
  testDb = await createTestDatabase();
});
afterAll(() => testDb?.dispose());

const adapter = (kind: string) => new DrizzleOidcAdapter(testDb.database.db, kind);

describe(`oidc adapter (${process.env.TEST_DATABASE_URL ? 'PostgreSQL' : 'PGlite'})`, () => {
  it('stores, finds, replaces and destroys a model', async () => {
    const sessions = adapter('Session');
    await sessions.upsert('s1', { accountId: 'u1', uid: 'uid-1', kind: 'Session' }, 3600);
    expect(await sessions.find('s1')).toEqual({ accountId: 'u1', uid: 'uid-1', kind: 'Session' });
    expect(await sessions.findByUid('uid-1')).toMatchObject({ accountId: 'u1' });

    await sessions.upsert('s1', { accountId: 'u2', uid: 'uid-2', kind: 'Session' }, 3600);
    expect(await sessions.find('s1')).toMatchObject({ accountId: 'u2' });
    expect(await sessions.findByUid('uid-1')).toBeUndefined();

    await sessions.destroy('s1');
    expect(await sessions.find('s1')).toBeUndefined();
  });

  it('keeps models of different kinds apart', async () => {
    await adapter('AccessToken').upsert('same-id', { accountId: 'a' }, 60);
    await adapter('RefreshToken').upsert('same-id', { accountId: 'r' }, 60);
    expect(await adapter('AccessToken').find('same-id')).toEqual({ accountId: 'a' });
    expect(await adapter('Session').find('same-id')).toBeUndefined();
    await adapter('AccessToken').destroy('same-id');
    expect(await adapter('RefreshToken').find('same-id')).toEqual({ accountId: 'r' });
  });

  it('finds device codes by user code', async () => {
    await adapter('DeviceCode').upsert('d1', { userCode: 'ABCD-EFGH', grantId: 'g-d' }, 600);
    expect(await adapter('DeviceCode').findByUserCode('ABCD-EFGH')).toMatchObject({ grantId: 'g-d' });
    expect(await adapter('DeviceCode').findByUserCode('NOPE-NOPE')).toBeUndefined();
  });

  it('marks a model consumed and reports when', async () => {
    const codes = adapter('AuthorizationCode');
    await codes.upsert('c1', { accountId: 'u1', grantId: 'g1' }, 60);
    expect((await codes.find('c1'))?.consumed).toBeUndefined();
    const before = Math.floor(Date.now() / 1000);
    await codes.consume('c1');
    const consumed = (await codes.find('c1'))?.consumed as number;
    expect(consumed).toBeGreaterThanOrEqual(before - 1);
    expect(consumed).toBeLessThanOrEqual(Math.ceil(Date.now() / 1000));
  });

  it('revokes every model of one kind issued under a grant', async () => {
    const access = adapter('AccessToken');
    const refresh = adapter('RefreshToken');
    await access.upsert('at-1', { grantId: 'grant-x' }, 60);
    await access.upsert('at-2', { grantId: 'grant-x' }, 60);
    await access.upsert('at-3', { grantId: 'grant-y' }, 60);
    await refresh.upsert('rt-1', { grantId: 'grant-x' }, 60);
    await access.revokeByGrantId('grant-x');
    expect(await access.find('at-1')).toBeUndefined();
    expect(await access.find('at-2')).toBeUndefined();
    expect(await access.find('at-3')).toBeDefined();
    // The provider revokes each kind through its own adapter.
    expect(await refresh.find('rt-1')).toBeDefined();
  });

  it('hides expired models and records the expiry for the clean-up job', async () => {
    const grants = adapter('Grant');
    await grants.upsert('old', { accountId: 'u' }, 3600);
    await testDb.database.db
      .update(oidcModels)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(and(eq(oidcModels.kind, 'Grant'), eq(oidcModels.id, 'old')));
    expect(await grants.find('old')).toBeUndefined();

    await grants.upsert('forever', { accountId: 'u' });
    expect(await grants.find('forever')).toBeDefined();
    const [row] = await testDb.database.db
      .select({ expiresAt: oidcModels.expiresAt })
      .from(oidcModels)
      .where(and(eq(oidcModels.kind, 'Grant'), eq(oidcModels.id, 'forever')));
    expect(row?.expiresAt).toBeNull();
  });
});

/**
 * PGlite runs inside this process and takes its time from the same (faked) Date, so only a database
 * server has a clock of its own to hold against a skewed application clock.
 */
const databaseHasItsOwnClock = Boolean(process.env.TEST_DATABASE_URL);

describe.skipIf(!databaseHasItsOwnClock)('oidc adapter with application clocks that disagree', () => {
  afterEach(() => {
    vi.useRealTimers();
  });
  const epoch = () => Math.floor(Date.now() / 1000);

  /** Saves a code as the provider would (its `exp` from its own clock), then reads it in another process. */
  async function handOver(writerSkewMs: number, readerSkewMs: number, id: string) {
    const base = Date.now();
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(base + writerSkewMs);
    const codes = adapter('AuthorizationCode');
    await codes.upsert(id, { grantId: 'g', iat: epoch(), exp: epoch() + 60 }, 60);
    vi.setSystemTime(base + readerSkewMs);
    return codes.find(id);
  }

  it('keeps a code found, with the minute it has left, by a process whose clock is 20 minutes ahead', async () => {
    const found = await handOver(-10 * 60_000, 10 * 60_000, 'ahead');
    expect(found).toBeDefined();
    // The provider checks `exp` against its own clock: it must see the minute the database gives.
    expect((found?.exp as number) - epoch()).toBeGreaterThanOrEqual(58);
    expect((found?.exp as number) - epoch()).toBeLessThanOrEqual(60);
  });

  it('does not give a code 20 more minutes in a process whose clock is behind', async () => {
    const found = await handOver(10 * 60_000, -10 * 60_000, 'behind');
    expect((found?.exp as number) - epoch()).toBeGreaterThanOrEqual(58);
    expect((found?.exp as number) - epoch()).toBeLessThanOrEqual(60);
    expect((found?.exp as number) - (found?.iat as number)).toBe(60);
  });

  it('hides a model once the database says it expired, whatever this process says', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() - 3_600_000);
    await adapter('Session').upsert('gone', { accountId: 'u' }, 3600);
    await testDb.database.db
      .update(oidcModels)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(and(eq(oidcModels.kind, 'Session'), eq(oidcModels.id, 'gone')));
    expect(await adapter('Session').find('gone')).toBeUndefined();
  });
});
