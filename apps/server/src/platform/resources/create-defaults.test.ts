import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Item } from '../engine/item.ts';
import {
  adminAuth,
  createOrdersTestKit,
  MARKETPLACE,
  SEED,
  seedMarketplace,
  supplierAuth,
  type OrdersTestKit,
} from '../orders/testing/order-fixtures.ts';
import { registryResources, useRegistryApp } from './testing/registry-cases.ts';
import { STANDARD_OPERATIONS } from './types.ts';

// What a minimal create answers for the fields the caller left out, as the public platform answers it.
const { factory } = useRegistryApp();

/** The marketplace of the engine test app (see engine/testing/engine-app.ts). */
const ENGINE_MARKETPLACE = 'mkt-test';

const creatable = registryResources.filter((resource) =>
  (resource.operations ?? STANDARD_OPERATIONS).includes('Create'),
);

describe.each(creatable)('$name created with a minimal body', (resource) => {
  it('answers false, true or its declared default for every flag, never null', async () => {
    const { item, body } = await factory.create(resource, {});
    for (const [name, field] of Object.entries(resource.model.fields)) {
      if (field.type !== 'boolean' || field.writeOnly) continue;
      expect(typeof item[name], `${resource.model.name}.${name} is ${String(item[name])}`).toBe('boolean');
      if (!field.readOnly && !(name in body)) expect(item[name], `${resource.model.name}.${name}`).toBe(field.default);
    }
  });

  if ('OwnerID' in resource.model.fields && !resource.model.fields.OwnerID?.readOnly) {
    it("names the marketplace as OwnerID when the marketplace owner's user leaves it out", async () => {
      const { item, body } = await factory.create(resource, {});
      expect(body).not.toHaveProperty('OwnerID');
      expect(item.OwnerID).toBe(ENGINE_MARKETPLACE);
    });
  }
});

describe('Product.OwnerID', () => {
  let kit: OrdersTestKit;
  const supplierUser = supplierAuth(SEED.supplier, 'su1', ['ProductAdmin']);
  const create = (body: Item, auth = adminAuth()) => kit.call('Products.Create', { auth, body });

  beforeAll(async () => {
    kit = await createOrdersTestKit();
    await seedMarketplace(kit);
  });
  afterAll(async () => kit.dispose());

  it("is the marketplace's id for a product the marketplace owner creates without one", async () => {
    expect(await create({ ID: 'own', Name: 'Own' })).toMatchObject({ OwnerID: MARKETPLACE });
  });

  it('is the one the marketplace owner names', async () => {
    expect(await create({ ID: 'for-s1', Name: 'For s1', OwnerID: SEED.supplier })).toMatchObject({
      OwnerID: SEED.supplier,
    });
  });

  it("is the supplier's id for a product a supplier's user creates, whatever the body says", async () => {
    expect(await create({ ID: 'by-s1', Name: 'By s1' }, supplierUser)).toMatchObject({ OwnerID: SEED.supplier });
    expect(await create({ ID: 'by-s1-b', Name: 'By s1', OwnerID: 'someone-else' }, supplierUser)).toMatchObject({
      OwnerID: SEED.supplier,
    });
  });

  it('survives a replace that leaves it out', async () => {
    const saved = await kit.call('Products.Save', {
      params: { productID: 'by-s1' },
      body: { ID: 'by-s1', Name: 'Renamed' },
    });
    expect(saved).toMatchObject({ Name: 'Renamed', OwnerID: SEED.supplier });
  });

  it('is filled the same way on catalogs, bundles and price schedules', async () => {
    expect(await kit.call('Catalogs.Create', { body: { ID: 'cat', Name: 'Cat' } })).toMatchObject({
      OwnerID: MARKETPLACE,
    });
    expect(
      await kit.call('Bundles.Create', {
        auth: supplierAuth(SEED.supplier, 'su1', ['BundleAdmin']),
        body: { Name: 'B' },
      }),
    ).toMatchObject({ OwnerID: SEED.supplier });
    expect(
      await kit.call('PriceSchedules.Create', {
        body: { ID: 'ps-own', Name: 'Own', PriceBreaks: [{ Quantity: 1, Price: 1 }] },
      }),
    ).toMatchObject({ OwnerID: MARKETPLACE });
  });
});
