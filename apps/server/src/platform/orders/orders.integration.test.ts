import { describe, expect, it } from 'vitest';
import type { Item } from '../engine/item.ts';
import type { ListPage } from '../engine/list-query.ts';
import {
  adminAuth,
  buyerAuth,
  MARKETPLACE,
  out,
  outsider,
  SEED,
  shopper,
  useSeededOrdersKit,
} from './testing/order-fixtures.ts';

const kit = useSeededOrdersKit();
const colleague = buyerAuth(SEED.buyer, SEED.colleague);

async function newOrder(body: Item = {}): Promise<Item> {
  return kit.call('Orders.Create', { auth: shopper, params: out(), body });
}

async function addLine(orderID: string, body: Item, auth = shopper): Promise<Item> {
  return kit.call('LineItems.Create', { auth, params: out(orderID), body });
}

describe('creating orders', () => {
  it('fills who the order is from, its status and zero totals for a buyer user', async () => {
    const order = await kit.call('Orders.Create', {
      auth: shopper,
      params: { direction: 'outgoing' },
      body: { ID: 'o-new', Comments: 'hi' },
    });
    expect(order).toMatchObject({
      ID: 'o-new',
      FromCompanyID: SEED.buyer,
      FromUserID: SEED.shopper,
      ToCompanyID: MARKETPLACE,
      Status: 'Unsubmitted',
      IsSubmitted: false,
      LineItemCount: 0,
      Subtotal: 0,
      ShippingCost: 0,
      TaxCost: 0,
      Total: 0,
      Currency: 'USD',
      Comments: 'hi',
    });
    expect(order.FromUser).toMatchObject({ ID: SEED.shopper, Username: SEED.shopper, CompanyID: SEED.buyer });
    expect(order.FromUser).not.toHaveProperty('Password');
    expect(Date.parse(String(order.DateCreated))).not.toBeNaN();
  });

  it('refuses an unknown direction', async () => {
    expect(await kit.errorOf('Orders.Create', { auth: shopper, params: { direction: 'sideways' }, body: {} })).toEqual({
      status: 400,
      code: 'ValidationFailure',
    });
  });

  it('lets an admin order on behalf of a buyer user, naming both', async () => {
    expect(
      await kit.errorOf('Orders.Create', { params: { direction: 'Incoming' }, body: { FromCompanyID: SEED.buyer } }),
    ).toEqual({
      status: 400,
      code: 'Order.CreateIncomingRequiresFromUser',
    });
    const order = await kit.call('Orders.Create', {
      params: { direction: 'Incoming' },
      body: { FromCompanyID: SEED.buyer, FromUserID: SEED.colleague },
    });
    expect(order).toMatchObject({
      FromUserID: SEED.colleague,
      ToCompanyID: MARKETPLACE,
      FromUser: { ID: SEED.colleague },
    });
  });

  it('keeps ShippingCost and TaxCost for users with the override roles', async () => {
    expect(await kit.errorOf('Orders.Create', { auth: shopper, params: out(), body: { ShippingCost: 5 } })).toEqual({
      status: 403,
      code: 'Order.OverrideShippingPermission',
    });
    const order = await newOrder();
    const patched = await kit.call('Orders.Patch', {
      auth: adminAuth(['OrderAdmin', 'OverrideShipping', 'OverrideTax']),
      params: { direction: 'Incoming', orderID: String(order.ID) },
      body: { ShippingCost: 5, TaxCost: 1.5, Gratuity: 2 },
    });
    expect(patched).toMatchObject({ ShippingCost: 5, TaxCost: 1.5, Gratuity: 2, Total: 8.5 });
    expect(
      await kit.errorOf('Orders.Patch', { auth: shopper, params: out(String(order.ID)), body: { TaxCost: 3 } }),
    ).toEqual({
      status: 403,
      code: 'Order.OverrideTaxPermission',
    });
    // Sending the stored value back is not a change.
    await kit.call('Orders.Patch', {
      auth: shopper,
      params: out(String(order.ID)),
      body: { TaxCost: 1.5, Comments: 'ok' },
    });
  });
});

