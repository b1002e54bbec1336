import {
  ApiClients,
  Auth,
  Buyers,
  ImpersonationConfigs,
  Me,
  Products,
  SecurityProfiles,
  Tokens,
  Users,
} from 'ordercloud-javascript-sdk';
import { beforeEach, describe, expect, it } from 'vitest';
import { ADMIN, expiredToken, sdkError, tokenClaims } from './testing/sdk-harness.ts';
import { signInAsAdmin, useCompatServer } from './testing/sdk-suite.ts';

// Signing in, tokens and impersonation through the SDK, and the errors it surfaces (see sdk-suite.ts).
useCompatServer();

describe('auth through the SDK', () => {
  it('logs the admin in and the stored token authorises API calls', async () => {
    const auth = await Auth.Login(ADMIN.username, ADMIN.password, ADMIN.clientId, ['FullAccess']);
    expect(auth.token_type.toLowerCase()).toBe('bearer');
    expect(auth.expires_in).toBeGreaterThan(0);
    // The SDK reads cid (to refresh) and usr/usrtype (apps show them) from the payload.
    expect(tokenClaims(auth.access_token)).toMatchObject({ usr: 'admin', cid: ADMIN.clientId, usrtype: 'admin' });
    Tokens.SetAccessToken(auth.access_token);
    expect(Tokens.GetAccessToken()).toBe(auth.access_token);
    const page = await Products.List();
    expect(page.Meta.Page).toBe(1);
  });

  it('surfaces a wrong password with the platform code', async () => {
    const error = await sdkError(Auth.Login(ADMIN.username, 'not-the-password', ADMIN.clientId, ['FullAccess']));
    expect(error.isOrderCloudError).toBe(true);
    expect(error.status).toBe(400);
    expect(error.errorCode).toBe('Auth.InvalidUsernameOrPassword');
    expect(error.errors?.[0]?.ErrorCode).toBe('Auth.InvalidUsernameOrPassword');
  });

  it('issues a refresh token and exchanges it with Auth.RefreshToken', async () => {
    const login = await Auth.Login(ADMIN.username, ADMIN.password, ADMIN.clientId, ['ProductReader']);
    expect(login.refresh_token).toEqual(expect.any(String));
    expect(login.refresh_token.length).toBeGreaterThan(0);
    const refreshed = await Auth.RefreshToken(login.refresh_token, ADMIN.clientId);
    // The scope first asked for is kept; a single role is encoded as a plain string (facts §1.3).
    expect(tokenClaims(refreshed.access_token)).toMatchObject({ usr: 'admin', role: 'ProductReader' });
    Tokens.SetAccessToken(refreshed.access_token);
    await expect(Products.List()).resolves.toMatchObject({ Meta: { Page: 1 } });
  });

  it('lets the SDK silently refresh an expired access token with the stored refresh token', async () => {
    const login = await Auth.Login(ADMIN.username, ADMIN.password, ADMIN.clientId, ['FullAccess']);
    // The SDK refreshes when the stored token's exp has passed, using the token's cid as client ID.
    Tokens.SetAccessToken(expiredToken(ADMIN.clientId));
    Tokens.SetRefreshToken(login.refresh_token);
    const page = await Products.List();
    expect(page.Meta.Page).toBe(1);
    const renewed = Tokens.GetAccessToken() ?? '';
    expect(renewed).not.toBe(expiredToken(ADMIN.clientId));
    expect(tokenClaims(renewed)).toMatchObject({ usr: 'admin', cid: ADMIN.clientId });
  });
});

