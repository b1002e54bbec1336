import { sql } from 'drizzle-orm';
import fs from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../db/rows.ts';
import { createTestDatabase, type TestDatabase } from '../../testing/test-database.ts';
import { probeMarketplace, type ProbeResult } from './probe.ts';
import { startSecondInstance, type SecondInstance } from './second-instance.ts';
import { createSecretBox } from './secret-box.ts';
import {
  addConnectedMarketplace,
  connectedCredentials,
  ConnectedInputError,
  editConnectedMarketplace,
  listConnectedMarketplaces,
  recordError,
  recordReached,
  removeConnectedMarketplace,
  resealSecrets,
} from './store.ts';

/*
 * The connection checks and the store against a second product instance started by this file: its own process,
 * port and data folder, reached only over HTTP, as a marketplace on another platform would be.
 */

const ADMIN_CLIENT = 'demo-sandbox-admin';
const ADMIN_SECRET = 'Connect-Secret-1';
const NO_USER_CLIENT = 'connected-test-no-user';
const FEW_ROLES_CLIENT = 'connected-test-few-roles';
const INACTIVE_CLIENT = 'connected-test-inactive';
const GONE_USER_CLIENT = 'connected-test-gone-user';
const ROLES = ['ProductAdmin', 'OrderAdmin', 'BuyerReader'];

let remote: SecondInstance;

const platformCall = (path: string, init?: RequestInit & { token?: string }) => remote.call(path, init);

/** Sets up the remote as its admin would: a secret on the admin client, and two clients that fall short. */
async function prepareRemote(): Promise<void> {
  const token = await remote.adminToken(ADMIN_CLIENT);
  const client = (fields: object) => ({
    Active: true,
    AllowSeller: true,
    AccessTokenDuration: 600,
    RefreshTokenDuration: 0,
    ClientSecret: ADMIN_SECRET,
    ...fields,
  });
  await platformCall(`/v1/apiclients/${ADMIN_CLIENT}`, {
    method: 'PATCH',
    token,
    body: JSON.stringify({ ClientSecret: ADMIN_SECRET }),
  });
  await platformCall(`/v1/apiclients/${NO_USER_CLIENT}`, {
    method: 'PUT',
    token,
    body: JSON.stringify(client({ AppName: 'No default user' })),
  });
  await platformCall(`/v1/apiclients/${INACTIVE_CLIENT}`, {
    method: 'PUT',
    token,
    body: JSON.stringify(client({ AppName: 'Switched off', DefaultContextUserName: 'admin', Active: false })),
  });
  await platformCall(`/v1/apiclients/${GONE_USER_CLIENT}`, {
    method: 'PUT',
    token,
    body: JSON.stringify(client({ AppName: 'Former user', DefaultContextUserName: 'no-such-user' })),
  });
  await platformCall(`/v1/apiclients/${FEW_ROLES_CLIENT}`, {
    method: 'PUT',
    token,
    body: JSON.stringify(
      client({ AppName: 'Product reader', DefaultContextUserName: 'admin', MaximumGrantedRoles: ['ProductAdmin'] }),
    ),
  });
}

const probe = (fields: Partial<{ apiUrl: string; clientId: string; clientSecret: string; roles: string[] }>) =>
  probeMarketplace(
    { apiUrl: remote.apiUrl, clientId: ADMIN_CLIENT, clientSecret: ADMIN_SECRET, roles: ROLES, ...fields },
    { policy: 'loopback', timeoutMs: 10_000 },
  );

beforeAll(async () => {
  remote = await startSecondInstance();
  await prepareRemote();
}, 150_000);

afterAll(async () => {
  await remote?.stop();
});

describe('the secrets key of a server without PORTAL_SECRETS_KEY', () => {
  it('is a key file made in the data folder on first start, before any marketplace is connected', async () => {
    // The second instance runs main.ts on PGlite with the setting unset, and nothing was connected on it.
    const file = path.join(remote.dataDir, 'portal-secrets.key');
    const stat = await fs.stat(file);
    expect(stat.mode & 0o777).toBe(0o600);
    expect(Buffer.from((await fs.readFile(file, 'utf8')).trim(), 'base64')).toHaveLength(32);
  });
});

