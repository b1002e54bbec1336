import { describe, expect, it } from 'vitest';
import type { Item } from '../engine/item.ts';
import type { ListPage } from '../engine/list-query.ts';
import { processDueSubscriptions } from './subscription-run.ts';
import {
  adminAuth,
  buyerAuth,
  MARKETPLACE,
  out,
  outsider,
  SEED,
  shopper,
  shopperOrder,
  useSeededOrdersKit,
} from './testing/order-fixtures.ts';

const kit = useSeededOrdersKit(async (made) => {
  await made.call('AdminUserGroups.Create', { body: { ID: 'returns-desk', Name: 'Returns desk' } });
});

/** A submitted order of the shopper with one line (`l0`) of `quantity` widgets. */
const submittedOrder = (quantity: number) => shopperOrder(kit, [quantity], true);

describe('order returns', () => {
  it('are made for submitted orders, for line items of them, within the quantity ordered', async () => {
    const draft = await shopperOrder(kit, [], false);
    expect((await kit.errorOf('OrderReturns.Create', { auth: shopper, body: { OrderID: draft } }))?.code).toBe(
      'OrderReturn.CannotCreateBadOrderStatus',
    );
    const orderID = await submittedOrder(3);
    const attempts: Array<[Item, string]> = [
      [{ OrderID: orderID, ItemsToReturn: [{ LineItemID: 'nope', Quantity: 1 }] }, 'NotFound'],
      [{ OrderID: orderID, ItemsToReturn: [{ LineItemID: 'l0', Quantity: 4 }] }, 'OrderReturn.ItemQuantityExceeded'],
      [
        { OrderID: orderID, ItemsToReturn: [{ LineItemID: 'l0' }, { LineItemID: 'l0' }] },
        'OrderReturn.CannotCreateDuplicateItemToReturn',
      ],
      [{ OrderID: orderID, RefundAmount: -1 }, 'OrderReturn.RefundAmountMustNotBeNegative'],
    ];
    for (const [body, code] of attempts)
      expect((await kit.errorOf('OrderReturns.Create', { auth: shopper, body }))?.code).toBe(code);
    expect((await kit.errorOf('OrderReturns.Create', { auth: outsider, body: { OrderID: orderID } }))?.status).toBe(
      404,
    );
    const created = await kit.call('OrderReturns.Create', {
      auth: shopper,
      body: { ID: 'r1', OrderID: orderID, ItemsToReturn: [{ LineItemID: 'l0', Quantity: 2 }] },
    });
    expect(created).toMatchObject({
      Status: 'Unsubmitted',
      PaymentIDs: [],
      ItemsToReturn: [{ LineItemID: 'l0', Quantity: 2, RefundAmount: null }],
    });
    expect(
      (
        await kit.errorOf('OrderReturns.Create', {
          auth: shopper,
          body: { OrderID: orderID, ItemsToReturn: [{ LineItemID: 'l0', Quantity: 2 }] },
        })
      )?.code,
    ).toBe('OrderReturn.ItemQuantityExceeded');
    expect((await kit.errorOf('OrderReturns.Get', { auth: outsider, params: { returnID: 'r1' } }))?.status).toBe(404);
    const mine = await kit.call<ListPage>('OrderReturns.List', { auth: shopper });
    expect(mine.Items.map((item) => item.ID)).toEqual(['r1']);
    expect((await kit.call<ListPage>('OrderReturns.List', { auth: outsider })).Meta.TotalCount).toBe(0);
  });

  it("go through submit and complete, with the platform's status rules", async () => {
    const orderID = await submittedOrder(2);
    const params = { returnID: 'r2' };
    await kit.call('OrderReturns.Create', {
      auth: shopper,
      body: { ID: 'r2', OrderID: orderID, ItemsToReturn: [{ LineItemID: 'l0', Quantity: 1 }] },
    });
    expect((await kit.errorOf('OrderReturns.Cancel', { auth: shopper, params }))?.code).toBe(
      'OrderReturn.CannotCancelUnsubmitted',
    );
    expect(await kit.call('OrderReturns.Submit', { auth: shopper, params })).toMatchObject({ Status: 'Open' });
    expect((await kit.errorOf('OrderReturns.Patch', { auth: shopper, params, body: { Comments: 'x' } }))?.code).toBe(
      'ValidationFailure',
    );
    expect(await kit.errorOf('OrderReturns.Complete', { auth: shopper, params })).toEqual({
      status: 403,
      code: 'InsufficientRoles',
    });
    expect((await kit.errorOf('OrderReturns.Complete', { params }))?.code).toBe(
      'OrderReturn.CannotCompleteInvalidAmount',
    );
    await kit.call('OrderReturns.Patch', { params, body: { RefundAmount: 10 } });
    const completed = await kit.call('OrderReturns.Complete', { params });
    expect(completed).toMatchObject({ Status: 'Completed', RefundAmount: 10 });
    expect(Date.parse(String(completed.DateCompleted))).not.toBeNaN();
    expect(await kit.errorOf('OrderReturns.Cancel', { auth: shopper, params })).toEqual({
      status: 403,
      code: 'OrderReturn.NotAuthorizedToDelete',
    });
    expect(await kit.call('OrderReturns.Cancel', { params })).toMatchObject({ Status: 'Canceled' });
  });

  it('wait for the seller when a seller approval rule for returns holds', async () => {
    expect(
      (
        await kit.errorOf('SellerApprovalRules.Create', {
          body: { ApprovalType: 'OrderReturn', ApprovingGroupID: 'nope', RuleExpression: 'true' },
        })
      )?.status,
    ).toBe(404);
    const rule = await kit.call('SellerApprovalRules.Create', {
      body: {
        ID: 'all-returns',
        ApprovalType: 'OrderReturn',
        ApprovingGroupID: 'returns-desk',
        RuleExpression: 'true',
      },
    });
    expect(rule.OwnerID).toBe(MARKETPLACE);
    const orderID = await submittedOrder(1);
    await kit.call('OrderReturns.Create', {
      auth: shopper,
      body: { ID: 'r3', OrderID: orderID, ItemsToReturn: [{ LineItemID: 'l0', Quantity: 1 }] },
    });
    expect(await kit.call('OrderReturns.Submit', { auth: shopper, params: { returnID: 'r3' } })).toMatchObject({
      Status: 'AwaitingApproval',
    });
    const clerk = adminAuth(['OrderAdmin'], 'clerk');
    expect(
      await kit.call('OrderReturns.Approve', { auth: clerk, params: { returnID: 'r3' }, body: { Comments: 'ok' } }),
    ).toMatchObject({ Status: 'Open' });
    const approvals = await kit.call<ListPage>('OrderReturns.ListApprovals', {
      auth: shopper,
      params: { returnID: 'r3' },
    });
    expect(approvals.Items).toEqual([
      expect.objectContaining({ OrderReturnID: 'r3', ApprovalRuleID: 'all-returns', Status: 'Approved' }),
    ]);
    // Orders are not affected by a rule for returns.
    expect(await kit.call('Orders.Get', { auth: shopper, params: out(orderID) })).toMatchObject({ Status: 'Open' });
    await kit.call('SellerApprovalRules.Delete', { params: { approvalRuleID: 'all-returns' } });
  });
});

