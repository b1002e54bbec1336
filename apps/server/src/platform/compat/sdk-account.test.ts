import {
  AdminAddresses,
  AdminUsers,
  ApiClients,
  Auth,
  Buyers,
  ForgottenCredentials,
  InventoryRecords,
  Orders,
  Products,
  Specs,
  Tokens,
  Users,
} from 'ordercloud-javascript-sdk';
import { afterEach, describe, expect, it } from 'vitest';
import { verificationCodes } from '../resources/password-resets.ts';
import { ADMIN, sdkError } from './testing/sdk-harness.ts';
import { createShoppingBuyer, signInAsAdmin, useCompatServer } from './testing/sdk-suite.ts';

// Forgotten passwords, moving users between buyers and per-variant stock through the SDK (see sdk-suite.ts).
useCompatServer();

describe('forgotten passwords through the SDK', () => {
  const makeCode = verificationCodes.next;
  afterEach(() => {
    verificationCodes.next = makeCode;
  });

  it('sends a code without a token, resets the password with it once, and the new password signs in', async () => {
    await signInAsAdmin();
    await AdminUsers.Create({
      ID: 'forgetful',
      Username: 'forgetful',
      Password: 'Old-Passw0rd!',
      FirstName: 'For',
      LastName: 'Getful',
      Email: 'forgetful@example.com',
      Active: true,
    });
    Tokens.RemoveAccessToken();
    // The server runs in this process, so the test can know the code it "sent".
    verificationCodes.next = () => 'code-for-forgetful';
    await ForgottenCredentials.SendVerificationCode({ ClientID: ADMIN.clientId, Email: 'forgetful@example.com' });

    const wrongUser = await sdkError(
      ForgottenCredentials.ResetPasswordByVerificationCode('code-for-forgetful', {
        ClientID: ADMIN.clientId,
        Username: 'admin',
        Password: 'New-Passw0rd!',
      }),
    );
    expect(wrongUser.errors?.[0]?.ErrorCode).toBe('PasswordReset.InvalidVerification');

    const reset = { ClientID: ADMIN.clientId, Username: 'forgetful', Password: 'New-Passw0rd!' };
    await ForgottenCredentials.ResetPasswordByVerificationCode('code-for-forgetful', reset);
    const again = await sdkError(ForgottenCredentials.ResetPasswordByVerificationCode('code-for-forgetful', reset));
    expect(again.status).toBe(400);

    const old = await sdkError(Auth.Login('forgetful', 'Old-Passw0rd!', ADMIN.clientId, ['FullAccess']));
    expect(old.errorCode).toBe('Auth.InvalidUsernameOrPassword');
    await expect(Auth.Login('forgetful', 'New-Passw0rd!', ADMIN.clientId, ['FullAccess'])).resolves.toMatchObject({
      access_token: expect.any(String),
    });
  });

  it('answers the same for an unknown user and refuses an unknown client', async () => {
    await expect(
      ForgottenCredentials.SendVerificationCode({ ClientID: ADMIN.clientId, Username: 'nobody-here' }),
    ).resolves.toBeFalsy();
    const badClient = await sdkError(ForgottenCredentials.SendVerificationCode({ ClientID: 'nope', Username: 'x' }));
    expect(badClient.errors?.[0]?.ErrorCode).toBe('PasswordReset.MissingOrInvalidClientID');
  });
});

describe('moving a buyer user through the SDK', () => {
  it('moves the user and, asked to, its unsubmitted order', async () => {
    await signInAsAdmin();
    await createShoppingBuyer('from-buyer', ['mover'], 'Mover-Passw0rd!');
    await Buyers.Create({ ID: 'to-buyer', Name: 'To', Active: true });
    await ApiClients.Patch(ADMIN.clientId, { AllowAnyBuyer: true });
    const adminToken = Tokens.GetAccessToken();
    const login = await Auth.Login('mover', 'Mover-Passw0rd!', ADMIN.clientId, ['Shopper']);
    Tokens.SetAccessToken(login.access_token);
    const cart = await Orders.Create('Outgoing', { ID: 'mover-cart' });
    expect(cart.FromCompanyID).toBe('from-buyer');
    Tokens.SetAccessToken(adminToken ?? '');

    const moved = await Users.Move('from-buyer', 'mover', 'to-buyer', { orders: 'Unsubmitted' });
    expect(moved).toMatchObject({ ID: 'mover', Username: 'mover' });
    await expect(Users.Get('to-buyer', 'mover')).resolves.toMatchObject({ Email: 'mover@example.com' });
    expect((await sdkError(Users.Get('from-buyer', 'mover'))).status).toBe(404);
    await expect(Orders.Get('Incoming', 'mover-cart')).resolves.toMatchObject({ FromCompanyID: 'to-buyer' });
  });
});

describe('inventory of one variant through the SDK', () => {
  it('keeps separate stock records per variant', async () => {
    await signInAsAdmin();
    await Products.Create({
      ID: 'shirt',
      Name: 'Shirt',
      Active: true,
      Inventory: { Enabled: true, VariantLevelTracking: true },
    });
    await Specs.Create({ ID: 'shirt-size', Name: 'Size', DefinesVariant: true, Required: true });
    for (const ID of ['s', 'l']) await Specs.CreateOption('shirt-size', { ID, Value: ID });
    await Specs.SaveProductAssignment({ SpecID: 'shirt-size', ProductID: 'shirt' });
    await Products.GenerateVariants('shirt', {});

    await AdminAddresses.Create({
      ID: 'warehouse',
      Street1: '1 Dock Rd',
      City: 'Port',
      State: 'PS',
      Zip: '1',
      Country: 'US',
    });

    const record = await InventoryRecords.CreateVariant('shirt', 'shirt-s', {
      ID: 'small-stock',
      AddressID: 'warehouse',
      QuantityAvailable: 5,
    });
    expect(record).toMatchObject({ ID: 'small-stock', QuantityAvailable: 5, Address: { City: 'Port' } });
    await InventoryRecords.PatchVariant('shirt', 'shirt-s', 'small-stock', { QuantityAvailable: 9 });
    const small = await InventoryRecords.ListVariant('shirt', 'shirt-s');
    expect(small.Items.map((item) => [item.ID, item.QuantityAvailable])).toEqual([['small-stock', 9]]);
    await expect(InventoryRecords.ListVariant('shirt', 'shirt-l')).resolves.toMatchObject({ Items: [] });
    await InventoryRecords.DeleteVariant('shirt', 'shirt-s', 'small-stock');
    expect((await sdkError(InventoryRecords.GetVariant('shirt', 'shirt-s', 'small-stock'))).status).toBe(404);
  });
});
