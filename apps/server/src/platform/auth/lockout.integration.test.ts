import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../db/database.ts';
import { rowsOf } from '../../db/rows.ts';
import { startServer, type RunningServer } from '../../server.ts';
import { createTestDatabaseTarget, testConfig, type TestDatabaseTarget } from '../../testing/test-database.ts';
import { PgStore } from '../engine/pg-store.ts';
import { platformRegistry } from '../resources/index.ts';
import { DEFAULT_ALLOWED_FAILED_ATTEMPTS, DEFAULT_LOCKOUT_MINUTES } from './lockout.ts';
import { assignProfile, insertMarketplace, seedUser } from './testing.ts';

let target: TestDatabaseTarget;
let server: RunningServer;
let base: string;
let db: Db;
let adminToken: string;

const PASSWORD = 'Right-Password-1';

interface TokenReply {
  status: number;
  body: { access_token?: string; error?: string; error_description?: string; Errors?: { ErrorCode: string }[] };
}

async function signIn(username: string, password: string, clientId = 'storefront'): Promise<TokenReply> {
  const response = await fetch(`${base}/oauth/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ grant_type: 'password', client_id: clientId, username, password }),
  });
  return { status: response.status, body: (await response.json()) as TokenReply['body'] };
}

const errorCode = (reply: TokenReply) => reply.body.Errors?.[0]?.ErrorCode;

async function failTimes(username: string, times: number): Promise<void> {
  for (let i = 0; i < times; i += 1) {
    expect(errorCode(await signIn(username, 'wrong password'))).toBe('Auth.InvalidUsernameOrPassword');
  }
}

function api(path: string, init: RequestInit = {}): Promise<Response> {
  return fetch(`${base}/v1${path}`, {
    ...init,
    headers: { authorization: `Bearer ${adminToken}`, 'content-type': 'application/json', ...init.headers },
  });
}

async function failedAttempts(userPath: string): Promise<unknown> {
  const response = await api(userPath);
  expect(response.status).toBe(200);
  return ((await response.json()) as { FailedLoginAttempts?: unknown }).FailedLoginAttempts;
}

/** Moves the start of the user's current lock `minutes` into the past (the database's clock), instead of waiting. */
async function lockStartedMinutesAgo(userId: string, minutes: number): Promise<void> {
  await db.execute(
    sql`UPDATE platform.documents
        SET secret = jsonb_set(secret, '{LockedOutAt}', to_jsonb(now() - make_interval(mins => ${minutes}::int)))
        WHERE marketplace_id = 'mkt1' AND id = ${userId} AND secret ? 'LockedOutAt'`,
  );
}

beforeAll(async () => {
  target = await createTestDatabaseTarget();
  server = await startServer(testConfig(target.target, { platformMgmtSecret: 'x' }));
  base = `${server.url}/platform`;
  db = server.database.db;
  await insertMarketplace(db, 'mkt1');
  const store = new PgStore(db, platformRegistry, 'mkt1');
  await store.put('ApiClients', [], {
    ID: 'storefront',
    AppName: 'Storefront',
    Active: true,
    AllowSeller: true,
    AllowAnyBuyer: true,
    AllowAnySupplier: true,
    AccessTokenDuration: 60,
  });
  await store.put('SecurityProfiles', [], { ID: 'full', Name: 'Full', Roles: ['FullAccess'], CustomRoles: [] });
  await store.put('SecurityProfiles', [], {
    ID: 'careful',
    Name: 'Careful',
    Roles: ['Shopper'],
    CustomRoles: [],
    PasswordConfig: { AllowedFailedAttempts: 3, LockoutDuration: 5 },
  });
  await store.put('SecurityProfiles', [], {
    ID: 'patient',
    Name: 'Patient',
    Roles: ['MeAdmin'],
    CustomRoles: [],
    PasswordConfig: { AllowedFailedAttempts: 5, LockoutDuration: 30 },
  });
  await assignProfile(store, { SecurityProfileID: 'full' });
  await store.put('Buyers', [], { ID: 'b1', Name: 'Buyer', Active: true });
  await store.put('Suppliers', [], { ID: 's1', Name: 'Supplier', Active: true });
  await assignProfile(store, { SecurityProfileID: 'careful', BuyerID: 'b1' });
  await assignProfile(store, { SecurityProfileID: 'careful', SupplierID: 's1' });
  await assignProfile(store, { SecurityProfileID: 'patient', BuyerID: 'b1', UserID: 'both' });
  await seedUser(store, 'AdminUsers', undefined, { ID: 'admin', Username: 'admin', Password: PASSWORD });
  for (const id of ['ops', 'ops2'])
    await seedUser(store, 'AdminUsers', undefined, { ID: id, Username: id, Password: PASSWORD });
  for (const id of ['ann', 'bob', 'cid', 'dee', 'both', 'race'])
    await seedUser(store, 'Users', 'b1', { ID: id, Username: id, Password: PASSWORD });
  await seedUser(store, 'SupplierUsers', 's1', { ID: 'sam', Username: 'sam', Password: PASSWORD });
  const admin = await signIn('admin', PASSWORD);
  adminToken = String(admin.body.access_token);
});

afterAll(async () => {
  await server?.stop();
  await target?.dispose();
});

describe('lockout on the token endpoint', () => {
  it("locks a buyer user after its profile's AllowedFailedAttempts, refusing even the right password", async () => {
    await failTimes('ann', 3);
    const locked = await signIn('ann', PASSWORD);
    expect(locked.status).toBe(400);
    expect(locked.body).toEqual({
      error: 'invalid_grant',
      error_description: 'Due to excessive login failures, this account has been locked.',
      Errors: [
        {
          ErrorCode: 'Auth.LockedOut',
          Message: 'Due to excessive login failures, this account has been locked.',
          Data: null,
        },
      ],
    });
    // Attempts while locked are not counted: the lock is not extended by them.
    expect(await failedAttempts('/buyers/b1/users/ann')).toBe(3);
  });

  it('resets the count on a successful sign-in', async () => {
    await failTimes('bob', 2);
    expect(await failedAttempts('/buyers/b1/users/bob')).toBe(2);
    expect((await signIn('bob', PASSWORD)).status).toBe(200);
    expect(await failedAttempts('/buyers/b1/users/bob')).toBe(0);
    await failTimes('bob', 2);
    expect((await signIn('bob', PASSWORD)).status).toBe(200);
  });

  it('unlocks with Users.UnlockUserAccount', async () => {
    await failTimes('cid', 3);
    expect(errorCode(await signIn('cid', PASSWORD))).toBe('Auth.LockedOut');
    const unlocked = await api('/buyers/b1/users/cid/unlock', { method: 'POST' });
    expect(unlocked.status).toBe(204);
    expect(await failedAttempts('/buyers/b1/users/cid')).toBe(0);
    expect((await signIn('cid', PASSWORD)).status).toBe(200);
  });

  it('ends the lock once LockoutDuration has passed, with a fresh allowance', async () => {
    await failTimes('dee', 3);
    await lockStartedMinutesAgo('dee', 4);
    expect(errorCode(await signIn('dee', PASSWORD))).toBe('Auth.LockedOut');
    await lockStartedMinutesAgo('dee', 6);
    await failTimes('dee', 1);
    expect(await failedAttempts('/buyers/b1/users/dee')).toBe(1);
    expect((await signIn('dee', PASSWORD)).status).toBe(200);
    expect(await failedAttempts('/buyers/b1/users/dee')).toBe(0);
  });

  it('takes the strictest PasswordConfig when several profiles apply: fewest attempts, longest lock', async () => {
    // careful (buyer): 3 attempts, 5 minutes; patient (the user): 5 attempts, 30 minutes.
    await failTimes('both', 3);
    expect(errorCode(await signIn('both', PASSWORD))).toBe('Auth.LockedOut');
    await lockStartedMinutesAgo('both', 10);
    expect(errorCode(await signIn('both', PASSWORD))).toBe('Auth.LockedOut');
    await lockStartedMinutesAgo('both', 31);
    expect((await signIn('both', PASSWORD)).status).toBe(200);
  });

  it(`applies ${DEFAULT_ALLOWED_FAILED_ATTEMPTS} attempts and ${DEFAULT_LOCKOUT_MINUTES} minutes when no profile sets a PasswordConfig`, async () => {
    await failTimes('ops', DEFAULT_ALLOWED_FAILED_ATTEMPTS - 1);
    expect((await signIn('ops', PASSWORD)).status).toBe(200);
    await failTimes('ops', DEFAULT_ALLOWED_FAILED_ATTEMPTS);
    expect(errorCode(await signIn('ops', PASSWORD))).toBe('Auth.LockedOut');
    expect(await failedAttempts('/adminusers/ops')).toBe(DEFAULT_ALLOWED_FAILED_ATTEMPTS);
    await lockStartedMinutesAgo('ops', DEFAULT_LOCKOUT_MINUTES - 1);
    expect(errorCode(await signIn('ops', PASSWORD))).toBe('Auth.LockedOut');
    await lockStartedMinutesAgo('ops', DEFAULT_LOCKOUT_MINUTES + 1);
    expect((await signIn('ops', PASSWORD)).status).toBe(200);
  });

  it('lets no more guesses through than allowed, however many arrive at once', async () => {
    const replies = await Promise.all(Array.from({ length: 8 }, () => signIn('race', 'wrong password')));
    const codes = replies.map(errorCode);
    expect(codes.filter((code) => code === 'Auth.InvalidUsernameOrPassword')).toHaveLength(3);
    expect(codes.filter((code) => code === 'Auth.LockedOut')).toHaveLength(5);
    expect(await failedAttempts('/buyers/b1/users/race')).toBe(3);
  });

  it('counts nothing against any account for unknown usernames', async () => {
    const lockState = () =>
      rowsOf<{ id: string; failed: unknown; locked: unknown }>(
        db,
        sql`SELECT id, body -> 'FailedLoginAttempts' AS failed, secret -> 'LockedOutAt' AS locked FROM platform.documents
            WHERE marketplace_id = 'mkt1' AND resource IN ('AdminUsers', 'Users', 'SupplierUsers') ORDER BY id`,
      );
    const before = await lockState();
    await failTimes('nobody-here', DEFAULT_ALLOWED_FAILED_ATTEMPTS + 2);
    expect(await lockState()).toEqual(before);
  });

  it('unlocks admin and supplier users too, and ends a lock when an admin sets a new password', async () => {
    await failTimes('ops2', DEFAULT_ALLOWED_FAILED_ATTEMPTS);
    expect(errorCode(await signIn('ops2', PASSWORD))).toBe('Auth.LockedOut');
    expect((await api('/adminusers/ops2/unlock', { method: 'POST' })).status).toBe(204);
    expect((await signIn('ops2', PASSWORD)).status).toBe(200);

    await failTimes('sam', 3);
    expect(errorCode(await signIn('sam', PASSWORD))).toBe('Auth.LockedOut');
    expect((await api('/suppliers/s1/users/sam/unlock', { method: 'POST' })).status).toBe(204);
    expect(await failedAttempts('/suppliers/s1/users/sam')).toBe(0);
    expect((await signIn('sam', PASSWORD)).status).toBe(200);

    await failTimes('sam', 3);
    const patched = await api('/suppliers/s1/users/sam', {
      method: 'PATCH',
      body: JSON.stringify({ Password: 'Another-Password-2' }),
    });
    expect(patched.status).toBe(200);
    expect(((await patched.json()) as { FailedLoginAttempts: unknown }).FailedLoginAttempts).toBe(0);
    expect((await signIn('sam', 'Another-Password-2')).status).toBe(200);
  });

  it('answers 404 when unlocking a user that does not exist', async () => {
    const missing = await api('/buyers/b1/users/ghost/unlock', { method: 'POST' });
    expect(missing.status).toBe(404);
    expect((await api('/suppliers/nope/users/sam/unlock', { method: 'POST' })).status).toBe(404);
  });
});
