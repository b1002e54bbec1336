import {
  ApiClients,
  Auth,
  Buyers,
  Catalogs,
  Categories,
  ImpersonationConfigs,
  Me,
  PriceSchedules,
  Products,
  SecurityProfiles,
  Specs,
  Tokens,
  UserGroups,
  Users,
  type ApiRole,
  type Product,
} from 'ordercloud-javascript-sdk';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  ADMIN,
  expiredToken,
  resetSdk,
  sdkError,
  startCompatServer,
  tokenClaims,
  type CompatServer,
} from './sdk-harness.ts';

/*
 * Drives the real server with the published ordercloud-javascript-sdk, unchanged: every call under
 * test goes through the SDK, so what passes here is what an OrderCloud app sees. The SDK keeps its
 * configuration and tokens in module state, hence one file, tests in order, and a reset before each.
 */

interface ProductXp {
  Color?: string;
  Size?: string;
  Specs?: { Weight?: number; Material?: string };
}

let compat: CompatServer;

beforeAll(async () => {
  compat = await startCompatServer();
});
afterAll(async () => {
  await compat?.dispose();
});
beforeEach(() => {
  resetSdk(compat.baseApiUrl);
});

/** Signs the admin in through the SDK and stores the token the way an app does. */
async function signInAsAdmin(roles: ApiRole[] = ['FullAccess']): Promise<string> {
  const auth = await Auth.Login(ADMIN.username, ADMIN.password, ADMIN.clientId, roles);
  Tokens.SetAccessToken(auth.access_token);
  return auth.access_token;
}

describe('what the SDK puts on the wire', () => {
  // Every /v1 call carries `Content-Type: application/json` and `Authorization: Bearer <token>`,
  // also when there is no body: every DELETE (and body-less POSTs such as Orders.Submit or
  // Users.UnlockUserAccount) arrives with that header and zero bytes. The real platform serves
  // them, so an empty JSON body must read as "no body", not as a malformed one.
  it('serves body-less DELETE requests sent with Content-Type: application/json', async () => {
    await signInAsAdmin();
    await Products.Create({ ID: 'wire-product', Name: 'Wire Product', Active: true });
    await Specs.Create({ ID: 'wire-colour', Name: 'Colour' });
    await Specs.SaveProductAssignment({ SpecID: 'wire-colour', ProductID: 'wire-product' });
    await Specs.DeleteProductAssignment('wire-colour', 'wire-product');
    await expect(Products.ListSpecs('wire-product')).resolves.toMatchObject({ Items: [] });
    await Products.Delete('wire-product');
    expect((await sdkError(Products.Get('wire-product'))).status).toBe(404);
  });
});

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

