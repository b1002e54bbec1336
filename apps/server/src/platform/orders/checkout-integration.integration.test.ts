import { afterEach, describe, expect, it } from 'vitest';
import type { Item } from '../engine/item.ts';
import { ApiError } from '../engine/errors.ts';
import { checkoutCallSettings, checkoutHash } from './checkout-middleware.ts';
import { json, useFakeMiddleware } from './testing/checkout-middleware.ts';
import { buyerAuth, out, outsider, SEED, shopper, shopperOrder, useSeededOrdersKit } from './testing/order-fixtures.ts';

const HASH_KEY = 'checkout-secret';
// Started before the kit's own beforeAll, which configures the event with its URL.
const middleware = useFakeMiddleware();

const kit = useSeededOrdersKit(async ({ call, store }) => {
  await call('IntegrationEvents.Create', {
    body: {
      ID: 'checkout',
      EventType: 'OrderCheckout',
      Name: 'Checkout',
      CustomImplementationUrl: `${middleware.url}/`,
      HashKey: HASH_KEY,
      ElevatedRoles: ['OrderAdmin'],
      ConfigData: { Carrier: 'demo' },
      CustomAuthHeaderName: 'X-Api-Key',
      CustomAuthHeaderValue: 'key-1',
    },
  });
  // The kit's callers all sign in through `client1`; API client IDs are generated, so it is stored directly.
  await store.put('ApiClients', [], {
    ID: 'client1',
    AppName: 'Shop',
    Active: true,
    AccessTokenDuration: 600,
    OrderCheckoutIntegrationEventID: 'checkout',
  });
});

const colleague = buyerAuth(SEED.buyer, SEED.colleague);
const params = (orderID: string) => out(orderID);
const estimate = (orderID: string, auth = shopper) =>
  kit.call('IntegrationEvents.EstimateShipping', { auth, params: params(orderID) });
const select = (orderID: string, selections: Item[], auth = shopper) =>
  kit.call('IntegrationEvents.SelectShipmethods', {
    auth,
    params: params(orderID),
    body: { ShipMethodSelections: selections },
  });
const calculate = (orderID: string, auth = shopper) =>
  kit.call('IntegrationEvents.Calculate', { auth, params: params(orderID) });
const worksheet = (orderID: string, auth = shopper) =>
  kit.call('IntegrationEvents.GetWorksheet', { auth, params: params(orderID) });

/** The error a call fails with, with its data. */
async function failure(call: Promise<unknown>): Promise<{ status: number; code: string; data: unknown }> {
  try {
    await call;
  } catch (error) {
    if (error instanceof ApiError) {
      const [first] = error.errors;
      return { status: error.status, code: first?.ErrorCode ?? '', data: first?.Data };
    }
    throw error;
  }
  throw new Error('expected the call to fail');
}

const RATES = {
  ShipEstimates: [
    {
      ID: 'est1',
      ShipEstimateItems: [{ LineItemID: 'l0', Quantity: 2 }],
      ShipMethods: [
        { ID: 'ground', Name: 'Ground', Cost: 5, EstimatedTransitDays: 5 },
        { ID: 'air', Name: 'Air', Cost: 15, EstimatedTransitDays: 1, xp: { Carrier: 'demo' } },
      ],
    },
  ],
};

afterEach(() => {
  middleware.answer = () => json({});
  middleware.calls.length = 0;
  checkoutCallSettings.timeoutMs = 10_000;
});

