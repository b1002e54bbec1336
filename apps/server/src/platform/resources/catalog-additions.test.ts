import { describe, expect, it } from 'vitest';
import { call, get, ids, useMeApp } from './testing/me-app.ts';

// Variant inventory records, and the specs, variants and sellers Me shows (callers and seed: testing/me-app.ts).
useMeApp();

async function variantProduct(productId: string): Promise<string> {
  await call('admin', 'PATCH', `/products/${productId}`, { Inventory: { Enabled: true, VariantLevelTracking: true } });
  await call('admin', 'POST', '/specs', {
    ID: `size-${productId}`,
    Name: 'Size',
    DefinesVariant: true,
    Required: true,
  });
  for (const ID of ['s', 'l']) await call('admin', 'POST', `/specs/size-${productId}/options`, { ID, Value: ID });
  await call('admin', 'POST', '/specs/productassignments', { SpecID: `size-${productId}`, ProductID: productId });
  expect((await call('admin', 'POST', `/products/${productId}/variants/generate`)).status).toBe(201);
  return `${productId}-s`;
}

describe('InventoryRecords of variants', () => {
  it('creates, lists, patches and deletes the records of a variant', async () => {
    const variant = await variantProduct('p-direct');
    await call('admin', 'POST', '/addresses', {
      ID: 'wh1',
      Street1: '1 Main',
      City: 'X',
      State: 'Y',
      Zip: '1',
      Country: 'US',
    });
    const base = `/products/p-direct/variants/${variant}/inventoryrecords`;
    const created = await call('admin', 'POST', base, { ID: 'r1', AddressID: 'wh1', QuantityAvailable: 4 });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    expect(created.body).toMatchObject({ ID: 'r1', Address: { ID: 'wh1' }, AllowAllBuyers: true });
    expect(ids((await get('admin', base)).body)).toEqual(['r1']);
    expect((await call('admin', 'PATCH', `${base}/r1`, { QuantityAvailable: 7 })).body).toMatchObject({
      QuantityAvailable: 7,
    });
    // The product's own records and its other variant's are separate lists.
    expect((await get('admin', '/products/p-direct/inventoryrecords')).body.Items).toEqual([]);
    expect((await get('admin', `/products/p-direct/variants/p-direct-l/inventoryrecords`)).body.Items).toEqual([]);
    expect((await call('admin', 'DELETE', `${base}/r1`)).status).toBe(204);
    expect((await get('admin', `${base}/r1`)).status).toBe(404);
  });

  it('refuses variant records when the product does not track inventory per variant', async () => {
    const variant = await variantProduct('p-group');
    await call('admin', 'PATCH', '/products/p-group', { Inventory: { VariantLevelTracking: false } });
    const reply = await call('admin', 'POST', `/products/p-group/variants/${variant}/inventoryrecords`, {
      AddressID: 'wh1',
    });
    expect(reply.status).toBe(400);
    expect(reply.body.Errors[0]?.ErrorCode).toBe('InventoryConfiguration.InvalidVariantLevelTracking');
    expect((await get('admin', '/products/p-group/variants/nope/inventoryrecords')).status).toBe(404);
  });
});

describe('Me specs and variants', () => {
  it('lists the specs and active variants of a product the user may buy', async () => {
    await call('admin', 'PATCH', '/products/p-direct/variants/p-direct-l', { Active: false });
    await call('admin', 'PATCH', '/products/p-direct/variants/p-direct-s', { Active: true });
    expect(ids((await get('u1', '/me/products/p-direct/specs')).body)).toEqual(['size-p-direct']);
    expect((await get('u1', '/me/products/p-direct/specs/size-p-direct')).body).toMatchObject({ OptionCount: 2 });
    expect(ids((await get('u1', '/me/products/p-direct/variants')).body)).toEqual(['p-direct-s']);
    expect((await get('u1', '/me/products/p-direct/variants/p-direct-s')).body).toMatchObject({ ID: 'p-direct-s' });
    expect((await get('u1', '/me/products/p-direct/variants/p-direct-l')).status).toBe(404);
    expect((await get('u1', '/me/products/p-direct/specs/nope')).status).toBe(404);
  });

  it('answers 404 Product for a product the user may not buy', async () => {
    for (const path of ['/me/products/p-b2/specs', '/me/products/p-b2/variants', '/me/products/p-hidden/variants/x']) {
      const reply = await get('u1', path);
      expect(reply.status, path).toBe(404);
      expect(reply.body.Errors[0]?.Data).toMatchObject({ ObjectType: 'Product' });
    }
  });
});

describe('Supplier buyers and buyer sellers', () => {
  it('links buyers to a supplier and lists the sellers of a buyer', async () => {
    await call('admin', 'POST', '/suppliers', { ID: 'sup1', Name: 'Acme', Active: true });
    await call('admin', 'POST', '/suppliers', { ID: 'sup2', Name: 'Open', Active: true, AllBuyersCanOrder: true });
    await call('admin', 'POST', '/suppliers', { ID: 'sup3', Name: 'Dormant', Active: false });
    for (const supplier of ['sup1', 'sup3'])
      expect((await call('admin', 'PUT', `/suppliers/${supplier}/buyers/b1`)).status).toBe(204);
    expect((await get('admin', '/suppliers/sup1/buyers')).body.Items).toEqual([{ ID: 'b1', Name: 'Buyer One' }]);
    expect(ids((await get('admin', '/buyers/b1/sellers')).body)).toEqual(['mkt-me', 'sup1', 'sup2', 'sup3']);
    expect(ids((await get('u1', '/me/sellers')).body)).toEqual(['mkt-me', 'sup1', 'sup2']);
    expect(ids((await get('otherU1', '/me/sellers')).body)).toEqual(['mkt-me', 'sup2']);
    const page = (await get('admin', '/buyers/b1/sellers?Name=A*|O*&sortBy=!Name&pageSize=1')).body;
    expect(page.Items.map((item) => item.ID)).toEqual(['sup2']);
    expect(page.Meta).toMatchObject({ TotalCount: 2, TotalPages: 2 });
    expect(ids((await get('u1', '/me/sellers?search=ACM')).body)).toEqual(['sup1']);
    for (const [query, code] of [
      ['Colour=red', 'List.InvalidProperty'],
      ['search=x&searchOn=Active', 'List.InvalidSearchProperty'],
      ['sortBy=Active', 'List.InvalidSortProperty'],
    ]) {
      const refused = await get('admin', `/buyers/b1/sellers?${query}`);
      expect(refused.status).toBe(400);
      expect(refused.body.Errors[0]?.ErrorCode).toBe(code);
    }
    expect((await call('admin', 'DELETE', '/suppliers/sup1/buyers/b1')).status).toBe(204);
    expect((await get('admin', '/suppliers/sup1/buyers')).body.Items).toEqual([]);
    expect((await call('admin', 'PUT', '/suppliers/sup1/buyers/nope')).status).toBe(404);
  });
});
