import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../testing/test-database.ts';
import type { AuthContext } from '../engine/context.ts';
import { ApiError } from '../engine/errors.ts';
import { registerPlatformErrors } from '../engine/http-errors.ts';
import { buildOperations } from '../engine/operations.ts';
import { PgStore } from '../engine/pg-store.ts';
import { registerOperations, type Authenticator } from '../engine/routes.ts';
import { ENUMS } from './enums.ts';
import { platformRegistry, platformResources } from './index.ts';
import { meModels, meResource } from './me.ts';
import { orderModels } from './orders.ts';
import { createRegistry } from './registry.ts';

const MARKETPLACE = 'mkt-me';
const resources = platformResources.some((resource) => resource.name === 'Me')
  ? platformResources
  : [...platformResources, meResource];
const registry = createRegistry(resources, [...platformRegistry.models.values(), ...orderModels, ...meModels], ENUMS);

type Caller = Pick<AuthContext, 'userId' | 'userType' | 'companyId'> & { roles: string[] };
const SHOPPER_ROLES = ['Shopper', 'MeAdmin', 'MeAddressAdmin', 'MeCreditCardAdmin'];
/** Callers by the name the `x-caller` header gives. */
const CALLERS: Record<string, Caller> = {
  admin: { userId: 'tester', userType: 'admin', companyId: undefined, roles: ['FullAccess'] },
  u1: { userId: 'u1', userType: 'buyer', companyId: 'b1', roles: SHOPPER_ROLES },
  u2: { userId: 'u2', userType: 'buyer', companyId: 'b1', roles: SHOPPER_ROLES },
  otherU1: { userId: 'u1', userType: 'buyer', companyId: 'b2', roles: SHOPPER_ROLES },
  noShopper: { userId: 'u1', userType: 'buyer', companyId: 'b1', roles: ['MeAdmin'] },
  portal: { userId: 'portal:ops@example.com', userType: 'admin', companyId: undefined, roles: ['FullAccess'] },
};

let testDb: TestDatabase;
let app: FastifyInstance;

