import { describe, expect, it } from 'vitest';
import type { Item } from '../engine/item.ts';
import type { ListPage } from '../engine/list-query.ts';
import {
  adminAuth,
  buyerAuth,
  out,
  SEED,
  shopper,
  shopperOrder,
  useSeededOrdersKit,
} from './testing/order-fixtures.ts';

const kit = useSeededOrdersKit(async (made) => {
  await made.call('ApprovalRules.Create', {
    params: { buyerID: SEED.buyer },
    body: { ID: 'big', ApprovingGroupID: SEED.approvers, RuleExpression: 'order.Total > 50' },
  });
});
const approver = buyerAuth(SEED.buyer, SEED.approver);
const colleague = buyerAuth(SEED.buyer, SEED.colleague);
const incoming = (orderID: string) => ({ direction: 'Incoming', orderID });
const idsOf = (page: ListPage) => page.Items.map((item) => (item as Item).ID);

describe('Me.ListApprovableOrders', () => {
  it('lists the orders awaiting an approval of one of the user’s groups', async () => {
    const waiting = await shopperOrder(kit, [6], true);
    const small = await shopperOrder(kit, [1], true);
    const mine = await kit.call<ListPage>('Me.ListApprovableOrders', { auth: approver });
    expect(idsOf(mine)).toContain(waiting);
    expect(idsOf(mine)).not.toContain(small);
    expect(idsOf(await kit.call<ListPage>('Me.ListApprovableOrders', { auth: shopper }))).toEqual([]);
    const later = new Date(Date.now() + 86_400_000).toISOString();
    const none = await kit.call<ListPage>('Me.ListApprovableOrders', { auth: approver, query: { from: later } });
    expect(none.Items).toEqual([]);
    expect(await kit.errorOf('Me.ListApprovableOrders', { auth: approver, query: { to: 'soon' } })).toEqual({
      status: 400,
      code: 'List.InvalidType',
    });
    await kit.call('Orders.Approve', { auth: approver, params: out(waiting), body: {} });
    expect(idsOf(await kit.call<ListPage>('Me.ListApprovableOrders', { auth: approver }))).not.toContain(waiting);
  });
});

describe('OrderReturns.ListEligibleApprovers', () => {
  it('lists the seller users of the approving group of a return awaiting approval', async () => {
    await kit.call('AdminUserGroups.Create', { body: { ID: 'returns-desk', Name: 'Returns desk' } });
    await kit.call('AdminUsers.Create', {
      body: { ID: 'desk1', Username: 'desk1', FirstName: 'D', LastName: 'Esk', Email: 'd@example.com', Active: true },
    });
    await kit.call('AdminUserGroups.SaveUserAssignment', { body: { UserGroupID: 'returns-desk', UserID: 'desk1' } });
    await kit.call('SellerApprovalRules.Create', {
      body: { ID: 'returns', ApprovalType: 'OrderReturn', ApprovingGroupID: 'returns-desk', RuleExpression: 'true' },
    });
    const orderID = await shopperOrder(kit, [1], true);
    const returnID = 'ret1';
    await kit.call('OrderReturns.Create', {
      auth: shopper,
      body: { ID: returnID, OrderID: orderID, ItemsToReturn: [{ LineItemID: 'l0', Quantity: 1 }] },
    });
    expect((await kit.call<ListPage>('OrderReturns.ListEligibleApprovers', { params: { returnID } })).Items).toEqual(
      [],
    );
    await kit.call('OrderReturns.Submit', { auth: shopper, params: { returnID } });
    const approvers = await kit.call<ListPage>('OrderReturns.ListEligibleApprovers', {
      auth: adminAuth(['OrderReader']),
      params: { returnID },
    });
    expect(idsOf(approvers)).toEqual(['desk1']);
    await kit.call('SellerApprovalRules.Delete', { params: { approvalRuleID: 'returns' } });
  });
});

describe('Me shipments', () => {
  it('shows the shipments of the user’s own orders and their items', async () => {
    const orderID = await shopperOrder(kit, [2, 3], true);
    await kit.call('Orders.Ship', { params: incoming(orderID), body: { ID: 'me-sh1', Shipper: 'UPS' } });
    const listed = await kit.call<ListPage>('Me.ListShipments', { auth: shopper });
    expect(idsOf(listed)).toContain('me-sh1');
    const ofOrder = await kit.call<ListPage>('Me.ListShipments', { auth: shopper, query: { orderID: 'other' } });
    expect(ofOrder.Items).toEqual([]);
    expect(idsOf(await kit.call<ListPage>('Me.ListShipments', { auth: colleague }))).toEqual([]);
    expect(await kit.call('Me.GetShipment', { auth: shopper, params: { shipmentID: 'me-sh1' } })).toMatchObject({
      ID: 'me-sh1',
      Shipper: 'UPS',
    });
    expect(await kit.errorOf('Me.GetShipment', { auth: colleague, params: { shipmentID: 'me-sh1' } })).toEqual({
      status: 404,
      code: 'NotFound',
    });
    const items = await kit.call<ListPage>('Me.ListShipmentItems', {
      auth: shopper,
      params: { shipmentID: 'me-sh1' },
    });
    expect(items.Items.map((item) => (item as Item).LineItemID).sort()).toEqual(['l0', 'l1']);
    expect(items.Items[0]).toMatchObject({ OrderID: orderID });
    expect(items.Items[0]).not.toHaveProperty('ID');
  });
});
