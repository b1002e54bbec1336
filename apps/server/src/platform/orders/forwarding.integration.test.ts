import { describe, expect, it } from 'vitest';
import type { Item } from '../engine/item.ts';
import type { ListPage } from '../engine/list-query.ts';
import {
  adminAuth,
  buyerAuth,
  MARKETPLACE,
  out,
  SEED,
  shopper,
  supplierAuth,
  useSeededOrdersKit,
  type OrdersTestKit,
} from './testing/order-fixtures.ts';

interface SplitResult {
  OutgoingOrders: Item[];
  RemainingLineItemIDs: string[];
}

/** A second supplier, and a product of each supplier (the seeded products have none). */
async function setup(kit: OrdersTestKit): Promise<void> {
  await kit.call('Suppliers.Create', { body: { ID: 's2', Name: 'Second supplier', Active: true } });
  for (const [ID, supplier, price] of [
    ['bolt', SEED.supplier, 3],
    ['nut', 's2', 1.5],
  ] as const) {
    await kit.call('PriceSchedules.Create', {
      body: { ID: `ps-${ID}`, Name: ID, PriceBreaks: [{ Quantity: 1, Price: price }] },
    });
    await kit.call('Products.Create', {
      body: { ID, Name: ID, Active: true, DefaultPriceScheduleID: `ps-${ID}`, DefaultSupplierID: supplier },
    });
  }
}

const kit = useSeededOrdersKit(setup);
const incoming = (orderID: string) => ({ direction: 'Incoming', orderID });
const split = (orderID: string, auth = adminAuth()) =>
  kit.call<SplitResult>('Orders.Split', { auth, params: incoming(orderID) });
const forward = (orderID: string, auth = adminAuth()) =>
  kit.call<SplitResult>('Orders.Forward', { auth, params: incoming(orderID) });
const lines = async (orderID: string, direction = 'Outgoing') =>
  (await kit.call<ListPage>('LineItems.List', { params: { direction, orderID }, query: { sortBy: 'ID' } })).Items;

let count = 0;
/**
 * A submitted order of the shopper, shipped to the seeded address: two bolt lines (supplier s1), a
 * nut line (s2) and a widget line (no supplier), unless `items` says otherwise.
 */
async function submittedOrder(
  items: ReadonlyArray<[string, string, number]> = [
    ['b1', 'bolt', 2],
    ['b2', 'bolt', 1],
    ['n1', 'nut', 4],
    ['w1', SEED.product, 1],
  ],
  submit = true,
): Promise<string> {
  count += 1;
  const orderID = `fwd${count}`;
  await kit.call('Orders.Create', { auth: shopper, params: out(), body: { ID: orderID } });
  for (const [ID, ProductID, Quantity] of items) {
    await kit.call('LineItems.Create', { auth: shopper, params: out(orderID), body: { ID, ProductID, Quantity } });
  }
  await kit.call('Orders.Patch', { auth: shopper, params: out(orderID), body: { ShippingAddressID: SEED.address } });
  if (submit) await kit.call('Orders.Submit', { auth: shopper, params: out(orderID) });
  return orderID;
}

describe('Orders.Split', () => {
  it('creates one unsubmitted outgoing order per supplier with copies of its lines', async () => {
    const orderID = await submittedOrder();
    const result = await split(orderID);
    expect(result.RemainingLineItemIDs).toEqual(['w1']);
    expect(result.OutgoingOrders.map((order) => order.ID)).toEqual([`${orderID}-${SEED.supplier}`, `${orderID}-s2`]);
    expect(result.OutgoingOrders[0]).toMatchObject({
      FromCompanyID: MARKETPLACE,
      ToCompanyID: SEED.supplier,
      Status: 'Unsubmitted',
      IsSubmitted: false,
      LineItemCount: 2,
      Subtotal: 9,
      Total: 9,
      Currency: 'USD',
    });
    expect(result.OutgoingOrders[1]).toMatchObject({ ToCompanyID: 's2', LineItemCount: 1, Subtotal: 6 });

    const copies = await lines(`${orderID}-${SEED.supplier}`);
    expect(copies.map((line) => [line.ID, line.ProductID, line.Quantity, line.UnitPrice])).toEqual([
      ['b1', 'bolt', 2, 3],
      ['b2', 'bolt', 1, 3],
    ]);
    expect(copies[0]).toMatchObject({
      IncomingOrderID: orderID,
      OutgoingOrderID: null,
      SupplierID: SEED.supplier,
      ShippingAddress: { City: 'Springfield' },
      LineSubtotal: 6,
    });
    const originals = await lines(orderID, 'Incoming');
    expect(originals.map((line) => [line.ID, line.OutgoingOrderID])).toEqual([
      ['b1', `${orderID}-${SEED.supplier}`],
      ['b2', `${orderID}-${SEED.supplier}`],
      ['n1', `${orderID}-s2`],
      ['w1', null],
    ]);
    expect(await kit.call('Orders.Get', { params: incoming(orderID) })).toMatchObject({ Status: 'Open' });
  });

  it('answers the existing outgoing orders when called again, creating nothing twice', async () => {
    const orderID = await submittedOrder();
    const first = await split(orderID);
    const again = await split(orderID);
    expect(again.OutgoingOrders.map((order) => order.ID)).toEqual(first.OutgoingOrders.map((order) => order.ID));
    expect(again.RemainingLineItemIDs).toEqual(['w1']);
    expect(await lines(`${orderID}-${SEED.supplier}`)).toHaveLength(2);
    const page = await kit.call<ListPage>('Orders.List', {
      params: { direction: 'Outgoing' },
      query: { search: orderID },
    });
    expect(page.Meta.TotalCount).toBe(2);
  });

  it('passes on a line added since, and again a line whose outgoing order was deleted', async () => {
    const orderID = await submittedOrder();
    await split(orderID);
    await kit.call('LineItems.Create', {
      params: { direction: 'Incoming', orderID },
      body: { ID: 'b3', ProductID: 'bolt', Quantity: 1 },
    });
    await kit.call('Orders.Delete', { params: { direction: 'Outgoing', orderID: `${orderID}-s2` } });
    const result = await split(orderID);
    expect(result.OutgoingOrders.map((order) => [order.ID, order.LineItemCount])).toEqual([
      [`${orderID}-${SEED.supplier}`, 3],
      [`${orderID}-s2`, 1],
    ]);
  });

  it('answers no outgoing order when no product has a supplier', async () => {
    const orderID = await submittedOrder([['w1', SEED.product, 1]]);
    expect(await split(orderID)).toEqual({ OutgoingOrders: [], RemainingLineItemIDs: ['w1'] });
  });
});