describe('connection checks against a second instance', () => {
  it('pass with the demo marketplace admin client, which holds every role asked', async () => {
    expect(await probe({})).toEqual({
      ok: true,
      environment: expect.any(String),
      buildNumber: expect.stringMatching(/.+/),
      missingRoles: [],
      warnings: [],
    } satisfies ProbeResult);
    // The address may be typed without /v1 or with a trailing slash.
    expect(await probe({ apiUrl: `${remote.url}/platform/` })).toMatchObject({ ok: true });
  });

  it('name the missing roles as a warning when the client gets fewer', async () => {
    const result = await probe({ clientId: FEW_ROLES_CLIENT });
    expect(result).toMatchObject({ ok: true, missingRoles: ['OrderAdmin', 'BuyerReader'] });
    expect(result.ok && result.warnings).toEqual([
      "The API client's token lacks roles the role groups may hand out: OrderAdmin, BuyerReader. People in those " +
        'role groups will not get them on this marketplace until the client (or its default context user) has them.',
    ]);
  });

  it('say which step failed', async () => {
    const closedPort = new URL(remote.url).port === '1' ? 2 : 1;
    expect(await probe({ apiUrl: `http://127.0.0.1:${closedPort}/v1` })).toEqual({
      ok: false,
      step: 'address',
      message: `127.0.0.1:${closedPort} refused the connection.`,
    });
    expect(await probe({ apiUrl: 'gopher://example.com/v1' })).toMatchObject({ ok: false, step: 'address' });
    // The instance's health check answers, but not like a platform.
    expect(await probe({ apiUrl: `${remote.url}/healthz` })).toEqual({
      ok: false,
      step: 'platform',
      message: expect.stringMatching(/answered, but not like a marketplace platform/),
    });
    expect(await probe({ clientSecret: 'wrong' })).toEqual({
      ok: false,
      step: 'credentials',
      message: 'The client secret does not match the API client (or the client has no secret).',
    });
    expect(await probe({ clientId: 'no-such-client' })).toEqual({
      ok: false,
      step: 'credentials',
      message: 'The marketplace has no API client with the ID no-such-client.',
    });
    expect(await probe({ clientId: NO_USER_CLIENT })).toEqual({
      ok: false,
      step: 'credentials',
      message: 'The API client has no default context user: set one on the client, the portal acts as that user.',
    });
  });

  it('tell an inactive client and a default context user that does not exist apart', async () => {
    expect(await probe({ clientId: INACTIVE_CLIENT })).toEqual({
      ok: false,
      step: 'credentials',
      message: 'The API client is not active on the marketplace.',
    });
    expect(await probe({ clientId: GONE_USER_CLIENT })).toEqual({
      ok: false,
      step: 'credentials',
      message: "The API client's default context user does not exist on the marketplace.",
    });
  });

  it('refuse a loopback address unless the setting allows it', async () => {
    const refused = await probeMarketplace(
      { apiUrl: remote.apiUrl, clientId: ADMIN_CLIENT, clientSecret: ADMIN_SECRET, roles: [] },
      { policy: 'none' },
    );
    expect(refused).toEqual({
      ok: false,
      step: 'address',
      message:
        '127.0.0.1 leads to a loopback address (this machine), which the portal does not call unless ' +
        'CONNECTED_ALLOW_PRIVATE_ADDRESSES allows it.',
    });
  });
});

