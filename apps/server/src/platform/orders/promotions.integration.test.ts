import { describe, expect, it } from 'vitest';
import type { Item } from '../engine/item.ts';
import type { ListPage } from '../engine/list-query.ts';
import { buyerAuth, out, SEED, shopper, shopperOrder, useSeededOrdersKit } from './testing/order-fixtures.ts';

const kit = useSeededOrdersKit();
const approver = buyerAuth(SEED.buyer, SEED.approver);
const DAY = 24 * 60 * 60 * 1000;
const inDays = (days: number) => new Date(Date.now() + days * DAY).toISOString();

/** A promotion open to every buyer unless the body says otherwise; its code is its ID. */
async function promotion(ID: string, body: Item): Promise<Item> {
  return kit.call('Promotions.Create', {
    body: { ID, Code: ID, AllowAllBuyers: true, ValueExpression: '5', ...body },
  });
}

const addPromotion = (orderID: string, code: string, auth = shopper) =>
  kit.call('Orders.AddPromotion', { auth, params: { ...out(orderID), promoCode: code } });
const addError = (orderID: string, code: string, auth = shopper) =>
  kit.errorOf('Orders.AddPromotion', { auth, params: { ...out(orderID), promoCode: code } });
const getOrder = (orderID: string) => kit.call('Orders.Get', { auth: shopper, params: out(orderID) });
const listPromotions = (orderID: string) =>
  kit.call<ListPage>('Orders.ListPromotions', { auth: shopper, params: out(orderID) });
const lineOf = (orderID: string, lineItemID: string) =>
  kit.call('LineItems.Get', { auth: shopper, params: { ...out(orderID), lineItemID } });

describe('order-level promotions', () => {
  it('discounts an eligible order and brings its totals down', async () => {
    await promotion('ten-off', { EligibleExpression: 'order.Subtotal > 15', ValueExpression: '5' });
    const orderID = await shopperOrder(kit, [2], false);
    const applied = await addPromotion(orderID, 'ten-off');
    expect(applied).toMatchObject({ ID: 'ten-off', Code: 'ten-off', Amount: 5, LineItemID: null });
    expect(Date.parse(String(applied.DateApplied))).not.toBeNaN();
    expect(await getOrder(orderID)).toMatchObject({ Subtotal: 20, PromotionDiscount: 5, Total: 15 });
    const page = await listPromotions(orderID);
    expect(page.Meta.TotalCount).toBe(1);
    expect(page.Items[0]).toMatchObject({ ID: 'ten-off', Amount: 5 });
    expect(page.Items[0]).not.toHaveProperty('PromotionID');
  });

  it('judges the order before its discounts, so a rule on the total keeps holding', async () => {
    await promotion('total-rule', { EligibleExpression: 'order.Total >= 20', ValueExpression: '5' });
    const orderID = await shopperOrder(kit, [2], false);
    expect(await addPromotion(orderID, 'total-rule')).toMatchObject({ Amount: 5 });
    expect(await kit.call('Orders.Submit', { auth: shopper, params: out(orderID) })).toMatchObject({
      Status: 'Open',
      PromotionDiscount: 5,
      Total: 15,
    });
  });

  it('never gives more than the subtotal, so the total stays at 0 or above', async () => {
    await promotion('huge', { EligibleExpression: 'true', ValueExpression: 'order.Subtotal * 3' });
    const orderID = await shopperOrder(kit, [2], false);
    expect(await addPromotion(orderID, 'huge')).toMatchObject({ Amount: 20 });
    expect(await getOrder(orderID)).toMatchObject({ PromotionDiscount: 20, Total: 0 });
  });

  it('rounds the discount to cents', async () => {
    await promotion('third', { EligibleExpression: 'true', ValueExpression: 'order.Subtotal / 3' });
    const orderID = await shopperOrder(kit, [1], false);
    expect(await addPromotion(orderID, 'third')).toMatchObject({ Amount: 3.33 });
    expect(await getOrder(orderID)).toMatchObject({ PromotionDiscount: 3.33, Total: 6.67 });
  });

  it('refuses an order that does not meet the rule, leaving it as it was', async () => {
    await promotion('big-spender', { EligibleExpression: 'order.Subtotal > 1000' });
    const orderID = await shopperOrder(kit, [2], false);
    expect(await addError(orderID, 'big-spender')).toEqual({ status: 400, code: 'Promotion.NotEligible' });
    expect(await getOrder(orderID)).toMatchObject({ PromotionDiscount: 0, Total: 20 });
    expect((await listPromotions(orderID)).Items).toEqual([]);
  });
});

