import { describe, expect, it } from 'vitest';
import { platformRegistry } from '../resources/index.ts';
import { call, get, ids, useMeApp } from '../resources/testing/me-app.ts';
import { canonicalPropertyPath } from './query-names.ts';

// Callers and seed: resources/testing/me-app.ts (buyer b1 with users u1, u2; products; catalogs).
useMeApp();

describe('canonicalPropertyPath', () => {
  const product = platformRegistry.model('Product');
  it.each([
    ['name', 'Name'],
    ['NAME', 'Name'],
    ['inventory.quantityavailable', 'Inventory.QuantityAvailable'],
    ['XP.Color', 'xp.Color'],
    ['xp.color.Shade', 'xp.color.Shade'],
    ['nosuchfield', 'nosuchfield'],
  ])('%s -> %s', (given, canonical) => {
    expect(canonicalPropertyPath(platformRegistry, product, given)).toBe(canonical);
  });
});

describe('query parameter names in any case', () => {
  it('filter an assignment list the same way, never answering the unfiltered list', async () => {
    const all = await get('admin', '/products/assignments');
    const spellings = ['productID', 'ProductID', 'PRODUCTID', 'productid'];
    for (const name of spellings) {
      const page = await get('admin', `/products/assignments?${name}=p-direct`);
      expect(page.status, name).toBe(200);
      expect(page.body.Items.map((item) => item.ProductID)).toEqual(['p-direct']);
    }
    expect(all.body.Items.length).toBeGreaterThan(1);
    const paged = await get('admin', '/products/assignments?PageSize=1&Page=2');
    expect(paged.body.Meta).toMatchObject({ Page: 2, PageSize: 1 });
    const spec = await call('admin', 'POST', '/specs', { ID: 'names-spec', Name: 'Colour' });
    expect(spec.status).toBe(201);
    await call('admin', 'POST', '/specs/productassignments', { SpecID: 'names-spec', ProductID: 'p-group' });
    for (const name of ['specID', 'SpecID']) {
      const page = await get('admin', `/specs/productassignments?${name}=names-spec`);
      expect(page.body.Items, name).toEqual([expect.objectContaining({ SpecID: 'names-spec', ProductID: 'p-group' })]);
    }
  });

  it('refuse a parameter an assignment list does not take, with a 400 in the envelope', async () => {
    const unknown = await get('admin', '/products/assignments?productIdentifier=p-direct');
    expect(unknown.status).toBe(400);
    expect(unknown.body.Errors[0]).toMatchObject({
      ErrorCode: 'List.InvalidProperty',
      Data: { Property: 'productIdentifier' },
    });
    // A locale assignment never names a user, so userID is not a parameter of its list.
    const locales = await get('admin', '/locales/assignments?UserID=u1');
    expect(locales.status).toBe(400);
    expect(locales.body.Errors[0]).toMatchObject({ ErrorCode: 'List.InvalidProperty', Data: { Property: 'UserID' } });
  });

  it('ignore the list options an assignment list has no use for, as the public platform does', async () => {
    const plain = await get('admin', '/products/assignments?productID=p-direct');
    expect(plain.status).toBe(200);
    expect(plain.body.Items.length).toBeGreaterThan(0);
    for (const options of [
      'depth=all',
      'sortBy=ProductID',
      'search=x&searchOn=Name',
      'searchType=AnyTerm',
      'pageKey=k',
    ]) {
      const page = await get('admin', `/products/assignments?productID=p-direct&${options}`);
      expect(page.status, options).toBe(200);
      expect(page.body.Items, options).toEqual(plain.body.Items);
    }
  });

  it("answer an outside admin's Categories.ListProductAssignments with depth=all, and still refuse a mistyped filter", async () => {
    const path = '/catalogs/cat2/categories/productassignments';
    const plain = await get('admin', `${path}?categoryID=c1`);
    expect(plain.status).toBe(200);
    expect(plain.body.Items.map((item) => item.ProductID)).toContain('p-category');
    const deep = await get('admin', `${path}?categoryID=c1&depth=all`);
    expect(deep.status).toBe(200);
    expect(deep.body.Items).toEqual(plain.body.Items);
    // A name that would filter, misspelt, must not answer every assignment.
    const mistyped = await get('admin', `${path}?ProductIDD=p-category`);
    expect(mistyped.status).toBe(400);
    expect(mistyped.body.Errors[0]).toMatchObject({
      ErrorCode: 'List.InvalidProperty',
      Data: { Property: 'ProductIDD' },
    });
  });

  it('narrow security profile assignments by commerceRole, as the portal home page asks', async () => {
    expect((await call('admin', 'POST', '/securityprofiles', { ID: 'names-sp', Name: 'P', Roles: [] })).status).toBe(
      201,
    );
    await call('admin', 'POST', '/securityprofiles/assignments', { SecurityProfileID: 'names-sp' });
    await call('admin', 'POST', '/securityprofiles/assignments', { SecurityProfileID: 'names-sp', BuyerID: 'b1' });
    const roleOf = async (query: string) =>
      (await get('admin', `/securityprofiles/assignments?securityProfileID=names-sp&${query}`)).body.Items.map(
        (item) => item.BuyerID ?? 'seller',
      );
    expect(await roleOf('commerceRole=Seller')).toEqual(['seller']);
    expect(await roleOf('CommerceRole=buyer')).toEqual(['b1']);
    expect(await roleOf('commerceRole=Supplier')).toEqual([]);
    const checklist = await get('admin', '/securityprofiles/assignments?level=Group&commerceRole=Seller&pageSize=1');
    expect(checklist.status).toBe(200);
    const bad = await get('admin', '/securityprofiles/assignments?commerceRole=Admin');
    expect(bad.body.Errors[0]?.ErrorCode).toBe('List.InvalidType');
  });

  it('read list options in any case', async () => {
    const page = await get('admin', '/products?PageSize=2&Page=2&SortBy=!id');
    expect(page.status).toBe(200);
    expect(page.body.Meta).toMatchObject({ Page: 2, PageSize: 2 });
    const sorted = await get('admin', '/products?pagesize=100&sortby=!ID');
    const idsDescending = sorted.body.Items.map((item) => String(item.ID));
    expect(idsDescending).toEqual([...idsDescending].sort().reverse());
    expect(page.body.Items.map((item) => item.ID)).toEqual(idsDescending.slice(2, 4));
    const searched = await get('admin', '/products?Search=gadget&SearchOn=name');
    expect(ids(searched.body)).toEqual(['p-catalog', 'p-category', 'p-sub', 'p-uncategorized']);
  });

  it('filter on model fields named in any case, and on xp however its prefix is spelled', async () => {
    for (const name of ['Name', 'name', 'NAME']) {
      expect(ids((await get('admin', `/products?${name}=Direct widget`)).body), name).toEqual(['p-direct']);
    }
    expect(ids((await get('admin', '/buyers/b1/users?XP.a=1')).body)).toEqual(['u1', 'u2']);
    expect(ids((await get('admin', '/buyers/b1/users?Xp.a=2')).body)).toEqual([]);
    expect(ids((await get('admin', '/products?active=false')).body)).toEqual(['p-inactive']);
  });

  it('read the resource parameters of a list, and of Me lists, in any case', async () => {
    expect(ids((await get('admin', '/products?CatalogID=cat1')).body)).toEqual(['p-catalog']);
    expect(ids((await get('u1', '/me/products?CATALOGID=cat2&CategoryID=c1')).body)).toEqual(
      ids((await get('u1', '/me/products?catalogID=cat2&categoryID=c1')).body),
    );
    expect(ids((await get('u1', '/me/products?CATALOGID=cat2&CategoryID=c1')).body).length).toBeGreaterThan(0);
  });
});