async function buildApp(): Promise<FastifyInstance> {
  const server = Fastify({ logger: false, routerOptions: { caseSensitive: false } });
  const authenticator: Authenticator = {
    async authenticate(request): Promise<AuthContext> {
      const caller = CALLERS[String(request.headers['x-caller'])];
      if (!caller) throw new ApiError(401, 'InvalidToken', 'Access token is invalid or expired.');
      return {
        ...caller,
        marketplaceId: MARKETPLACE,
        clientId: 'test-client',
        username: caller.userId,
        roles: new Set(caller.roles),
        impersonatorId: undefined,
      };
    },
  };
  await server.register(
    async (platform) => {
      registerPlatformErrors(platform);
      await platform.register(
        async (v1) => registerOperations(v1, buildOperations(registry), registry, testDb.database.db, authenticator),
        { prefix: '/v1' },
      );
    },
    { prefix: '/platform' },
  );
  await server.ready();
  return server;
}

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
/** The JSON answers the tests read: an object, a page or the error envelope. */
interface Answer {
  [field: string]: unknown;
  Items: Record<string, unknown>[];
  Meta: Record<string, unknown>;
  Errors: { ErrorCode: string; Data: unknown }[];
}
async function call(caller: string, method: Method, url: string, payload?: unknown) {
  const response = await app.inject({
    method,
    url: `/platform/v1${url}`,
    headers: { 'x-caller': caller },
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
  return { status: response.statusCode, body: (response.body ? response.json() : undefined) as Answer };
}
const get = (caller: string, url: string) => call(caller, 'GET', url);
const ids = (page: Answer) => page.Items.map((item) => String(item.ID)).sort();

/** Seeds through the admin API, so the data is stored exactly as the admin calls store it. */
async function seed(method: Method, url: string, payload: unknown): Promise<void> {
  const reply = await call('admin', method, url, payload);
  if (reply.status >= 300) throw new Error(`${method} ${url}: ${reply.status} ${JSON.stringify(reply.body)}`);
}

const user = (id: string, username: string) => ({
  ID: id,
  Username: username,
  FirstName: 'First',
  LastName: 'Last',
  Email: `${username}@example.com`,
  Active: true,
  xp: { a: 1 },
});
const address = (id: string) => ({
  ID: id,
  Street1: '1 Main St',
  City: 'Town',
  State: 'MN',
  Zip: '55401',
  Country: 'US',
});

beforeAll(async () => {
  testDb = await createTestDatabase();
  app = await buildApp();
  await seed('POST', '/adminusers', user('tester', 'tester'));
  await seed('POST', '/buyers', { ID: 'b1', Name: 'Buyer One', Active: true });
  await seed('POST', '/buyers', { ID: 'b2', Name: 'Buyer Two', Active: true });
  await seed('POST', '/buyers/b1/users', user('u1', 'u1'));
  await seed('POST', '/buyers/b1/users', user('u2', 'u2'));
  await seed('POST', '/buyers/b2/users', user('u1', 'b2-u1'));
  for (const group of ['g1', 'g2']) await seed('POST', '/buyers/b1/usergroups', { ID: group, Name: group });
  await seed('POST', '/buyers/b1/usergroups/assignments', { UserGroupID: 'g1', UserID: 'u1' });
  await seed('POST', '/buyers/b1/usergroups/assignments', { UserGroupID: 'g2', UserID: 'u2' });

  const assign = (AddressID: string, party: object, IsShipping = true, IsBilling = false) =>
    seed('POST', '/buyers/b1/addresses/assignments', { AddressID, ...party, IsShipping, IsBilling });
  for (const id of ['a-user', 'a-group', 'a-company', 'a-other', 'a-g2'])
    await seed('POST', '/buyers/b1/addresses', address(id));
  await assign('a-user', { UserID: 'u1' });
  await assign('a-group', { UserGroupID: 'g1' }, false, true);
  await assign('a-company', {});
  await assign('a-other', { UserID: 'u2' });
  await assign('a-g2', { UserGroupID: 'g2' });
  await seed('POST', '/buyers/b2/addresses', address('x1'));
  await seed('POST', '/buyers/b2/addresses/assignments', { AddressID: 'x1', IsShipping: true });

  for (const id of ['cc-company', 'cc-g1', 'cc-g2']) await seed('POST', '/buyers/b1/costcenters', { ID: id, Name: id });
  await seed('POST', '/buyers/b1/costcenters/assignments', { CostCenterID: 'cc-company' });
  await seed('POST', '/buyers/b1/costcenters/assignments', { CostCenterID: 'cc-g1', UserGroupID: 'g1' });
  await seed('POST', '/buyers/b1/costcenters/assignments', { CostCenterID: 'cc-g2', UserGroupID: 'g2' });
  for (const id of ['sa1', 'sa2']) await seed('POST', '/buyers/b1/spendingaccounts', { ID: id, Name: id, Balance: 10 });
  await seed('POST', '/buyers/b1/spendingaccounts/assignments', { SpendingAccountID: 'sa1', UserID: 'u1' });
  await seed('POST', '/buyers/b1/creditcards', { ID: 'card-company', CardholderName: 'Buyer One' });
  await seed('POST', '/buyers/b1/creditcards/assignments', { CreditCardID: 'card-company' });

  await seed('POST', '/priceschedules', { ID: 'ps1', Name: 'Contract', PriceBreaks: [{ Quantity: 1, Price: 5 }] });
  await seed('POST', '/priceschedules', { ID: 'ps2', Name: 'List', PriceBreaks: [{ Quantity: 1, Price: 9 }] });
  const products: [string, string, boolean][] = [
    ['p-direct', 'Direct widget', true],
    ['p-group', 'Group widget', true],
    ['p-g2', 'Other group widget', true],
    ['p-catalog', 'Catalog gadget', true],
    ['p-category', 'Category gadget', true],
    ['p-sub', 'Subcategory gadget', true],
    ['p-uncategorized', 'Uncategorized gadget', true],
    ['p-inactive', 'Inactive widget', false],
    ['p-b2', 'Buyer two widget', true],
    ['p-hidden', 'Hidden widget', true],
  ];
  for (const [ID, Name, Active] of products) {
    await seed('POST', '/products', {
      ID,
      Name,
      Active,
      ...(ID === 'p-catalog' ? { DefaultPriceScheduleID: 'ps2' } : {}),
    });
  }
  await seed('POST', '/products/assignments', { ProductID: 'p-direct', BuyerID: 'b1', PriceScheduleID: 'ps1' });
  await seed('POST', '/products/assignments', { ProductID: 'p-inactive', BuyerID: 'b1' });
  await seed('POST', '/products/assignments', { ProductID: 'p-group', BuyerID: 'b1', UserGroupID: 'g1' });
  await seed('POST', '/products/assignments', { ProductID: 'p-g2', BuyerID: 'b1', UserGroupID: 'g2' });
  await seed('POST', '/products/assignments', { ProductID: 'p-b2', BuyerID: 'b2' });
  for (const [ID, Active] of [
    ['cat1', true],
    ['cat2', true],
    ['cat3', false],
  ] as const) {
    await seed('POST', '/catalogs', { ID, Name: ID, Active });
  }
  await seed('POST', '/catalogs/assignments', { CatalogID: 'cat1', BuyerID: 'b1', ViewAllProducts: true });
  await seed('POST', '/catalogs/assignments', { CatalogID: 'cat2', BuyerID: 'b1', ViewAllProducts: false });
  await seed('POST', '/catalogs/assignments', { CatalogID: 'cat3', BuyerID: 'b1', ViewAllProducts: true });
  await seed('POST', '/catalogs/productassignments', { CatalogID: 'cat1', ProductID: 'p-catalog' });
  for (const id of ['p-category', 'p-sub', 'p-uncategorized']) {
    await seed('POST', '/catalogs/productassignments', { CatalogID: 'cat2', ProductID: id });
  }
  await seed('POST', '/catalogs/productassignments', { CatalogID: 'cat3', ProductID: 'p-hidden' });
  await seed('POST', '/catalogs/cat2/categories', { ID: 'c1', Name: 'Gadgets', Active: true });
  await seed('POST', '/catalogs/cat2/categories', { ID: 'c2', Name: 'Small gadgets', Active: true, ParentID: 'c1' });
  await seed('POST', '/catalogs/cat2/categories', { ID: 'c3', Name: 'Not shown', Active: true });
  await seed('POST', '/catalogs/cat2/categories/assignments', { CategoryID: 'c1', BuyerID: 'b1' });
  await seed('POST', '/catalogs/cat2/categories/productassignments', { CategoryID: 'c1', ProductID: 'p-category' });
  await seed('POST', '/catalogs/cat2/categories/productassignments', { CategoryID: 'c2', ProductID: 'p-sub' });
  await seed('PATCH', '/buyers/b1', { DefaultCatalogID: 'cat2' });

  // Orders are written straight to the store: only who placed them and when matter here.
  const store = new PgStore(testDb.database.db, registry, MARKETPLACE);
  const orders: [string, string, string, string][] = [
    ['o1', 'b1', 'u1', '2024-01-10T00:00:00.000Z'],
    ['o2', 'b1', 'u1', '2024-06-10T00:00:00.000Z'],
    ['o3', 'b1', 'u2', '2024-06-11T00:00:00.000Z'],
    ['o4', 'b2', 'u1', '2024-06-12T00:00:00.000Z'],
  ];
  for (const [ID, FromCompanyID, FromUserID, DateCreated] of orders) {
    await store.insert('Orders', [], { ID, FromCompanyID, FromUserID, ToCompanyID: MARKETPLACE, DateCreated, xp: {} });
  }
});

afterAll(async () => {
  await app?.close();
  await testDb?.dispose();
});

describe('Me.Get, Me.Save and Me.Patch', () => {
  it('answers the admin user record with the marketplace as Seller', async () => {
    const reply = await get('admin', '/me');
    expect(reply.status).toBe(200);
    expect(reply.body).toMatchObject({ ID: 'tester', Username: 'tester', Buyer: null, Seller: { ID: MARKETPLACE } });
    expect(reply.body).not.toHaveProperty('Password');
  });

  it('answers a buyer user record with their buyer and the roles of the token', async () => {
    const reply = await get('u1', '/me');
    expect(reply.status).toBe(200);
    expect(reply.body).toMatchObject({
      ID: 'u1',
      CompanyID: 'b1',
      Buyer: { ID: 'b1', DefaultCatalogID: 'cat2' },
      Supplier: null,
      AvailableRoles: SHOPPER_ROLES,
    });
    expect((await get('otherU1', '/me')).body).toMatchObject({ Username: 'b2-u1', Buyer: { ID: 'b2' } });
  });

  it('answers 404 NotFound naming a User for a portal user, who has no record', async () => {
    const reply = await get('portal', '/me');
    expect(reply.status).toBe(404);
    expect(reply.body.Errors[0]).toMatchObject({
      ErrorCode: 'NotFound',
      Data: { ObjectType: 'User', ObjectID: 'portal:ops@example.com' },
    });
  });

  it('patches the own record, merging xp, and keeps it in the buyer users', async () => {
    const reply = await call('u1', 'PATCH', '/me', { FirstName: 'Una', xp: { b: 2 } });
    expect(reply.status).toBe(200);
    expect(reply.body).toMatchObject({ FirstName: 'Una', xp: { a: 1, b: 2 }, Buyer: { ID: 'b1' } });
    expect((await get('admin', '/buyers/b1/users/u1')).body).toMatchObject({ FirstName: 'Una', xp: { a: 1, b: 2 } });
  });

  it('refuses to change Active or ID through Me, but takes them back unchanged on a round trip', async () => {
    const active = await call('u1', 'PATCH', '/me', { Active: false });
    expect(active.status).toBe(400);
    expect(active.body.Errors[0]).toMatchObject({ ErrorCode: 'ValidationFailure', Data: { Property: 'Active' } });
    const renamed = await call('u1', 'PATCH', '/me', { ID: 'someone-else' });
    expect(renamed.body.Errors[0]).toMatchObject({ ErrorCode: 'ValidationFailure', Data: { Property: 'ID' } });
    const shown = (await get('u1', '/me')).body;
    const saved = await call('u1', 'PUT', '/me', { ...shown, LastName: 'Updated' });
    expect(saved.status).toBe(200);
    expect(saved.body).toMatchObject({ ID: 'u1', Active: true, LastName: 'Updated', CompanyID: 'b1' });
  });

  it('keeps usernames unique across the marketplace', async () => {
    const reply = await call('u1', 'PATCH', '/me', { Username: 'u2' });
    expect(reply.status).toBe(400);
    expect(reply.body.Errors[0]?.ErrorCode).toBe('User.UsernameMustBeUnique');
  });
});

describe('Me addresses', () => {
  it('lists the addresses assigned to the user, one of their groups or their buyer, with their flags', async () => {
    const reply = await get('u1', '/me/addresses');
    expect(reply.status).toBe(200);
    expect(ids(reply.body)).toEqual(['a-company', 'a-group', 'a-user']);
    const group = reply.body.Items.find((item) => item.ID === 'a-group');
    expect(group).toMatchObject({ Shipping: false, Billing: true, Editable: false, City: 'Town' });
    expect(ids((await get('u1', '/me/addresses?Shipping=true')).body)).toEqual(['a-company', 'a-user']);
    expect(ids((await get('otherU1', '/me/addresses')).body)).toEqual(['x1']);
  });

  it('creates an address of the user, lets them change and delete it, and keeps the buyer ones read-only', async () => {
    const created = await call('u1', 'POST', '/me/addresses', {
      ...address('ignored'),
      ID: undefined,
      AddressName: 'Home',
    });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ AddressName: 'Home', Shipping: true, Billing: true, Editable: true });
    const id = String(created.body.ID);
    expect(ids((await get('u1', '/me/addresses')).body)).toContain(id);
    expect(ids((await get('u2', '/me/addresses')).body)).not.toContain(id);
    expect((await get('admin', `/buyers/b1/addresses/${id}`)).status).toBe(200);

    expect((await call('u1', 'PATCH', `/me/addresses/${id}`, { City: 'Elsewhere', Billing: false })).status).toBe(204);
    expect((await get('u1', `/me/addresses/${id}`)).body).toMatchObject({ City: 'Elsewhere', Billing: false });
    const publicOne = await call('u1', 'PUT', '/me/addresses/a-company', address('a-company'));
    expect(publicOne.status).toBe(400);
    expect(publicOne.body.Errors[0]?.ErrorCode).toBe('Address.CannotEditPublic');
    expect((await call('u2', 'DELETE', `/me/addresses/${id}`)).status).toBe(404);
    expect((await call('u1', 'DELETE', `/me/addresses/${id}`)).status).toBe(204);
    expect((await get('u1', `/me/addresses/${id}`)).status).toBe(404);
    expect((await get('admin', `/buyers/b1/addresses/${id}`)).status).toBe(404);
  });

  it('refuses an address for neither shipping nor billing, and an address of another buyer', async () => {
    const neither = await call('u1', 'POST', '/me/addresses', {
      ...address('x'),
      ID: undefined,
      Shipping: false,
      Billing: false,
    });
    expect(neither.body.Errors[0]?.ErrorCode).toBe('BuyerAddress.MustBeBillingOrShipping');
    expect((await get('u1', '/me/addresses/x1')).status).toBe(404);
    expect((await get('u1', '/me/addresses/a-other')).status).toBe(404);
  });
});