describe('CRUD through the SDK', () => {
  beforeEach(async () => {
    await signInAsAdmin();
  });

  it('creates, gets, patches, saves and deletes a buyer', async () => {
    const created = await Buyers.Create({ ID: 'crud-buyer', Name: 'Crud Buyer', Active: true, xp: { Tier: 'gold' } });
    expect(created).toMatchObject({ ID: 'crud-buyer', Name: 'Crud Buyer', Active: true, xp: { Tier: 'gold' } });
    expect(created.DateCreated).toEqual(expect.any(String));
    await expect(Buyers.Get('crud-buyer')).resolves.toMatchObject({ ID: 'crud-buyer', Name: 'Crud Buyer' });
    const patched = await Buyers.Patch('crud-buyer', { Name: 'Patched Buyer', xp: { Region: 'west' } });
    expect(patched).toMatchObject({ Name: 'Patched Buyer', Active: true, xp: { Tier: 'gold', Region: 'west' } });
    // PUT replaces: xp keys left out are gone.
    const saved = await Buyers.Save('crud-buyer', { ID: 'crud-buyer', Name: 'Saved Buyer', Active: false, xp: {} });
    expect(saved).toMatchObject({ Name: 'Saved Buyer', Active: false, xp: {} });
    await Buyers.Delete('crud-buyer');
    expect((await sdkError(Buyers.Get('crud-buyer'))).status).toBe(404);
  });

  it('creates a buyer without an ID and gets a generated one', async () => {
    const created = await Buyers.Create({ Name: 'Anonymous Id Buyer', Active: true });
    expect(created.ID).toMatch(/^[A-Za-z0-9_-]+$/);
    await expect(Buyers.Get(created.ID)).resolves.toMatchObject({ Name: 'Anonymous Id Buyer' });
  });

  it('manages users under a buyer, never echoing the password', async () => {
    await Buyers.Create({ ID: 'users-buyer', Name: 'Users Buyer', Active: true });
    const user = await Users.Create('users-buyer', {
      ID: 'jane',
      Username: 'jane.users',
      Password: 'Jane-Password-1',
      FirstName: 'Jane',
      LastName: 'Doe',
      Email: 'jane@example.com',
      Active: true,
    });
    expect(user).toMatchObject({ ID: 'jane', Username: 'jane.users', CompanyID: 'users-buyer' });
    expect(user.Password ?? null).toBeNull();
    const patched = await Users.Patch('users-buyer', 'jane', { LastName: 'Smith', xp: { Team: 'blue' } });
    expect(patched).toMatchObject({ FirstName: 'Jane', LastName: 'Smith', xp: { Team: 'blue' } });
    const listed = await Users.List('users-buyer', { filters: { LastName: 'Smi*' } });
    expect(listed.Items.map((item) => item.ID)).toEqual(['jane']);
    await Users.Delete('users-buyer', 'jane');
    expect((await sdkError(Users.Get('users-buyer', 'jane'))).errorCode).toBe('NotFound');
  });

  it('creates a product with xp and deep-merges xp on patch', async () => {
    const created = await Products.Create<Product<ProductXp>>({
      ID: 'xp-product',
      Name: 'Xp Product',
      Active: true,
      xp: { Color: 'red', Specs: { Weight: 2, Material: 'steel' } },
    });
    expect(created.xp).toEqual({ Color: 'red', Specs: { Weight: 2, Material: 'steel' } });
    const patched = await Products.Patch<Product<ProductXp>>('xp-product', { xp: { Specs: { Weight: 3 } } });
    // Sibling keys survive at every level (facts §9).
    expect(patched.xp).toEqual({ Color: 'red', Specs: { Weight: 3, Material: 'steel' } });
    expect(patched.Name).toBe('Xp Product');
    const fetched = await Products.Get<Product<ProductXp>>('xp-product');
    expect(fetched.xp.Specs.Weight).toBe(3);
  });

  it('keeps price breaks of a price schedule, upserting by quantity', async () => {
    const schedule = await PriceSchedules.Create({
      ID: 'breaks',
      Name: 'Breaks',
      MinQuantity: 1,
      PriceBreaks: [{ Quantity: 1, Price: 10 }],
    });
    expect(schedule.PriceBreaks).toEqual([expect.objectContaining({ Quantity: 1, Price: 10 })]);
    const withBreak = await PriceSchedules.SavePriceBreak('breaks', { Quantity: 10, Price: 8 });
    expect(withBreak.PriceBreaks.map((item) => [item.Quantity, item.Price])).toEqual([
      [1, 10],
      [10, 8],
    ]);
    const replaced = await PriceSchedules.SavePriceBreak('breaks', { Quantity: 10, Price: 7.5 });
    expect(replaced.PriceBreaks.map((item) => [item.Quantity, item.Price])).toEqual([
      [1, 10],
      [10, 7.5],
    ]);
    await PriceSchedules.DeletePriceBreak('breaks', { quantity: 10 });
    const after = await PriceSchedules.Get('breaks');
    expect(after.PriceBreaks.map((item) => item.Quantity)).toEqual([1]);
  });

  it('nests categories in a catalog and lists them by depth', async () => {
    await Catalogs.Create({ ID: 'outdoor', Name: 'Outdoor', Active: true });
    await Categories.Create('outdoor', { ID: 'gear', Name: 'Gear', Active: true });
    const child = await Categories.Create('outdoor', { ID: 'tents', Name: 'Tents', Active: true, ParentID: 'gear' });
    expect(child.ParentID).toBe('gear');
    const top = await Categories.List('outdoor');
    // Depth 1 (the default) is the top level only.
    expect(top.Items.map((item) => item.ID)).toEqual(['gear']);
    expect(top.Items[0]?.ChildCount).toBe(1);
    const all = await Categories.List('outdoor', { depth: 'all', sortBy: ['ID'] });
    expect(all.Items.map((item) => item.ID)).toEqual(['gear', 'tents']);
    await expect(Categories.Get('outdoor', 'tents')).resolves.toMatchObject({ ParentID: 'gear' });
  });

  it('creates specs with options and lists them on a product', async () => {
    await Products.Create({ ID: 'spec-product', Name: 'Spec Product', Active: true });
    await Specs.Create({ ID: 'size', Name: 'Size', Required: true, AllowOpenText: false });
    await Specs.CreateOption('size', { ID: 'small', Value: 'Small', ListOrder: 1 });
    await Specs.CreateOption('size', {
      ID: 'large',
      Value: 'Large',
      ListOrder: 2,
      PriceMarkupType: 'AmountPerQuantity',
      PriceMarkup: 5,
    });
    const options = await Specs.ListOptions('size', { sortBy: ['ListOrder'] });
    expect(options.Items.map((item) => item.ID)).toEqual(['small', 'large']);
    await expect(Specs.GetOption('size', 'large')).resolves.toMatchObject({ PriceMarkup: 5 });
    await Specs.SaveProductAssignment({ SpecID: 'size', ProductID: 'spec-product' });
    const specs = await Products.ListSpecs('spec-product');
    expect(specs.Items.map((item) => item.ID)).toEqual(['size']);
    expect(specs.Items[0]?.OptionCount).toBe(2);
    await expect(Products.Get('spec-product')).resolves.toMatchObject({ SpecCount: 1 });
  });
});

