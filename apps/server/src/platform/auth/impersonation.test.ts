import Fastify, { type FastifyInstance } from 'fastify';
import { decodeJwt } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerPlatformErrors } from '../engine/http-errors.ts';
import { buildOperations } from '../engine/operations.ts';
import { registerOperations } from '../engine/routes.ts';
import { createAuthenticator } from './authenticator.ts';
import { createImpersonationOperation } from './impersonation.ts';
import {
  addToGroup,
  createAuthTestRegistry,
  openAuthTestContext,
  seedProfile,
  seedUser,
  type AuthTestContext,
} from './testing.ts';
import { mintAccessToken, type TokenIssuer, type TokenUser } from './tokens.ts';

let ctx: AuthTestContext;
let app: FastifyInstance;
let issuer: TokenIssuer | undefined;

async function callerToken(user: TokenUser, roles: string[] = ['BuyerImpersonation']): Promise<string> {
  const token = await mintAccessToken(ctx, {
    marketplaceId: 'mkt1',
    clientId: 'portal',
    user,
    roles,
    durationMinutes: 10,
  });
  return token.access_token;
}

const admin = (id: string): TokenUser => ({ id, username: id, type: 'admin' });

async function impersonate(caller: string, buyerId: string, userId: string, body: unknown) {
  const response = await app.inject({
    method: 'POST',
    url: `/platform/v1/buyers/${buyerId}/users/${userId}/accesstoken`,
    headers: { authorization: `Bearer ${caller}`, 'content-type': 'application/json' },
    payload: JSON.stringify(body),
  });
  return { status: response.statusCode, body: response.json() as Record<string, unknown> };
}

const errorCode = (body: Record<string, unknown>) => (body.Errors as { ErrorCode: string }[])[0]?.ErrorCode;

beforeAll(async () => {
  // The registry is declared before the keys exist, as the real one is: the issuer is bound lazily.
  const registry = createAuthTestRegistry([
    createImpersonationOperation(() => {
      if (!issuer) throw new Error('issuer not ready');
      return issuer;
    }),
  ]);
  ctx = await openAuthTestContext(registry);
  issuer = { keys: ctx.keys, baseUrl: ctx.baseUrl };
  const { store } = ctx;
  await store.put('ApiClients', [], {
    ID: 'storefront',
    AppName: 'Storefront',
    Active: true,
    AccessTokenDuration: 20,
    xp: {},
  });
  for (const buyerId of ['b1', 'b2', 'b3']) {
    await store.put('Buyers', [], { ID: buyerId, Name: buyerId, Active: true });
    await store.saveAssignment('ApiClientAssignment', [], ['ApiClientID', 'BuyerID', 'SupplierID'], {
      ApiClientID: 'storefront',
      BuyerID: buyerId,
      SupplierID: null,
    });
  }
  await store.put('Buyers', [], { ID: 'b4', Name: 'b4', Active: true });
  await seedUser(store, 'Users', 'b1', { ID: 'u1', Username: 'buyer1' });
  await seedUser(store, 'Users', 'b1', { ID: 'u2', Username: 'buyer2' });
  await seedUser(store, 'Users', 'b2', { ID: 'x1', Username: 'vip1' });
  await seedUser(store, 'Users', 'b2', { ID: 'x2', Username: 'plain2' });
  await seedUser(store, 'Users', 'b3', { ID: 'y1', Username: 'buyer3' });
  await seedUser(store, 'Users', 'b4', { ID: 'z1', Username: 'buyer4' });
  await addToGroup(store, 'b2', 'vip', 'x1');
  await seedProfile(store, 'imp', ['Shopper', 'MeAdmin'], ['imp-custom']);
  const config = (fields: Record<string, string>) =>
    store.put('ImpersonationConfigs', [], {
      ImpersonationBuyerID: null,
      ImpersonationGroupID: null,
      ImpersonationUserID: null,
      BuyerID: null,
      GroupID: null,
      UserID: null,
      SecurityProfileID: 'imp',
      ClientID: 'storefront',
      ...fields,
    });
  await config({ ID: 'any-b1', BuyerID: 'b1' });
  await config({ ID: 'vip-b2', BuyerID: 'b2', GroupID: 'vip' });
  await config({ ID: 'only-a9', BuyerID: 'b3', ImpersonationUserID: 'a9' });

  app = Fastify();
  await app.register(
    async (platform) => {
      registerPlatformErrors(platform);
      await platform.register(
        async (v1) => {
          registerOperations(
            v1,
            buildOperations(ctx.registry),
            ctx.registry,
            ctx.db,
            createAuthenticator(ctx.db, ctx.keys),
          );
        },
        { prefix: '/v1' },
      );
    },
    { prefix: '/platform' },
  );
  await app.ready();
});