describe('errors as the SDK surfaces them', () => {
  beforeEach(async () => {
    await signInAsAdmin();
  });

  it('builds the NotFound message from Data.ObjectType and Data.ObjectID', async () => {
    const error = await sdkError(Products.Get('no-such-product'));
    expect(error.status).toBe(404);
    expect(error.errorCode).toBe('NotFound');
    expect(error.message).toBe('Product no-such-product not found');
    expect(error.errors?.[0]?.Data).toEqual({ ObjectType: 'Product', ObjectID: 'no-such-product' });
  });

  it('answers a duplicate ID with 409 IdExists', async () => {
    await Products.Create({ ID: 'dup-product', Name: 'Once' });
    const error = await sdkError(Products.Create({ ID: 'dup-product', Name: 'Twice' }));
    expect(error.status).toBe(409);
    expect(error.errorCode).toBe('IdExists');
  });

  it('answers an invalid body with 400 ValidationFailure', async () => {
    const error = await sdkError(Products.Create({ Name: 'x'.repeat(101) }));
    expect(error.status).toBe(400);
    expect(error.errorCode).toBe('ValidationFailure');
    expect(error.message.length).toBeGreaterThan(0);
  });

  it('answers a call without a token with 401', async () => {
    Tokens.RemoveAccessToken();
    const error = await sdkError(Products.List());
    // With no token stored the SDK still sends `Authorization: Bearer ` (empty), which must be a 401.
    expect(error.status).toBe(401);
    expect(error.errorCode).toBe('InvalidToken');
  });

  it('answers a token lacking the roles with 403 InsufficientRoles', async () => {
    await signInAsAdmin(['ProductReader']);
    await expect(Products.List()).resolves.toMatchObject({ Meta: { Page: 1 } });
    const error = await sdkError(Products.Create({ ID: 'forbidden', Name: 'Forbidden' }));
    expect(error.status).toBe(403);
    expect(error.errorCode).toBe('InsufficientRoles');
    // The platform lists the roles that would have sufficed and the ones held (facts §5).
    expect(error.errors?.[0]?.Data).toMatchObject({
      SufficientRoles: expect.arrayContaining(['ProductAdmin']),
      AssignedRoles: ['ProductReader'],
    });
  });
});

describe('impersonation through the SDK', () => {
  beforeEach(async () => {
    await signInAsAdmin();
  });

  /** A buyer, its user with a password, a storefront client and a shopper profile, all made through the SDK. */
  async function setUpShopper(): Promise<{ clientId: string }> {
    await Buyers.Create({ ID: 'imp-buyer', Name: 'Impersonated Buyer', Active: true });
    await Users.Create('imp-buyer', {
      ID: 'shopper1',
      Username: 'shopper1',
      Password: 'Shopper-Pass-1',
      FirstName: 'Sam',
      LastName: 'Shopper',
      Email: 'sam@example.com',
      Active: true,
    });
    const client = await ApiClients.Create({
      AppName: 'Storefront',
      AccessTokenDuration: 600,
      Active: true,
      AllowAnyBuyer: true,
    });
    await SecurityProfiles.Create({ ID: 'shopper', Name: 'Shopper', Roles: ['Shopper', 'MeAdmin'] });
    await SecurityProfiles.SaveAssignment({ SecurityProfileID: 'shopper', BuyerID: 'imp-buyer' });
    await ImpersonationConfigs.Create({ ClientID: client.ID, SecurityProfileID: 'shopper', BuyerID: 'imp-buyer' });
    return { clientId: client.ID };
  }

  // Both tests need the same setup; whichever runs first makes it (the setup is not repeatable).
  let shopper: Promise<{ clientId: string }> | undefined;
  const shopperSetup = () => (shopper ??= setUpShopper());

  it('mints an impersonation token with Users.GetAccessToken', async () => {
    const { clientId } = await shopperSetup();
    // The buyer user can sign in through that client on its own, with its company-level profile.
    const own = await Auth.Login('shopper1', 'Shopper-Pass-1', clientId, ['Shopper']);
    expect(tokenClaims(own.access_token)).toMatchObject({ usr: 'shopper1', usrtype: 'buyer', role: 'Shopper' });
    const token = await Users.GetAccessToken('imp-buyer', 'shopper1', { ClientID: clientId, Roles: ['Shopper'] });
    expect(token.access_token.length).toBeGreaterThan(0);
    const claims = tokenClaims(token.access_token);
    expect(claims).toMatchObject({ usr: 'shopper1', usrtype: 'buyer', cid: clientId, role: 'Shopper' });
    // imp marks an impersonation token (facts §1.3).
    expect(claims.imp).toEqual(expect.any(String));
  });

  it('calls Me as the impersonated user with As()', async () => {
    const { clientId } = await shopperSetup();
    const token = await Users.GetAccessToken('imp-buyer', 'shopper1', { ClientID: clientId, Roles: ['Shopper'] });
    Tokens.SetImpersonationToken(token.access_token);
    const me = await Me.As().Get();
    expect(me).toMatchObject({ ID: 'shopper1', Username: 'shopper1' });
    // As() applies to one call only: the next call on Me uses the admin's own token again.
    await expect(Me.Get()).resolves.toMatchObject({ ID: 'admin' });
  });
});
