import { afterAll, beforeAll } from 'vitest';
import { ensurePlatformTables } from '../../auth/testing.ts';
import { createTestDatabase, type TestDatabase } from '../../../testing/test-database.ts';
import type { Item } from '../../engine/item.ts';
import type { AuthContext } from '../../engine/auth-context.ts';
import type { OperationContext, Registry } from '../../resources/types.ts';
import { ApiError } from '../../engine/errors.ts';
import { buildOperations, type PlatformOperation } from '../../engine/operations.ts';
import { PgStore } from '../../engine/pg-store.ts';
import { checkRoles } from '../../engine/routes.ts';
import { ENUMS } from '../../resources/enums.ts';
import { platformRegistry, platformResources } from '../../resources/index.ts';
import { ordersAndFulfillmentModels, ordersAndFulfillmentResources } from '../../resources/orders.ts';
import { createRegistry } from '../../resources/registry.ts';
import { subscriptionIntegrationResources } from '../../resources/subscriptions.ts';

/** The marketplace every order test works in. */
export const MARKETPLACE = 'mkt1';

const auth = (
  overrides: Partial<AuthContext> & Pick<AuthContext, 'userType' | 'userId'>,
  roles: readonly string[],
): AuthContext => ({
  marketplaceId: MARKETPLACE,
  clientId: 'client1',
  username: overrides.userId,
  companyId: undefined,
  impersonatorId: undefined,
  ...overrides,
  roles: new Set(roles),
});

/** An admin user of the marketplace. */
export const adminAuth = (roles: readonly string[] = ['FullAccess'], userId = 'admin1'): AuthContext =>
  auth({ userType: 'admin', userId }, roles);

/** A buyer user. */
export const buyerAuth = (buyerId: string, userId: string, roles: readonly string[] = ['Shopper']): AuthContext =>
  auth({ userType: 'buyer', userId, companyId: buyerId }, roles);

/** A supplier user. */
export const supplierAuth = (supplierId: string, userId: string, roles: readonly string[]): AuthContext =>
  auth({ userType: 'supplier', userId, companyId: supplierId }, roles);

/** Every resource of the platform plus this section's (without doubles, should the index list them one day). */
export function createOrdersTestRegistry(): Registry {
  const own = [...ordersAndFulfillmentResources, ...subscriptionIntegrationResources];
  const names = new Set(own.map((resource) => resource.name));
  const others = platformResources.filter((resource) => !names.has(resource.name));
  return createRegistry(
    [...others, ...own],
    [...platformRegistry.models.values(), ...ordersAndFulfillmentModels],
    ENUMS,
  );
}

/** Who calls an operation, and with what path parameters, query and body. */
export interface CallOptions {
  auth?: AuthContext;
  params?: Record<string, string>;
  query?: Record<string, string>;
  body?: unknown;
}

/** A private database, the registry and a way to call any operation as a given user. */
export interface OrdersTestKit {
  testDb: TestDatabase;
  registry: Registry;
  store: PgStore;
  /** Calls an operation by id after the role check the router makes; answers what the handler answers. */
  call<T = Item>(operationId: string, options?: CallOptions): Promise<T>;
  /** The error code a call fails with (undefined when it succeeds). */
  errorOf(operationId: string, options?: CallOptions): Promise<{ status: number; code: string } | undefined>;
  dispose(): Promise<void>;
}

/** A test kit over a fresh copy of the test database (call `dispose` when done). */
export async function createOrdersTestKit(): Promise<OrdersTestKit> {
  const testDb = await createTestDatabase();
  const db = testDb.database.db;
  await ensurePlatformTables(db);
  const registry = createOrdersTestRegistry();
  const operations = new Map<string, PlatformOperation>(
    buildOperations(registry).map((operation) => [operation.id, operation]),
  );
  const store = new PgStore(db, registry, MARKETPLACE);
  const call = async <T>(operationId: string, options: CallOptions = {}): Promise<T> => {
    const operation = operations.get(operationId);
    if (!operation) throw new Error(`No operation ${operationId}`);
    const caller = options.auth ?? adminAuth();
    checkRoles(operation, caller);
    const context: OperationContext = {
      marketplaceId: MARKETPLACE,
      auth: caller,
      params: options.params ?? {},
      query: options.query ?? {},
      body: options.body,
      store: new PgStore(db, registry, MARKETPLACE),
      registry,
      resource: operation.resource,
    };
    return (await operation.handler(context)) as T;
  };
  return {
    testDb,
    registry,
    store,
    call,
    async errorOf(operationId, options) {
      try {
        await call(operationId, options);
        return undefined;
      } catch (error) {
        if (error instanceof ApiError) return { status: error.status, code: error.errors[0]?.ErrorCode ?? '' };
        throw error;
      }
    },
    dispose: () => testDb.dispose(),
  };
}

/** What `seedMarketplace` creates, for tests to refer to. */
export const SEED = {
  buyer: 'b1',
  otherBuyer: 'b2',
  shopper: 'u1',
  colleague: 'u2',
  approver: 'u3',
  approvers: 'approvers',
  supplier: 's1',
  product: 'p1',
  cheapProduct: 'p2',
  schedule: 'ps1',
  groupSchedule: 'ps-group',
  address: 'addr1',
  spendingAccount: 'sa1',
  creditCard: 'cc1',
} as const;

/** The seeded shopper (a buyer user without admin roles), who places the orders of the tests. */
export const shopper = buyerAuth(SEED.buyer, SEED.shopper);
/** A user of the other buyer, who must see nothing of the shopper's orders. */
export const outsider = buyerAuth(SEED.otherBuyer, 'x1');

