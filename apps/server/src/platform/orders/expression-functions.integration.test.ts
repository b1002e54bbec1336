import { describe, expect, it } from 'vitest';
import type { Item } from '../engine/item.ts';
import { out, SEED, shopper, useSeededOrdersKit, type OrdersTestKit } from './testing/order-fixtures.ts';

/**
 * in(), round(), if()/ifs() and product.inparentcategory() through the platform: saved on promotions and
 * approval rules without a 400, and giving the discount or approval they say.
 *
 * Catalog `gear`: Sports > Cycling > Bikes, with the widget (SEED.product) in Bikes. Catalog `other` has a
 * top-level category also called Bikes holding the gadget (SEED.cheapProduct): category ids are unique
 * only within a catalog, so the gadget is not under Sports.
 */
const kit = useSeededOrdersKit(async ({ call }: OrdersTestKit) => {
  for (const ID of ['gear', 'other']) await call('Catalogs.Create', { body: { ID, Name: ID, Active: true } });
  for (const [ID, ParentID] of [
    ['Sports', undefined],
    ['Cycling', 'Sports'],
    ['Bikes', 'Cycling'],
  ] as const) {
    await call('Categories.Create', { params: { catalogID: 'gear' }, body: { ID, Name: ID, Active: true, ParentID } });
  }
  await call('Categories.Create', { params: { catalogID: 'other' }, body: { ID: 'Bikes', Name: 'Bikes' } });
  for (const [catalogID, ProductID] of [
    ['gear', SEED.product],
    ['other', SEED.cheapProduct],
  ] as const) {
    await call('Categories.SaveProductAssignment', {
      params: { catalogID },
      body: { CategoryID: 'Bikes', ProductID },
    });
  }
});

/** An open order of the shopper with the given xp and lines (product, quantity); answers its ID. */
async function order(lines: ReadonlyArray<readonly [string, number]>, xp: Item = {}): Promise<string> {
  const created = await kit.call('Orders.Create', { auth: shopper, params: out(), body: { xp } });
  const orderID = String(created.ID);
  for (const [index, [ProductID, Quantity]] of lines.entries()) {
    await kit.call('LineItems.Create', {
      auth: shopper,
      params: out(orderID),
      body: { ID: `l${index}`, ProductID, Quantity },
    });
  }
  return orderID;
}

const promotion = (ID: string, body: Item) =>
  kit.call('Promotions.Create', { body: { ID, Code: ID, AllowAllBuyers: true, ...body } });
const addPromotion = (orderID: string, code: string) =>
  kit.call('Orders.AddPromotion', { auth: shopper, params: { ...out(orderID), promoCode: code } });
const addError = (orderID: string, code: string) =>
  kit.errorOf('Orders.AddPromotion', { auth: shopper, params: { ...out(orderID), promoCode: code } });
const submit = async (orderID: string) =>
  (await kit.call('Orders.Submit', { auth: shopper, params: out(orderID) })).Status;

describe('saving expressions with the new functions', () => {
  it('accepts each of them where it belongs, and refuses misuse with the Expression code', async () => {
    const saved = await promotion('all-new', {
      EligibleExpression: "in(order.xp.Region, 'East', 'West') or items.any(product.inparentcategory('Sports'))",
      ValueExpression: 'round(ifs(order.Subtotal >= 50, 10, order.Subtotal >= 30, 5, 1), 2)',
    });
    expect(saved).toMatchObject({ ID: 'all-new' });
    await kit.call('ApprovalRules.Create', {
      params: { buyerID: SEED.buyer },
      body: { ID: 'saved-in', ApprovingGroupID: SEED.approvers, RuleExpression: "order.xp.Region.in('East')" },
    });
    await kit.call('ApprovalRules.Delete', { params: { buyerID: SEED.buyer, approvalRuleID: 'saved-in' } });
    const refused = (body: Item) => kit.errorOf('Promotions.Create', { body: { Code: 'bad', ...body } });
    expect(await refused({ EligibleExpression: 'true', ValueExpression: 'round(order.Subtotal, 1.5)' })).toEqual({
      status: 400,
      code: 'Expression.InvalidArguments',
    });
    expect(await refused({ EligibleExpression: 'true', ValueExpression: 'if(1, 2, 3)' })).toEqual({
      status: 400,
      code: 'Expression.InvalidArguments',
    });
    expect(await refused({ EligibleExpression: 'in(order.xp.Region)', ValueExpression: '1' })).toEqual({
      status: 400,
      code: 'Expression.InvalidArguments',
    });
    expect(await refused({ EligibleExpression: "order.inparentcategory('x')", ValueExpression: '1' })).toEqual({
      status: 400,
      code: 'Expression.InvalidFunction',
    });
  });
});

