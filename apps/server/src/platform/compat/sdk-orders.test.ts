import {
  Buyers,
  LineItems,
  Orders,
  PriceSchedules,
  Products,
  Suppliers,
  Users,
  type OrderSplitResult,
} from 'ordercloud-javascript-sdk';
import { describe, expect, it } from 'vitest';
import { sdkError } from './testing/sdk-harness.ts';
import { signInAsAdmin, useCompatServer } from './testing/sdk-suite.ts';

// Splitting and forwarding orders to suppliers, and line items across orders, through the SDK (see sdk-suite.ts).
useCompatServer();

/**
 * As the admin: a buyer with a user, two suppliers with a product each and a product of the
 * marketplace, then a submitted order of the buyer user with one line of each product.
 */
async function submittedOrder(orderID: string): Promise<void> {
  await signInAsAdmin();
  await Buyers.Create({ ID: `${orderID}-buyer`, Name: 'Buyer', Active: true });
  await Users.Create(`${orderID}-buyer`, {
    ID: `${orderID}-user`,
    Username: `${orderID}-user`,
    FirstName: 'Bea',
    LastName: 'Buyer',
    Email: 'bea@example.com',
    Active: true,
  });
  await PriceSchedules.Create({ ID: `${orderID}-price`, Name: 'Price', PriceBreaks: [{ Quantity: 1, Price: 4 }] });
  for (const supplier of ['north', 'south']) {
    await Suppliers.Create({ ID: `${orderID}-${supplier}`, Name: supplier, Active: true });
  }
  const products: Array<[string, string | undefined]> = [
    ['north-part', `${orderID}-north`],
    ['south-part', `${orderID}-south`],
    ['own-part', undefined],
  ];
  for (const [product, supplier] of products) {
    await Products.Create({
      ID: `${orderID}-${product}`,
      Name: product,
      Active: true,
      DefaultPriceScheduleID: `${orderID}-price`,
      ...(supplier ? { DefaultSupplierID: supplier } : {}),
    });
  }
  await Orders.Create('Incoming', { ID: orderID, FromCompanyID: `${orderID}-buyer`, FromUserID: `${orderID}-user` });
  for (const [index, [product]] of products.entries()) {
    await LineItems.Create('Incoming', orderID, {
      ID: `line${index}`,
      ProductID: `${orderID}-${product}`,
      Quantity: 2,
    });
  }
  await Orders.Submit('Incoming', orderID);
}

const idsOf = (result: OrderSplitResult) => (result.OutgoingOrders ?? []).map((order) => [order.ID, order.Status]);

describe('splitting and forwarding orders through the SDK', () => {
  it('splits an order into unsubmitted supplier orders, and a second split creates nothing new', async () => {
    await submittedOrder('sp');
    const result = await Orders.Split('Incoming', 'sp');
    expect(idsOf(result)).toEqual([
      ['sp-sp-north', 'Unsubmitted'],
      ['sp-sp-south', 'Unsubmitted'],
    ]);
    expect(result.RemainingLineItemIDs).toEqual(['line2']);
    expect(result.OutgoingOrders[0]).toMatchObject({ FromCompanyID: 'mkt1', ToCompanyID: 'sp-north', Subtotal: 8 });
    await expect(Orders.Split('Incoming', 'sp')).resolves.toMatchObject({ RemainingLineItemIDs: ['line2'] });
    const outgoing = await Orders.List('Outgoing', { filters: { ToCompanyID: 'sp-north' } });
    expect(outgoing.Meta.TotalCount).toBe(1);

    const error = await sdkError(Orders.Split('Outgoing', 'sp-sp-north'));
    expect(error.status).toBe(400);
    expect(error.errors?.[0]?.ErrorCode).toBe('Order.CannotSplitOutgoing');
  });

  it('forwards an order: the supplier orders are submitted at once', async () => {
    await submittedOrder('fw');
    const result = await Orders.Forward('Incoming', 'fw');
    expect(idsOf(result)).toEqual([
      ['fw-fw-north', 'Open'],
      ['fw-fw-south', 'Open'],
    ]);
    const copies = await LineItems.List('Outgoing', 'fw-fw-south');
    expect(copies.Items).toEqual([
      expect.objectContaining({ ID: 'line1', ProductID: 'fw-south-part', Quantity: 2, IncomingOrderID: 'fw' }),
    ]);
    const deleting = await sdkError(Orders.Delete('Incoming', 'fw'));
    expect(deleting.errors?.[0]?.ErrorCode).toBe('Order.CannotDeleteForwardedOrder');
  });
});

describe('line items across orders through the SDK', () => {
  it('lists the line items of the orders in a direction, with their order, filtered on order fields', async () => {
    await submittedOrder('ac');
    const incoming = await LineItems.ListAcrossOrders('Incoming', {
      buyerID: 'ac-buyer',
      sortBy: ['!ID'],
      filters: { 'Order.Status': 'Open' },
    });
    expect(incoming.Items.map((item) => [item.OrderID, item.ID, item.Order?.FromCompanyID])).toEqual([
      ['ac', 'line2', 'ac-buyer'],
      ['ac', 'line1', 'ac-buyer'],
      ['ac', 'line0', 'ac-buyer'],
    ]);
    await Orders.Forward('Incoming', 'ac');
    const outgoing = await LineItems.ListAcrossOrders('Outgoing', { supplierID: 'ac-north', pageSize: 5 });
    expect(outgoing.Items.map((item) => [item.OrderID, item.ID])).toEqual([['ac-ac-north', 'line0']]);
    expect(outgoing.Meta).toMatchObject({ Page: 1, PageSize: 5, TotalCount: 1 });
    const error = await sdkError(LineItems.ListAcrossOrders('Incoming', { sortBy: ['Comments' as 'ID'] }));
    expect(error.errors?.[0]?.ErrorCode).toBe('List.InvalidSortProperty');
  });
});
