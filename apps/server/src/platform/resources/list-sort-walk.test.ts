import { beforeAll, describe, expect, it } from 'vitest';
import { buildOperations, type PlatformOperation } from '../engine/operations.ts';
import { platformRegistry } from './index.ts';
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

/** Me lists answer for the signed-in buyer user; the rest for a FullAccess admin. */
const callerOf = (operation: PlatformOperation) => (operation.path.startsWith('/me/') ? 'u1' : 'admin');

describe('sortBy with a field that cannot be sorted', () => {
  it('walks a list of every kind', () => {
    expect(lists.length).toBeGreaterThan(90);
    expect(lists.some((operation) => operation.kind === 'ListAssignments')).toBe(true);
    expect(lists.some((operation) => operation.path.startsWith('/me/'))).toBe(true);
  });

  it.each(lists.map((operation) => [operation.id, operation] as const))('%s answers 400', async (_id, operation) => {
    const url = urlOf(operation);
    const sorted = await call(callerOf(operation), 'GET', `${url}?sortBy=NoSuchField`);
    expect(sorted.status, `${url}: ${JSON.stringify(sorted.body)}`).toBe(400);
    expect(sorted.body.Errors[0]?.ErrorCode).toBe('List.InvalidSortProperty');
    // The same list without the bad sort answers, so the 400 is the sort's and the parents exist.
    const plain = await call(callerOf(operation), 'GET', url);
    expect(plain.status, `${url}: ${JSON.stringify(plain.body)}`).toBe(200);
  });
});
