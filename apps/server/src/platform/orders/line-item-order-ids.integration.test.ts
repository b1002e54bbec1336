import { describe, expect, it } from 'vitest';
import type { Item } from '../engine/item.ts';
import type { ListPage } from '../engine/list-query.ts';
import {
  adminAuth,
  out,
  SEED,
  shopper,
  supplierAuth,
  useSeededOrdersKit,
  type OrdersTestKit,
} from './testing/order-fixtures.ts';

/**
 * LineItem.IncomingOrderID and OutgoingOrderID on every answer: IncomingOrderID names the order the line
 * came in on as the marketplace sees it, OutgoingOrderID the supplier's order a forwarded line went to.
 */
const kit = useSeededOrdersKit(async ({ call }: OrdersTestKit) => {
  await call('PriceSchedules.Create', {
    body: { ID: 'ps-bolt', Name: 'bolt', PriceBreaks: [{ Quantity: 1, Price: 3 }] },
  });
  await call('Products.Create', {
    body: {
      ID: 'bolt',
      Name: 'Bolt',
      Active: true,
      DefaultPriceScheduleID: 'ps-bolt',
      DefaultSupplierID: SEED.supplier,
    },
  });
});

const incoming = (orderID: string) => ({ direction: 'Incoming', orderID });
const names = (line: Item) => [line.ID, line.IncomingOrderID, line.OutgoingOrderID];
const listLines = async (params: Record<string, string>, auth = shopper) =>
  (await kit.call<ListPage>('LineItems.List', { auth, params, query: { sortBy: 'ID' } })).Items;

/** An order of the shopper with a widget line `w1` and a bolt line `b1` (supplier s1), submitted when asked. */
async function order(ID: string, submit: boolean): Promise<void> {
  await kit.call('Orders.Create', { auth: shopper, params: out(), body: { ID } });
  for (const [lineID, ProductID] of [
    ['w1', SEED.product],
    ['b1', 'bolt'],
  ]) {
    await kit.call('LineItems.Create', {
      auth: shopper,
      params: out(ID),
      body: { ID: lineID, ProductID, Quantity: 1 },
    });
  }
  await kit.call('Orders.Patch', { auth: shopper, params: out(ID), body: { ShippingAddressID: SEED.address } });
  if (submit) await kit.call('Orders.Submit', { auth: shopper, params: out(ID) });
}

describe('line items name their order', () => {
  it('on create, get, list, replace, patch and ship-to answers, from both sides', async () => {
    await kit.call('Orders.Create', { auth: shopper, params: out(), body: { ID: 'plain' } });
    const lineOf = { ...out('plain'), lineItemID: 'l1' };
    const created = await kit.call('LineItems.Create', {
      auth: shopper,
      params: out('plain'),
      body: { ID: 'l1', ProductID: SEED.product, Quantity: 2 },
    });
    expect(created).toMatchObject({ IncomingOrderID: 'plain', OutgoingOrderID: null });
    const shown = await kit.call('LineItems.Get', { auth: shopper, params: lineOf });
    expect(shown).toMatchObject({ IncomingOrderID: 'plain', OutgoingOrderID: null });
    expect(await kit.call('LineItems.Get', { params: { ...incoming('plain'), lineItemID: 'l1' } })).toMatchObject({
      IncomingOrderID: 'plain',
    });
    expect((await listLines(out('plain'))).map(names)).toEqual([['l1', 'plain', null]]);
    // What GET shows can be sent back as it is (the values are read-only and match).
    expect(
      await kit.call('LineItems.Save', { auth: shopper, params: lineOf, body: { ...shown, Quantity: 3 } }),
    ).toMatchObject({ Quantity: 3, IncomingOrderID: 'plain', OutgoingOrderID: null });
    expect(await kit.call('LineItems.Patch', { auth: shopper, params: lineOf, body: { Quantity: 4 } })).toMatchObject({
      IncomingOrderID: 'plain',
    });
    const address = { Street1: '2 Side St', City: 'Springfield', State: 'IL', Zip: '62701', Country: 'US' };
    expect(
      await kit.call('LineItems.SetShippingAddress', { auth: shopper, params: lineOf, body: address }),
    ).toMatchObject({ IncomingOrderID: 'plain', ShippingAddress: { Street1: '2 Side St' } });
    expect(
      await kit.call('LineItems.PatchShippingAddress', {
        auth: shopper,
        params: lineOf,
        body: { Street1: '3 Side St' },
      }),
    ).toMatchObject({ IncomingOrderID: 'plain', OutgoingOrderID: null });
    const worksheet = await kit.call<{ LineItems: Item[] }>('IntegrationEvents.GetWorksheet', {
      auth: shopper,
      params: out('plain'),
    });
    expect(worksheet.LineItems.map(names)).toEqual([['l1', 'plain', null]]);
  });

  it('for lines stored before the values were filled, and after the order was renamed', async () => {
    await kit.call('Orders.Create', { auth: shopper, params: out(), body: { ID: 'old-name' } });
    await kit.call('LineItems.Create', {
      auth: shopper,
      params: out('old-name'),
      body: { ID: 'l1', ProductID: SEED.product, Quantity: 1 },
    });
    // A line as older versions stored it: without the two fields at all.
    const stored = (await kit.store.get('LineItems', ['old-name'], 'l1')) as Item;
    const { IncomingOrderID: _in, OutgoingOrderID: _out, ...legacy } = stored;
    await kit.store.put('LineItems', ['old-name'], { ...legacy, ID: 'l2' });
    expect((await listLines(out('old-name'))).map(names)).toEqual([
      ['l1', 'old-name', null],
      ['l2', 'old-name', null],
    ]);
    await kit.call('Orders.Patch', { auth: shopper, params: out('old-name'), body: { ID: 'new-name' } });
    expect((await listLines(out('new-name'))).map(names)).toEqual([
      ['l1', 'new-name', null],
      ['l2', 'new-name', null],
    ]);
  });

  it('on forwarded orders: the buyer order names the supplier order, its copies name the buyer order', async () => {
    await order('fw', true);
    await kit.call('Orders.Forward', { auth: adminAuth(), params: incoming('fw') });
    expect((await listLines(incoming('fw'), adminAuth())).map(names)).toEqual([
      ['b1', 'fw', `fw-${SEED.supplier}`],
      ['w1', 'fw', null],
    ]);
    // The shopper sees the same names on their order.
    expect((await listLines(out('fw'))).map(names)).toEqual([
      ['b1', 'fw', `fw-${SEED.supplier}`],
      ['w1', 'fw', null],
    ]);
    const supplier = supplierAuth(SEED.supplier, 'su1', ['OrderAdmin']);
    expect((await listLines(incoming(`fw-${SEED.supplier}`), supplier)).map(names)).toEqual([['b1', 'fw', null]]);
  });

  it('across orders, where they can be filtered on', async () => {
    await order('across', false);
    const page = await kit.call<ListPage>('LineItems.ListAcrossOrders', {
      params: { direction: 'Incoming' },
      query: { IncomingOrderID: 'across', sortBy: 'ID' },
    });
    expect(page.Items.map((line) => [line.OrderID, ...names(line)])).toEqual([
      ['across', 'b1', 'across', null],
      ['across', 'w1', 'across', null],
    ]);
    const everything = await kit.call<ListPage>('LineItems.ListAcrossOrders', {
      params: { direction: 'Incoming' },
      query: { pageSize: '100' },
    });
    expect(everything.Items.length).toBeGreaterThan(2);
    for (const line of everything.Items) expect(line.IncomingOrderID).toBe(line.OrderID);
  });
});
