import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type RunningServer } from '../../server.ts';
import { createTestDatabaseTarget, testConfig, type TestDatabaseTarget } from '../../testing/test-database.ts';
import { ApiError } from '../engine/errors.ts';
import { PgStore } from '../engine/pg-store.ts';
import { platformRegistry } from '../resources/index.ts';
import { assignProfile, insertMarketplace, seedProfile, seedUser } from './testing.ts';

/**
 * API client ids are one namespace across marketplaces: the token endpoint finds the marketplace
 * from the client id alone. Two marketplaces here, `mkt-a` (client `alpha-admin`) and `mkt-b`
 * (client `beta-admin`), each with an admin user `admin` of its own password.
 */

let target: TestDatabaseTarget;
let server: RunningServer;
let base: string;
const stores: Record<string, PgStore> = {};
const tokens: Record<string, string> = {};

const MARKETPLACES = [
  { id: 'mkt-a', clientId: 'alpha-admin', password: 'Alpha-Password-1' },
  { id: 'mkt-b', clientId: 'beta-admin', password: 'Beta-Password-1' },
] as const;

async function signIn(clientId: string, password: string) {
  const response = await fetch(`${base}/oauth/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ grant_type: 'password', client_id: clientId, username: 'admin', password }),
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

const claimsOf = (token: unknown) =>
  JSON.parse(Buffer.from(String(token).split('.')[1] ?? '', 'base64url').toString()) as Record<string, unknown>;

function api(marketplaceId: string, path: string, init: RequestInit = {}): Promise<Response> {
  return fetch(`${base}/v1${path}`, {
    ...init,
    headers: { authorization: `Bearer ${tokens[marketplaceId]}`, 'content-type': 'application/json' },
  });
}

const newClient = { AppName: 'Borrowed', Active: true, AllowSeller: true, AccessTokenDuration: 60 };

beforeAll(async () => {
  target = await createTestDatabaseTarget();
  server = await startServer(testConfig(target.target, { platformMgmtSecret: 'x' }));
  base = `${server.url}/platform`;
  const { db } = server.database;
  for (const marketplace of MARKETPLACES) {
    await insertMarketplace(db, marketplace.id);
    const store = new PgStore(db, platformRegistry, marketplace.id);
    stores[marketplace.id] = store;
    await seedUser(store, 'AdminUsers', undefined, { ID: 'admin', Username: 'admin', Password: marketplace.password });
    await store.put('ApiClients', [], {
      ID: marketplace.clientId,
      AppName: 'Admin',
      Active: true,
      AllowSeller: true,
      AccessTokenDuration: 600,
      RefreshTokenDuration: 60,
    });
    await seedProfile(store, 'full', ['FullAccess']);
    await assignProfile(store, { SecurityProfileID: 'full' });
    const signedIn = await signIn(marketplace.clientId, marketplace.password);
    tokens[marketplace.id] = String(signedIn.body.access_token);
  }
});

afterAll(async () => {
  await server?.stop();
  await target?.dispose();
});

describe('API client ids across marketplaces', () => {
  it("refuses saving a client under another marketplace's client id with 409, naming no marketplace", async () => {
    const response = await api('mkt-b', '/apiclients/alpha-admin', { method: 'PUT', body: JSON.stringify(newClient) });
    expect(response.status).toBe(409);
    const body = (await response.json()) as { Errors: { ErrorCode: string; Message: string }[] };
    expect(body.Errors[0]?.ErrorCode).toBe('IdExists');
    expect(JSON.stringify(body)).not.toContain('mkt-a');
    // Nothing was written in mkt-b, and the id still signs mkt-a's users in through mkt-a's client.
    expect((await api('mkt-b', '/apiclients/alpha-admin')).status).toBe(404);
    const alpha = await signIn('alpha-admin', 'Alpha-Password-1');
    expect(alpha.status).toBe(200);
    expect(claimsOf(alpha.body.access_token)).toMatchObject({ mkt: 'mkt-a', cid: 'alpha-admin' });
    expect((await signIn('alpha-admin', 'Beta-Password-1')).status).toBe(400);
  });

  it('gives exactly one of two marketplaces a new id both ask for at once', async () => {
    const replies = await Promise.all(
      ['mkt-a', 'mkt-b'].map((marketplaceId) =>
        api(marketplaceId, '/apiclients/contested-id', { method: 'PUT', body: JSON.stringify(newClient) }),
      ),
    );
    // Exactly one 200 and one 409; which marketplace wins the race is up to the database, so order is ignored.
    expect(replies.map((reply) => reply.status).sort()).toEqual([200, 409]);
  });

  it('refuses storing or renaming a client onto an id another marketplace holds (any write path)', async () => {
    const store = stores['mkt-b'] as PgStore;
    const clash = (write: Promise<unknown>) =>
      write.then(
        () => undefined,
        (error: unknown) => error,
      );
    const put = await clash(store.put('ApiClients', [], { ID: 'alpha-admin', ...newClient }));
    expect(put).toBeInstanceOf(ApiError);
    expect((put as ApiError).status).toBe(409);
    const renamed = await clash(store.rename('ApiClients', [], 'beta-admin', { ID: 'alpha-admin', ...newClient }));
    expect((renamed as ApiError).errors[0]?.ErrorCode).toBe('IdExists');
    expect(await store.get('ApiClients', [], 'beta-admin')).toBeDefined();
    // Other resources keep ids per marketplace: the same product id in both is fine.
    await store.put('Products', [], { ID: 'alpha-admin', Name: 'Same id, other resource' });
  });

  it('redeems a refresh token only through the client, and so the marketplace, it was issued by', async () => {
    const alpha = await signIn('alpha-admin', 'Alpha-Password-1');
    const refresh = (clientId: string) =>
      fetch(`${base}/oauth/token`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({
          grant_type: 'refresh_token',
          client_id: clientId,
          refresh_token: String(alpha.body.refresh_token),
        }),
      });
    const elsewhere = await refresh('beta-admin');
    expect(elsewhere.status).toBe(400);
    expect(((await elsewhere.json()) as { Errors: { ErrorCode: string }[] }).Errors[0]?.ErrorCode).toBe(
      'Auth.InvalidRefreshToken',
    );
    const home = await refresh('alpha-admin');
    expect(claimsOf(((await home.json()) as { access_token: string }).access_token)).toMatchObject({ mkt: 'mkt-a' });
  });

  it('keeps the ID read-only on PATCH', async () => {
    const response = await api('mkt-b', '/apiclients/beta-admin', {
      method: 'PATCH',
      body: JSON.stringify({ ID: 'alpha-admin' }),
    });
    expect(response.status).toBe(400);
  });

  it('generates client ids as upper-case GUIDs', async () => {
    const response = await api('mkt-a', '/apiclients', { method: 'POST', body: JSON.stringify(newClient) });
    expect(response.status).toBe(201);
    const { ID } = (await response.json()) as { ID: string };
    expect(ID).toMatch(/^[0-9A-F]{8}-[0-9A-F]{4}-4[0-9A-F]{3}-[89AB][0-9A-F]{3}-[0-9A-F]{12}$/);
  });
});
