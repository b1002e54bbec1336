import {
  ApiClients,
  Auth,
  Catalogs,
  LineItems,
  Me,
  Orders,
  PriceSchedules,
  Products,
  Tokens,
} from 'ordercloud-javascript-sdk';
import { beforeAll, describe, expect, it } from 'vitest';
import { resetSdk, sdkError, tokenClaims } from './testing/sdk-harness.ts';
import { createShoppingBuyer, signInAsAdmin, useCompatServer } from './testing/sdk-suite.ts';

// Anonymous shopping through the SDK (see sdk-suite.ts): Auth.Anonymous, a cart, then Me.Register
// or Me.TransferAnonUserOrder, exactly as a storefront calls them.
const suite = useCompatServer();

let storefrontId = '';
const PASSWORD = 'Shop-Passw0rd!';

beforeAll(async () => {
  // beforeEach points the SDK at the server only for tests; the set-up here needs it too.
  resetSdk(suite.baseApiUrl);
  await signInAsAdmin();
  await createShoppingBuyer('guests', ['guest-template', 'returning'], PASSWORD);
  await PriceSchedules.Create({ ID: 'guest-price', Name: 'Guest price', PriceBreaks: [{ Quantity: 1, Price: 5 }] });
  await Products.Create({ ID: 'guest-mug', Name: 'Mug', Active: true, DefaultPriceScheduleID: 'guest-price' });
  await Catalogs.Create({ ID: 'guest-catalog', Name: 'Guest catalog', Active: true });
  await Catalogs.SaveAssignment({ CatalogID: 'guest-catalog', BuyerID: 'guests', ViewAllProducts: true });
  await Catalogs.SaveProductAssignment({ CatalogID: 'guest-catalog', ProductID: 'guest-mug' });
  const client = await ApiClients.Create({
    AppName: 'Guest storefront',
    Active: true,
    AccessTokenDuration: 60,
    AllowAnyBuyer: true,
    IsAnonBuyer: true,
    DefaultContextUserName: 'guest-template',
  });
  storefrontId = client.ID ?? '';
  Tokens.RemoveAccessToken();
});

/** Signs in anonymously through the SDK and fills a cart with two mugs; answers the token and the order ID. */
async function anonymousCart(): Promise<{ token: string; orderId: string }> {
  const auth = await Auth.Anonymous(storefrontId);
  Tokens.SetAccessToken(auth.access_token);
  const products = await Me.ListProducts();
  expect(products.Items.map((product) => product.ID)).toContain('guest-mug');
  const order = await Orders.Create('Outgoing', {});
  await LineItems.Create('Outgoing', order.ID ?? '', { ProductID: 'guest-mug', Quantity: 2 });
  return { token: auth.access_token, orderId: order.ID ?? '' };
}

describe('anonymous shopping through the SDK', () => {
  it('shops anonymously, registers, and the new user finds the cart', async () => {
    const { token, orderId } = await anonymousCart();
    const me = await Me.Get();
    expect(me.ID).toBe(tokenClaims(token).u);
    expect(me.Buyer?.ID).toBe('guests');

    const registered = await Me.Register(
      {
        Username: 'new-guest',
        Password: PASSWORD,
        FirstName: 'New',
        LastName: 'Guest',
        Email: 'new-guest@example.com',
        Active: true,
      },
      { anonUserToken: token },
    );
    Tokens.SetAccessToken(registered.access_token);
    expect((await Me.Get()).Username).toBe('new-guest');
    const orders = await Me.ListOrders();
    expect(orders.Items.map((order) => order.ID)).toEqual([orderId]);
    expect(orders.Items[0]).toMatchObject({ LineItemCount: 1, Subtotal: 10, FromUser: { Username: 'new-guest' } });
    const lines = await LineItems.List('Outgoing', orderId);
    expect(lines.Items.map((line) => [line.ProductID, line.Quantity])).toEqual([['guest-mug', 2]]);

    // The anonymous token no longer sees the cart it handed over.
    Tokens.SetAccessToken(token);
    expect((await Me.ListOrders()).Items).toEqual([]);
    const refused = await sdkError(Me.Patch({ FirstName: 'Nope' }));
    expect([refused.status, refused.errorCode]).toEqual([403, 'Auth.AnonUserProhibited']);
  });

  it('hands an anonymous cart to a returning user who signs in', async () => {
    const { token, orderId } = await anonymousCart();
    const signedIn = await Auth.Login('returning', PASSWORD, storefrontId);
    Tokens.SetAccessToken(signedIn.access_token);
    await Me.TransferAnonUserOrder({ anonUserToken: token });
    const mine = await Me.ListOrders();
    expect(mine.Items.map((order) => order.ID)).toContain(orderId);
    expect((await Orders.Get('Outgoing', orderId)).FromUserID).toBe('returning');

    const missing = await sdkError(Me.TransferAnonUserOrder({}));
    expect(missing.errorCode).toBe('Auth.MustPassAnonUserToken');
  });
});