describe('the store of connected marketplaces', () => {
  let test: TestDatabase;
  const box = createSecretBox(Buffer.alloc(32, 5));
  const input = () => ({
    name: 'Remote Sandbox',
    environment: 'Sandbox',
    apiUrl: `${remote.apiUrl}/`,
    clientId: ADMIN_CLIENT,
    clientSecret: ADMIN_SECRET,
  });

  beforeAll(async () => {
    test = await createTestDatabase();
  });

  afterAll(async () => {
    await test?.dispose();
  });

  it('keeps the secret sealed in the row and opens it for a check that passes', async () => {
    const db = test.database.db;
    const added = await addConnectedMarketplace(db, box, 'org-a', input());
    expect(added).toMatchObject({ organizationId: 'org-a', name: 'Remote Sandbox', apiUrl: remote.apiUrl });
    expect(added).not.toHaveProperty('sealedClientSecret');
    const [row] = await rowsOf<{ sealed_client_secret: string }>(
      db,
      sql`SELECT sealed_client_secret FROM portal.connected_marketplaces WHERE id = ${added.id}`,
    );
    expect(row?.sealed_client_secret).toMatch(/^v1\./);
    expect(row?.sealed_client_secret).not.toContain(ADMIN_SECRET);

    const credentials = await connectedCredentials(db, box, 'org-a', added.id);
    expect(credentials).toEqual({ apiUrl: remote.apiUrl, clientId: ADMIN_CLIENT, clientSecret: ADMIN_SECRET });
    expect(await probe({ ...credentials, roles: [] })).toMatchObject({ ok: true });
    // Another organization cannot reach it by id.
    expect(await connectedCredentials(db, box, 'org-b', added.id)).toBeUndefined();
  });

  it('lists by organization, edits name and secret, records reach and error, and removes', async () => {
    const db = test.database.db;
    const added = await addConnectedMarketplace(db, box, 'org-c', { ...input(), name: 'Remote Staging' });
    await addConnectedMarketplace(db, box, 'org-d', { ...input(), name: 'Elsewhere' });
    expect((await listConnectedMarketplaces(db, 'org-c')).map((item) => item.name)).toEqual(['Remote Staging']);

    await recordError(db, added.id, 'The client secret does not match the API client.');
    expect((await listConnectedMarketplaces(db, 'org-c'))[0]).toMatchObject({
      lastError: 'The client secret does not match the API client.',
      lastReachedAt: null,
    });
    await recordReached(db, added.id);
    expect((await listConnectedMarketplaces(db, 'org-c'))[0]).toMatchObject({
      lastError: null,
      lastReachedAt: expect.any(Date),
    });

    const edited = await editConnectedMarketplace(db, box, 'org-c', added.id, {
      name: 'Remote Staging 2',
      clientSecret: 'New-Secret-2',
    });
    expect(edited?.name).toBe('Remote Staging 2');
    expect((await connectedCredentials(db, box, 'org-c', added.id))?.clientSecret).toBe('New-Secret-2');
    expect(await editConnectedMarketplace(db, box, 'org-d', added.id, { name: 'Taken over' })).toBeUndefined();

    expect(await removeConnectedMarketplace(db, 'org-d', added.id)).toBe(false);
    expect(await removeConnectedMarketplace(db, 'org-c', added.id)).toBe(true);
    expect(await listConnectedMarketplaces(db, 'org-c')).toEqual([]);
  });

  it.each([
    [{ name: '' }, 'Name', 'Name is required.'],
    [{ name: 'x'.repeat(101) }, 'Name', 'Name must be at most 100 characters.'],
    [{ environment: 'Live' }, 'Environment', 'Environment must be Sandbox, Staging, Production.'],
    [{ apiUrl: 'not an address' }, 'API base URL', /is not a web address/],
    [{ apiUrl: 'https://user:pw@api.example.com/v1' }, 'API base URL', /user name or password/],
    [{ apiUrl: `https://api.example.com/${'v'.repeat(500)}` }, 'API base URL', /at most 500 characters/],
    [{ name: 'Tab\there' }, 'Name', 'Name must not contain control characters.'],
    [{ apiUrl: 'https://api.example.com/v1?tenant=1' }, 'API base URL', 'API base URL must not contain a ? part.'],
    [{ clientId: 'has space' }, 'Client ID', 'Client ID must not contain spaces.'],
    [{ clientSecret: '' }, 'Client secret', 'Client secret is required.'],
    [{ clientSecret: 's'.repeat(501) }, 'Client secret', 'Client secret must be at most 500 characters.'],
  ])('refuses %j naming the field', async (change, field, message) => {
    const error = await addConnectedMarketplace(test.database.db, box, 'org-e', { ...input(), ...change }).catch(
      (caught: unknown) => caught,
    );
    expect(error).toBeInstanceOf(ConnectedInputError);
    expect((error as ConnectedInputError).field).toBe(field);
    expect((error as ConnectedInputError).message).toMatch(message);
  });

  it('refuses a name the organization already uses, in add and in edit', async () => {
    const db = test.database.db;
    await addConnectedMarketplace(db, box, 'org-f', { ...input(), name: 'One' });
    const two = await addConnectedMarketplace(db, box, 'org-f', { ...input(), name: 'Two' });
    await expect(addConnectedMarketplace(db, box, 'org-f', { ...input(), name: 'One' })).rejects.toThrow(
      'Another marketplace of this organization is already called "One".',
    );
    await expect(editConnectedMarketplace(db, box, 'org-f', two.id, { name: 'One' })).rejects.toThrow(
      ConnectedInputError,
    );
    // Another organization may use the same name.
    await expect(addConnectedMarketplace(db, box, 'org-g', { ...input(), name: 'One' })).resolves.toMatchObject({
      name: 'One',
    });
  });

  it('seals every secret again with a new key during a rotation', async () => {
    const db = test.database.db;
    const added = await addConnectedMarketplace(db, box, 'org-h', { ...input(), name: 'Rotated' });
    const rotated = createSecretBox(Buffer.alloc(32, 6), [Buffer.alloc(32, 5)]);
    expect(await resealSecrets(db, rotated)).toBeGreaterThan(0);
    expect(await resealSecrets(db, rotated)).toBe(0);
    // Only the new key is needed now.
    const newOnly = createSecretBox(Buffer.alloc(32, 6));
    expect((await connectedCredentials(db, newOnly, 'org-h', added.id))?.clientSecret).toBe(ADMIN_SECRET);
    // And the old key alone no longer opens it.
    await expect(connectedCredentials(db, box, 'org-h', added.id)).rejects.toThrow(/key this server does not have/);
  });
});