describe('seeing orders', () => {
  it('shows buyers their own outgoing orders and admins the incoming ones', async () => {
    const order = await newOrder({ ID: 'o-seen' });
    const params = out('o-seen');
    expect((await kit.call('Orders.Get', { auth: shopper, params })).ID).toBe('o-seen');
    expect((await kit.errorOf('Orders.Get', { auth: colleague, params }))?.status).toBe(404);
    expect((await kit.errorOf('Orders.Get', { auth: outsider, params }))?.status).toBe(404);
    expect(
      (await kit.errorOf('Orders.Get', { auth: shopper, params: { direction: 'Incoming', orderID: 'o-seen' } }))
        ?.status,
    ).toBe(404);
    expect((await kit.call('Orders.Get', { params: { direction: 'Incoming', orderID: 'o-seen' } })).ID).toBe(order.ID);
    expect((await kit.call('Orders.Get', { params: { direction: 'All', orderID: 'o-seen' } })).ID).toBe(order.ID);
    expect((await kit.errorOf('Orders.Get', { params: { direction: 'Outgoing', orderID: 'o-seen' } }))?.status).toBe(
      404,
    );
    const readerColleague = buyerAuth(SEED.buyer, SEED.colleague, ['Shopper', 'OrderReader']);
    expect((await kit.call('Orders.Get', { auth: readerColleague, params })).ID).toBe('o-seen');
  });

  it('lists by direction, buyer and date', async () => {
    const mine = await kit.call<ListPage>('Orders.List', {
      auth: buyerAuth(SEED.buyer, SEED.shopper, ['OrderReader']),
      params: out(),
    });
    expect(mine.Items.length).toBeGreaterThan(0);
    // OrderReader shows the whole buyer's orders, the colleague's included.
    expect(mine.Items.every((order) => order.FromCompanyID === SEED.buyer)).toBe(true);
    expect(mine.Items.some((order) => order.FromUserID === SEED.colleague)).toBe(true);
    const incoming = await kit.call<ListPage>('Orders.List', {
      auth: buyerAuth(SEED.buyer, SEED.shopper, ['OrderReader']),
      params: { direction: 'Incoming' },
    });
    expect(incoming.Meta.TotalCount).toBe(0);
    const all = await kit.call<ListPage>('Orders.List', {
      params: { direction: 'Incoming' },
      query: { buyerID: SEED.buyer },
    });
    expect(all.Meta.TotalCount).toBeGreaterThan(mine.Meta.TotalCount - 1);
    const none = await kit.call<ListPage>('Orders.List', {
      params: { direction: 'Incoming' },
      query: { buyerID: SEED.otherBuyer },
    });
    expect(none.Meta.TotalCount).toBe(0);
    const future = await kit.call<ListPage>('Orders.List', {
      params: { direction: 'All' },
      query: { from: '2999-01-01' },
    });
    expect(future.Meta.TotalCount).toBe(0);
    expect(await kit.errorOf('Orders.List', { auth: shopper, params: out() })).toEqual({
      status: 403,
      code: 'InsufficientRoles',
    });
  });
});

