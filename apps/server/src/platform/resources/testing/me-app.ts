import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../../testing/test-database.ts';
import type { AuthContext } from '../../engine/auth-context.ts';
import { ApiError } from '../../engine/errors.ts';
import { registerPlatformErrors } from '../../engine/http-errors.ts';
import { buildOperations } from '../../engine/operations.ts';
import { PgStore } from '../../engine/pg-store.ts';
import { registerOperations, type Authenticator } from '../../engine/routes.ts';
import { ENUMS } from '../enums.ts';
import { platformRegistry, platformResources } from '../index.ts';
import { meModels, meResource } from '../me.ts';
import { orderModels } from '../orders.ts';
import { createRegistry } from '../registry.ts';

/*
 * The set-up the Me suites (me-*.test.ts) share: the platform routes with the Me resource, callers
 * chosen by an `x-caller` header, and one marketplace seeded through the admin API with buyers, users,
 * groups, addresses, buyer objects, products, catalogs, categories and orders.
 */

export const MARKETPLACE = 'mkt-me';
const resources = platformResources.some((resource) => resource.name === 'Me')
  ? platformResources
  : [...platformResources, meResource];
const registry = createRegistry(resources, [...platformRegistry.models.values(), ...orderModels, ...meModels], ENUMS);

type Caller = Pick<AuthContext, 'userId' | 'userType' | 'companyId' | 'portalUser'> & { roles: string[] };
export const SHOPPER_ROLES = ['Shopper', 'MeAdmin', 'MeAddressAdmin', 'MeCreditCardAdmin'];
/** Callers by the name the `x-caller` header gives. */
const CALLERS: Record<string, Caller> = {
  admin: { userId: 'tester', userType: 'admin', companyId: undefined, roles: ['FullAccess'] },
  u1: { userId: 'u1', userType: 'buyer', companyId: 'b1', roles: SHOPPER_ROLES },
  u2: { userId: 'u2', userType: 'buyer', companyId: 'b1', roles: SHOPPER_ROLES },
  otherU1: { userId: 'u1', userType: 'buyer', companyId: 'b2', roles: SHOPPER_ROLES },
  noShopper: { userId: 'u1', userType: 'buyer', companyId: 'b1', roles: ['MeAdmin'] },
  portal: {
    userId: 'portal:ops@example.com',
    userType: 'admin',
    companyId: undefined,
    roles: ['FullAccess'],
    portalUser: { firstName: 'Ops', lastName: null, email: 'ops@example.com' },
  },
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

export type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
/** The JSON answers the tests read: an object, a page or the error envelope. */
export interface Answer {
  [field: string]: unknown;
  Items: Record<string, unknown>[];
  Meta: Record<string, unknown>;
  Errors: { ErrorCode: string; Data: unknown }[];
}
/** One request under `/platform/v1` as the caller the name picks (see `CALLERS`). */
export async function call(caller: string, method: Method, url: string, payload?: unknown) {
  const response = await app.inject({
    method,
    url: `/platform/v1${url}`,
    headers: { 'x-caller': caller },
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
  return { status: response.statusCode, body: (response.body ? response.json() : undefined) as Answer };
}
export const get = (caller: string, url: string) => call(caller, 'GET', url);
/** The IDs of a page's items, sorted. */
export const ids = (page: Answer) => page.Items.map((item) => String(item.ID)).sort();

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
/** An address body with the given ID. */
export const address = (id: string) => ({
  ID: id,
  Street1: '1 Main St',
  City: 'Town',
  State: 'MN',
  Zip: '55401',
  Country: 'US',
});

/**
 * Makes the app over a database of its own and seeds it before the file's tests (and its own
 * `beforeAll` hooks); closes and drops both after them. Call it once, at the top of a test file.
 */
export function useMeApp(): void {
  beforeAll(async () => {
    testDb = await createTestDatabase();
    app = await buildApp();
    await seedMarketplace();
  });
  afterAll(async () => {
    await app?.close();
    await testDb?.dispose();
  });
}

/** Buyers, users, groups, addresses, buyer objects, products, catalogs and orders the Me suites read. */
async function seedMarketplace(): Promise<void> {
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
}
