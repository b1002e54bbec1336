import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addToGroup, assignProfile, openAuthTestContext, seedProfile, type AuthTestContext } from './testing.ts';
import {
  limitToClient,
  missingRequiredRoles,
  narrowRoles,
  parseScope,
  resolveRoles,
  type RoleSubject,
} from './user-roles.ts';

let ctx: AuthTestContext;

beforeAll(async () => {
  ctx = await openAuthTestContext();
  const { store } = ctx;
  await seedProfile(store, 'market', ['ProductReader']);
  await seedProfile(store, 'adminGroup', ['CatalogAdmin']);
  await seedProfile(store, 'adminUser', ['BuyerAdmin']);
  await seedProfile(store, 'adminU1', ['PriceScheduleAdmin']);
  await seedProfile(store, 'buyer1', ['Shopper']);
  await seedProfile(store, 'buyer1Group', ['OrderReader'], ['group-custom']);
  await seedProfile(store, 'buyer1User', ['MeAdmin', 'Shopper']);
  await seedProfile(store, 'buyer2', ['BuyerReader']);
  await seedProfile(store, 'buyer2Group', ['PromotionAdmin']);
  await seedProfile(store, 'supplier1', ['SupplierReader']);
  await seedProfile(store, 'supplier1Group', ['ShipmentAdmin']);
  await seedProfile(store, 'supplier1User', ['OrderAdmin']);
  await seedProfile(store, 'sameIdSupplier', ['ProductAdmin']);

  await assignProfile(store, { SecurityProfileID: 'market' });
  await assignProfile(store, { SecurityProfileID: 'adminGroup', UserGroupID: 'ag1' });
  await assignProfile(store, { SecurityProfileID: 'adminUser', UserID: 'a1' });
  // An admin user whose id is also a buyer user's id: neither may pick up the other's roles.
  await assignProfile(store, { SecurityProfileID: 'adminU1', UserID: 'u1' });
  await assignProfile(store, { SecurityProfileID: 'buyer1', BuyerID: 'b1' });
  await assignProfile(store, { SecurityProfileID: 'buyer1Group', BuyerID: 'b1', UserGroupID: 'g1' });
  await assignProfile(store, { SecurityProfileID: 'buyer1User', BuyerID: 'b1', UserID: 'u1' });
  await assignProfile(store, { SecurityProfileID: 'buyer2', BuyerID: 'b2' });
  // Same group id in another buyer: membership of b1's g1 must not grant b2's g1 roles.
  await assignProfile(store, { SecurityProfileID: 'buyer2Group', BuyerID: 'b2', UserGroupID: 'g1' });
  await assignProfile(store, { SecurityProfileID: 'supplier1', SupplierID: 's1' });
  await assignProfile(store, { SecurityProfileID: 'supplier1Group', SupplierID: 's1', UserGroupID: 'sg1' });
  await assignProfile(store, { SecurityProfileID: 'supplier1User', SupplierID: 's1', UserID: 'su1' });
  await assignProfile(store, { SecurityProfileID: 'sameIdSupplier', SupplierID: 'b1' });

  await addToGroup(store, undefined, 'ag1', 'a1');
  await addToGroup(store, 'b1', 'g1', 'u1');
  await addToGroup(store, 's1', 'sg1', 'su1', 'supplier');
});

afterAll(() => ctx.dispose());

