import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, startCompatServer, tokenClaims, type CompatServer } from '../compat/testing/sdk-harness.ts';

/*
 * Anonymous shopping against the whole server (real tokens, real authenticator): anonymous shoppers
 * kept apart, kept away from everything but shopping, then turned into users by Me.Register or
 * handing their cart to a user by Me.TransferAnonUserOrder.
 */

let compat: CompatServer;
let adminToken = '';
let clientId = '';

interface Reply {
  status: number;
  body: Record<string, unknown> & { Errors?: { ErrorCode: string }[]; Items?: Record<string, unknown>[] };
}

async function http(token: string | undefined, method: string, path: string, body?: unknown): Promise<Reply> {
  const response = await fetch(`${compat.baseApiUrl}/v1${path}`, {
    method,
    headers: {
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const text = await response.text();
  return { status: response.status, body: text ? (JSON.parse(text) as Reply['body']) : {} };
}

async function oauth(fields: Record<string, string>): Promise<Reply> {
  const response = await fetch(`${compat.baseApiUrl}/oauth/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(fields).toString(),
  });
  return { status: response.status, body: (await response.json()) as Reply['body'] };
}

async function admin(method: string, path: string, body?: unknown): Promise<Record<string, unknown>> {
  const reply = await http(adminToken, method, path, body);
  if (reply.status >= 300) throw new Error(`${method} ${path}: ${reply.status} ${JSON.stringify(reply.body)}`);
  return reply.body;
}

const errorCode = (reply: Reply) => reply.body.Errors?.[0]?.ErrorCode;

async function anonymousToken(): Promise<string> {
  const reply = await oauth({ grant_type: 'client_credentials', client_id: clientId });
  expect(reply.status).toBe(200);
  return String(reply.body.access_token);
}

async function login(username: string, password: string): Promise<string> {
  const reply = await oauth({ grant_type: 'password', client_id: clientId, username, password });
  expect(reply.status).toBe(200);
  return String(reply.body.access_token);
}

async function createOrder(token: string, id?: string): Promise<string> {
  const reply = await http(token, 'POST', '/orders/Outgoing', id ? { ID: id } : {});
  expect(reply.status).toBe(201);
  return String(reply.body.ID);
}

const myOrderIds = async (token: string) =>
  ((await http(token, 'GET', '/me/orders')).body.Items ?? []).map((order) => String(order.ID)).sort();

const newUser = (username: string, extra: Record<string, unknown> = {}) => ({
  Username: username,
  Password: 'Shop-Passw0rd!',
  FirstName: 'New',
  LastName: 'Shopper',
  Email: `${username}@example.com`,
  Active: true,
  ...extra,
});

const register = (bearer: string, anonUserToken: string | undefined, body: unknown) =>
  http(
    bearer,
    'PUT',
    `/me/register${anonUserToken === undefined ? '' : `?anonUserToken=${encodeURIComponent(anonUserToken)}`}`,
    body,
  );

const transfer = (bearer: string, anonUserToken: string | undefined) =>
  http(
    bearer,
    'PUT',
    `/me/orders${anonUserToken === undefined ? '' : `?anonUserToken=${encodeURIComponent(anonUserToken)}`}`,
  );

beforeAll(async () => {
  compat = await startCompatServer();
  const signIn = await oauth({
    grant_type: 'password',
    client_id: ADMIN.clientId,
    username: ADMIN.username,
    password: ADMIN.password,
  });
  adminToken = String(signIn.body.access_token);
  await admin('POST', '/buyers', { ID: 'shop', Name: 'Shop', Active: true });
  await admin('POST', '/securityprofiles', { ID: 'shopping', Name: 'Shopping', Roles: ['Shopper', 'MeAdmin'] });
  await admin('POST', '/securityprofiles', {
    ID: 'backoffice',
    Name: 'Back office',
    Roles: ['OrderAdmin', 'BuyerAdmin'],
  });
  await admin('POST', '/securityprofiles/assignments', { SecurityProfileID: 'shopping', BuyerID: 'shop' });
  await admin('POST', '/buyers/shop/users', { ...newUser('anon-template'), ID: 'anon-template' });
  await admin('POST', '/buyers/shop/users', { ...newUser('regular'), ID: 'regular' });
  await admin('POST', '/securityprofiles/assignments', {
    SecurityProfileID: 'backoffice',
    BuyerID: 'shop',
    UserID: 'anon-template',
  });
  const client = await admin('POST', '/apiclients', {
    AppName: 'Storefront',
    Active: true,
    AccessTokenDuration: 60,
    RefreshTokenDuration: 600,
    AnonymousTokenDuration: 120,
    AllowAnyBuyer: true,
    IsAnonBuyer: true,
    DefaultContextUserName: 'anon-template',
  });
  clientId = String(client.ID);
});

afterAll(async () => {
  await compat.dispose();
});

describe('anonymous shoppers', () => {
  it('get a token of their own that shops as the default context user, without its back-office roles', async () => {
    const reply = await oauth({ grant_type: 'client_credentials', client_id: clientId });
    expect(reply.body).toMatchObject({ token_type: 'bearer', expires_in: 120 * 60 });
    expect(reply.body.refresh_token).toBeUndefined();
    const claims = tokenClaims(String(reply.body.access_token));
    expect(claims).toMatchObject({ usr: 'anon-template', usrtype: 'buyer', cmp: 'shop', anon: 'anon-template' });
    expect(String(claims.u)).toMatch(/^anon:/);
    expect(claims.orderid).toEqual(expect.any(String));
    expect([claims.role].flat().sort()).toEqual(['MeAdmin', 'Shopper']);
  });

  it('see themselves through Me, browse and shop, but never reach admin calls or change Me', async () => {
    const token = await anonymousToken();
    const me = await http(token, 'GET', '/me');
    expect(me.status).toBe(200);
    expect(me.body).toMatchObject({ ID: tokenClaims(token).u, Username: 'anon-template', FirstName: null });
    expect(me.body.Buyer).toMatchObject({ ID: 'shop' });
    expect((await http(token, 'GET', '/me/products')).status).toBe(200);
    const order = await createOrder(token);
    expect((await http(token, 'GET', `/orders/Outgoing/${order}`)).body).toMatchObject({
      FromCompanyID: 'shop',
      FromUserID: tokenClaims(token).u,
    });

    for (const [method, path, body] of [
      ['GET', '/buyers', undefined],
      ['GET', '/buyers/shop/users', undefined],
      ['PATCH', '/me', { FirstName: 'X' }],
      ['PUT', '/me', newUser('x')],
      ['POST', '/me/addresses', { Street1: '1 Main St', City: 'Town', State: 'MN', Zip: '55401', Country: 'US' }],
      ['PUT', '/me/orders', undefined],
    ] as const) {
      const refused = await http(token, method, path, body);
      expect({ method, path, status: refused.status, code: errorCode(refused) }).toEqual({
        method,
        path,
        status: 403,
        code: 'Auth.AnonUserProhibited',
      });
    }
  });

  it('give their first order the id the token reserved for it, and later ones ids of their own', async () => {
    const token = await anonymousToken();
    const reserved = String(tokenClaims(token).orderid);
    expect(await createOrder(token)).toBe(reserved);
    const second = await createOrder(token);
    expect(second).not.toBe(reserved);
    expect(await createOrder(await anonymousToken(), 'named-cart')).toBe('named-cart');
  });

  it('keep their carts apart: each anonymous token sees only its own orders', async () => {
    const first = await anonymousToken();
    const second = await anonymousToken();
    expect(tokenClaims(first).u).not.toBe(tokenClaims(second).u);
    const firstOrder = await createOrder(first);
    const secondOrder = await createOrder(second);
    expect(await myOrderIds(first)).toEqual([firstOrder]);
    expect(await myOrderIds(second)).toEqual([secondOrder]);
    expect((await http(first, 'GET', `/orders/Outgoing/${secondOrder}`)).status).toBe(404);
    expect((await http(second, 'PATCH', `/orders/Outgoing/${firstOrder}`, { Comments: 'mine' })).status).toBe(404);
  });
});

describe('anonymous carts and the default context user', () => {
  it("price with the default context user's group price schedule", async () => {
    await admin('POST', '/priceschedules', { ID: 'list', Name: 'List', PriceBreaks: [{ Quantity: 1, Price: 10 }] });
    await admin('POST', '/priceschedules', {
      ID: 'members',
      Name: 'Members',
      PriceBreaks: [{ Quantity: 1, Price: 7 }],
    });
    await admin('POST', '/products', { ID: 'tee', Name: 'Tee', Active: true, DefaultPriceScheduleID: 'list' });
    await admin('POST', '/buyers/shop/usergroups', { ID: 'members', Name: 'Members' });
    await admin('POST', '/buyers/shop/usergroups/assignments', { UserGroupID: 'members', UserID: 'anon-template' });
    await admin('POST', '/products/assignments', {
      ProductID: 'tee',
      BuyerID: 'shop',
      UserGroupID: 'members',
      PriceScheduleID: 'members',
    });
    const token = await anonymousToken();
    const order = await createOrder(token);
    const line = await http(token, 'POST', `/orders/Outgoing/${order}/lineitems`, { ProductID: 'tee', Quantity: 2 });
    expect(line.status, JSON.stringify(line.body)).toBe(201);
    expect(line.body).toMatchObject({ UnitPrice: 7, LineTotal: 14 });
    // An admin working on the same cart sees the same price: the order's user id names the template.
    const incoming = await http(adminToken, 'GET', `/orders/Incoming/${order}/lineitems`);
    expect(incoming.body.Items?.[0]).toMatchObject({ UnitPrice: 7 });
  });
});

describe('Me.Register', () => {
  it('makes the anonymous shopper a user of the buyer, with its cart, and answers a token for it', async () => {
    const anon = await anonymousToken();
    const order = await createOrder(anon);
    const reply = await register(anon, anon, newUser('newbie'));
    expect(reply.status).toBe(200);
    expect(Object.keys(reply.body)).toEqual(['access_token']);
    const token = String(reply.body.access_token);
    const claims = tokenClaims(token);
    expect(claims).toMatchObject({ usr: 'newbie', cid: clientId, usrtype: 'buyer', cmp: 'shop' });
    expect(claims.anon).toBeUndefined();
    expect(claims.orderid).toBeUndefined();

    const me = await http(token, 'GET', '/me');
    expect(me.body).toMatchObject({ Username: 'newbie', Email: 'newbie@example.com', Active: true });
    expect(await myOrderIds(token)).toEqual([order]);
    expect((await http(token, 'GET', `/orders/Outgoing/${order}`)).body).toMatchObject({
      FromUserID: claims.u,
      FromUser: { Username: 'newbie', Email: 'newbie@example.com' },
    });
    expect(await myOrderIds(anon)).toEqual([]);
    // The password was kept: the new user signs in like any other.
    expect(tokenClaims(await login('newbie', 'Shop-Passw0rd!')).u).toBe(claims.u);
    expect((await admin('GET', `/buyers/shop/users/${String(claims.u)}`)).Username).toBe('newbie');
  });

  it('needs an anonymous token in anonUserToken', async () => {
    const anon = await anonymousToken();
    const regular = await login('regular', 'Shop-Passw0rd!');
    for (const given of [undefined, '', 'not-a-token', regular]) {
      const reply = await register(anon, given, newUser('never'));
      expect({ given, status: reply.status, code: errorCode(reply) }).toEqual({
        given,
        status: 400,
        code: 'Auth.MustPassAnonUserToken',
      });
    }
  });

  it('validates the user like Users.Create and writes nothing when refused', async () => {
    const anon = await anonymousToken();
    const order = await createOrder(anon);
    const missing = await register(anon, anon, { Username: 'half' });
    expect(missing.status).toBe(400);
    expect(missing.body.Errors?.map((error) => error.ErrorCode)).toContain('ValidationFailure');
    expect(JSON.stringify(missing.body)).toContain('Email');

    const duplicate = await register(anon, anon, newUser('regular'));
    expect(duplicate.status).toBe(400);
    expect(errorCode(duplicate)).toBe('User.UsernameMustBeUnique');

    const readOnly = await register(anon, anon, newUser('sneaky', { CompanyID: 'other' }));
    expect(readOnly.status).toBe(400);

    const inactive = await register(anon, anon, newUser('sleeper', { Active: false }));
    expect(inactive.status).toBe(400);
    expect(errorCode(inactive)).toBe('Auth.UserNotActive');
    const users = await admin('GET', '/buyers/shop/users?Username=sleeper');
    expect(users.Items).toEqual([]);
    // Nothing moved: the cart is still the anonymous shopper's.
    expect(await myOrderIds(anon)).toEqual([order]);
  });
});

describe('Me.TransferAnonUserOrder', () => {
  it('hands the anonymous cart to the signed-in user', async () => {
    const anon = await anonymousToken();
    const order = await createOrder(anon);
    const regular = await login('regular', 'Shop-Passw0rd!');
    const before = await myOrderIds(regular);
    const reply = await transfer(regular, anon);
    expect(reply.status).toBe(204);
    expect(await myOrderIds(regular)).toEqual([...before, order].sort());
    expect((await http(regular, 'GET', `/orders/Outgoing/${order}`)).body).toMatchObject({
      FromCompanyID: 'shop',
      FromUserID: 'regular',
      FromUser: { ID: 'regular', Username: 'regular' },
    });
    expect(await myOrderIds(anon)).toEqual([]);
    // Again: nothing left to move, still fine.
    expect((await transfer(regular, anon)).status).toBe(204);
  });

  it('refuses a missing or non-anonymous anonUserToken, anonymous callers and non-buyer callers', async () => {
    const anon = await anonymousToken();
    const regular = await login('regular', 'Shop-Passw0rd!');
    for (const given of [undefined, 'garbage', regular]) {
      const reply = await transfer(regular, given);
      expect({ given, status: reply.status, code: errorCode(reply) }).toEqual({
        given,
        status: 400,
        code: 'Auth.MustPassAnonUserToken',
      });
    }
    const anonymousCaller = await transfer(anon, anon);
    expect([anonymousCaller.status, errorCode(anonymousCaller)]).toEqual([403, 'Auth.AnonUserProhibited']);
    const adminCaller = await transfer(adminToken, anon);
    expect([adminCaller.status, errorCode(adminCaller)]).toEqual([400, 'ValidationFailure']);
  });
});
