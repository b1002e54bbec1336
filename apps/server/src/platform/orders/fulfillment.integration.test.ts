import { describe, expect, it } from 'vitest';
import type { Item } from '../engine/item.ts';
import type { ListPage } from '../engine/list-query.ts';
import {
  adminAuth,
  buyerAuth,
  out,
  outsider,
  SEED,
  shopper,
  shopperOrder,
  supplierAuth,
  useSeededOrdersKit,
} from './testing/order-fixtures.ts';

const kit = useSeededOrdersKit();
const incoming = (orderID: string) => ({ direction: 'Incoming', orderID });
const orderWith = (quantities: number[], submit: boolean) => shopperOrder(kit, quantities, submit);

const balance = async () =>
  Number((await kit.store.get('SpendingAccounts', [SEED.buyer], SEED.spendingAccount))?.Balance);

describe('payments', () => {
  it('checks the payment type against the ids it names', async () => {
    const orderID = await orderWith([1], false);
    const attempts: Array<[Item, number, string]> = [
      [{ Type: 'PurchaseOrder', CreditCardID: SEED.creditCard }, 400, 'Payment.CannotSetCreditCard'],
      [{ Type: 'CreditCard', SpendingAccountID: SEED.spendingAccount }, 400, 'Payment.CannotSetSpendingAccount'],
      [{ Type: 'SpendingAccount' }, 400, 'Payment.SpendingAccountIdMissing'],
      [{ Type: 'SpendingAccount', SpendingAccountID: 'nope' }, 400, 'Payment.InvalidSpendingAccountID'],
      [{ Type: 'CreditCard', CreditCardID: 'nope' }, 404, 'NotFound'],
      [{ Type: 'PurchaseOrder', Amount: 0 }, 400, 'Payment.AmountGreaterThanZero'],
      [{ Type: 'PurchaseOrder', Accepted: true }, 403, 'Payment.CannotPatchAccepted'],
    ];
    for (const [body, status, code] of attempts) {
      expect(await kit.errorOf('Payments.Create', { auth: shopper, params: out(orderID), body }), code).toEqual({
        status,
        code,
      });
    }
    const card = await kit.call('Payments.Create', {
      auth: shopper,
      params: out(orderID),
      body: { Type: 'CreditCard', CreditCardID: SEED.creditCard },
    });
    expect(card).toMatchObject({ Currency: 'USD', Transactions: [], Accepted: false });
    expect(
      (
        await kit.errorOf('Payments.Patch', {
          auth: shopper,
          params: { ...out(orderID), paymentID: String(card.ID) },
          body: { Type: 'PurchaseOrder' },
        })
      )?.code,
    ).toBe('Payment.CannotPatchProperty');
    expect(
      (await kit.errorOf('Payments.Get', { auth: outsider, params: { ...out(orderID), paymentID: String(card.ID) } }))
        ?.status,
    ).toBe(404);
  });

  it('keeps spending accounts within their balance, charged on submit and refunded on cancel', async () => {
    const orderID = await orderWith([3], false);
    expect(
      await kit.errorOf('Payments.Create', {
        auth: shopper,
        params: out(orderID),
        body: { Type: 'SpendingAccount', SpendingAccountID: SEED.spendingAccount, Amount: 150 },
      }),
    ).toEqual({
      status: 400,
      code: 'Payment.ExceedsBalance',
    });
    await kit.call('Payments.Create', {
      auth: shopper,
      params: out(orderID),
      body: { Type: 'SpendingAccount', SpendingAccountID: SEED.spendingAccount },
    });
    await kit.call('Orders.Submit', { auth: shopper, params: out(orderID) });
    expect(await balance()).toBe(70);
    await kit.call('Orders.Cancel', { auth: shopper, params: out(orderID) });
    expect(await balance()).toBe(100);
    await kit.call('SpendingAccounts.SaveAssignment', {
      params: { buyerID: SEED.buyer },
      body: { SpendingAccountID: SEED.spendingAccount, UserID: SEED.shopper, AllowExceed: true },
    });
    const big = await orderWith([1], false);
    const allowed = await kit.call('Payments.Create', {
      auth: shopper,
      params: out(big),
      body: { Type: 'SpendingAccount', SpendingAccountID: SEED.spendingAccount, Amount: 150 },
    });
    expect(allowed.Amount).toBe(150);
  });

  it('records transactions for order admins', async () => {
    const orderID = await orderWith([1], true);
    const payment = await kit.call('Payments.Create', {
      auth: shopper,
      params: out(orderID),
      body: { Type: 'PurchaseOrder' },
    });
    const params = { ...incoming(orderID), paymentID: String(payment.ID) };
    const withTransaction = await kit.call('Payments.CreateTransaction', {
      params,
      body: { ID: 't1', Type: 'Capture', DateExecuted: '2024-05-01T00:00:00Z', Amount: 10, Succeeded: true },
    });
    expect(withTransaction.Transactions).toEqual([
      expect.objectContaining({ ID: 't1', Type: 'Capture', Succeeded: true }),
    ]);
    await kit.call('Payments.DeleteTransaction', { params: { ...params, transactionID: 't1' } });
    expect((await kit.call('Payments.Get', { params })).Transactions).toEqual([]);
  });
});