describe('promotions with the new functions', () => {
  it('discounts by a ValueExpression using round() and if()', async () => {
    await promotion('tiered', {
      EligibleExpression: `items.any(ProductID.in('${SEED.product}', 'nothing'))`,
      ValueExpression: 'round(if(order.Subtotal >= 30, order.Subtotal * 0.125, order.Subtotal * 0.0333), 0)',
    });
    // 20 * 0.0333 = 0.666, rounded to whole units: 1 (cents alone would give 0.67).
    expect(await addPromotion(await order([[SEED.product, 2]]), 'tiered')).toMatchObject({ Amount: 1 });
    // 30 * 0.125 = 3.75 → 4.
    expect(await addPromotion(await order([[SEED.product, 3]]), 'tiered')).toMatchObject({ Amount: 4 });
    expect(await addError(await order([[SEED.cheapProduct, 4]]), 'tiered')).toEqual({
      status: 400,
      code: 'Promotion.NotEligible',
    });
  });

  it('discounts by ifs() tiers', async () => {
    await promotion('ifs-tiers', {
      EligibleExpression: 'true',
      ValueExpression: 'ifs(order.Subtotal >= 50, 10, order.Subtotal >= 30, 5, 1)',
    });
    expect(await addPromotion(await order([[SEED.product, 5]]), 'ifs-tiers')).toMatchObject({ Amount: 10 });
    expect(await addPromotion(await order([[SEED.product, 3]]), 'ifs-tiers')).toMatchObject({ Amount: 5 });
    expect(await addPromotion(await order([[SEED.product, 1]]), 'ifs-tiers')).toMatchObject({ Amount: 1 });
  });

  it('makes a line eligible through product.inparentcategory when its product sits in a descendant category', async () => {
    await promotion('sports-10', {
      LineItemLevel: true,
      EligibleExpression: "item.product.inparentcategory('Sports')",
      ValueExpression: 'item.LineSubtotal * 0.1',
    });
    const orderID = await order([
      [SEED.product, 2],
      [SEED.cheapProduct, 2],
    ]);
    // Only the widget (gear: Sports > Cycling > Bikes) is under Sports; the gadget's Bikes is another catalog's.
    expect(await addPromotion(orderID, 'sports-10')).toMatchObject({ Amount: 2, LineItemID: 'l0' });
    const lines = await kit.call<{ Items: Item[] }>('LineItems.List', { auth: shopper, params: out(orderID) });
    expect(lines.Items.map((line) => [line.ID, line.PromotionDiscount])).toEqual([
      ['l0', 2],
      ['l1', 0],
    ]);
    // incategory stays direct: Sports holds no product itself.
    await promotion('sports-direct', {
      LineItemLevel: true,
      EligibleExpression: "item.product.incategory('Sports')",
      ValueExpression: '1',
    });
    expect(await addError(await order([[SEED.product, 2]]), 'sports-direct')).toEqual({
      status: 400,
      code: 'Promotion.NotEligible',
    });
  });
});

describe('approval rules with the new functions', () => {
  it('sends an order for approval by in() on order.xp, and by inparentcategory on its lines', async () => {
    const rules = { buyerID: SEED.buyer };
    await kit.call('ApprovalRules.Create', {
      params: rules,
      body: {
        ID: 'regions',
        ApprovingGroupID: SEED.approvers,
        RuleExpression: "in(order.xp.Region, 'East', 'West')",
      },
    });
    expect(await submit(await order([[SEED.cheapProduct, 1]], { Region: 'west' }))).toBe('AwaitingApproval');
    expect(await submit(await order([[SEED.cheapProduct, 1]], { Region: 'North' }))).toBe('Open');
    expect(await submit(await order([[SEED.cheapProduct, 1]]))).toBe('Open');
    await kit.call('ApprovalRules.Delete', { params: { ...rules, approvalRuleID: 'regions' } });

    await kit.call('ApprovalRules.Create', {
      params: rules,
      body: {
        ID: 'cycling',
        ApprovingGroupID: SEED.approvers,
        RuleExpression: "items.any(product.inparentcategory('Cycling'))",
      },
    });
    expect(await submit(await order([[SEED.product, 1]]))).toBe('AwaitingApproval');
    expect(await submit(await order([[SEED.cheapProduct, 1]]))).toBe('Open');
    await kit.call('ApprovalRules.Delete', { params: { ...rules, approvalRuleID: 'cycling' } });
  });
});
