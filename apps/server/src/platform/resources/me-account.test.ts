import { describe, expect, it } from 'vitest';
import { address, call, get, ids, MARKETPLACE, SHOPPER_ROLES, useMeApp } from './testing/me-app.ts';

// The user's own record, addresses, groups, buyer objects and orders through Me.
// Callers and seed: see testing/me-app.ts.
useMeApp();

describe('Me.Get, Me.Save and Me.Patch', () => {
  it('answers the admin user record with the marketplace as Seller', async () => {
    const reply = await get('admin', '/me');
    expect(reply.status).toBe(200);
    expect(reply.body).toMatchObject({ ID: 'tester', Username: 'tester', Buyer: null, Seller: { ID: MARKETPLACE } });
    expect(reply.body).not.toHaveProperty('Password');
  });

  it('answers a buyer user record with their buyer and the roles of the token', async () => {
    const reply = await get('u1', '/me');
    expect(reply.status).toBe(200);
    expect(reply.body).toMatchObject({
      ID: 'u1',
      CompanyID: 'b1',
      Buyer: { ID: 'b1', DefaultCatalogID: 'cat2' },
      Supplier: null,
      AvailableRoles: SHOPPER_ROLES,
    });
    expect((await get('otherU1', '/me')).body).toMatchObject({ Username: 'b2-u1', Buyer: { ID: 'b2' } });
  });

  it('answers a portal user, who has no record, from the profile of the token (see me-portal-user.test.ts)', async () => {
    const reply = await get('portal', '/me');
    expect(reply.status).toBe(200);
    expect(reply.body).toMatchObject({
      ID: 'portal:ops@example.com',
      FirstName: 'Ops',
      Email: 'ops@example.com',
      Seller: { ID: MARKETPLACE },
    });
    expect((await call('portal', 'PATCH', '/me', { FirstName: 'X' })).status).toBe(400);
  });

  it('patches the own record, merging xp, and keeps it in the buyer users', async () => {
    const reply = await call('u1', 'PATCH', '/me', { FirstName: 'Una', xp: { b: 2 } });
    expect(reply.status).toBe(200);
    expect(reply.body).toMatchObject({ FirstName: 'Una', xp: { a: 1, b: 2 }, Buyer: { ID: 'b1' } });
    expect((await get('admin', '/buyers/b1/users/u1')).body).toMatchObject({ FirstName: 'Una', xp: { a: 1, b: 2 } });
  });

  it('refuses to change Active or ID through Me, but takes them back unchanged on a round trip', async () => {
    const active = await call('u1', 'PATCH', '/me', { Active: false });
    expect(active.status).toBe(400);
    expect(active.body.Errors[0]).toMatchObject({ ErrorCode: 'ValidationFailure', Data: { Property: 'Active' } });
    const renamed = await call('u1', 'PATCH', '/me', { ID: 'someone-else' });
    expect(renamed.body.Errors[0]).toMatchObject({ ErrorCode: 'ValidationFailure', Data: { Property: 'ID' } });
    const shown = (await get('u1', '/me')).body;
    const saved = await call('u1', 'PUT', '/me', { ...shown, LastName: 'Updated' });
    expect(saved.status).toBe(200);
    expect(saved.body).toMatchObject({ ID: 'u1', Active: true, LastName: 'Updated', CompanyID: 'b1' });
  });

  it('keeps usernames unique across the marketplace', async () => {
    const reply = await call('u1', 'PATCH', '/me', { Username: 'u2' });
    expect(reply.status).toBe(400);
    expect(reply.body.Errors[0]?.ErrorCode).toBe('User.UsernameMustBeUnique');
  });
});

