import {
  ApiClients,
  Auth,
  IntegrationEvents,
  LineItems,
  Orders,
  PriceSchedules,
  Products,
  Tokens,
} from 'ordercloud-javascript-sdk';
import { describe, expect, it } from 'vitest';
import { checkoutHash } from '../orders/checkout-middleware.ts';
import { json, useFakeMiddleware } from '../orders/testing/checkout-middleware.ts';
import { ADMIN, sdkError, tokenClaims } from './testing/sdk-harness.ts';
import { createShoppingBuyer, signInAsAdmin, useCompatServer } from './testing/sdk-suite.ts';

// The checkout integration (IntegrationEvents.EstimateShipping, SelectShipmethods, Calculate,
// GetWorksheet) through the SDK, against a local server playing the middleware (see sdk-suite.ts).
useCompatServer();

const HASH_KEY = 'sdk-checkout-key';
const middleware = useFakeMiddleware();

const RATES = {
  ShipEstimates: [
    {
      ID: 'est1',
      ShipEstimateItems: [{ LineItemID: 'line1', Quantity: 2 }],
      ShipMethods: [
        { ID: 'ground', Name: 'Ground', Cost: 5, EstimatedTransitDays: 4 },
        { ID: 'air', Name: 'Air', Cost: 15, EstimatedTransitDays: 1 },
      ],
    },
  ],
};

/** A marketplace whose admin client runs the checkout event, a shopper, and a priced product. */
async function setUpShop(): Promise<void> {
  await signInAsAdmin();
  await IntegrationEvents.Create({
    ID: 'checkout',
    EventType: 'OrderCheckout',
    Name: 'Checkout',
    CustomImplementationUrl: middleware.url,
    HashKey: HASH_KEY,
    ElevatedRoles: ['OrderReader'],
    ConfigData: { Mode: 'test' },
  });
  await ApiClients.Patch(ADMIN.clientId, { AllowAnyBuyer: true, OrderCheckoutIntegrationEventID: 'checkout' });
  await createShoppingBuyer('shop-buyer', ['shopper'], 'Shopper-Passw0rd!', ['Shopper']);
  await PriceSchedules.Create({ ID: 'tenner', Name: 'Ten', PriceBreaks: [{ Quantity: 1, Price: 10 }] });
  await Products.Create({ ID: 'kettle', Name: 'Kettle', Active: true, DefaultPriceScheduleID: 'tenner' });
}

describe('the checkout integration through the SDK', () => {
  it('estimates, selects, calculates and reads the worksheet of a cart', async () => {
    await setUpShop();
    const login = await Auth.Login('shopper', 'Shopper-Passw0rd!', ADMIN.clientId, ['Shopper']);
    Tokens.SetAccessToken(login.access_token);
    await Orders.Create('Outgoing', { ID: 'sdk-cart' });
    await LineItems.Create('Outgoing', 'sdk-cart', { ID: 'line1', ProductID: 'kettle', Quantity: 2 });

    middleware.answer = (call) => (call.path === '/shippingrates' ? json(RATES) : json({ TaxTotal: 1.5 }));
    const estimated = await IntegrationEvents.EstimateShipping('Outgoing', 'sdk-cart');
    expect(estimated.ShipEstimateResponse.ShipEstimates[0]?.ShipMethods.map((method) => method.ID)).toEqual([
      'ground',
      'air',
    ]);
    const [rates] = middleware.calls;
    expect(rates?.headers['x-oc-hash']).toBe(checkoutHash(HASH_KEY, rates?.raw ?? ''));
    expect(rates?.body).toMatchObject({ Environment: 'Staging', ConfigData: { Mode: 'test' } });

    // The token handed to the middleware acts as the shopper with the event's ElevatedRoles.
    const middlewareToken = String(rates?.body.OrderCloudAccessToken);
    expect(tokenClaims(middlewareToken)).toMatchObject({ u: 'shopper', cid: ADMIN.clientId, role: 'OrderReader' });
    Tokens.SetAccessToken(middlewareToken);
    await expect(Orders.Get('Outgoing', 'sdk-cart')).resolves.toMatchObject({ ID: 'sdk-cart' });
    Tokens.SetAccessToken(login.access_token);

    const selected = await IntegrationEvents.SelectShipmethods('Outgoing', 'sdk-cart', {
      ShipMethodSelections: [{ ShipEstimateID: 'est1', ShipMethodID: 'air' }],
    });
    expect(selected.Order).toMatchObject({ Subtotal: 20, ShippingCost: 15, Total: 35 });

    const calculated = await IntegrationEvents.Calculate('Outgoing', 'sdk-cart');
    expect(calculated.Order).toMatchObject({ ShippingCost: 15, TaxCost: 1.5, Total: 36.5 });
    expect(calculated.OrderCalculateResponse).toMatchObject({ TaxTotal: 1.5, Succeeded: true });

    const sheet = await IntegrationEvents.GetWorksheet('Outgoing', 'sdk-cart');
    expect(sheet).toMatchObject({
      Order: { ID: 'sdk-cart', Total: 36.5 },
      LineItems: [{ ID: 'line1', Quantity: 2 }],
      ShipEstimateResponse: { ShipEstimates: [{ ID: 'est1', SelectedShipMethodID: 'air' }] },
    });
  });

  it('answers the SDK a 400 when the middleware fails, and a 404 for an unknown ship method', async () => {
    await signInAsAdmin();
    middleware.answer = () => ({ status: 502, body: 'bad gateway' });
    const failed = await sdkError(IntegrationEvents.Calculate('Incoming', 'sdk-cart'));
    expect(failed.status).toBe(400);
    expect(failed.errorCode).toBe('IntegrationEvent.BadRequest');
    const sheet = await IntegrationEvents.GetWorksheet('Incoming', 'sdk-cart');
    expect(sheet.OrderCalculateResponse).toMatchObject({ HttpStatusCode: 502, Succeeded: false });

    const unknown = await sdkError(
      IntegrationEvents.SelectShipmethods('Incoming', 'sdk-cart', {
        ShipMethodSelections: [{ ShipEstimateID: 'est1', ShipMethodID: 'boat' }],
      }),
    );
    expect(unknown.status).toBe(404);
  });
});
