import { describe, expect, it } from 'vitest';
import type { ListPage } from '../engine/list-query.ts';
import { out, shopper, shopperOrder, useSeededOrdersKit } from './testing/order-fixtures.ts';

const kit = useSeededOrdersKit(async ({ call }) => {
  await call('Promotions.Create', {
    body: {
      ID: 'tip-bonus',
      Code: 'tip-bonus',
      AllowAllBuyers: true,
      EligibleExpression: 'order.Gratuity >= 1',
      ValueExpression: 'order.Total * 0.1',
    },
  });
});

const patchOrder = (orderID: string, body: object) =>
  kit.call('Orders.Patch', { auth: shopper, params: out(orderID), body });

describe('Orders.Patch on an order with promotions', () => {
  it('evaluates the promotions again: amounts follow the order, and one no longer eligible gives nothing', async () => {
    const orderID = await shopperOrder(kit, [2], false);
    await patchOrder(orderID, { Gratuity: 5 });
    await kit.call('Orders.AddPromotion', { auth: shopper, params: { ...out(orderID), promoCode: 'tip-bonus' } });
    expect(await kit.call('Orders.Get', { auth: shopper, params: out(orderID) })).toMatchObject({
      Subtotal: 20,
      PromotionDiscount: 2.5,
      Total: 22.5,
    });

    expect(await patchOrder(orderID, { Gratuity: 10 })).toMatchObject({ PromotionDiscount: 3, Total: 27 });
    expect(await kit.call('Orders.Get', { auth: shopper, params: out(orderID) })).toMatchObject({
      PromotionDiscount: 3,
      Total: 27,
    });

    // As after a line item change: the promotion stays with nothing, and the submit says why.
    expect(await patchOrder(orderID, { Gratuity: 0 })).toMatchObject({ PromotionDiscount: 0, Total: 20 });
    const applied = await kit.call<ListPage>('Orders.ListPromotions', { auth: shopper, params: out(orderID) });
    expect(applied.Items).toEqual([expect.objectContaining({ ID: 'tip-bonus', Amount: 0 })]);
    expect(await kit.errorOf('Orders.Submit', { auth: shopper, params: out(orderID) })).toEqual({
      status: 400,
      code: 'Promotion.NotEligible',
    });

    expect(await patchOrder(orderID, { Gratuity: 1 })).toMatchObject({ PromotionDiscount: 2.1, Total: 18.9 });
    await expect(kit.call('Orders.Submit', { auth: shopper, params: out(orderID) })).resolves.toMatchObject({
      Status: 'Open',
      PromotionDiscount: 2.1,
    });
  });

  it('leaves an order without promotions as the patch made it', async () => {
    const orderID = await shopperOrder(kit, [1], false);
    expect(await patchOrder(orderID, { Gratuity: 2, Comments: 'thanks' })).toMatchObject({
      Subtotal: 10,
      PromotionDiscount: 0,
      Total: 12,
      Comments: 'thanks',
    });
  });
});
