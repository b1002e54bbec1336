import { describe, expect, it } from 'vitest';
import { companyHref, customerText, personName, userHref } from './order-customer';

describe('personName', () => {
  it('reads first and last name, else username, else email, else ID', () => {
    expect(personName({ FirstName: 'Ann', LastName: 'Lee', Username: 'ann', Email: 'a@x.example' })).toBe('Ann Lee');
    expect(personName({ FirstName: ' ', Username: 'ann', Email: 'a@x.example' })).toBe('ann');
    expect(personName({ Email: 'a@x.example', ID: 'u1' })).toBe('a@x.example');
    expect(personName({ ID: 'u1' })).toBe('u1');
    expect(personName(null)).toBe('');
  });
});

describe('customerText', () => {
  it('names the person and the company', () => {
    const order = {
      FromUser: { FirstName: 'Ann', LastName: 'Lee' },
      FromUserID: 'ann',
      FromCompanyID: 'alpine-guides',
    };
    expect(customerText(order)).toBe('Ann Lee · alpine-guides');
  });

  it('falls back to the user ID and leaves out what is missing', () => {
    expect(customerText({ FromUser: null, FromUserID: 'ann' })).toBe('ann');
    expect(customerText({})).toBe('');
  });
});

describe('companyHref and userHref', () => {
  it("open a buyer's page and its user's page", () => {
    expect(companyHref('buyer', 'alpine guides')).toBe('/admin/buyers/alpine%20guides');
    expect(userHref('buyer', 'alpine-guides', 'ann')).toBe('/admin/buyers/alpine-guides/users/ann');
  });

  it("open a supplier's pages", () => {
    expect(companyHref('supplier', 's1')).toBe('/admin/suppliers/s1');
    expect(userHref('supplier', 's1', 'u1')).toBe('/admin/suppliers/s1/users/u1');
  });

  it("send the marketplace's own users to admin users, and link nothing unknown", () => {
    expect(companyHref('marketplace', 'demo')).toBeNull();
    expect(userHref('marketplace', 'demo', 'owner')).toBe('/admin/admin-users/owner');
    expect(companyHref(null, 'b1')).toBeNull();
    expect(userHref(null, 'b1', 'u1')).toBeNull();
    expect(userHref('buyer', '', 'u1')).toBeNull();
  });
});