afterAll(async () => {
  await app.close();
  await ctx.dispose();
});

describe('Users.GetAccessToken', () => {
  it('issues a token acting as the buyer user, with the requested roles the config allows', async () => {
    const { status, body } = await impersonate(await callerToken(admin('a1')), 'b1', 'u1', {
      ClientID: 'storefront',
      Roles: ['Shopper', 'OrderAdmin'],
    });
    expect(status).toBe(200);
    expect(body).toMatchObject({ token_type: 'bearer', expires_in: 1200, refresh_token: null });
    expect(decodeJwt(String(body.access_token))).toMatchObject({
      usr: 'buyer1',
      u: 'u1',
      usrtype: 'buyer',
      cmp: 'b1',
      cid: 'storefront',
      imp: 'a1',
      mkt: 'mkt1',
      role: 'Shopper',
    });
  });

  it("grants the profile's roles when none are requested, custom roles included", async () => {
    const { status, body } = await impersonate(await callerToken(admin('a1')), 'b1', 'u2', { ClientID: 'storefront' });
    expect(status).toBe(200);
    expect(decodeJwt(String(body.access_token)).role).toEqual(['MeAdmin', 'Shopper', 'imp-custom']);
    const custom = await impersonate(await callerToken(admin('a1')), 'b1', 'u2', {
      ClientID: 'storefront',
      Roles: [],
      CustomRoles: ['imp-custom'],
    });
    expect(decodeJwt(String(custom.body.access_token)).role).toBe('imp-custom');
  });

  it('matches the impersonatee group', async () => {
    const caller = await callerToken(admin('a1'));
    expect((await impersonate(caller, 'b2', 'x1', { ClientID: 'storefront' })).status).toBe(200);
    const outsider = await impersonate(caller, 'b2', 'x2', { ClientID: 'storefront' });
    expect(outsider.status).toBe(400);
    expect(errorCode(outsider.body)).toBe('Impersonation.ConfigError');
  });

  it('matches the impersonator party', async () => {
    const refused = await impersonate(await callerToken(admin('a1')), 'b3', 'y1', { ClientID: 'storefront' });
    expect(errorCode(refused.body)).toBe('Impersonation.ConfigError');
    expect((await impersonate(await callerToken(admin('a9')), 'b3', 'y1', { ClientID: 'storefront' })).status).toBe(
      200,
    );
  });

  it('refuses without a matching config, client or assignment', async () => {
    const caller = await callerToken(admin('a1'));
    const unassigned = await impersonate(caller, 'b4', 'z1', { ClientID: 'storefront' });
    expect(errorCode(unassigned.body)).toBe('Impersonation.BuyerNotAssigned');
    const noClient = await impersonate(caller, 'b1', 'u1', { ClientID: 'nope' });
    expect(errorCode(noClient.body)).toBe('Impersonation.ClientIDNotFound');
    const missing = await impersonate(caller, 'b1', 'u1', {});
    expect(missing.status).toBe(400);
    expect(errorCode(missing.body)).toBe('ValidationFailure');
    const noUser = await impersonate(caller, 'b1', 'ghost', { ClientID: 'storefront' });
    expect(noUser.status).toBe(404);
  });

  it('lets buyer users impersonate only within their own buyer', async () => {
    const buyerCaller = await callerToken({ id: 'u2', username: 'buyer2', type: 'buyer', companyId: 'b1' });
    expect((await impersonate(buyerCaller, 'b1', 'u1', { ClientID: 'storefront' })).status).toBe(200);
    expect((await impersonate(buyerCaller, 'b2', 'x1', { ClientID: 'storefront' })).status).toBe(403);
  });

  it('needs BuyerImpersonation (or FullAccess)', async () => {
    const { status, body } = await impersonate(await callerToken(admin('a1'), ['Shopper']), 'b1', 'u1', {
      ClientID: 'storefront',
    });
    expect(status).toBe(403);
    expect(errorCode(body)).toBe('InsufficientRoles');
    expect(
      (await impersonate(await callerToken(admin('a1'), ['FullAccess']), 'b1', 'u1', { ClientID: 'storefront' }))
        .status,
    ).toBe(200);
  });
});
