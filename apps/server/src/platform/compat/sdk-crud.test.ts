import {
  Buyers,
  Catalogs,
  Categories,
  LineItems,
  Orders,
  PriceSchedules,
  Products,
  Promotions,
  Specs,
  UserGroups,
  Users,
  type Product,
} from 'ordercloud-javascript-sdk';
import { beforeEach, describe, expect, it } from 'vitest';
import { sdkError } from './testing/sdk-harness.ts';
import { signInAsAdmin, useCompatServer } from './testing/sdk-suite.ts';

// Creating, reading, changing and deleting objects and assignments through the SDK (see sdk-suite.ts).

interface ProductXp {
  Color?: string;
  Size?: string;
  Specs?: { Weight?: number; Material?: string };
}

useCompatServer();

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

describe('order promotions through the SDK', () => {
  it('adds, lists and removes a promotion on an order', async () => {
    await signInAsAdmin();
    await PriceSchedules.Create({ ID: 'promo-price', Name: 'Promo Price', PriceBreaks: [{ Quantity: 1, Price: 10 }] });
    await Products.Create({
      ID: 'promo-product',
      Name: 'Promo Product',
      Active: true,
      DefaultPriceScheduleID: 'promo-price',
    });
    await Promotions.Create({
      ID: 'sdk-promo',
      Code: 'SDK10',
      EligibleExpression: 'order.Subtotal >= 20',
      ValueExpression: 'order.Subtotal * 0.1',
      AllowAllBuyers: true,
    });
    const order = await Orders.Create('Outgoing', { ID: 'promo-order' });
    await LineItems.Create('Outgoing', order.ID, { ProductID: 'promo-product', Quantity: 3 });
    const applied = await Orders.AddPromotion('Outgoing', order.ID, 'SDK10');
    expect(applied).toMatchObject({ ID: 'sdk-promo', Code: 'SDK10', Amount: 3 });
    await expect(Orders.Get('Outgoing', order.ID)).resolves.toMatchObject({ PromotionDiscount: 3, Total: 27 });
    const listed = await Orders.ListPromotions('Outgoing', order.ID, { sortBy: ['Code'] });
    expect(listed.Items).toEqual([expect.objectContaining({ ID: 'sdk-promo', Amount: 3 })]);
    expect(listed.Meta).toMatchObject({ Page: 1, TotalCount: 1 });
    const error = await sdkError(Orders.AddPromotion('Outgoing', order.ID, 'SDK10'));
    expect(error.status).toBe(400);
    expect(error.errors?.[0]?.ErrorCode).toBe('Promotion.AlreadyAdded');
    const after = await Orders.RemovePromotion('Outgoing', order.ID, 'SDK10');
    expect(after).toMatchObject({ ID: 'promo-order', PromotionDiscount: 0, Total: 30 });
    await expect(Orders.ListPromotions('Outgoing', order.ID)).resolves.toMatchObject({ Items: [] });
  });
});