describe('the checkout integration, happy path', () => {
  it('estimates, selects, calculates and shows it all on the worksheet', async () => {
    const orderID = await shopperOrder(kit, [2], false);
    expect(await worksheet(orderID)).toMatchObject({
      Order: { ID: orderID, Subtotal: 20 },
      LineItems: [{ ID: 'l0' }],
      OrderPromotions: [],
      ShipEstimateResponse: null,
      OrderCalculateResponse: null,
    });

    middleware.answer = () => json(RATES);
    const estimated = await estimate(orderID);
    const [rates] = middleware.calls;
    expect(rates?.path).toBe('/shippingrates');
    expect(rates?.headers['x-oc-hash']).toBe(checkoutHash(HASH_KEY, rates?.raw ?? ''));
    expect(rates?.headers['x-api-key']).toBe('key-1');
    expect(rates?.body).toMatchObject({
      Environment: 'Sandbox',
      // The in-process kit runs without signing keys; the SDK suite checks the token.
      OrderCloudAccessToken: '',
      ConfigData: { Carrier: 'demo' },
      OrderWorksheet: { Order: { ID: orderID, Subtotal: 20 }, LineItems: [{ ID: 'l0', Quantity: 2 }] },
    });
    expect(estimated.ShipEstimateResponse).toEqual({
      ShipEstimates: [
        {
          ID: 'est1',
          xp: null,
          SelectedShipMethodID: null,
          ShipEstimateItems: [{ LineItemID: 'l0', Quantity: 2 }],
          ShipMethods: [
            { ID: 'ground', Name: 'Ground', Cost: 5, EstimatedTransitDays: 5, xp: null },
            { ID: 'air', Name: 'Air', Cost: 15, EstimatedTransitDays: 1, xp: { Carrier: 'demo' } },
          ],
        },
      ],
      HttpStatusCode: 200,
      UnhandledErrorBody: null,
      xp: null,
      Succeeded: true,
    });

    const selected = await select(orderID, [{ ShipEstimateID: 'est1', ShipMethodID: 'air' }]);
    expect(selected.Order).toMatchObject({ ShippingCost: 15, Total: 35 });
    expect(selected).toMatchObject({ ShipEstimateResponse: { ShipEstimates: [{ SelectedShipMethodID: 'air' }] } });

    middleware.answer = () =>
      json({ ShippingTotal: 12, TaxTotal: 2.5, FeeTotal: 1, LineItemOverrides: [{ LineItemID: 'l0', UnitPrice: 9 }] });
    const calculated = await calculate(orderID);
    const calc = middleware.calls[1];
    expect(calc?.path).toBe('/ordercalculate');
    expect(calc?.headers['x-oc-hash']).toBe(checkoutHash(HASH_KEY, calc?.raw ?? ''));
    expect(calc?.body).toMatchObject({
      OrderWorksheet: { ShipEstimateResponse: { ShipEstimates: [{ SelectedShipMethodID: 'air' }] } },
    });
    expect(calculated.Order).toMatchObject({ Subtotal: 18, ShippingCost: 12, TaxCost: 2.5, Fees: 1, Total: 33.5 });
    expect(calculated).toMatchObject({
      LineItems: [{ ID: 'l0', UnitPrice: 9, LineSubtotal: 18, PriceOverridden: true }],
      OrderCalculateResponse: { ShippingTotal: 12, TaxTotal: 2.5, FeeTotal: 1, Succeeded: true, HttpStatusCode: 200 },
    });
    expect(await kit.call('Orders.Get', { auth: shopper, params: out(orderID) })).toMatchObject({ Total: 33.5 });
    expect(await worksheet(orderID)).toEqual(calculated);

    // A new estimate drops the selection and the shipping cost it came with.
    middleware.answer = () => json(RATES);
    const again = await estimate(orderID);
    expect(again.Order).toMatchObject({ ShippingCost: 0, Total: 21.5 });
    expect(again).toMatchObject({ ShipEstimateResponse: { ShipEstimates: [{ SelectedShipMethodID: null }] } });
  });

  it('lets an order admin of the marketplace work on a shopper order', async () => {
    const orderID = await shopperOrder(kit, [1], false);
    middleware.answer = () => json(RATES);
    const admin = await kit.call('IntegrationEvents.EstimateShipping', {
      params: { direction: 'Incoming', orderID },
    });
    expect(admin).toMatchObject({ ShipEstimateResponse: { Succeeded: true } });
  });
});

describe('a failing middleware', () => {
  it('stores a 500 on the worksheet and answers 400', async () => {
    const orderID = await shopperOrder(kit, [1], false);
    middleware.answer = () => ({ status: 500, body: 'boom' });
    const error = await failure(estimate(orderID));
    expect(error).toMatchObject({ status: 400, code: 'IntegrationEvent.BadRequest' });
    expect(error.data).toEqual({ HttpStatusCode: 500, UnhandledErrorBody: 'boom' });
    expect((await worksheet(orderID)).ShipEstimateResponse).toEqual({
      ShipEstimates: [],
      HttpStatusCode: 500,
      UnhandledErrorBody: 'boom',
      xp: null,
      Succeeded: false,
    });
  });

  it('gives up after the time limit', async () => {
    const orderID = await shopperOrder(kit, [1], false);
    checkoutCallSettings.timeoutMs = 200;
    middleware.answer = () => ({ ...json(RATES), delayMs: 2_000 });
    expect(await failure(calculate(orderID))).toMatchObject({ status: 400, code: 'IntegrationEvent.BadRequest' });
    expect((await worksheet(orderID)).OrderCalculateResponse).toMatchObject({
      HttpStatusCode: null,
      UnhandledErrorBody: expect.stringContaining('did not answer'),
      Succeeded: false,
    });
  });

  it('refuses an answer that is not JSON or not the contract, changing nothing on the order', async () => {
    const orderID = await shopperOrder(kit, [1], false);
    middleware.answer = () => ({ body: 'not json' });
    expect(await failure(estimate(orderID))).toMatchObject({ code: 'IntegrationEvent.BadRequest' });
    expect((await worksheet(orderID)).ShipEstimateResponse).toMatchObject({
      HttpStatusCode: 200,
      UnhandledErrorBody: 'not json',
      Succeeded: false,
    });

    middleware.answer = () => json({ ShipEstimates: [{ ID: 'e', ShipMethods: [{ ID: 'free' }] }] });
    expect(await failure(estimate(orderID))).toMatchObject({ code: 'IntegrationEvent.BadRequest' });

    middleware.answer = () => json({ TaxTotal: 3, LineItemOverrides: [{ LineItemID: 'nope', UnitPrice: 1 }] });
    expect(await failure(calculate(orderID))).toMatchObject({ code: 'IntegrationEvent.BadRequest' });
    expect((await worksheet(orderID)).Order).toMatchObject({ TaxCost: 0, Subtotal: 10, Total: 10 });
  });
});