describe('line-item-level promotions', () => {
  it('discounts each eligible line and the order by their sum', async () => {
    await promotion('widgets-10', {
      LineItemLevel: true,
      EligibleExpression: `item.ProductID = '${SEED.product}'`,
      ValueExpression: 'item.LineSubtotal * 0.1',
    });
    const orderID = await shopperOrder(kit, [2], false);
    await kit.call('LineItems.Create', {
      auth: shopper,
      params: out(orderID),
      body: { ID: 'gadget', ProductID: SEED.cheapProduct, Quantity: 2 },
    });
    expect(await addPromotion(orderID, 'widgets-10')).toMatchObject({ ID: 'widgets-10', Amount: 2, LineItemID: 'l0' });
    expect(await lineOf(orderID, 'l0')).toMatchObject({ LineSubtotal: 20, PromotionDiscount: 2, LineTotal: 18 });
    expect(await lineOf(orderID, 'gadget')).toMatchObject({ LineSubtotal: 5, PromotionDiscount: 0, LineTotal: 5 });
    const patched = await kit.call('LineItems.Patch', {
      auth: shopper,
      params: { ...out(orderID), lineItemID: 'l0' },
      body: { Quantity: 4 },
    });
    expect(patched).toMatchObject({ LineSubtotal: 40, PromotionDiscount: 4, LineTotal: 36 });
    await kit.call('LineItems.Patch', {
      auth: shopper,
      params: { ...out(orderID), lineItemID: 'l0' },
      body: { Quantity: 2 },
    });
    expect(await getOrder(orderID)).toMatchObject({ Subtotal: 25, PromotionDiscount: 2, Total: 23 });
    expect((await listPromotions(orderID)).Items).toEqual([
      expect.objectContaining({ ID: 'widgets-10', LineItemID: 'l0', Amount: 2 }),
    ]);
  });

  it('applies to ItemLimitPerOrder lines in ItemSortBy order, each capped by its subtotal', async () => {
    await promotion('best-line', {
      LineItemLevel: true,
      EligibleExpression: `item.ProductID = '${SEED.product}'`,
      ValueExpression: '100',
      ItemLimitPerOrder: 1,
      ItemSortBy: '!LineSubtotal',
    });
    const orderID = await shopperOrder(kit, [1, 3], false);
    expect(await addPromotion(orderID, 'best-line')).toMatchObject({ Amount: 30, LineItemID: 'l1' });
    expect(await lineOf(orderID, 'l0')).toMatchObject({ PromotionDiscount: 0 });
    expect(await getOrder(orderID)).toMatchObject({ Subtotal: 40, PromotionDiscount: 30, Total: 10 });
  });

  it('values only the units within QuantityLimitPerOrder', async () => {
    await promotion('two-units', {
      LineItemLevel: true,
      EligibleExpression: 'item.Quantity > 0',
      ValueExpression: 'item.LineSubtotal / 2',
      QuantityLimitPerOrder: 2,
    });
    const orderID = await shopperOrder(kit, [3], false);
    expect(await addPromotion(orderID, 'two-units')).toMatchObject({ Amount: 10 });
  });

  it('refuses an order without any eligible line', async () => {
    await promotion('no-lines', { LineItemLevel: true, EligibleExpression: "item.ProductID = 'nothing'" });
    const orderID = await shopperOrder(kit, [1], false);
    expect(await addError(orderID, 'no-lines')).toEqual({ status: 400, code: 'Promotion.NotEligible' });
  });
});