describe('lists through the SDK', () => {
  beforeAll(async () => {
    resetSdk(compat.baseApiUrl);
    await signInAsAdmin();
    const names = ['Alpha', 'Bravo', 'Charlie', 'Delta', 'Echo', 'Foxtrot', 'Golf'];
    for (const name of names) {
      await Products.Create({
        ID: `list-${name.toLowerCase()}`,
        Name: `Lantern ${name}`,
        Active: true,
        xp: { Color: 'red' },
      });
    }
    // Each of these misses exactly one condition of the main list call.
    await Products.Create({ ID: 'list-blue', Name: 'Lantern Blue', Active: true, xp: { Color: 'blue' } });
    await Products.Create({ ID: 'list-off', Name: 'Lantern Off', Active: false, xp: { Color: 'red' } });
    await Products.Create({ ID: 'list-tent', Name: 'Tent', Active: true, xp: { Color: 'red' } });
    await Products.Create({ ID: 'list-plain', Name: 'Plain Lantern', Active: true, xp: { Size: 'L' } });
  });
  beforeEach(async () => {
    await signInAsAdmin();
  });

  const mainQuery = {
    filters: { 'xp.Color': 'red', Active: true },
    sortBy: ['!Name'],
    search: 'Lantern',
    searchOn: ['Name'],
    pageSize: 5,
  };

  it('filters on xp and booleans, searches, sorts descending and pages', async () => {
    const first = await Products.List({ ...mainQuery, page: 1 });
    expect(first.Items.map((item) => item.Name)).toEqual([
      'Lantern Golf',
      'Lantern Foxtrot',
      'Lantern Echo',
      'Lantern Delta',
      'Lantern Charlie',
    ]);
    expect(first.Meta).toMatchObject({ Page: 1, PageSize: 5, TotalCount: 7, TotalPages: 2, ItemRange: [1, 5] });
    const second = await Products.List({ ...mainQuery, page: 2 });
    expect(second.Items.map((item) => item.Name)).toEqual(['Lantern Bravo', 'Lantern Alpha']);
    expect(second.Meta).toMatchObject({ Page: 2, PageSize: 5, TotalCount: 7, TotalPages: 2, ItemRange: [6, 7] });
  });

  it('applies negation, wildcards and alternatives', async () => {
    const notRed = await Products.List({ filters: { ID: 'list-*', 'xp.Color': '!red' }, sortBy: ['ID'] });
    // A product without xp.Color is "not red" too.
    expect(notRed.Items.map((item) => item.ID)).toEqual(['list-blue', 'list-plain']);
    const either = await Products.List({ filters: { ID: 'list-alpha|list-golf|list-tent' }, sortBy: ['ID'] });
    expect(either.Items.map((item) => item.ID)).toEqual(['list-alpha', 'list-golf', 'list-tent']);
    // An array repeats the key, and repeated keys AND their values (facts §4).
    const mixed = await Products.List({ filters: { Name: '*an*|Tent', ID: ['list-*', '!list-b*'] }, sortBy: ['ID'] });
    expect(mixed.Items.map((item) => item.ID)).toEqual([
      'list-alpha',
      'list-charlie',
      'list-delta',
      'list-echo',
      'list-foxtrot',
      'list-golf',
      'list-off',
      'list-plain',
      'list-tent',
    ]);
    const neither = await Products.List({ filters: { ID: 'list-*', 'xp.Color': ['!red', '!blue'] } });
    expect(neither.Items.map((item) => item.ID)).toEqual(['list-plain']);
    const absent = await Products.List({ filters: { ID: 'list-*', 'xp.Color': '!*' } });
    expect(absent.Items.map((item) => item.ID)).toEqual(['list-plain']);
  });

  it('refuses a page size over 100 with List.InvalidPageSize', async () => {
    const error = await sdkError(Products.List({ pageSize: 101 }));
    expect(error.status).toBe(400);
    expect(error.errorCode).toBe('List.InvalidPageSize');
  });
});