describe('line items', () => {
  it('prices from the schedule, recomputes the order and copies the product', async () => {
    const order = await newOrder();
    const orderID = String(order.ID);
    const line = await addLine(orderID, { ID: 'l1', ProductID: SEED.product, Quantity: 2 });
    expect(line).toMatchObject({
      UnitPrice: 10,
      LineSubtotal: 20,
      LineTotal: 20,
      PriceScheduleID: SEED.schedule,
      QuantityShipped: 0,
      PriceOverridden: false,
      Variant: null,
      Product: { ID: SEED.product, Name: 'Widget', xp: { Colour: 'red' } },
    });
    const bulk = await addLine(orderID, { ProductID: SEED.product, Quantity: 12 });
    expect(bulk).toMatchObject({ UnitPrice: 8, LineSubtotal: 96 });
    expect(await kit.call('Orders.Get', { auth: shopper, params: out(orderID) })).toMatchObject({
      LineItemCount: 2,
      Subtotal: 116,
      Total: 116,
    });
    const patched = await kit.call('LineItems.Patch', {
      auth: shopper,
      params: { ...out(orderID), lineItemID: 'l1' },
      body: { Quantity: 10 },
    });
    expect(patched).toMatchObject({ UnitPrice: 8, LineSubtotal: 80 });
    await kit.call('LineItems.Delete', { auth: shopper, params: { ...out(orderID), lineItemID: String(bulk.ID) } });
    expect(await kit.call('Orders.Get', { auth: shopper, params: out(orderID) })).toMatchObject({
      LineItemCount: 1,
      Subtotal: 80,
      Total: 80,
    });
    const listed = await kit.call<ListPage>('LineItems.List', { auth: shopper, params: out(orderID) });
    expect(listed.Items.map((item) => item.ID)).toEqual(['l1']);
    expect(
      (await kit.errorOf('LineItems.Get', { auth: outsider, params: { ...out(orderID), lineItemID: 'l1' } }))?.status,
    ).toBe(404);
    expect((await kit.errorOf('LineItems.List', { auth: outsider, params: out(orderID) }))?.status).toBe(404);
  });

  it('checks the product and the quantity', async () => {
    const orderID = String((await newOrder()).ID);
    expect(
      await kit.errorOf('LineItems.Create', {
        auth: shopper,
        params: out(orderID),
        body: { ProductID: 'nope', Quantity: 1 },
      }),
    ).toEqual({
      status: 404,
      code: 'NotFound',
    });
    const attempts: Array<[Item, string]> = [
      [{ ProductID: SEED.product, Quantity: 0 }, 'LineItem.QuantityMustBePositive'],
      [{ ProductID: SEED.product, Quantity: 101 }, 'PriceSchedule.CannotExceedMax'],
      [{ ProductID: SEED.product, Quantity: 1, UnitPrice: 1 }, 'InsufficientRoles'],
    ];
    for (const [body, code] of attempts) {
      expect((await kit.errorOf('LineItems.Create', { auth: shopper, params: out(orderID), body }))?.code).toBe(code);
    }
    await kit.call('Products.Create', {
      body: { ID: 'p-off', Name: 'Off', Active: false, DefaultPriceScheduleID: SEED.schedule },
    });
    expect(
      (
        await kit.errorOf('LineItems.Create', {
          auth: shopper,
          params: out(orderID),
          body: { ProductID: 'p-off', Quantity: 1 },
        })
      )?.status,
    ).toBe(400);
  });

  it('lets OverrideUnitPrice set the price, and prefers a buyer price schedule', async () => {
    const orderID = String((await newOrder()).ID);
    const priced = await addLine(
      orderID,
      { ProductID: SEED.product, Quantity: 1, UnitPrice: 4 },
      buyerAuth(SEED.buyer, SEED.shopper, ['Shopper', 'OverrideUnitPrice']),
    );
    expect(priced).toMatchObject({ UnitPrice: 4, PriceOverridden: true, LineSubtotal: 4 });
    const kept = await kit.call('LineItems.Patch', {
      auth: shopper,
      params: { ...out(orderID), lineItemID: String(priced.ID) },
      body: { Quantity: 2 },
    });
    expect(kept).toMatchObject({ UnitPrice: 4, LineSubtotal: 8 });
    const reverted = await kit.call('LineItems.Patch', {
      auth: shopper,
      params: { ...out(orderID), lineItemID: String(priced.ID) },
      body: { UnitPrice: null },
    });
    expect(reverted).toMatchObject({ UnitPrice: 10, PriceOverridden: false, LineSubtotal: 20 });
    await kit.call('Products.SaveAssignment', {
      body: { ProductID: SEED.cheapProduct, BuyerID: SEED.buyer, PriceScheduleID: SEED.groupSchedule },
    });
    expect(await addLine(orderID, { ProductID: SEED.cheapProduct, Quantity: 1 })).toMatchObject({
      UnitPrice: 7,
      PriceScheduleID: SEED.groupSchedule,
    });
  });
});