describe('when a promotion cannot be used', () => {
  it('refuses inactive, expired and not yet valid promotions', async () => {
    await promotion('off', { EligibleExpression: 'true', Active: false });
    await promotion('past', { EligibleExpression: 'true', StartDate: inDays(-10), ExpirationDate: inDays(-1) });
    await promotion('future', { EligibleExpression: 'true', StartDate: inDays(1) });
    const orderID = await shopperOrder(kit, [1], false);
    expect(await addError(orderID, 'off')).toEqual({ status: 400, code: 'Promotion.NotActive' });
    expect(await addError(orderID, 'past')).toEqual({ status: 400, code: 'Promotion.Expired' });
    expect(await addError(orderID, 'future')).toEqual({ status: 400, code: 'Promotion.NotYetValid' });
    expect(await addError(orderID, 'no-such-code')).toEqual({ status: 404, code: 'NotFound' });
  });

  it("answers 404 for a promotion not assigned to the order's buyer, user group or every buyer", async () => {
    await promotion('elsewhere', { EligibleExpression: 'true', AllowAllBuyers: false });
    await kit.call('Promotions.SaveAssignment', { body: { PromotionID: 'elsewhere', BuyerID: SEED.otherBuyer } });
    await promotion('approvers-only', { EligibleExpression: 'true', AllowAllBuyers: false });
    await kit.call('Promotions.SaveAssignment', {
      body: { PromotionID: 'approvers-only', BuyerID: SEED.buyer, UserGroupID: SEED.approvers },
    });
    const orderID = await shopperOrder(kit, [1], false);
    expect(await addError(orderID, 'elsewhere')).toEqual({ status: 404, code: 'NotFound' });
    expect(await addError(orderID, 'approvers-only')).toEqual({ status: 404, code: 'NotFound' });
    const theirs = await kit.call('Orders.Create', { auth: approver, params: out(), body: {} });
    await kit.call('LineItems.Create', {
      auth: approver,
      params: out(String(theirs.ID)),
      body: { ProductID: SEED.product, Quantity: 1 },
    });
    expect(await addPromotion(String(theirs.ID), 'approvers-only', approver)).toMatchObject({ Amount: 5 });
  });

  it('refuses a promotion already on the order', async () => {
    await promotion('once', { EligibleExpression: 'true', CanCombine: true });
    const orderID = await shopperOrder(kit, [1], false);
    await addPromotion(orderID, 'once');
    expect(await addError(orderID, 'once')).toEqual({ status: 400, code: 'Promotion.AlreadyAdded' });
  });

  it('keeps promotions that do not combine alone on the order', async () => {
    await promotion('solo', { EligibleExpression: 'true', CanCombine: false, ValueExpression: '1' });
    await promotion('team-a', { EligibleExpression: 'true', CanCombine: true, ValueExpression: '1' });
    await promotion('team-b', { EligibleExpression: 'true', CanCombine: true, ValueExpression: '2' });
    const first = await shopperOrder(kit, [1], false);
    await addPromotion(first, 'solo');
    expect(await addError(first, 'team-a')).toEqual({ status: 400, code: 'Promotion.CannotCombine' });
    const second = await shopperOrder(kit, [1], false);
    await addPromotion(second, 'team-a');
    expect(await addError(second, 'solo')).toEqual({ status: 400, code: 'Promotion.CannotCombine' });
    await addPromotion(second, 'team-b');
    expect(await getOrder(second)).toMatchObject({ PromotionDiscount: 3, Total: 7 });
  });

  it('counts redemptions on submit and refuses a promotion used up', async () => {
    await promotion('limited', { EligibleExpression: 'true', RedemptionLimit: 1 });
    await promotion('per-user', { EligibleExpression: 'true', RedemptionLimitPerUser: 1 });
    const first = await shopperOrder(kit, [1], false);
    await addPromotion(first, 'limited');
    await kit.call('Orders.Submit', { auth: shopper, params: out(first) });
    expect(await kit.call('Promotions.Get', { params: { promotionID: 'limited' } })).toMatchObject({
      RedemptionCount: 1,
    });
    const second = await shopperOrder(kit, [1], false);
    expect(await addError(second, 'limited')).toEqual({ status: 400, code: 'Promotion.ExceedsUsageLimit' });
    await addPromotion(second, 'per-user');
    await kit.call('Orders.Submit', { auth: shopper, params: out(second) });
    const third = await shopperOrder(kit, [1], false);
    expect(await addError(third, 'per-user')).toEqual({ status: 400, code: 'Promotion.ExceedsUsageLimit' });
  });

  it('refuses promotions on a submitted order', async () => {
    await promotion('late', { EligibleExpression: 'true' });
    const orderID = await shopperOrder(kit, [1], true);
    expect(await addError(orderID, 'late')).toEqual({ status: 400, code: 'Order.CannotApplyPromoBadStatus' });
  });
});