describe('Me groups, cost centers, spending accounts, credit cards and orders', () => {
  it('lists the user groups of the user', async () => {
    expect(ids((await get('u1', '/me/usergroups')).body)).toEqual(['g1']);
    expect((await get('admin', '/me/usergroups')).body.Items).toEqual([]);
  });

  it('lists the cost centers of the buyer and of the groups of the user', async () => {
    expect(ids((await get('u1', '/me/costcenters')).body)).toEqual(['cc-company', 'cc-g1']);
  });

  it('lists and gets the spending accounts assigned to the user', async () => {
    expect(ids((await get('u1', '/me/spendingAccounts')).body)).toEqual(['sa1']);
    expect((await get('u1', '/me/spendingaccounts/sa1')).body).toMatchObject({ ID: 'sa1', Balance: 10 });
    expect((await get('u1', '/me/spendingaccounts/sa2')).status).toBe(404);
  });

  it('lists the buyer credit cards read-only and the ones the user created as editable', async () => {
    const created = await call('u1', 'POST', '/me/creditcards', {
      CardholderName: 'Una',
      PartialAccountNumber: '1234',
    });
    expect(created.status).toBe(201);
    const page = (await get('u1', '/me/creditcards')).body;
    expect(page.Items.map((card) => [card.ID, card.Editable]).sort()).toEqual(
      [
        ['card-company', false],
        [created.body.ID, true],
      ].sort(),
    );
    expect(
      (await call('u1', 'PATCH', '/me/creditcards/card-company', { CardholderName: 'X' })).body.Errors[0]?.ErrorCode,
    ).toBe('CreditCard.CannotEditPublic');
  });

  it('lists only the orders the user placed, within from and to', async () => {
    expect(ids((await get('u1', '/me/orders')).body)).toEqual(['o1', 'o2']);
    expect(ids((await get('u1', '/me/orders?from=2024-03-01')).body)).toEqual(['o2']);
    expect(ids((await get('u1', '/me/orders?to=2024-03-01')).body)).toEqual(['o1']);
    expect(ids((await get('otherU1', '/me/orders')).body)).toEqual(['o4']);
    expect((await get('u1', '/me/orders?from=soon')).status).toBe(400);
  });
});

