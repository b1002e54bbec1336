import { beforeAll, describe, expect, it } from 'vitest';
import { buildOperations } from '../engine/operations.ts';
import { useEngineApp, type EngineRequest } from '../engine/testing/engine-app.ts';
import { platformRegistry } from './index.ts';

const { call } = useEngineApp(platformRegistry);

async function ok(request: EngineRequest): Promise<void> {
  const { status, body } = await call(request);
  expect(status, `${request.method} ${request.url}: ${JSON.stringify(body)}`).toBeLessThan(300);
}

const errorOf = (body: unknown) => (body as { Errors: { ErrorCode: string; Message: string }[] }).Errors[0];

/** IDs of the products a `Products.List` call answers, in the list's order. */
async function productIds(query: string): Promise<string[]> {
  const { status, body } = await call({ url: `/products?sortBy=ID&${query}` });
  expect(status, JSON.stringify(body)).toBe(200);
  return (body as { Items: { ID: string }[] }).Items.map((item) => item.ID);
}

beforeAll(async () => {
  for (const id of ['s1', 's2']) await ok({ method: 'POST', url: '/suppliers', body: { ID: id, Name: id } });
  for (const id of ['c1', 'c2', 'empty']) await ok({ method: 'POST', url: '/catalogs', body: { ID: id, Name: id } });
  await ok({ method: 'POST', url: '/catalogs/c1/categories', body: { ID: 'top', Name: 'Top' } });
  await ok({ method: 'POST', url: '/catalogs/c1/categories', body: { ID: 'sub', Name: 'Sub', ParentID: 'top' } });
  await ok({ method: 'POST', url: '/catalogs/c2/categories', body: { ID: 'other', Name: 'Other' } });
  await ok({ method: 'POST', url: '/products', body: { ID: 'p1', Name: 'Anvil', DefaultSupplierID: 's1' } });
  for (const [id, name] of [
    ['p2', 'Bolt'],
    ['p3', 'Crate'],
    ['p4', 'Drill'],
  ])
    await ok({ method: 'POST', url: '/products', body: { ID: id, Name: name } });
  for (const [catalog, product] of [
    ['c1', 'p1'],
    ['c1', 'p2'],
    ['c1', 'p3'],
    ['c2', 'p4'],
  ])
    await ok({
      method: 'POST',
      url: '/catalogs/productassignments',
      body: { CatalogID: catalog, ProductID: product },
    });
  // p4 sits in a c1 category without being assigned to c1 itself.
  for (const [category, product] of [
    ['top', 'p1'],
    ['top', 'p4'],
    ['sub', 'p2'],
  ])
    await ok({
      method: 'POST',
      url: '/catalogs/c1/categories/productassignments',
      body: { CategoryID: category, ProductID: product },
    });
  await ok({ method: 'PUT', url: '/products/p3/suppliers/s1' });
  await ok({ method: 'PUT', url: '/products/p2/suppliers/s2' });
});

describe('Products.List catalogID, categoryID and supplierID', () => {
  it('declares the three parameters on the list operation', () => {
    const list = buildOperations(platformRegistry).find((operation) => operation.id === 'Products.List');
    expect(list?.query.map((param) => param.name)).toEqual(['catalogID', 'categoryID', 'supplierID']);
  });

  it('lists every product without them', async () => {
    expect(await productIds('')).toEqual(['p1', 'p2', 'p3', 'p4']);
  });

  it('catalogID lists the products assigned to the catalog', async () => {
    expect(await productIds('catalogID=c1')).toEqual(['p1', 'p2', 'p3']);
    expect(await productIds('catalogID=c2')).toEqual(['p4']);
    expect(await productIds('catalogID=empty')).toEqual([]);
  });

  it('categoryID lists the products of that category in the catalog, not of its subcategories', async () => {
    expect(await productIds('catalogID=c1&categoryID=top')).toEqual(['p1']);
    expect(await productIds('catalogID=c1&categoryID=sub')).toEqual(['p2']);
  });

  it('supplierID lists products whose default supplier it is or that it may sell', async () => {
    expect(await productIds('supplierID=s1')).toEqual(['p1', 'p3']);
    expect(await productIds('supplierID=s2')).toEqual(['p2']);
  });

  it('combines the parameters, and still searches, filters and pages', async () => {
    expect(await productIds('catalogID=c1&supplierID=s1')).toEqual(['p1', 'p3']);
    expect(await productIds('catalogID=c2&supplierID=s1')).toEqual([]);
    expect(await productIds('catalogID=c1&categoryID=top&supplierID=s2')).toEqual([]);
    expect(await productIds('catalogID=c1&search=Bolt')).toEqual(['p2']);
    expect(await productIds('catalogID=c1&Name=C*')).toEqual(['p3']);
    const page = await call({ url: '/products?catalogID=c1&sortBy=!ID&pageSize=2&page=2' });
    expect(page.body.Items.map((item: { ID: string }) => item.ID)).toEqual(['p1']);
    expect(page.body.Meta).toMatchObject({ TotalCount: 3, TotalPages: 2 });
  });

  it('follows supplier links as they are removed', async () => {
    await ok({ method: 'DELETE', url: '/products/p3/suppliers/s1' });
    expect(await productIds('supplierID=s1')).toEqual(['p1']);
    await ok({ method: 'PUT', url: '/products/p3/suppliers/s1' });
  });

  it('refuses categoryID without catalogID', async () => {
    const { status, body } = await call({ url: '/products?categoryID=top' });
    expect(status).toBe(400);
    expect(errorOf(body)).toMatchObject({
      ErrorCode: 'Product.CategoryFilterRequiresCatalogID',
      Message: 'Filtering products on a CategoryID requires a corresponding non-negated CatalogID.',
    });
  });

  it('answers 404 for an unknown catalog, category or supplier', async () => {
    for (const [query, objectType] of [
      ['catalogID=nope', 'Catalog'],
      ['catalogID=c1&categoryID=nope', 'Category'],
      ['catalogID=c2&categoryID=top', 'Category'],
      ['supplierID=nope', 'Supplier'],
    ]) {
      const { status, body } = await call({ url: `/products?${query}` });
      expect(status, query).toBe(404);
      expect(errorOf(body), query).toMatchObject({ ErrorCode: 'NotFound' });
      expect(JSON.stringify(body), query).toContain(`"ObjectType":"${objectType}"`);
    }
  });
});