/** Path parameters of orders seen from the buyer's side (Outgoing), of one order when given. */
export const out = (orderID?: string) => ({ direction: 'Outgoing', ...(orderID === undefined ? {} : { orderID }) });

/**
 * The kit of a test file over the seeded marketplace: made (and seeded, then `setup` run) before
 * the file's tests and disposed after them. It forwards to the kit made then, so use it only in
 * tests and hooks.
 *
 * @example
 * const kit = useSeededOrdersKit();
 * it('...', async () => expect(await kit.call('Orders.Get', { params: out('o1') })).toMatchObject({}));
 */
export function useSeededOrdersKit(setup?: (kit: OrdersTestKit) => Promise<void>): OrdersTestKit {
  let current: OrdersTestKit | undefined;
  beforeAll(async () => {
    current = await createOrdersTestKit();
    await seedMarketplace(current);
    await setup?.(current);
  });
  afterAll(async () => {
    await current?.dispose();
  });
  const made = (): OrdersTestKit => {
    if (!current) throw new Error('The orders test kit is made in beforeAll: use it in tests and hooks only.');
    return current;
  };
  return {
    get testDb() {
      return made().testDb;
    },
    get registry() {
      return made().registry;
    },
    get store() {
      return made().store;
    },
    call: <T = Item>(operationId: string, options?: CallOptions) => made().call<T>(operationId, options),
    errorOf: (operationId, options) => made().errorOf(operationId, options),
    dispose: () => made().dispose(),
  };
}

/**
 * An order of the shopper with one line per quantity (IDs `l0`, `l1`... of the widget, 10 each
 * below 10 units), submitted when asked; answers its ID.
 */
export async function shopperOrder(
  kit: OrdersTestKit,
  quantities: readonly number[],
  submit: boolean,
): Promise<string> {
  const order = await kit.call('Orders.Create', { auth: shopper, params: out(), body: {} });
  const orderID = String(order.ID);
  for (const [index, Quantity] of quantities.entries()) {
    await kit.call('LineItems.Create', {
      auth: shopper,
      params: out(orderID),
      body: { ID: `l${index}`, ProductID: SEED.product, Quantity },
    });
  }
  if (submit) await kit.call('Orders.Submit', { auth: shopper, params: out(orderID) });
  return orderID;
}

/**
 * A small marketplace through the API as an admin: two buyers with users, an approvers group,
 * a supplier, two products with price schedules (one with quantity breaks and a sale-free
 * default), an address, a credit card and a spending account of 100.
 */
export async function seedMarketplace(kit: OrdersTestKit): Promise<void> {
  const { call } = kit;
  const user = (ID: string) => ({
    ID,
    Username: ID,
    FirstName: ID,
    LastName: 'Test',
    Email: `${ID}@example.com`,
    Active: true,
  });
  for (const ID of [SEED.buyer, SEED.otherBuyer]) await call('Buyers.Create', { body: { ID, Name: ID, Active: true } });
  for (const ID of [SEED.shopper, SEED.colleague, SEED.approver]) {
    await call('Users.Create', { params: { buyerID: SEED.buyer }, body: user(ID) });
  }
  await call('Users.Create', { params: { buyerID: SEED.otherBuyer }, body: user('x1') });
  await call('UserGroups.Create', { params: { buyerID: SEED.buyer }, body: { ID: SEED.approvers, Name: 'Approvers' } });
  await call('UserGroups.SaveUserAssignment', {
    params: { buyerID: SEED.buyer },
    body: { UserGroupID: SEED.approvers, UserID: SEED.approver },
  });
  await call('Suppliers.Create', { body: { ID: SEED.supplier, Name: 'Supplier', Active: true } });
  await call('PriceSchedules.Create', {
    body: {
      ID: SEED.schedule,
      Name: 'Standard',
      MinQuantity: 1,
      MaxQuantity: 100,
      PriceBreaks: [
        { Quantity: 1, Price: 10, SubscriptionPrice: 9 },
        { Quantity: 10, Price: 8 },
      ],
    },
  });
  await call('PriceSchedules.Create', {
    body: { ID: SEED.groupSchedule, Name: 'Buyer price', PriceBreaks: [{ Quantity: 1, Price: 7 }] },
  });
  await call('Products.Create', {
    body: {
      ID: SEED.product,
      Name: 'Widget',
      Active: true,
      // Flags are false unless set, as on the public platform: returns need Returnable.
      Returnable: true,
      DefaultPriceScheduleID: SEED.schedule,
      xp: { Colour: 'red' },
    },
  });
  await call('PriceSchedules.Create', {
    body: { ID: 'ps2', Name: 'Cheap', PriceBreaks: [{ Quantity: 1, Price: 2.5 }] },
  });
  await call('Products.Create', {
    body: { ID: SEED.cheapProduct, Name: 'Gadget', Active: true, Returnable: true, DefaultPriceScheduleID: 'ps2' },
  });
  await call('Addresses.Create', {
    params: { buyerID: SEED.buyer },
    body: { ID: SEED.address, Street1: '1 Main St', City: 'Springfield', State: 'IL', Zip: '62701', Country: 'US' },
  });
  await call('CreditCards.Create', {
    params: { buyerID: SEED.buyer },
    body: { ID: SEED.creditCard, CardType: 'Visa' },
  });
  await call('SpendingAccounts.Create', {
    params: { buyerID: SEED.buyer },
    body: { ID: SEED.spendingAccount, Name: 'Budget', Balance: 100 },
  });
}
