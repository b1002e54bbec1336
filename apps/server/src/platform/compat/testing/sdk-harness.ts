import { Configuration, Tokens, type OrderCloudError } from 'ordercloud-javascript-sdk';
import { startServer, type RunningServer } from '../../../server.ts';
import { createTestDatabaseTarget, testConfig, type TestDatabaseTarget } from '../../../testing/test-database.ts';
import { assignProfile, insertMarketplace, seedProfile, seedUser } from '../../auth/testing.ts';
import { PgStore } from '../../engine/pg-store.ts';
import { platformRegistry } from '../../resources/index.ts';

/** The marketplace owner the compat suite signs in as; its profile (FullAccess) is assigned marketplace-wide. */
export const ADMIN = { username: 'admin', password: 'Demo-Admin-1', clientId: 'mkt1-admin' } as const;

/** A running server with one marketplace, an admin user, an admin API client and a FullAccess profile. */
export interface CompatServer {
  server: RunningServer;
  /** What the SDK calls `baseApiUrl`: the platform mount, without the version segment. */
  baseApiUrl: string;
  dispose(): Promise<void>;
}

/**
 * Starts the whole server on a private database and seeds only what cannot be created through the
 * API itself (the marketplace, the first admin user and the client it signs in with). Everything a
 * test works with beyond that is created through the SDK, so the seeding cannot hide a wire mismatch.
 */
export async function startCompatServer(): Promise<CompatServer> {
  const target: TestDatabaseTarget = await createTestDatabaseTarget();
  let server: RunningServer;
  try {
    server = await startServer(testConfig(target.target, { platformMgmtSecret: 'x' }));
  } catch (error) {
    await target.dispose();
    throw error;
  }
  const { db } = server.database;
  // Staging rather than the usual Sandbox, so payloads naming the environment show it is read.
  await insertMarketplace(db, 'mkt1', 'Staging');
  const store = new PgStore(db, platformRegistry, 'mkt1');
  await seedUser(store, 'AdminUsers', undefined, { ID: 'admin', Username: ADMIN.username, Password: ADMIN.password });
  await store.put('ApiClients', [], {
    ID: ADMIN.clientId,
    AppName: 'Admin',
    Active: true,
    AllowSeller: true,
    AccessTokenDuration: 600,
    // A refresh token is only issued when the client allows one (facts §1.2); the suite exercises it.
    RefreshTokenDuration: 1440,
  });
  await seedProfile(store, 'full', ['FullAccess']);
  await assignProfile(store, { SecurityProfileID: 'full' });
  return {
    server,
    baseApiUrl: `${server.url}/platform`,
    async dispose() {
      await server.stop();
      await target.dispose();
    },
  };
}

/**
 * Points the SDK at the server and forgets every token: the SDK keeps configuration and tokens in
 * module state, so each test starts from the same blank slate.
 */
export function resetSdk(baseApiUrl: string): void {
  Configuration.Set({ baseApiUrl, apiVersion: 'v1', timeoutInMilliseconds: 20_000 });
  Tokens.RemoveAccessToken();
  Tokens.RemoveImpersonationToken();
  Tokens.RemoveRefreshToken();
}

/**
 * Awaits a call that must fail and returns the SDK's error. The SDK is compiled to ES5, where an
 * Error subclass loses its prototype, so `instanceof OrderCloudError` is always false; its README
 * says to check `isOrderCloudError`, which is what apps do. Anything else (e.g. the SDK crashing
 * while building the error from a malformed body) fails the test with what was thrown instead.
 */
export async function sdkError(call: Promise<unknown>): Promise<OrderCloudError> {
  let thrown: unknown;
  try {
    await call;
  } catch (error: unknown) {
    thrown = error;
  }
  if (thrown === undefined) throw new Error('expected the SDK call to fail, but it succeeded');
  if (isOrderCloudError(thrown)) return thrown;
  const detail = thrown instanceof Error ? `${thrown.name}: ${thrown.message}` : String(thrown);
  throw new Error(`expected an OrderCloudError, got ${detail}`);
}

function isOrderCloudError(value: unknown): value is OrderCloudError {
  return (
    typeof value === 'object' && value !== null && 'isOrderCloudError' in value && value.isOrderCloudError === true
  );
}

/** The payload of a JWT, decoded the way the SDK decodes it (no signature check). */
export function tokenClaims(token: string): Record<string, unknown> {
  const payload = token.split('.')[1] ?? '';
  const parsed: unknown = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'));
  if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) throw new Error('token payload is not an object');
  return parsed as Record<string, unknown>;
}

/**
 * An unsigned token the SDK will parse but consider expired, carrying the client ID it refreshes
 * with: lets a test watch the SDK's silent refresh without waiting for a real token to expire.
 */
export function expiredToken(clientId: string): string {
  const encode = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
  const now = Math.floor(Date.now() / 1000);
  return `${encode({ alg: 'none', typ: 'JWT' })}.${encode({ cid: clientId, exp: now - 3600, nbf: now - 7200 })}.x`;
}