describe('resolveRoles', () => {
  const cases: { name: string; user: RoleSubject; roles: string[] }[] = [
    {
      name: 'admin: marketplace + group + user',
      user: { id: 'a1', type: 'admin' },
      roles: ['ProductReader', 'CatalogAdmin', 'BuyerAdmin'],
    },
    { name: 'admin without group or user profiles', user: { id: 'a2', type: 'admin' }, roles: ['ProductReader'] },
    {
      name: 'admin whose id a buyer user shares',
      user: { id: 'u1', type: 'admin' },
      roles: ['ProductReader', 'PriceScheduleAdmin'],
    },
    {
      name: 'buyer: company + group + user',
      user: { id: 'u1', type: 'buyer', companyId: 'b1' },
      roles: ['Shopper', 'OrderReader', 'group-custom', 'MeAdmin'],
    },
    { name: 'buyer: company only', user: { id: 'u2', type: 'buyer', companyId: 'b1' }, roles: ['Shopper'] },
    {
      name: 'buyer of another company, same user id',
      user: { id: 'u1', type: 'buyer', companyId: 'b2' },
      roles: ['BuyerReader'],
    },
    {
      name: 'supplier: company + group + user',
      user: { id: 'su1', type: 'supplier', companyId: 's1' },
      roles: ['SupplierReader', 'ShipmentAdmin', 'OrderAdmin'],
    },
    {
      name: 'supplier: company only',
      user: { id: 'su2', type: 'supplier', companyId: 's1' },
      roles: ['SupplierReader'],
    },
    {
      name: 'supplier whose id a buyer shares',
      user: { id: 'x', type: 'supplier', companyId: 'b1' },
      roles: ['ProductAdmin'],
    },
    { name: 'buyer user without company', user: { id: 'u1', type: 'buyer' }, roles: [] },
  ];

  it.each(cases)('$name', async ({ user, roles }) => {
    const resolved = await resolveRoles(ctx.store, user);
    expect([...resolved].sort()).toEqual([...roles].sort());
  });

  it('lists ApiRoles in the platform order, then custom roles, without duplicates', async () => {
    expect(await resolveRoles(ctx.store, { id: 'u1', type: 'buyer', companyId: 'b1' })).toEqual([
      'MeAdmin',
      'OrderReader',
      'Shopper',
      'group-custom',
    ]);
  });

  it('ignores profiles of another marketplace', async () => {
    const { PgStore } = await import('../engine/pg-store.ts');
    const other = new PgStore(ctx.db, ctx.registry, 'mkt2');
    expect(await resolveRoles(other, { id: 'a1', type: 'admin' })).toEqual([]);
  });
});

describe('scope and client limits', () => {
  it('parses scope, tolerating the literal undefined the JS SDK sends', () => {
    expect(parseScope(undefined)).toBeUndefined();
    expect(parseScope('')).toBeUndefined();
    expect(parseScope('undefined')).toBeUndefined();
    expect(parseScope('undefined custom-a  Shopper')).toEqual(['custom-a', 'Shopper']);
  });

  it('narrows to held roles; FullAccess stands for every ApiRole but not for custom roles', () => {
    expect(narrowRoles(['Shopper', 'MeAdmin', 'x'], undefined)).toEqual(['MeAdmin', 'Shopper', 'x']);
    expect(narrowRoles(['Shopper', 'MeAdmin', 'x'], ['Shopper', 'OrderAdmin', 'x', 'y'])).toEqual(['Shopper', 'x']);
    expect(narrowRoles(['FullAccess'], ['OrderAdmin', 'custom'])).toEqual(['OrderAdmin']);
    expect(narrowRoles(['Shopper'], ['OrderAdmin'])).toEqual([]);
  });

  it('applies the client MaximumGranted and MinimumRequired roles', () => {
    const client = {
      MaximumGrantedRoles: ['Shopper'],
      MaximumGrantedCustomRoles: [],
      MinimumRequiredRoles: ['MeAdmin'],
    };
    expect(limitToClient(['Shopper', 'MeAdmin', 'custom'], client)).toEqual(['Shopper', 'custom']);
    expect(limitToClient(['Shopper', 'MeAdmin'], {})).toEqual(['Shopper', 'MeAdmin']);
    expect(missingRequiredRoles(['Shopper'], client)).toEqual(['MeAdmin']);
    expect(missingRequiredRoles(['FullAccess'], client)).toEqual([]);
  });
});