describe('changing an order with promotions', () => {
  it('removing a promotion restores the totals', async () => {
    await promotion('undo', { EligibleExpression: 'true', ValueExpression: '4' });
    const orderID = await shopperOrder(kit, [2], false);
    await addPromotion(orderID, 'undo');
    const order = await kit.call('Orders.RemovePromotion', {
      auth: shopper,
      params: { ...out(orderID), promoCode: 'undo' },
    });
    expect(order).toMatchObject({ ID: orderID, PromotionDiscount: 0, Total: 20 });
    expect((await listPromotions(orderID)).Items).toEqual([]);
    expect(
      await kit.errorOf('Orders.RemovePromotion', { auth: shopper, params: { ...out(orderID), promoCode: 'undo' } }),
    ).toEqual({ status: 404, code: 'NotFound' });
  });

  it('re-evaluates on line item changes, and a promotion no longer eligible fails the submit', async () => {
    await promotion('over-15', { EligibleExpression: 'order.Subtotal > 15', ValueExpression: 'order.Subtotal * 0.5' });
    const orderID = await shopperOrder(kit, [2], false);
    await addPromotion(orderID, 'over-15');
    const line = { auth: shopper, params: { ...out(orderID), lineItemID: 'l0' } };
    await kit.call('LineItems.Patch', { ...line, body: { Quantity: 3 } });
    expect(await getOrder(orderID)).toMatchObject({ Subtotal: 30, PromotionDiscount: 15, Total: 15 });
    await kit.call('LineItems.Patch', { ...line, body: { Quantity: 1 } });
    expect(await getOrder(orderID)).toMatchObject({ Subtotal: 10, PromotionDiscount: 0, Total: 10 });
    expect(await kit.errorOf('Orders.Submit', { auth: shopper, params: out(orderID) })).toEqual({
      status: 400,
      code: 'Promotion.NotEligible',
    });
    await kit.call('LineItems.Patch', { ...line, body: { Quantity: 2 } });
    const submitted = await kit.call('Orders.Submit', { auth: shopper, params: out(orderID) });
    expect(submitted).toMatchObject({ Status: 'Open', PromotionDiscount: 10, Total: 10 });
  });

  it('fails the submit of an order whose promotion expired since it was added', async () => {
    await promotion('ending', { EligibleExpression: 'true' });
    const orderID = await shopperOrder(kit, [1], false);
    await addPromotion(orderID, 'ending');
    await kit.call('Promotions.Patch', { params: { promotionID: 'ending' }, body: { ExpirationDate: inDays(-1) } });
    expect(await kit.errorOf('Orders.Submit', { auth: shopper, params: out(orderID) })).toEqual({
      status: 400,
      code: 'Promotion.Expired',
    });
  });

  it('takes a deactivated promotion off unsubmitted orders', async () => {
    await promotion('switched-off', { EligibleExpression: 'true' });
    const orderID = await shopperOrder(kit, [1], false);
    await addPromotion(orderID, 'switched-off');
    await kit.call('Promotions.Patch', { params: { promotionID: 'switched-off' }, body: { Active: false } });
    expect((await listPromotions(orderID)).Items).toEqual([]);
    expect(await getOrder(orderID)).toMatchObject({ PromotionDiscount: 0, Total: 10 });
  });

  it("hides an order's promotions from users who cannot see the order", async () => {
    const orderID = await shopperOrder(kit, [1], false);
    expect(await kit.errorOf('Orders.ListPromotions', { auth: approver, params: out(orderID) })).toEqual({
      status: 404,
      code: 'NotFound',
    });
  });
});

describe('Me promotions', () => {
  const ids = async (auth = shopper) =>
    (await kit.call<ListPage>('Me.ListPromotions', { auth })).Items.map((item) => (item as Item).ID);

  it('lists active promotions within their dates that reach the user', async () => {
    await promotion('me-all', { EligibleExpression: 'true' });
    await promotion('me-off', { EligibleExpression: 'true', Active: false });
    await promotion('me-past', { EligibleExpression: 'true', ExpirationDate: inDays(-1) });
    await promotion('me-group', { EligibleExpression: 'true', AllowAllBuyers: false });
    await kit.call('Promotions.SaveAssignment', {
      body: { PromotionID: 'me-group', BuyerID: SEED.buyer, UserGroupID: SEED.approvers },
    });
    await promotion('me-buyer', { EligibleExpression: 'true', AllowAllBuyers: false });
    await kit.call('Promotions.SaveAssignment', { body: { PromotionID: 'me-buyer', BuyerID: SEED.buyer } });
    const mine = await ids();
    expect(mine).toEqual(expect.arrayContaining(['me-all', 'me-buyer']));
    expect(mine).not.toContain('me-off');
    expect(mine).not.toContain('me-past');
    expect(mine).not.toContain('me-group');
    expect(await ids(approver)).toEqual(expect.arrayContaining(['me-all', 'me-buyer', 'me-group']));
    expect(await ids(buyerAuth(SEED.otherBuyer, 'x1'))).not.toContain('me-buyer');
  });

  it('gets a visible promotion and answers 404 for others', async () => {
    expect(await kit.call('Me.GetPromotion', { auth: shopper, params: { promotionID: 'me-all' } })).toMatchObject({
      ID: 'me-all',
      RedemptionCount: 0,
    });
    expect(await kit.errorOf('Me.GetPromotion', { auth: shopper, params: { promotionID: 'me-group' } })).toEqual({
      status: 404,
      code: 'NotFound',
    });
  });
});