describe('Orders.Forward', () => {
  it('creates and submits the outgoing orders, which the supplier sees as incoming', async () => {
    const orderID = await submittedOrder();
    const result = await forward(orderID);
    expect(result.OutgoingOrders.map((order) => [order.ID, order.Status, order.IsSubmitted])).toEqual([
      [`${orderID}-${SEED.supplier}`, 'Open', true],
      [`${orderID}-s2`, 'Open', true],
    ]);
    expect(Date.parse(String(result.OutgoingOrders[0]?.DateSubmitted))).not.toBeNaN();
    const supplierUser = supplierAuth(SEED.supplier, 'su1', ['OrderAdmin']);
    const seen = await kit.call<ListPage>('Orders.List', {
      auth: supplierUser,
      params: { direction: 'Incoming' },
      query: { search: orderID },
    });
    expect(seen.Items.map((order) => order.ID)).toEqual([`${orderID}-${SEED.supplier}`]);
    expect(await kit.errorOf('Orders.Get', { auth: supplierUser, params: incoming(`${orderID}-s2`) })).toEqual({
      status: 404,
      code: 'NotFound',
    });
  });

  it('submits what an earlier split created', async () => {
    const orderID = await submittedOrder();
    await split(orderID);
    const result = await forward(orderID);
    expect(result.OutgoingOrders.map((order) => order.Status)).toEqual(['Open', 'Open']);
    expect(await lines(`${orderID}-s2`)).toHaveLength(1);
  });
});

describe('splitting and forwarding refused', () => {
  it('refuses outgoing orders, by direction or by the order', async () => {
    const orderID = await submittedOrder();
    expect(await kit.errorOf('Orders.Split', { params: { direction: 'Outgoing', orderID } })).toEqual({
      status: 400,
      code: 'Order.CannotSplitOutgoing',
    });
    const { OutgoingOrders } = await split(orderID);
    expect(
      await kit.errorOf('Orders.Forward', { params: { direction: 'All', orderID: String(OutgoingOrders[0]?.ID) } }),
    ).toEqual({ status: 400, code: 'Order.CannotSplitOutgoing' });
  });

  it('refuses orders that are not submitted, or not Open any more', async () => {
    const draft = await submittedOrder(undefined, false);
    expect(await kit.errorOf('Orders.Split', { params: incoming(draft) })).toEqual({
      status: 400,
      code: 'Order.AllowedOnSubmittedOnly',
    });
    const canceled = await submittedOrder();
    await kit.call('Orders.Cancel', { params: incoming(canceled) });
    expect(await kit.errorOf('Orders.Forward', { params: incoming(canceled) })).toEqual({
      status: 400,
      code: 'ValidationFailure',
    });
  });

  it('answers 404 for an order that does not exist', async () => {
    expect(await kit.errorOf('Orders.Split', { params: incoming('no-such-order') })).toEqual({
      status: 404,
      code: 'NotFound',
    });
  });

  it('is for marketplace owner users with OrderAdmin only', async () => {
    const orderID = await submittedOrder();
    const supplierAdmin = supplierAuth(SEED.supplier, 'su1', ['OrderAdmin']);
    expect(await kit.errorOf('Orders.Split', { auth: supplierAdmin, params: incoming(orderID) })).toEqual({
      status: 403,
      code: 'Order.CannotSplitWrongUserType',
    });
    const buyerAdmin = buyerAuth(SEED.buyer, SEED.colleague, ['OrderAdmin']);
    expect(await kit.errorOf('Orders.Forward', { auth: buyerAdmin, params: incoming(orderID) })).toEqual({
      status: 403,
      code: 'Order.CannotSplitWrongUserType',
    });
    for (const auth of [shopper, adminAuth(['OrderReader'])]) {
      expect(await kit.errorOf('Orders.Split', { auth, params: incoming(orderID) })).toEqual({
        status: 403,
        code: 'InsufficientRoles',
      });
    }
    await expect(split(orderID, adminAuth(['OrderAdmin']))).resolves.toMatchObject({ RemainingLineItemIDs: ['w1'] });
  });
});

describe('deleting a forwarded order', () => {
  it('is refused until its outgoing orders are deleted', async () => {
    const orderID = await submittedOrder();
    const { OutgoingOrders } = await forward(orderID);
    expect(await kit.errorOf('Orders.Delete', { params: incoming(orderID) })).toEqual({
      status: 400,
      code: 'Order.CannotDeleteForwardedOrder',
    });
    for (const order of OutgoingOrders) {
      await kit.call('Orders.Delete', { params: { direction: 'Outgoing', orderID: String(order.ID) } });
    }
    await kit.call('Orders.Delete', { params: incoming(orderID) });
    expect(await kit.errorOf('Orders.Get', { params: incoming(orderID) })).toEqual({ status: 404, code: 'NotFound' });
  });
});
