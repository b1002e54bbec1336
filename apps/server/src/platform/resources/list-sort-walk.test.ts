import { beforeAll, describe, expect, it } from 'vitest';
import { buildDescription } from '../description/build-description.ts';
import { buildOperations, type PlatformOperation } from '../engine/operations.ts';
import { platformRegistry } from './index.ts';
import { LINE_ITEM_SORTABLE } from './line-items.ts';
import { call, type Method } from './testing/me-app.ts';
import { useMeApp } from './testing/me-app.ts';

/*
 * Every list of the operation table, asked to sort by a field no model has: each must refuse with a
 * 400 in the envelope, whether it is a stored resource, an assignment list, a Me list or a list a
 * handler builds in memory. The parents each path names exist (seeded by testing/me-app.ts and below),
 * so a 404 is never an acceptable answer.
 */
useMeApp();

const lists = buildOperations(platformRegistry).filter(
  (operation) => operation.method === 'GET' && (operation.list || operation.kind === 'ListAssignments'),
);

/** Ids of objects that exist for every path parameter a list names. */
const PARENTS: Record<string, string> = {
  direction: 'Incoming',
  buyerID: 'b1',
  userID: 'u1',
  userGroupID: 'g1',
  addressID: 'a-user',
  productID: 'p-direct',
  catalogID: 'cat2',
  categoryID: 'c1',
  supplierID: 'walk-s1',
  specID: 'walk-size',
  variantID: 'p-direct-s',
  orderID: 'o1',
  shipmentID: 'walk-ship',
  returnID: 'walk-return',
  subscriptionID: 'walk-sub',
};

const seed = async (method: Method, url: string, body?: unknown, caller = 'admin') => {
  const reply = await call(caller, method, url, body);
  if (reply.status >= 300) throw new Error(`${method} ${url}: ${reply.status} ${JSON.stringify(reply.body)}`);
  return reply.body;
};

beforeAll(async () => {
  await seed('POST', '/suppliers', { ID: 'walk-s1', Name: 'Supplier', Active: true });
  await seed('POST', '/specs', { ID: 'walk-size', Name: 'Size', DefinesVariant: true, Required: true });
  for (const ID of ['s', 'l']) await seed('POST', '/specs/walk-size/options', { ID, Value: ID });
  await seed('POST', '/specs/productassignments', { SpecID: 'walk-size', ProductID: 'p-direct' });
  await seed('POST', '/products/p-direct/variants/generate');
  // A return needs a submitted order: the buyer user places one.
  await seed('POST', '/orders/Outgoing', { ID: 'walk-order' }, 'u1');
  const line = await seed(
    'POST',
    '/orders/Outgoing/walk-order/lineitems',
    { ProductID: 'p-direct', Quantity: 1 },
    'u1',
  );
  await seed('POST', '/orders/Outgoing/walk-order/submit', undefined, 'u1');
  // A shipment of that order's line, which the buyer user then sees through Me.
  await seed('POST', '/shipments', { ID: 'walk-ship', BuyerID: 'b1' });
  await seed('POST', '/shipments/walk-ship/items', { OrderID: 'walk-order', LineItemID: line.ID, QuantityShipped: 1 });
  await seed('POST', '/orderreturns', { ID: 'walk-return', OrderID: 'walk-order' });
  await seed('POST', '/subscriptions', {
    ID: 'walk-sub',
    FromCompanyID: 'b1',
    FromUserID: 'u1',
    Frequency: 1,
    Interval: 'Days',
    NextOrderDate: '2030-01-01T00:00:00Z',
  });
});

function urlOf(operation: PlatformOperation): string {
  return operation.path.replace(/\{([A-Za-z0-9_]+)\}/g, (_match, name: string) => {
    const id = PARENTS[name];
    if (id === undefined) throw new Error(`No parent id for {${name}} in ${operation.path}`);
    return id;
  });
}

const description = buildDescription({
  registry: platformRegistry,
  operations: buildOperations(platformRegistry),
  publicUrl: 'http://localhost',
});

/**
 * Lists that sort on more than their description offers in sortBy (it gives the default rules of
 * their model): the line items across orders sort as line items and by OrderID, Me products by the products' fields.
 */
const SORTED_BEYOND_DESCRIPTION: Record<string, readonly string[]> = {
  'LineItems.ListAcrossOrders': [...LINE_ITEM_SORTABLE, 'OrderID'],
  'Me.ListProducts': ['DateCreated', 'Active', 'OwnerID', 'ParentID'],
};

