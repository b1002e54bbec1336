import { describe, expect, it } from 'vitest';
import type { Item } from '../engine/item.ts';
import type { AuthContext } from '../engine/auth-context.ts';
import type { ListPage } from '../engine/list-query.ts';
import {
  adminAuth,
  buyerAuth,
  out,
  outsider,
  SEED,
  shopper,
  supplierAuth,
  useSeededOrdersKit,
  type OrdersTestKit,
} from './testing/order-fixtures.ts';

/**
 * Three orders: `oa` (submitted) and `ob` of the shopper, `oc` of the other buyer; and, once `oa`
 * is split, `oa-s1`, an outgoing order of the marketplace to the supplier.
 */
async function setup(kit: OrdersTestKit): Promise<void> {
  await kit.call('PriceSchedules.Create', {
    body: { ID: 'ps-bolt', Name: 'bolt', PriceBreaks: [{ Quantity: 1, Price: 3 }] },
  });
  await kit.call('Products.Create', {
    body: {
      ID: 'bolt',
      Name: 'Bolt',
      Active: true,
      DefaultPriceScheduleID: 'ps-bolt',
      DefaultSupplierID: SEED.supplier,
    },
  });
  const order = async (auth: AuthContext, ID: string, items: ReadonlyArray<[string, string, number, Item?]>) => {
    await kit.call('Orders.Create', { auth, params: out(), body: { ID } });
    for (const [lineID, ProductID, Quantity, xp] of items) {
      await kit.call('LineItems.Create', {
        auth,
        params: out(ID),
        body: { ID: lineID, ProductID, Quantity, ...(xp ? { xp } : {}) },
      });
    }
  };
  await order(shopper, 'oa', [
    ['l0', SEED.product, 2, { Gift: true }],
    ['l1', SEED.cheapProduct, 5],
    ['l2', 'bolt', 1],
  ]);
  await kit.call('Orders.Submit', { auth: shopper, params: out('oa') });
  await order(shopper, 'ob', [['l0', SEED.product, 1]]);
  await order(outsider, 'oc', [['l0', SEED.cheapProduct, 3]]);
  await kit.call('Orders.Split', { params: { direction: 'Incoming', orderID: 'oa' } });
}

const kit = useSeededOrdersKit(setup);

const across = (direction: string, query: Record<string, string> = {}, auth: AuthContext = adminAuth()) =>
  kit.call<ListPage>('LineItems.ListAcrossOrders', { auth, params: { direction }, query });
const keys = (page: ListPage) => page.Items.map((item) => `${String(item.OrderID)}/${String(item.ID)}`);
const failure = (direction: string, query: Record<string, string>, auth: AuthContext = adminAuth()) =>
  kit.errorOf('LineItems.ListAcrossOrders', { auth, params: { direction }, query });

describe('LineItems.ListAcrossOrders for the marketplace owner', () => {
  it('lists the lines of every incoming order with their order', async () => {
    const page = await across('incoming', { sortBy: 'OrderID,ID' });
    expect(keys(page)).toEqual(['oa/l0', 'oa/l1', 'oa/l2', 'ob/l0', 'oc/l0']);
    expect(page.Meta).toMatchObject({ Page: 1, PageSize: 20, TotalCount: 5, TotalPages: 1 });
    expect(page.Items[0]).toMatchObject({
      OrderID: 'oa',
      Order: { ID: 'oa', FromCompanyID: SEED.buyer, Status: 'Open' },
      ID: 'l0',
      ProductID: SEED.product,
      Quantity: 2,
      LineSubtotal: 20,
    });
    expect(Object.keys(page.Items[0] ?? {}).slice(0, 3)).toEqual(['OrderID', 'Order', 'ID']);
  });

  it('lists the outgoing orders it passed on, and both with All', async () => {
    expect(keys(await across('Outgoing'))).toEqual(['oa-s1/l2']);
    expect((await across('All')).Meta.TotalCount).toBe(6);
  });

  it('narrows by buyer, supplier and creation date of the order', async () => {
    expect(keys(await across('Incoming', { buyerID: SEED.otherBuyer }))).toEqual(['oc/l0']);
    expect(keys(await across('All', { supplierID: SEED.supplier }))).toEqual(['oa-s1/l2']);
    expect((await across('Incoming', { from: '2000-01-01', to: '2999-01-01' })).Meta.TotalCount).toBe(5);
    expect((await across('Incoming', { to: '2000-01-01' })).Items).toEqual([]);
    expect(await failure('Incoming', { from: 'yesterday' })).toEqual({ status: 400, code: 'List.InvalidType' });
  });

  it('filters on line and order fields, searches, sorts and pages', async () => {
    expect(keys(await across('Incoming', { Quantity: '>2' }))).toEqual(['oa/l1', 'oc/l0']);
    expect(keys(await across('Incoming', { 'Order.Status': 'Open', ProductID: `${SEED.product}|bolt` }))).toEqual([
      'oa/l0',
      'oa/l2',
    ]);
    expect(keys(await across('Incoming', { 'xp.Gift': 'true' }))).toEqual(['oa/l0']);
    expect(keys(await across('Incoming', { 'Order.ID': '!oa', 'Product.Name': 'gad*' }))).toEqual(['oc/l0']);
    expect(keys(await across('Incoming', { search: 'bol' }))).toEqual(['oa/l2']);
    const sorted = await across('Incoming', { sortBy: '!Order.ID,ProductID', pageSize: '2', page: '2' });
    expect(keys(sorted)).toEqual(['oa/l2', 'oa/l0']);
    expect(sorted.Meta).toMatchObject({ Page: 2, PageSize: 2, TotalCount: 5, TotalPages: 3, ItemRange: [3, 4] });
  });

  it('refuses unknown fields and a direction that is none', async () => {
    expect(await failure('Incoming', { Nope: 'x' })).toEqual({ status: 400, code: 'List.InvalidProperty' });
    expect(await failure('Incoming', { sortBy: 'Comments' })).toEqual({
      status: 400,
      code: 'List.InvalidSortProperty',
    });
    expect(await failure('Incoming', { search: 'x', searchOn: 'CostCenter' })).toEqual({
      status: 400,
      code: 'List.InvalidSearchProperty',
    });
    expect(await failure('Sideways', {})).toEqual({ status: 400, code: 'ValidationFailure' });
  });
});

describe('LineItems.ListAcrossOrders for buyer and supplier users', () => {
  it("shows a buyer's order reader the lines of its buyer's orders only", async () => {
    const reader = buyerAuth(SEED.buyer, SEED.colleague, ['OrderReader']);
    expect(keys(await across('Outgoing', { sortBy: 'OrderID,ID' }, reader))).toEqual([
      'oa/l0',
      'oa/l1',
      'oa/l2',
      'ob/l0',
    ]);
    expect((await across('Incoming', {}, reader)).Items).toEqual([]);
    expect(keys(await across('Outgoing', { buyerID: SEED.otherBuyer }, reader))).toEqual([]);
  });

  it('shows a supplier the lines of the orders it received', async () => {
    const supplier = supplierAuth(SEED.supplier, 'su1', ['OrderReader']);
    expect(keys(await across('Incoming', {}, supplier))).toEqual(['oa-s1/l2']);
    expect((await across('Outgoing', {}, supplier)).Items).toEqual([]);
  });

  it('needs OrderAdmin or OrderReader', async () => {
    expect(await failure('Outgoing', {}, shopper)).toEqual({ status: 403, code: 'InsufficientRoles' });
    expect((await across('Incoming', {}, adminAuth(['OrderReader']))).Meta.TotalCount).toBe(5);
  });
});