describe('Me catalogs, categories and products', () => {
  it('lists the active catalogs assigned to the buyer', async () => {
    expect(ids((await get('u1', '/me/catalogs')).body)).toEqual(['cat1', 'cat2']);
    expect((await get('u1', '/me/catalogs/cat2')).body).toMatchObject({ ID: 'cat2', CategoryCount: 3 });
    expect((await get('u1', '/me/catalogs/cat3')).status).toBe(404);
  });

  it('lists the categories shown to the buyer, top level first, deeper with depth', async () => {
    expect(ids((await get('u1', '/me/categories')).body)).toEqual(['c1']);
    expect(ids((await get('u1', '/me/categories?catalogID=cat2&depth=all')).body)).toEqual(['c1', 'c2']);
    expect(ids((await get('u1', '/me/categories?depth=all&productID=p-sub')).body)).toEqual(['c2']);
    expect((await get('u1', '/me/categories/c3')).status).toBe(404);
    expect((await get('u1', '/me/categories/c2?catalogID=cat2')).body).toMatchObject({ ID: 'c2', ParentID: 'c1' });
  });

  it('lists exactly the active products visible through assignments, groups, catalogs and categories', async () => {
    const reply = await get('u1', '/me/products');
    expect(reply.status).toBe(200);
    expect(ids(reply.body)).toEqual(['p-catalog', 'p-category', 'p-direct', 'p-group', 'p-sub']);
    expect(reply.body.Meta).toMatchObject({ Page: 1, TotalCount: 5 });
    expect(ids((await get('u2', '/me/products')).body)).toEqual([
      'p-catalog',
      'p-category',
      'p-direct',
      'p-g2',
      'p-sub',
    ]);
    expect(ids((await get('otherU1', '/me/products')).body)).toEqual(['p-b2']);
  });

  it('gives each product the price schedule of its assignment, else its default one', async () => {
    const items = (await get('u1', '/me/products')).body.Items;
    const schedule = (id: string) => items.find((item) => item.ID === id)?.PriceSchedule;
    expect(schedule('p-direct')).toMatchObject({ ID: 'ps1', PriceBreaks: [{ Quantity: 1, Price: 5 }] });
    expect(schedule('p-catalog')).toMatchObject({ ID: 'ps2' });
    expect(schedule('p-group')).toBeNull();
    expect(items[0]).not.toHaveProperty('OwnerID');
  });

  it('filters, searches, sorts and pages like Products.List', async () => {
    expect(ids((await get('u1', '/me/products?Name=*widget')).body)).toEqual(['p-direct', 'p-group']);
    expect(ids((await get('u1', '/me/products?search=gadget&searchOn=Name')).body)).toEqual([
      'p-catalog',
      'p-category',
      'p-sub',
    ]);
    const sorted = (await get('u1', '/me/products?sortBy=!ID&pageSize=2&page=2')).body;
    expect(sorted.Items.map((item) => item.ID)).toEqual(['p-direct', 'p-category']);
    expect(sorted.Meta).toMatchObject({ Page: 2, PageSize: 2, TotalCount: 5, TotalPages: 3 });
  });

  it('narrows to a catalog or a category, down to depth', async () => {
    expect(ids((await get('u1', '/me/products?catalogID=cat1')).body)).toEqual(['p-catalog']);
    expect(ids((await get('u1', '/me/products?catalogID=cat2&categoryID=c1')).body)).toEqual(['p-category', 'p-sub']);
    expect(ids((await get('u1', '/me/products?categoryID=c1&depth=1')).body)).toEqual(['p-category']);
    expect((await get('u1', '/me/products?catalogID=cat3')).status).toBe(404);
  });

  it('gets a visible product and answers 404 for hidden, inactive and unknown ones', async () => {
    expect((await get('u1', '/me/products/p-direct')).body).toMatchObject({
      ID: 'p-direct',
      PriceSchedule: { ID: 'ps1' },
    });
    for (const id of ['p-g2', 'p-inactive', 'p-hidden', 'p-uncategorized', 'nope']) {
      const reply = await get('u1', `/me/products/${id}`);
      expect(reply.status, id).toBe(404);
      expect(reply.body.Errors[0]?.Data).toMatchObject({ ObjectType: 'Product', ObjectID: id });
    }
  });

  it('refuses a caller without Shopper with 403 InsufficientRoles', async () => {
    const reply = await get('noShopper', '/me/products');
    expect(reply.status).toBe(403);
    expect(reply.body.Errors[0]).toMatchObject({
      ErrorCode: 'InsufficientRoles',
      Data: { AssignedRoles: ['MeAdmin'] },
    });
  });

  it('answers admin users an empty product list', async () => {
    expect((await get('admin', '/me/products')).body.Items).toEqual([]);
  });
});