describe('Me addresses', () => {
  it('lists the addresses assigned to the user, one of their groups or their buyer, with their flags', async () => {
    const reply = await get('u1', '/me/addresses');
    expect(reply.status).toBe(200);
    expect(ids(reply.body)).toEqual(['a-company', 'a-group', 'a-user']);
    const group = reply.body.Items.find((item) => item.ID === 'a-group');
    expect(group).toMatchObject({ Shipping: false, Billing: true, Editable: false, City: 'Town' });
    expect(ids((await get('u1', '/me/addresses?Shipping=true')).body)).toEqual(['a-company', 'a-user']);
    expect(ids((await get('otherU1', '/me/addresses')).body)).toEqual(['x1']);
  });

  it('creates an address of the user, lets them change and delete it, and keeps the buyer ones read-only', async () => {
    const created = await call('u1', 'POST', '/me/addresses', {
      ...address('ignored'),
      ID: undefined,
      AddressName: 'Home',
    });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ AddressName: 'Home', Shipping: true, Billing: true, Editable: true });
    const id = String(created.body.ID);
    expect(ids((await get('u1', '/me/addresses')).body)).toContain(id);
    expect(ids((await get('u2', '/me/addresses')).body)).not.toContain(id);
    expect((await get('admin', `/buyers/b1/addresses/${id}`)).status).toBe(200);

    expect((await call('u1', 'PATCH', `/me/addresses/${id}`, { City: 'Elsewhere', Billing: false })).status).toBe(204);
    expect((await get('u1', `/me/addresses/${id}`)).body).toMatchObject({ City: 'Elsewhere', Billing: false });
    const publicOne = await call('u1', 'PUT', '/me/addresses/a-company', address('a-company'));
    expect(publicOne.status).toBe(400);
    expect(publicOne.body.Errors[0]?.ErrorCode).toBe('Address.CannotEditPublic');
    expect((await call('u2', 'DELETE', `/me/addresses/${id}`)).status).toBe(404);
    expect((await call('u1', 'DELETE', `/me/addresses/${id}`)).status).toBe(204);
    expect((await get('u1', `/me/addresses/${id}`)).status).toBe(404);
    expect((await get('admin', `/buyers/b1/addresses/${id}`)).status).toBe(404);
  });

  it('refuses an address for neither shipping nor billing, and an address of another buyer', async () => {
    const neither = await call('u1', 'POST', '/me/addresses', {
      ...address('x'),
      ID: undefined,
      Shipping: false,
      Billing: false,
    });
    expect(neither.body.Errors[0]?.ErrorCode).toBe('BuyerAddress.MustBeBillingOrShipping');
    expect((await get('u1', '/me/addresses/x1')).status).toBe(404);
    expect((await get('u1', '/me/addresses/a-other')).status).toBe(404);
  });
});

describe('Me groups, cost centers, spending accounts, credit cards and orders', () => {
  it('lists the user groups of the user', async () => {
    expect(ids((await get('u1', '/me/usergroups')).body)).toEqual(['g1']);
    expect((await get('admin', '/me/usergroups')).body.Items).toEqual([]);
  });

  it('lists the cost centers of the buyer and of the groups of the user', async () => {
    expect(ids((await get('u1', '/me/costcenters')).body)).toEqual(['cc-company', 'cc-g1']);
  });

  it('lists and gets the spending accounts assigned to the user', async () => {
    expect(ids((await get('u1', '/me/spendingAccounts')).body)).toEqual(['sa1']);
    expect((await get('u1', '/me/spendingaccounts/sa1')).body).toMatchObject({ ID: 'sa1', Balance: 10 });
    expect((await get('u1', '/me/spendingaccounts/sa2')).status).toBe(404);
  });

  it('lists the buyer credit cards read-only and the ones the user created as editable', async () => {
    const created = await call('u1', 'POST', '/me/creditcards', {
      CardholderName: 'Una',
      PartialAccountNumber: '1234',
    });
    expect(created.status).toBe(201);
    const page = (await get('u1', '/me/creditcards')).body;
    expect(page.Items.map((card) => [card.ID, card.Editable]).sort()).toEqual(
      [
        ['card-company', false],
        [created.body.ID, true],
      ].sort(),
    );
    expect(
      (await call('u1', 'PATCH', '/me/creditcards/card-company', { CardholderName: 'X' })).body.Errors[0]?.ErrorCode,
    ).toBe('CreditCard.CannotEditPublic');
  });

  it('lists only the orders the user placed, within from and to', async () => {
    expect(ids((await get('u1', '/me/orders')).body)).toEqual(['o1', 'o2']);
    expect(ids((await get('u1', '/me/orders?from=2024-03-01')).body)).toEqual(['o2']);
    expect(ids((await get('u1', '/me/orders?to=2024-03-01')).body)).toEqual(['o1']);
    expect(ids((await get('otherU1', '/me/orders')).body)).toEqual(['o4']);
    expect((await get('u1', '/me/orders?from=soon')).status).toBe(400);
  });
});
