import { describe, expect, it } from 'vitest';
import type { Item } from '../engine/item.ts';
import { out, SEED, shopper, useSeededOrdersKit } from './testing/order-fixtures.ts';

const kit = useSeededOrdersKit();
const buyerRules = { buyerID: SEED.buyer };

async function submittedStatus(productId: string, quantity: number): Promise<unknown> {
  const order = await kit.call<Item>('Orders.Create', { auth: shopper, params: out(), body: {} });
  const orderID = String(order.ID);
  await kit.call('LineItems.Create', {
    auth: shopper,
    params: out(orderID),
    body: { ProductID: productId, Quantity: quantity },
  });
  return (await kit.call<Item>('Orders.Submit', { auth: shopper, params: out(orderID) })).Status;
}

describe('rule expressions on save', () => {
  it('refuses an approval rule the rules engine cannot read, naming the problem', async () => {
    const rule = { ID: 'broken', ApprovingGroupID: SEED.approvers };
    expect(
      await kit.errorOf('ApprovalRules.Create', {
        params: buyerRules,
        body: { ...rule, RuleExpression: 'order.Total >' },
      }),
    ).toEqual({ status: 400, code: 'Expression.InvalidSyntax' });
    expect(
      await kit.errorOf('ApprovalRules.Create', {
        params: buyerRules,
        body: { ...rule, RuleExpression: 'order.Total.explode(1) > 2' },
      }),
    ).toEqual({ status: 400, code: 'Expression.InvalidFunction' });
    expect(await kit.errorOf('ApprovalRules.Get', { params: { ...buyerRules, approvalRuleID: 'broken' } })).toEqual({
      status: 404,
      code: 'NotFound',
    });
  });

  it('checks a promotion expression against its level', async () => {
    const promotion = { Code: 'EXPR-1', ValueExpression: '5' };
    expect(
      await kit.errorOf('Promotions.Create', { body: { ...promotion, EligibleExpression: 'item.Quantity > 1' } }),
    ).toEqual({ status: 400, code: 'Expression.ItemNotAllowed' });
    expect(
      await kit.errorOf('Promotions.Create', {
        body: { ...promotion, LineItemLevel: true, EligibleExpression: 'order.Subtotal > 1' },
      }),
    ).toEqual({ status: 400, code: 'Expression.ItemRequired' });
    const saved = await kit.call<Item>('Promotions.Create', {
      body: {
        ...promotion,
        LineItemLevel: true,
        EligibleExpression: "item.ProductID = 'p*'",
        ValueExpression: 'item.LineSubtotal * .15',
      },
    });
    expect(saved).toMatchObject({ Code: 'EXPR-1', LineItemLevel: true });
  });

  it('refuses a seller rule with an unknown root before anything else', async () => {
    expect(
      await kit.errorOf('SellerApprovalRules.Create', {
        body: { ApprovalType: 'Order', ApprovingGroupID: 'nobody', RuleExpression: 'basket.Total > 1' },
      }),
    ).toEqual({ status: 400, code: 'Expression.InvalidToken' });
  });
});

describe('rule expressions on submit', () => {
  it('sends an order for approval when a line-item rule holds, and not otherwise', async () => {
    await kit.call('ApprovalRules.Create', {
      params: buyerRules,
      body: {
        ID: 'many-p1',
        ApprovingGroupID: SEED.approvers,
        RuleExpression: `items.any(ProductID = '${SEED.product}') and items.quantity() >= 3`,
      },
    });
    expect(await submittedStatus(SEED.product, 3)).toBe('AwaitingApproval');
    expect(await submittedStatus(SEED.product, 2)).toBe('Open');
    expect(await submittedStatus(SEED.cheapProduct, 5)).toBe('Open');
    await kit.call('ApprovalRules.Delete', { params: { ...buyerRules, approvalRuleID: 'many-p1' } });
  });
});