describe('subscriptions', () => {
  const nextOrderDate = '2024-05-01T10:00:00.000Z';

  it('are created for a named buyer user, with items priced at subscription prices', async () => {
    expect(
      (
        await kit.errorOf('Subscriptions.Create', {
          body: { Frequency: 1, Interval: 'Weeks', NextOrderDate: nextOrderDate },
        })
      )?.code,
    ).toBe('Subscription.CreateRequiresFromUser');
    expect(
      (
        await kit.errorOf('Subscriptions.Create', {
          body: { Frequency: 0, Interval: 'Weeks', NextOrderDate: nextOrderDate },
        })
      )?.code,
    ).toBe('ValidationFailure');
    const subscription = await kit.call('Subscriptions.Create', {
      body: {
        ID: 'sub1',
        Frequency: 2,
        Interval: 'Weeks',
        NextOrderDate: nextOrderDate,
        FromCompanyID: SEED.buyer,
        FromUserID: SEED.shopper,
        ShippingAddressID: SEED.address,
        Payment: { Type: 'CreditCard', CreditCardID: SEED.creditCard },
      },
    });
    expect(subscription).toMatchObject({
      Active: true,
      ToCompanyID: MARKETPLACE,
      LastOrderDate: null,
      ProjectedSubtotal: 0,
    });
    const item = await kit.call('SubscriptionItems.Create', {
      params: { subscriptionID: 'sub1' },
      body: { ProductID: SEED.product, Quantity: 3 },
    });
    expect(item).toMatchObject({ UnitPrice: 9, LineSubtotal: 27, ShippingAddressID: SEED.address });
    await kit.call('SubscriptionItems.Create', {
      params: { subscriptionID: 'sub1' },
      body: { ID: 'gadget', ProductID: SEED.cheapProduct, Quantity: 2 },
    });
    expect(await kit.call('Subscriptions.Get', { params: { subscriptionID: 'sub1' } })).toMatchObject({
      ProjectedSubtotal: 32,
      NotificationDate: null,
    });
    const own = await kit.call<ListPage>('Subscriptions.List', {
      auth: buyerAuth(SEED.buyer, SEED.shopper, ['SubscriptionReader']),
    });
    expect(own.Items.map((entry) => entry.ID)).toEqual(['sub1']);
    expect(
      (
        await kit.errorOf('Subscriptions.Get', {
          auth: buyerAuth(SEED.buyer, SEED.colleague, ['SubscriptionReader']),
          params: { subscriptionID: 'sub1' },
        })
      )?.status,
    ).toBe(404);
    expect(
      (
        await kit.errorOf('SubscriptionItems.Get', {
          auth: buyerAuth(SEED.buyer, SEED.colleague, ['SubscriptionReader']),
          params: { subscriptionID: 'sub1', subscriptionItemID: 'gadget' },
        })
      )?.status,
    ).toBe(404);
  });

  it('place their orders when due and move on by their frequency', async () => {
    const now = new Date('2024-05-01T12:00:00.000Z');
    await kit.call('Products.Patch', { params: { productID: SEED.cheapProduct }, body: { Active: false } });
    await kit.call('Subscriptions.Create', {
      body: {
        ID: 'sub-late',
        Frequency: 1,
        Interval: 'Days',
        NextOrderDate: '2024-04-30T12:00:00.000Z',
        FromCompanyID: SEED.buyer,
        FromUserID: SEED.shopper,
      },
    });
    await kit.call('Subscriptions.Create', {
      body: {
        ID: 'sub-empty',
        Frequency: 1,
        Interval: 'Months',
        NextOrderDate: '2024-05-01T11:00:00.000Z',
        FromCompanyID: SEED.buyer,
        FromUserID: SEED.colleague,
      },
    });
    const summary = await processDueSubscriptions(kit.store, now);
    expect(summary.processed).toBe(2);
    expect(summary.ordersCreated).toHaveLength(1);
    expect(summary.failed).toEqual([
      expect.objectContaining({ SubscriptionID: 'sub-empty', ErrorCode: 'Order.CannotSubmitWithNoLineItems' }),
    ]);
    const orderID = summary.ordersCreated[0] as string;
    expect(summary.unavailableProducts).toEqual([
      { SubscriptionID: 'sub1', OrderID: orderID, ProductIDs: [SEED.cheapProduct] },
    ]);
    const order = await kit.call('Orders.Get', { auth: shopper, params: out(orderID) });
    expect(order).toMatchObject({
      Status: 'Unsubmitted',
      SubscriptionID: 'sub1',
      FromUserID: SEED.shopper,
      LineItemCount: 1,
      Subtotal: 27,
      Total: 27,
    });
    const lines = await kit.call<ListPage>('LineItems.List', { auth: shopper, params: out(orderID) });
    expect(lines.Items[0]).toMatchObject({
      ProductID: SEED.product,
      Quantity: 3,
      UnitPrice: 9,
      ShippingAddress: { City: 'Springfield' },
    });
    const payments = await kit.call<ListPage>('Payments.List', { auth: shopper, params: out(orderID) });
    expect(payments.Items[0]).toMatchObject({ Type: 'CreditCard', CreditCardID: SEED.creditCard, Amount: 27 });
    const moved = await kit.call('Subscriptions.Get', { params: { subscriptionID: 'sub1' } });
    expect(moved).toMatchObject({ LastOrderDate: now.toISOString(), NextOrderDate: '2024-05-15T10:00:00.000Z' });
    expect(await kit.call('Subscriptions.Get', { params: { subscriptionID: 'sub-empty' } })).toMatchObject({
      NextOrderDate: '2024-05-01T11:00:00.000Z',
      LastOrderDate: null,
    });
    expect((await processDueSubscriptions(kit.store, now)).ordersCreated).toEqual([]);
  });
});

