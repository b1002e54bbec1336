import { describe, expect, it } from 'vitest';
import { useEngineApp } from '../engine/testing/engine-app.ts';
import { platformRegistry } from './index.ts';

const { call } = useEngineApp(platformRegistry);

const promotion = (id: string, extra: Record<string, unknown>) => ({
  ID: id,
  Code: id.toUpperCase(),
  EligibleExpression: 'true',
  ValueExpression: '5',
  ...extra,
});

describe("a promotion's per-order limits", () => {
  it('takes a limit of 0 on an order-level promotion as no limit (what a generated form sends for a blank number)', async () => {
    const created = await call({
      method: 'POST',
      url: '/promotions',
      body: promotion('zero-limits', { LineItemLevel: false, ItemLimitPerOrder: 0, QuantityLimitPerOrder: 0 }),
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
  });

  it('refuses a real limit without LineItemLevel, naming the rule', async () => {
    const refused = await call({
      method: 'POST',
      url: '/promotions',
      body: promotion('item-limit', { LineItemLevel: false, ItemLimitPerOrder: 2 }),
    });
    expect(refused.status).toBe(400);
    expect(JSON.stringify(refused.body)).toContain('CannotSetItemLimitPerOrder');
    const both = await call({
      method: 'POST',
      url: '/promotions',
      body: promotion('both-limits', { LineItemLevel: true, ItemLimitPerOrder: 2, QuantityLimitPerOrder: 3 }),
    });
    expect(both.status).toBe(400);
    expect(JSON.stringify(both.body)).toContain('CannotSetQuantityAndItemLimitPerOrder');
  });
});
