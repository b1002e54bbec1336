import Fastify, { type FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Db } from '../../db/database.ts';
import { createTestDatabase, type TestDatabase } from '../../testing/test-database.ts';
import { insertMarketplace, seedUser } from '../auth/testing.ts';
import { ApiError } from '../engine/errors.ts';
import { registerPlatformErrors } from '../engine/http-errors.ts';
import { buildOperations } from '../engine/operations.ts';
import { PgStore } from '../engine/pg-store.ts';
import { registerOperations } from '../engine/routes.ts';
import { platformRegistry } from './index.ts';
import { verificationCodes } from './password-resets.ts';

let testDb: TestDatabase;
let db: Db;
let app: FastifyInstance;
const makeCode = verificationCodes.next;

beforeAll(async () => {
  testDb = await createTestDatabase();
  db = testDb.database.db;
  await insertMarketplace(db, 'mp-reset');
  const store = new PgStore(db, platformRegistry, 'mp-reset');
  await store.put('ApiClients', [], { ID: 'reset-client', AppName: 'Reset', Active: true, AllowSeller: true });
  await seedUser(store, 'AdminUsers', undefined, { ID: 'forgetful', Username: 'forgetful', Password: 'Old-Passw0rd!' });
  // Only the calls without a token are exercised: any other call is refused.
  app = Fastify({ logger: false });
  registerPlatformErrors(app);
  registerOperations(app, buildOperations(platformRegistry), platformRegistry, db, {
    authenticate: () => Promise.reject(new ApiError(401, 'InvalidToken', 'No tokens here.')),
  });
  await app.ready();
});
afterAll(async () => {
  await app?.close();
  await testDb?.dispose();
});
afterEach(() => {
  verificationCodes.next = makeCode;
  vi.useRealTimers();
});

let codes = 0;
/** Sends a code for `forgetful` and answers it (the server runs in this process, so the test knows it). */
async function sendCode(): Promise<string> {
  codes += 1;
  const code = `code-${codes}`;
  verificationCodes.next = () => code;
  const sent = await app.inject({
    method: 'POST',
    url: '/password/reset',
    payload: { ClientID: 'reset-client', Username: 'forgetful' },
  });
  expect(sent.statusCode).toBe(204);
  return code;
}

const reset = (code: string) =>
  app.inject({
    method: 'PUT',
    url: `/password/reset/${code}`,
    payload: { ClientID: 'reset-client', Username: 'forgetful', Password: `New-Passw0rd-${codes}!` },
  });

/** Lets `minutes` pass by the database's clock: the pending code's expiry moves into the past. */
async function minutesPass(minutes: number): Promise<void> {
  await db.execute(
    sql`UPDATE platform.assignments SET body = jsonb_set(body, '{Expires}',
          to_jsonb(to_char(((body ->> 'Expires')::timestamptz - make_interval(mins => ${minutes}::int)) AT TIME ZONE 'UTC',
            'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')))
        WHERE marketplace_id = 'mp-reset' AND kind = 'PasswordResetCode'`,
  );
}

describe('password reset codes', () => {
  it('work within 30 minutes of the database clock, and not after', async () => {
    const fresh = await sendCode();
    await minutesPass(29);
    expect((await reset(fresh)).statusCode).toBe(204);
    const stale = await sendCode();
    await minutesPass(31);
    const refused = await reset(stale);
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ Errors: [{ ErrorCode: 'PasswordReset.InvalidVerification' }] });
  });
});

/**
 * PGlite runs inside this process and takes its time from the same (faked) Date, so only a database
 * server has a clock of its own to hold against a skewed application clock; several processes can
 * share only a server anyway.
 */
const databaseHasItsOwnClock = Boolean(process.env.TEST_DATABASE_URL);

describe.skipIf(!databaseHasItsOwnClock)('password reset codes with application clocks that disagree', () => {
  const HOUR = 3600_000;

  it('last 30 minutes whichever process sent the code and whichever spends it', async () => {
    const base = Date.now();
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(base - HOUR);
    const sentBehind = await sendCode();
    vi.setSystemTime(base + HOUR);
    expect((await reset(sentBehind)).statusCode).toBe(204);

    const sentAhead = await sendCode();
    await minutesPass(31);
    vi.setSystemTime(base - HOUR);
    expect((await reset(sentAhead)).statusCode).toBe(400);
  });
});
