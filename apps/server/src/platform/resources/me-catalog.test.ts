import { describe, expect, it } from 'vitest';
import { get, ids, useMeApp } from './testing/me-app.ts';

// What Me shows a buyer user of catalogs, categories and products (callers and seed: see testing/me-app.ts).
useMeApp();

describe('Me catalogs, categories and products', () => {
  it('lists the active catalogs assigned to the buyer', async () => {
    expect(ids((await get('u1', '/me/catalogs')).body)).toEqual(['cat1', 'cat2']);
    expect((await get('u1', '/me/catalogs/cat2')).body).toMatchObject({ ID: 'cat2', CategoryCount: 3 });
    expect((await get('u1', '/me/catalogs/cat3')).status).toBe(404);
  });

  it('lists the categories shown to the buyer, top level first, deeper with depth', async () => {
    expect(ids((await get('u1', '/me/categories')).body)).toEqual(['c1']);
    expect(ids((await get('u1', '/me/categories?catalogID=cat2&depth=all')).body)).toEqual(['c1', 'c2']);
    expect(ids((await get('u1', '/me/categories?depth=all&productID=p-sub')).body)).toEqual(['c2']);
    expect((await get('u1', '/me/categories/c3')).status).toBe(404);
    expect((await get('u1', '/me/categories/c2?catalogID=cat2')).body).toMatchObject({ ID: 'c2', ParentID: 'c1' });
  });

  it('lists exactly the active products visible through assignments, groups, catalogs and categories', async () => {
    const reply = await get('u1', '/me/products');
    expect(reply.status).toBe(200);
    expect(ids(reply.body)).toEqual(['p-catalog', 'p-category', 'p-direct', 'p-group', 'p-sub']);
    expect(reply.body.Meta).toMatchObject({ Page: 1, TotalCount: 5 });
    expect(ids((await get('u2', '/me/products')).body)).toEqual([
      'p-catalog',
      'p-category',
      'p-direct',
      'p-g2',
      'p-sub',
    ]);
    expect(ids((await get('otherU1', '/me/products')).body)).toEqual(['p-b2']);
  });

  it('gives each product the price schedule of its assignment, else its default one', async () => {
    const items = (await get('u1', '/me/products')).body.Items;
    const schedule = (id: string) => items.find((item) => item.ID === id)?.PriceSchedule;
    expect(schedule('p-direct')).toMatchObject({ ID: 'ps1', PriceBreaks: [{ Quantity: 1, Price: 5 }] });
    expect(schedule('p-catalog')).toMatchObject({ ID: 'ps2' });
    expect(schedule('p-group')).toBeNull();
    expect(items[0]).not.toHaveProperty('OwnerID');
  });

  it('filters, searches, sorts and pages like Products.List', async () => {
    expect(ids((await get('u1', '/me/products?Name=*widget')).body)).toEqual(['p-direct', 'p-group']);
    expect(ids((await get('u1', '/me/products?search=gadget&searchOn=Name')).body)).toEqual([
      'p-catalog',
      'p-category',
      'p-sub',
    ]);
    const sorted = (await get('u1', '/me/products?sortBy=!ID&pageSize=2&page=2')).body;
    expect(sorted.Items.map((item) => item.ID)).toEqual(['p-direct', 'p-category']);
    expect(sorted.Meta).toMatchObject({ Page: 2, PageSize: 2, TotalCount: 5, TotalPages: 3 });
  });

  it('narrows to a catalog or a category, down to depth', async () => {
    expect(ids((await get('u1', '/me/products?catalogID=cat1')).body)).toEqual(['p-catalog']);
    expect(ids((await get('u1', '/me/products?catalogID=cat2&categoryID=c1')).body)).toEqual(['p-category', 'p-sub']);
    expect(ids((await get('u1', '/me/products?categoryID=c1&depth=1')).body)).toEqual(['p-category']);
    expect((await get('u1', '/me/products?catalogID=cat3')).status).toBe(404);
  });

  it('gets a visible product and answers 404 for hidden, inactive and unknown ones', async () => {
    expect((await get('u1', '/me/products/p-direct')).body).toMatchObject({
      ID: 'p-direct',
      PriceSchedule: { ID: 'ps1' },
    });
    for (const id of ['p-g2', 'p-inactive', 'p-hidden', 'p-uncategorized', 'nope']) {
      const reply = await get('u1', `/me/products/${id}`);
      expect(reply.status, id).toBe(404);
      expect(reply.body.Errors[0]?.Data).toMatchObject({ ObjectType: 'Product', ObjectID: id });
    }
  });

  it('refuses a caller without Shopper with 403 InsufficientRoles', async () => {
    const reply = await get('noShopper', '/me/products');
    expect(reply.status).toBe(403);
    expect(reply.body.Errors[0]).toMatchObject({
      ErrorCode: 'InsufficientRoles',
      Data: { AssignedRoles: ['MeAdmin'] },
    });
  });

  it('answers admin users an empty product list', async () => {
    expect((await get('admin', '/me/products')).body.Items).toEqual([]);
  });
});
