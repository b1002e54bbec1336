import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAuthenticator } from '../auth/authenticator.ts';
import { createTokenMinter, type TokenMinter } from '../auth/mint.ts';
import { openAuthTestContext, seedProfile, assignProfile, seedUser, type AuthTestContext } from '../auth/testing.ts';
import { registerPlatformErrors } from '../engine/http-errors.ts';
import { buildOperations } from '../engine/operations.ts';
import { registerOperations } from '../engine/routes.ts';
import { platformRegistry } from './index.ts';

// Me for a portal user: the token the management API mints for the portal, through the real
// authenticator. No user record exists; Me.Get describes the portal user, Me writes are refused.

let ctx: AuthTestContext;
let app: FastifyInstance;
let minter: TokenMinter;

beforeAll(async () => {
  ctx = await openAuthTestContext(platformRegistry);
  minter = createTokenMinter({ db: ctx.db, registry: ctx.registry, keys: ctx.keys, baseUrl: ctx.baseUrl });
  await ctx.store.put('ApiClients', [], { ID: 'mkt1-admin', AppName: 'Admin', Active: true, AllowSeller: true });
  await seedUser(ctx.store, 'AdminUsers', undefined, { ID: 'a1', Username: 'admin1' });
  await seedProfile(ctx.store, 'full', ['FullAccess']);
  await assignProfile(ctx.store, { SecurityProfileID: 'full' });
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
});
afterAll(async () => {
  await app?.close();
  await ctx?.dispose();
});

interface Answer {
  [field: string]: unknown;
  Errors: { ErrorCode: string; Message: string; Data: unknown }[];
}

async function call(token: string, method: 'GET' | 'PUT' | 'PATCH', payload?: object) {
  const response = await app.inject({
    method,
    url: '/platform/v1/me',
    headers: { authorization: `Bearer ${token}` },
    ...(payload ? { payload } : {}),
  });
  return { status: response.statusCode, body: response.json<Answer>() };
}

const portalToken = async (roles = ['FullAccess']) =>
  (
    await minter.mintPortalUserToken({
      marketplaceId: 'mkt1',
      clientId: 'mkt1-admin',
      username: 'owner@demo.example',
      roles,
      profile: { firstName: 'Morgan', lastName: 'Blake', email: 'owner@demo.example' },
    })
  ).access_token;

describe('Me for a portal user', () => {
  it('answers Me.Get with the portal user: id, username, profile, roles and the marketplace as Seller', async () => {
    const { status, body } = await call(await portalToken(['FullAccess', 'MeAdmin']), 'GET');
    expect(status).toBe(200);
    expect(body).toMatchObject({
      ID: 'portal:owner@demo.example',
      CompanyID: 'mkt1',
      Username: 'owner@demo.example',
      FirstName: 'Morgan',
      LastName: 'Blake',
      Email: 'owner@demo.example',
      Active: true,
      AvailableRoles: ['FullAccess', 'MeAdmin'],
      Seller: { ID: 'mkt1' },
      Buyer: null,
      Supplier: null,
      xp: {},
    });
    expect(body).not.toHaveProperty('Password');
  });

  it('answers Me.Get with null names for a token minted without a profile', async () => {
    const { access_token: token } = await minter.mintPortalUserToken({
      marketplaceId: 'mkt1',
      clientId: 'mkt1-admin',
      username: 'dev@demo.example',
      roles: ['ProductReader'],
    });
    const { status, body } = await call(token, 'GET');
    expect(status).toBe(200);
    expect(body).toMatchObject({
      ID: 'portal:dev@demo.example',
      Username: 'dev@demo.example',
      FirstName: null,
      LastName: null,
      Email: null,
      AvailableRoles: ['ProductReader'],
    });
  });

  it('refuses Me.Patch and Me.Save with a 400 saying the portal user has no user record', async () => {
    const token = await portalToken();
    for (const [method, operation] of [
      ['PATCH', 'Me.Patch'],
      ['PUT', 'Me.Save'],
    ] as const) {
      const { status, body } = await call(token, method, {
        Username: 'owner@demo.example',
        FirstName: 'Other',
        LastName: 'Name',
        Email: 'owner@demo.example',
        Active: true,
      });
      expect(status).toBe(400);
      expect(body.Errors).toEqual([
        {
          ErrorCode: 'User.PortalUserReadOnly',
          Message: expect.stringMatching(
            new RegExp(`^This token belongs to a portal user, who has no user record in the marketplace; ${operation}`),
          ),
          Data: { ObjectType: 'User', ObjectID: 'portal:owner@demo.example' },
        },
      ]);
    }
    expect((await call(token, 'GET')).body).toMatchObject({ FirstName: 'Morgan' });
  });

  it('keeps answering an impersonated admin user with their own record', async () => {
    const { access_token: token } = await minter.mintUserToken({
      marketplaceId: 'mkt1',
      clientId: 'mkt1-admin',
      username: 'admin1',
      impersonatorId: 'portal:owner@demo.example',
    });
    const { status, body } = await call(token, 'GET');
    expect(status).toBe(200);
    expect(body).toMatchObject({ ID: 'a1', Username: 'admin1', Seller: { ID: 'mkt1' } });
    const patched = await call(token, 'PATCH', { FirstName: 'Ada' });
    expect(patched.status).toBe(200);
    expect(patched.body).toMatchObject({ ID: 'a1', FirstName: 'Ada' });
  });
});
