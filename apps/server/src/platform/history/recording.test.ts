import Fastify, { type FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { ChangeRecord } from '@portal/contracts';
import { rowsOf } from '../../db/rows.ts';
import { createAuthenticator } from '../auth/authenticator.ts';
import { createTokenMinter, type TokenMinter } from '../auth/mint.ts';
import { assignProfile, openAuthTestContext, seedProfile, seedUser, type AuthTestContext } from '../auth/testing.ts';
import { registerPlatformErrors } from '../engine/http-errors.ts';
import { buildOperations } from '../engine/operations.ts';
import { registerOperations } from '../engine/routes.ts';
import { platformRegistry } from '../resources/index.ts';
import { readChanges } from './read.ts';

// Every successful write through the platform API leaves one record per changed object, with the caller's identity,
// in the write's transaction; a refused write leaves none; secrets are never stored. Runs on PGlite, and on
// PostgreSQL when TEST_DATABASE_URL is set.

let ctx: AuthTestContext;
let app: FastifyInstance;
let minter: TokenMinter;
const tokens: Record<'admin' | 'buyer' | 'impersonated' | 'portal', string> = {
  admin: '',
  buyer: '',
  impersonated: '',
  portal: '',
};

beforeAll(async () => {
  ctx = await openAuthTestContext(platformRegistry);
  minter = createTokenMinter({ db: ctx.db, registry: ctx.registry, keys: ctx.keys, baseUrl: ctx.baseUrl });
  const { store } = ctx;
  await store.put('ApiClients', [], { ID: 'sdk', AppName: 'SDK', Active: true, AllowSeller: true });
  await store.put('ApiClients', [], { ID: 'shop', AppName: 'Shop', Active: true, AllowAnyBuyer: true });
  await seedUser(store, 'AdminUsers', undefined, { ID: 'a1', Username: 'admin1' });
  await store.put('Buyers', [], { ID: 'b1', Name: 'Buyer One', Active: true });
  await seedUser(store, 'Users', 'b1', { ID: 'u1', Username: 'shopper1' });
  await seedProfile(store, 'full', ['FullAccess']);
  await assignProfile(store, { SecurityProfileID: 'full' });
  await seedProfile(store, 'shopper', ['Shopper', 'MeAddressAdmin', 'MeAdmin']);
  await assignProfile(store, { SecurityProfileID: 'shopper', BuyerID: 'b1' });
  app = Fastify({ logger: false });
  const authenticator = createAuthenticator(ctx.db, ctx.keys, { baseUrl: ctx.baseUrl });
  await app.register(
    async (platform) => {
      registerPlatformErrors(platform);
      await platform.register(
        async (v1) => registerOperations(v1, buildOperations(ctx.registry), ctx.registry, ctx.db, authenticator),
        { prefix: '/v1' },
      );
    },
    { prefix: '/platform' },
  );
  await app.ready();
  const mint = (username: string, clientId: string, impersonatorId?: string) =>
    minter.mintUserToken({ marketplaceId: 'mkt1', clientId, username, impersonatorId });
  tokens.admin = (await mint('admin1', 'sdk')).access_token;
  tokens.buyer = (await mint('shopper1', 'shop')).access_token;
  tokens.impersonated = (await mint('shopper1', 'shop', 'portal:owner@demo.example')).access_token;
  tokens.portal = (
    await minter.mintPortalUserToken({
      marketplaceId: 'mkt1',
      clientId: 'portal-console',
      username: 'owner@demo.example',
      roles: ['FullAccess'],
    })
  ).access_token;
});
afterAll(async () => {
  await app?.close();
  await ctx?.dispose();
});
beforeEach(async () => {
  await ctx.db.execute(sql`DELETE FROM platform.change_records`);
});

async function call(token: string, method: 'POST' | 'PUT' | 'PATCH' | 'DELETE', url: string, payload?: object) {
  const response = await app.inject({
    method,
    url: `/platform/v1${url}`,
    headers: { authorization: `Bearer ${token}`, 'x-request-id': `req-${method}-${url.length}` },
    ...(payload ? { payload } : {}),
  });
  return { status: response.statusCode, body: response.body, requestId: response.headers['x-request-id'] };
}

const allRecords = async (): Promise<ChangeRecord[]> => (await readChanges(ctx.db, 'mkt1', { PageSize: 100 })).Items;

const ADDRESS = { Street1: '1 Main', City: 'Oslo', State: 'Oslo', Zip: '0150', Country: 'NO' };
const idOf = (body: string) => (JSON.parse(body) as { ID: string }).ID;

describe('recording writes', () => {
  it('records an SDK admin patch once, with the actor, client, request id and the leaf changes', async () => {
    expect(
      (await call(tokens.admin, 'POST', '/products', { ID: 'p1', Name: 'Tent', xp: { Color: 'red' } })).status,
    ).toBe(201);
    const patched = await call(tokens.admin, 'PATCH', '/products/p1', {
      Name: 'Big tent',
      xp: { Color: 'blue', Size: 2 },
    });
    expect(patched.status).toBe(200);
    const records = await allRecords();
    expect(records.map((record) => [record.OperationID, record.Kind])).toEqual([
      ['Products.Patch', 'Patch'],
      ['Products.Create', 'Create'],
    ]);
    const [patch] = records;
    expect(patch).toMatchObject({
      MarketplaceID: 'mkt1',
      ResourceType: 'Products',
      ResourceID: 'p1',
      ParentIDs: [],
      Actor: { ID: 'a1', Username: 'admin1', Type: 'MarketplaceOwner', CompanyID: null },
      ClientID: 'sdk',
      ImpersonatorID: null,
      LastState: null,
    });
    const changed = Object.fromEntries((patch?.Changes ?? []).map((field) => [field.Path, [field.Old, field.New]]));
    expect(changed).toMatchObject({ Name: ['Tent', 'Big tent'], 'xp.Color': ['red', 'blue'], 'xp.Size': [null, 2] });
    expect(Date.parse(patch?.Time ?? '')).toBeGreaterThan(Date.now() - 60_000);
  });

  it('records a storefront buyer and an impersonated buyer with their company and impersonator', async () => {
    const created = await call(tokens.buyer, 'POST', '/me/addresses', ADDRESS);
    expect(created.status).toBe(201);
    const id = idOf(created.body);
    expect((await call(tokens.impersonated, 'PATCH', `/me/addresses/${id}`, { City: 'Bergen' })).status).toBeLessThan(
      300,
    );
    // Me.CreateAddress also assigns the address to its user (two assignment kinds): one record per changed object.
    const records = await allRecords();
    expect(records.map((record) => record.Kind)).toEqual(['Patch', 'Assign', 'Assign', 'Create']);
    const [patch, assign, , create] = records;
    expect(assign).toMatchObject({ OperationID: create?.OperationID, RequestID: create?.RequestID });
    expect(create).toMatchObject({
      ResourceType: 'Addresses',
      ParentIDs: ['b1'],
      Kind: 'Create',
      ResourceID: id,
      Actor: { ID: 'u1', Username: 'shopper1', Type: 'Buyer', CompanyID: 'b1' },
      ClientID: 'shop',
      ImpersonatorID: null,
    });
    expect(patch).toMatchObject({
      Actor: { ID: 'u1', Type: 'Buyer', CompanyID: 'b1' },
      ImpersonatorID: 'portal:owner@demo.example',
    });
    expect(patch?.Changes).toContainEqual({ Path: 'City', Old: 'Oslo', New: 'Bergen' });
  });

  it('records a portal developer as such, and a delete with its last state', async () => {
    expect(
      (
        await call(tokens.portal, 'PUT', '/promotions/promo1', {
          ID: 'promo1',
          Code: 'SAVE10',
          Name: 'Save',
          EligibleExpression: 'true',
          ValueExpression: '1',
        })
      ).status,
    ).toBe(200);
    expect((await call(tokens.portal, 'DELETE', '/promotions/promo1')).status).toBe(204);
    const [deleted, saved] = await allRecords();
    expect(saved).toMatchObject({ Kind: 'Create', OperationID: 'Promotions.Save', ClientID: 'portal-console' });
    expect(deleted).toMatchObject({
      Kind: 'Delete',
      OperationID: 'Promotions.Delete',
      Actor: { ID: 'portal:owner@demo.example', Type: 'PortalDeveloper', CompanyID: null },
      LastState: { ID: 'promo1', Code: 'SAVE10', Name: 'Save', EligibleExpression: 'true', ValueExpression: '1' },
    });
  });

  it('records assignments as Assign and Unassign under their key', async () => {
    await call(tokens.admin, 'POST', '/products', { ID: 'p2', Name: 'Stove' });
    await call(tokens.admin, 'POST', '/catalogs', { ID: 'c1', Name: 'Main' });
    expect(
      (await call(tokens.admin, 'POST', '/catalogs/productassignments', { CatalogID: 'c1', ProductID: 'p2' })).status,
    ).toBe(204);
    expect((await call(tokens.admin, 'DELETE', '/catalogs/c1/productassignments/p2')).status).toBe(204);
    const [unassign, assign] = await allRecords();
    expect(assign).toMatchObject({ Kind: 'Assign', OperationID: 'Catalogs.SaveProductAssignment' });
    expect(unassign).toMatchObject({
      Kind: 'Unassign',
      ResourceType: assign?.ResourceType,
      ResourceID: assign?.ResourceID,
    });
    expect(unassign?.LastState).toMatchObject({ CatalogID: 'c1', ProductID: 'p2' });
  });

  it('records nothing for a refused write', async () => {
    expect((await call(tokens.buyer, 'POST', '/products', { ID: 'nope', Name: 'No' })).status).toBe(403);
    expect((await call(tokens.admin, 'POST', '/products', { ID: 'bad', Name: 12 })).status).toBe(400);
    expect((await call(tokens.admin, 'PATCH', '/products/missing', { Name: 'x' })).status).toBe(404);
    expect(await allRecords()).toEqual([]);
  });

  it('never stores a password or client secret, only that it changed', async () => {
    const secrets = ['Pass-Word-123!x', 'client-secret-value-42', 'client-secret-value-77'];
    await call(tokens.admin, 'POST', '/buyers/b1/users', {
      ID: 'u2',
      Username: 'shopper2',
      FirstName: 'A',
      LastName: 'B',
      Email: 'a@example.com',
      Active: true,
      Password: secrets[0],
    });
    const client = await call(tokens.admin, 'POST', '/apiclients', {
      AppName: 'Secretive',
      AccessTokenDuration: 600,
      ClientSecret: secrets[1],
    });
    expect(client.status).toBe(201);
    const clientId = idOf(client.body);
    expect((await call(tokens.admin, 'PATCH', `/apiclients/${clientId}`, { ClientSecret: secrets[2] })).status).toBe(
      200,
    );
    expect((await call(tokens.admin, 'DELETE', `/apiclients/${clientId}`)).status).toBe(204);
    const stored = await rowsOf<{ text: string }>(
      ctx.db,
      sql`SELECT row_to_json(c)::text AS text FROM platform.change_records c`,
    );
    expect(stored.length).toBe(4);
    for (const row of stored) for (const secret of secrets) expect(row.text).not.toContain(secret);
    const records = await allRecords();
    const user = records.find((record) => record.ResourceID === 'u2');
    expect(user?.Changes).toContainEqual({ Path: 'Password', Secret: true });
    const patch = records.find((record) => record.OperationID === 'ApiClients.Patch');
    expect(patch?.Changes).toContainEqual({ Path: 'ClientSecret', Secret: true });
  });

  it('refuses to update a stored record (append-only)', async () => {
    await call(tokens.admin, 'POST', '/products', { ID: 'p3', Name: 'Lamp' });
    await expect(ctx.db.execute(sql`UPDATE platform.change_records SET kind = 'Save'`)).rejects.toThrow();
  });
});