describe('order actions', () => {
  it('submits, then refuses to submit again or to change line items', async () => {
    const orderID = String((await newOrder()).ID);
    expect((await kit.errorOf('Orders.Submit', { auth: shopper, params: out(orderID) }))?.code).toBe(
      'Order.CannotSubmitWithNoLineItems',
    );
    await addLine(orderID, { ProductID: SEED.cheapProduct, Quantity: 2 });
    const submitted = await kit.call('Orders.Submit', { auth: shopper, params: out(orderID) });
    expect(submitted).toMatchObject({ Status: 'Open', IsSubmitted: true });
    expect(Date.parse(String(submitted.DateSubmitted))).not.toBeNaN();
    expect((await kit.errorOf('Orders.Submit', { auth: shopper, params: out(orderID) }))?.code).toBe(
      'Order.CannotSubmitBadStatus',
    );
    expect(
      (
        await kit.errorOf('LineItems.Create', {
          auth: shopper,
          params: out(orderID),
          body: { ProductID: SEED.product, Quantity: 1 },
        })
      )?.code,
    ).toBe('ValidationFailure');
    expect(await kit.errorOf('Orders.Complete', { auth: shopper, params: out(orderID) })).toEqual({
      status: 403,
      code: 'InsufficientRoles',
    });
    const completed = await kit.call('Orders.Complete', { params: { direction: 'Incoming', orderID } });
    expect(completed).toMatchObject({ Status: 'Completed' });
    expect((await kit.errorOf('Orders.Cancel', { auth: shopper, params: out(orderID) }))?.code).toBe(
      'Order.CannotCancelInCurrentStatus',
    );
    expect((await kit.errorOf('Orders.Delete', { auth: shopper, params: out(orderID) }))?.code).toBe(
      'ValidationFailure',
    );
  });

  it('waits for approval when a buyer rule holds, and only group members approve', async () => {
    await kit.call('ApprovalRules.Create', {
      params: { buyerID: SEED.buyer },
      body: { ID: 'big', ApprovingGroupID: SEED.approvers, RuleExpression: 'order.Total > 50' },
    });
    const orderID = String((await newOrder()).ID);
    await addLine(orderID, { ProductID: SEED.product, Quantity: 6 });
    expect(await kit.call('Orders.Submit', { auth: shopper, params: out(orderID) })).toMatchObject({
      Status: 'AwaitingApproval',
      IsSubmitted: true,
    });
    expect(await kit.errorOf('Orders.Approve', { auth: shopper, params: out(orderID), body: {} })).toEqual({
      status: 403,
      code: 'Order.NotEligibleToApprove',
    });
    const eligible = await kit.call<ListPage>('Orders.ListEligibleApprovers', { auth: shopper, params: out(orderID) });
    expect(eligible.Items.map((user) => user.ID)).toEqual([SEED.approver]);
    const approver = buyerAuth(SEED.buyer, SEED.approver);
    const approved = await kit.call('Orders.Approve', {
      auth: approver,
      params: out(orderID),
      body: { Comments: 'fine' },
    });
    expect(approved).toMatchObject({ Status: 'Open' });
    expect(Date.parse(String(approved.DateApproved))).not.toBeNaN();
    const approvals = await kit.call<ListPage>('Orders.ListApprovals', { auth: shopper, params: out(orderID) });
    expect(approvals.Items).toEqual([
      expect.objectContaining({ ApprovalRuleID: 'big', Status: 'Approved', Comments: 'fine' }),
    ]);
    expect(approvals.Items[0]).not.toHaveProperty('ID');
    expect(approvals.Items[0]?.Approver).toMatchObject({ ID: SEED.approver });

    const second = String((await newOrder()).ID);
    await addLine(second, { ProductID: SEED.product, Quantity: 6 });
    await kit.call('Orders.Submit', { auth: shopper, params: out(second) });
    const declined = await kit.call('Orders.Decline', {
      auth: approver,
      params: out(second),
      body: { AllowResubmit: true },
    });
    expect(declined).toMatchObject({ Status: 'Declined' });
    expect(await kit.call('Orders.Submit', { auth: shopper, params: out(second) })).toMatchObject({
      Status: 'AwaitingApproval',
    });
    await kit.call('ApprovalRules.Delete', { params: { buyerID: SEED.buyer, approvalRuleID: 'big' } });
  });

  it('cancels unsubmitted and open orders, and deletes unsubmitted ones with their line items', async () => {
    const orderID = String((await newOrder()).ID);
    await addLine(orderID, { ID: 'gone', ProductID: SEED.product, Quantity: 1 });
    await kit.call('Orders.Delete', { auth: shopper, params: out(orderID) });
    expect(await kit.store.get('LineItems', [orderID], 'gone')).toBeUndefined();
    const open = String((await newOrder()).ID);
    await addLine(open, { ProductID: SEED.product, Quantity: 1 });
    await kit.call('Orders.Submit', { auth: shopper, params: out(open) });
    expect(await kit.call('Orders.Cancel', { auth: shopper, params: out(open) })).toMatchObject({ Status: 'Canceled' });
  });

  it('keeps line items and payments with an unsubmitted order whose ID changes', async () => {
    const orderID = String((await newOrder()).ID);
    await addLine(orderID, { ID: 'moved', ProductID: SEED.product, Quantity: 1 });
    await kit.call('Payments.Create', {
      auth: shopper,
      params: out(orderID),
      body: { ID: 'pay', Type: 'PurchaseOrder' },
    });
    await kit.call('Orders.Patch', { auth: shopper, params: out(orderID), body: { ID: `${orderID}-renamed` } });
    const renamed = out(`${orderID}-renamed`);
    expect((await kit.call('LineItems.Get', { auth: shopper, params: { ...renamed, lineItemID: 'moved' } })).ID).toBe(
      'moved',
    );
    expect((await kit.call('Payments.Get', { auth: shopper, params: { ...renamed, paymentID: 'pay' } })).ID).toBe(
      'pay',
    );
    expect(await kit.store.find('LineItems', [orderID])).toEqual([]);
  });

  it('sets addresses: saved ones by id, one-off ones through billto and shipto', async () => {
    const orderID = String((await newOrder({ BillingAddressID: SEED.address })).ID);
    expect(await kit.call('Orders.Get', { auth: shopper, params: out(orderID) })).toMatchObject({
      BillingAddress: { City: 'Springfield' },
    });
    await addLine(orderID, { ID: 'l-addr', ProductID: SEED.product, Quantity: 1 });
    await kit.call('Orders.Patch', { auth: shopper, params: out(orderID), body: { ShippingAddressID: SEED.address } });
    const line = await kit.call('LineItems.Get', { auth: shopper, params: { ...out(orderID), lineItemID: 'l-addr' } });
    expect(line).toMatchObject({ ShippingAddressID: SEED.address, ShippingAddress: { Street1: '1 Main St' } });
    const oneOff = { Street1: '9 Elm', City: 'Shelbyville', State: 'IL', Zip: '62565', Country: 'US' };
    expect(
      (await kit.errorOf('Orders.PatchBillingAddress', { auth: shopper, params: out(orderID), body: { City: 'X' } }))
        ?.code,
    ).toBe('BillingAddress.CannotPatchSetByID');
    const billed = await kit.call('Orders.SetBillingAddress', { auth: shopper, params: out(orderID), body: oneOff });
    expect(billed).toMatchObject({ BillingAddressID: null, BillingAddress: { City: 'Shelbyville' } });
    await kit.call('Orders.SetShippingAddress', { auth: shopper, params: out(orderID), body: oneOff });
    const shipped = await kit.call('LineItems.Get', {
      auth: shopper,
      params: { ...out(orderID), lineItemID: 'l-addr' },
    });
    expect(shipped).toMatchObject({ ShippingAddressID: null, ShippingAddress: { City: 'Shelbyville' } });
    expect(
      (await kit.errorOf('Orders.Patch', { auth: shopper, params: out(orderID), body: { BillingAddressID: 'nope' } }))
        ?.status,
    ).toBe(404);
  });
});