describe('shipping', () => {
  it('ships a whole order in one shipment and completes it', async () => {
    const orderID = await orderWith([2, 3], false);
    expect((await kit.errorOf('Orders.Ship', { params: incoming(orderID), body: {} }))?.code).toBe(
      'Order.CannotShipBadStatus',
    );
    await kit.call('Orders.Submit', { auth: shopper, params: out(orderID) });
    const shipment = await kit.call('Orders.Ship', {
      params: incoming(orderID),
      body: { ID: 'sh1', Shipper: 'UPS', TrackingNumber: '1Z' },
    });
    expect(shipment).toMatchObject({ ID: 'sh1', BuyerID: SEED.buyer, Shipper: 'UPS' });
    expect(await kit.call('Orders.Get', { params: incoming(orderID) })).toMatchObject({ Status: 'Completed' });
    const items = await kit.call<ListPage>('Shipments.ListItems', { params: { shipmentID: 'sh1' } });
    expect(items.Items).toHaveLength(2);
    expect(items.Items[0]).toMatchObject({ OrderID: orderID, LineItemID: 'l0', QuantityShipped: 2, UnitPrice: 10 });
    expect(items.Items[0]).not.toHaveProperty('ID');
    expect(
      (await kit.call('LineItems.Get', { params: { ...incoming(orderID), lineItemID: 'l1' } })).QuantityShipped,
    ).toBe(3);
    const listed = await kit.call<ListPage>('Orders.ListShipments', { params: incoming(orderID) });
    expect(listed.Items.map((item) => item.ID)).toEqual(['sh1']);
    const byOrder = await kit.call<ListPage>('Shipments.List', { query: { orderID } });
    expect(byOrder.Items.map((item) => item.ID)).toEqual(['sh1']);
    const mine = await kit.call<ListPage>('Shipments.List', {
      auth: buyerAuth(SEED.buyer, SEED.shopper, ['ShipmentReader']),
    });
    expect(mine.Items.map((item) => item.ID)).toContain('sh1');
    const theirs = await kit.call<ListPage>('Shipments.List', {
      auth: buyerAuth(SEED.otherBuyer, 'x1', ['ShipmentReader']),
    });
    expect(theirs.Meta.TotalCount).toBe(0);
  });

  it('ships line items piece by piece and never more than ordered', async () => {
    const orderID = await orderWith([4], true);
    await kit.call('Shipments.Create', { body: { ID: 'sh2' } });
    const item = { OrderID: orderID, LineItemID: 'l0' };
    expect(
      (
        await kit.errorOf('Shipments.SaveItem', {
          params: { shipmentID: 'sh2' },
          body: { ...item, QuantityShipped: 5 },
        })
      )?.code,
    ).toBe('ShipmentItem.QuantityExceeded');
    const saved = await kit.call('Shipments.SaveItem', {
      params: { shipmentID: 'sh2' },
      body: { ...item, QuantityShipped: 3 },
    });
    expect(saved).toMatchObject({ ...item, QuantityShipped: 3 });
    expect(await kit.call('Orders.Get', { params: incoming(orderID) })).toMatchObject({ Status: 'Open' });
    expect((await kit.errorOf('Orders.Ship', { params: incoming(orderID), body: {} }))?.code).toBe(
      'Order.ConflictsWithOtherShipments',
    );
    await kit.call('Shipments.Create', { body: { ID: 'sh3' } });
    await kit.call('Shipments.SaveItem', { params: { shipmentID: 'sh3' }, body: { ...item, QuantityShipped: 1 } });
    expect(await kit.call('Orders.Get', { params: incoming(orderID) })).toMatchObject({ Status: 'Completed' });
    expect(
      await kit.call('Shipments.GetItem', { params: { shipmentID: 'sh3', orderID, lineItemID: 'l0' } }),
    ).toMatchObject({ QuantityShipped: 1 });
    await kit.call('Shipments.DeleteItem', { params: { shipmentID: 'sh3', orderID, lineItemID: 'l0' } });
    expect(
      (await kit.call('LineItems.Get', { params: { ...incoming(orderID), lineItemID: 'l0' } })).QuantityShipped,
    ).toBe(3);
    await kit.call('Shipments.Delete', { params: { shipmentID: 'sh2' } });
    expect(
      (await kit.call('LineItems.Get', { params: { ...incoming(orderID), lineItemID: 'l0' } })).QuantityShipped,
    ).toBe(0);
    expect(await kit.store.find('ShipmentItems', ['sh2'])).toEqual([]);
  });

  it('copies saved addresses, and lets suppliers see only their own shipments', async () => {
    const shipment = await kit.call('Shipments.Create', {
      body: { ID: 'sh4', BuyerID: SEED.buyer, ToAddressID: SEED.address },
    });
    expect(shipment).toMatchObject({ ToAddress: { City: 'Springfield' } });
    const supplier = supplierAuth(SEED.supplier, 'su1', ['ShipmentAdmin']);
    const own = await kit.call('Shipments.Create', { auth: supplier, body: { ID: 'sh5', OwnerID: 'someone-else' } });
    expect(own.OwnerID).toBe(SEED.supplier);
    expect((await kit.errorOf('Shipments.Get', { auth: supplier, params: { shipmentID: 'sh4' } }))?.status).toBe(404);
    const oneOff = { Street1: '2 Dock Rd', City: 'Port', State: 'ME', Zip: '04101', Country: 'US' };
    expect(
      await kit.call('Shipments.SetShipFromAddress', { params: { shipmentID: 'sh4' }, body: oneOff }),
    ).toMatchObject({ FromAddress: { City: 'Port' } });
  });
});

describe('admin-only actions', () => {
  it('are refused to shoppers by role', async () => {
    const orderID = await orderWith([1], true);
    expect((await kit.errorOf('Orders.Ship', { auth: shopper, params: out(orderID), body: {} }))?.status).toBe(403);
    expect(
      await kit.call('Orders.Ship', { auth: adminAuth(['ShipmentAdmin']), params: incoming(orderID), body: {} }),
    ).toHaveProperty('ID');
  });
});