/**
 * A field of the listed model the description does not offer in sortBy: the list must refuse it too.
 * Undefined when every plain field is sortable.
 */
function unsortableField(operation: PlatformOperation): string | undefined {
  if (!operation.list) return undefined;
  const parameters = description.paths[operation.path]?.get?.parameters ?? [];
  const sortBy = parameters.find((parameter) => 'name' in parameter && parameter.name === 'sortBy');
  const offered = new Set<string>(
    (sortBy && 'schema' in sortBy ? (sortBy.schema?.items as { enum?: string[] } | undefined)?.enum : []) ?? [],
  );
  const beyond = SORTED_BEYOND_DESCRIPTION[operation.id] ?? [];
  return Object.entries(operation.list.fields).find(
    ([name, field]) =>
      !offered.has(name) &&
      !beyond.includes(name) &&
      !field.writeOnly &&
      field.type !== 'object' &&
      field.type !== 'array',
  )?.[0];
}

/** Me lists answer for the signed-in buyer user; the rest for a FullAccess admin. */
const callerOf = (operation: PlatformOperation) => (operation.path.startsWith('/me/') ? 'u1' : 'admin');

describe('sortBy with a field that cannot be sorted', () => {
  it('walks a list of every kind', () => {
    expect(lists.length).toBeGreaterThan(90);
    expect(lists.some((operation) => operation.kind === 'ListAssignments')).toBe(true);
    expect(lists.some((operation) => operation.path.startsWith('/me/'))).toBe(true);
  });

  // Assignment lists are never sorted and ignore a sortBy, as the public platform does (outside admins send one).
  const assignmentLists = lists.filter((operation) => operation.kind === 'ListAssignments');
  it.each(assignmentLists.map((operation) => [operation.id, operation] as const))(
    '%s ignores the sort, answering the unsorted page',
    async (_id, operation) => {
      const url = urlOf(operation);
      const plain = await call(callerOf(operation), 'GET', url);
      expect(plain.status, `${url}: ${JSON.stringify(plain.body)}`).toBe(200);
      const sorted = await call(callerOf(operation), 'GET', `${url}?sortBy=NoSuchField`);
      expect(sorted.status, `${url}: ${JSON.stringify(sorted.body)}`).toBe(200);
      expect(sorted.body).toEqual(plain.body);
    },
  );

  const sortedLists = lists.filter((operation) => operation.kind !== 'ListAssignments');
  it.each(sortedLists.map((operation) => [operation.id, operation] as const))(
    '%s answers 400',
    async (_id, operation) => {
      const url = urlOf(operation);
      const sorted = await call(callerOf(operation), 'GET', `${url}?sortBy=NoSuchField`);
      expect(sorted.status, `${url}: ${JSON.stringify(sorted.body)}`).toBe(400);
      expect(sorted.body.Errors[0]?.ErrorCode).toBe('List.InvalidSortProperty');
      // The same list without the bad sort answers, so the 400 is the sort's and the parents exist.
      const plain = await call(callerOf(operation), 'GET', url);
      expect(plain.status, `${url}: ${JSON.stringify(plain.body)}`).toBe(200);
      // A property of the model that the list does not sort on is refused as well.
      const field = unsortableField(operation);
      if (field) {
        const unsortable = await call(callerOf(operation), 'GET', `${url}?sortBy=${field}`);
        expect(unsortable.status, `${url}?sortBy=${field}: ${JSON.stringify(unsortable.body)}`).toBe(400);
        expect(unsortable.body.Errors[0]?.ErrorCode).toBe('List.InvalidSortProperty');
      }
    },
  );

  // Callers with nothing to see (an admin user has no buyer) get an empty page, and still a 400.
  // Lists under a product or shipment of the user's own answer 404 to others: those are left out.
  const meLists = lists.filter((operation) => operation.path.startsWith('/me/') && operation.pathParams.length === 0);
  it.each(meLists.map((operation) => [operation.id, operation] as const))(
    '%s answers 400 to a caller with nothing to see',
    async (_id, operation) => {
      const url = urlOf(operation);
      const sorted = await call('admin', 'GET', `${url}?sortBy=NoSuchField`);
      expect(sorted.status, `${url}: ${JSON.stringify(sorted.body)}`).toBe(400);
      const field = unsortableField(operation);
      if (field) expect((await call('admin', 'GET', `${url}?sortBy=${field}`)).status, field).toBe(400);
    },
  );
});