describe('the subscription integration', () => {
  it('needs a client with a default context user, and shows the reminder date on subscriptions', async () => {
    const client = await kit.call('ApiClients.Create', { body: { AppName: 'Middleware', AccessTokenDuration: 60 } });
    const body = { ApiClientID: client.ID, HashKey: 'secret', NotificationDays: 2, Url: 'https://example.com/hooks' };
    expect((await kit.errorOf('SubscriptionIntegrations.Save', { body }))?.code).toBe(
      'SubscriptionIntegration.DefaultContextUser',
    );
    expect(
      (await kit.errorOf('SubscriptionIntegrations.Save', { body: { ...body, ApiClientID: 'nope' } }))?.status,
    ).toBe(404);
    await kit.call('ApiClients.Patch', {
      params: { apiClientID: String(client.ID) },
      body: { DefaultContextUserName: SEED.shopper },
    });
    expect(
      (await kit.errorOf('SubscriptionIntegrations.Save', { body: { ...body, HashKey: 'x'.repeat(51) } }))?.code,
    ).toBe('ValidationFailure');
    const saved = await kit.call('SubscriptionIntegrations.Save', { body });
    expect(saved).toMatchObject({ ApiClientID: client.ID, NotificationDays: 2, ElevatedRoles: [] });
    expect(await kit.call('SubscriptionIntegrations.Get')).not.toHaveProperty('ID');
    const subscription = await kit.call('Subscriptions.Get', { params: { subscriptionID: 'sub1' } });
    expect(subscription.NotificationDate).toBe('2024-05-13T10:00:00.000Z');
  });
});