describe('checks before the middleware is called', () => {
  it('needs an API client with a checkout event', async () => {
    const orderID = await shopperOrder(kit, [1], false);
    const elsewhere = { ...shopper, clientId: 'unconfigured-client' };
    for (const call of [estimate(orderID, elsewhere), calculate(orderID, elsewhere)]) {
      expect(await failure(call)).toMatchObject({
        status: 400,
        code: 'IntegrationEvent.ApiClientNotConfiguredForOrderCalculate',
      });
    }
    expect(middleware.calls).toEqual([]);
  });

  it('selects only methods of stored estimates', async () => {
    const orderID = await shopperOrder(kit, [1], false);
    const pick = (ShipEstimateID: string, ShipMethodID: string) => select(orderID, [{ ShipEstimateID, ShipMethodID }]);
    expect(await failure(pick('est1', 'air'))).toMatchObject({ code: 'IntegrationEvent.MustCalculateShipping' });
    middleware.answer = () => json({ ShipEstimates: [] });
    await estimate(orderID);
    expect(await failure(pick('est1', 'air'))).toMatchObject({ code: 'IntegrationEvent.MustHaveShipEstimates' });
    middleware.answer = () => json(RATES);
    await estimate(orderID);
    expect(await failure(pick('est9', 'air'))).toMatchObject({ status: 404, data: { ObjectType: 'ShipEstimate' } });
    expect(await failure(pick('est1', 'boat'))).toMatchObject({ status: 404, data: { ObjectType: 'ShipMethod' } });
    expect(await failure(select(orderID, [{ ShipEstimateID: 'est1' }]))).toMatchObject({
      status: 400,
      code: 'ValidationFailure',
    });
    expect((await worksheet(orderID)).Order).toMatchObject({ ShippingCost: 0 });
  });

  it('refuses to submit an order the integration has not calculated', async () => {
    const orderID = await shopperOrder(kit, [1], false);
    const submit = () => kit.call('Orders.Submit', { auth: shopper, params: out(orderID) });
    expect(await failure(submit())).toMatchObject({ status: 400, code: 'Order.CannotSubmitUncalculatedOrder' });
    middleware.answer = () => ({ status: 500, body: 'down' });
    await failure(calculate(orderID));
    expect(await failure(submit())).toMatchObject({ code: 'Order.CannotSubmitUncalculatedOrder' });
    middleware.answer = () => json({ TaxTotal: 1 });
    await calculate(orderID);
    // A changed cart needs a new calculation; a payment added afterwards does not.
    await kit.call('LineItems.Patch', {
      auth: shopper,
      params: { ...out(orderID), lineItemID: 'l0' },
      body: { Quantity: 3 },
    });
    expect(await failure(submit())).toMatchObject({ code: 'Order.CannotSubmitUncalculatedOrder' });
    await calculate(orderID);
    await kit.call('Payments.Create', { auth: shopper, params: out(orderID), body: { Type: 'PurchaseOrder' } });
    expect(await submit()).toMatchObject({ Status: 'Open', TaxCost: 1 });
  });

  it('works on unsubmitted orders only, which can still be read', async () => {
    const orderID = await shopperOrder(kit, [1], false);
    middleware.answer = () => json({});
    await calculate(orderID);
    await kit.call('Orders.Submit', { auth: shopper, params: out(orderID) });
    middleware.calls.length = 0;
    const refused = { status: 400, code: 'Order.CannotCalculateBadStatus' };
    expect(await failure(estimate(orderID))).toMatchObject(refused);
    expect(await failure(calculate(orderID))).toMatchObject(refused);
    expect(await failure(select(orderID, [{ ShipEstimateID: 'e', ShipMethodID: 'm' }]))).toMatchObject(refused);
    expect(await worksheet(orderID)).toMatchObject({ Order: { ID: orderID, Status: 'Open' } });
    expect(middleware.calls).toEqual([]);
  });

  it("keeps buyers away from other users' orders", async () => {
    const orderID = await shopperOrder(kit, [1], false);
    for (const auth of [outsider, colleague]) {
      expect(await failure(estimate(orderID, auth))).toMatchObject({ status: 404, code: 'NotFound' });
      expect(await failure(calculate(orderID, auth))).toMatchObject({ status: 404 });
      expect(await failure(worksheet(orderID, auth))).toMatchObject({ status: 404 });
    }
    // A colleague who may read the buyer's orders sees the worksheet but may not run the integration.
    const reader = buyerAuth(SEED.buyer, SEED.colleague, ['Shopper', 'OrderReader']);
    expect(await worksheet(orderID, reader)).toMatchObject({ Order: { ID: orderID } });
    expect(await failure(estimate(orderID, reader))).toMatchObject({ status: 404 });
    expect(middleware.calls).toEqual([]);
  });
});