describe('assignments through the SDK', () => {
  beforeEach(async () => {
    await signInAsAdmin();
  });

  it('saves, lists and deletes product assignments', async () => {
    await Buyers.Create({ ID: 'assign-buyer', Name: 'Assign Buyer', Active: true });
    await Products.Create({ ID: 'assign-product', Name: 'Assign Product', Active: true });
    await PriceSchedules.Create({ ID: 'assign-price', Name: 'Assign Price', PriceBreaks: [{ Quantity: 1, Price: 3 }] });
    await Products.SaveAssignment({
      ProductID: 'assign-product',
      BuyerID: 'assign-buyer',
      PriceScheduleID: 'assign-price',
    });
    // Saving the same assignment again is an idempotent upsert.
    await Products.SaveAssignment({
      ProductID: 'assign-product',
      BuyerID: 'assign-buyer',
      PriceScheduleID: 'assign-price',
    });
    const listed = await Products.ListAssignments({ productID: 'assign-product' });
    expect(listed.Items).toEqual([
      expect.objectContaining({
        ProductID: 'assign-product',
        BuyerID: 'assign-buyer',
        PriceScheduleID: 'assign-price',
      }),
    ]);
    expect(listed.Meta).toMatchObject({ Page: 1, TotalCount: 1 });
    await Products.DeleteAssignment('assign-product', 'assign-buyer');
    const after = await Products.ListAssignments({ productID: 'assign-product' });
    expect(after.Items).toEqual([]);
  });

  it('adds users to a buyer group and lists the memberships', async () => {
    await Buyers.Create({ ID: 'group-buyer', Name: 'Group Buyer', Active: true });
    await UserGroups.Create('group-buyer', { ID: 'crew', Name: 'Crew' });
    for (const id of ['ann', 'bob']) {
      await Users.Create('group-buyer', {
        ID: id,
        Username: `${id}.group`,
        FirstName: id,
        LastName: 'Group',
        Email: `${id}@example.com`,
        Active: true,
      });
    }
    await UserGroups.SaveUserAssignment('group-buyer', { UserGroupID: 'crew', UserID: 'ann' });
    await UserGroups.SaveUserAssignment('group-buyer', { UserGroupID: 'crew', UserID: 'bob' });
    const memberships = await UserGroups.ListUserAssignments('group-buyer', { userGroupID: 'crew' });
    expect(memberships.Items.map((item) => item.UserID).sort()).toEqual(['ann', 'bob']);
    const ofAnn = await UserGroups.ListUserAssignments('group-buyer', { userID: 'ann' });
    expect(ofAnn.Items).toEqual([{ UserGroupID: 'crew', UserID: 'ann' }]);
    const members = await Users.List('group-buyer', { userGroupID: 'crew', sortBy: ['ID'] });
    expect(members.Items.map((item) => item.ID)).toEqual(['ann', 'bob']);
    await UserGroups.DeleteUserAssignment('group-buyer', 'crew', 'bob');
    const left = await UserGroups.ListUserAssignments('group-buyer', { userGroupID: 'crew' });
    expect(left.Items.map((item) => item.UserID)).toEqual(['ann']);
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
