import { describe, expect, it } from 'vitest';
import { buildApiDescription } from '@/description/index-description';
import { collectionByKey } from '../catalogue/catalogue';
import { realPlatformDocument } from '../catalogue/real-platform-description';
import { bulkActionsFor, deleteRowCall, hasBulkActions, writeRowCall, xpChange } from './bulk-actions';
import { assignmentRowCall } from './bulk-assign';

// Read off the description the platform really serves, as the list pages do.
const api = buildApiDescription(realPlatformDocument());
const products = collectionByKey('products');
const users = collectionByKey('buyers.users');

describe('the bulk actions a list offers', () => {
  it('offers a product admin Delete, PATCH of booleans and xp, and assigning to a catalog', () => {
    const plan = bulkActionsFor(api, products, ['ProductAdmin', 'CatalogAdmin'], {});
    expect(plan.remove?.id).toBe('Products.Delete');
    expect(plan.write).toMatchObject({ partial: true, operation: { id: 'Products.Patch' } });
    expect(plan.booleans.map((field) => field.field)).toContain('Active');
    expect(plan.xp).toBe(true);
    expect(plan.assignments.map((binding) => binding.pair.id)).toContain('Catalogs.ListProductAssignments');
  });

  it('offers whoever may save product assignments to assign products to a buyer with a price schedule', () => {
    const plan = bulkActionsFor(api, products, ['ProductAdmin'], {});
    const assignment = plan.assignments.find((each) => each.pair.id === 'Products.ListAssignments');
    expect(assignment?.label).toBe('Buyer and Price Schedule');
    // A catalog admin who may not save product assignments is not offered them.
    const catalogAdmin = bulkActionsFor(api, products, ['ProductReader', 'CatalogAdmin'], {});
    expect(catalogAdmin.assignments.map((each) => each.pair.id)).not.toContain('Products.ListAssignments');
  });

  it('offers enum fields with their values', () => {
    const plan = bulkActionsFor(api, collectionByKey('subscriptions'), ['FullAccess'], {});
    expect(plan.enums).toEqual([{ field: 'Interval', label: 'Interval', values: ['Days', 'Weeks', 'Months'] }]);
  });

  it('offers nothing the roles cannot call: a reader gets no actions, a product admin no catalog assignment', () => {
    expect(hasBulkActions(bulkActionsFor(api, collectionByKey('buyers'), ['BuyerReader'], {}))).toBe(false);
    // A catalog admin may assign buyers to catalogs, but does not manage the buyers list.
    const catalogAdmin = bulkActionsFor(api, collectionByKey('buyers'), ['BuyerReader', 'CatalogAdmin'], {});
    expect(hasBulkActions(catalogAdmin)).toBe(false);
    const plan = bulkActionsFor(api, products, ['ProductAdmin'], {});
    expect(plan.remove).not.toBeNull();
    expect(plan.assignments.map((binding) => binding.pair.id)).not.toContain('Catalogs.ListProductAssignments');
  });

  it('offers nothing on a read-only list', () => {
    expect(hasBulkActions(bulkActionsFor(api, collectionByKey('orders'), ['FullAccess'], {}))).toBe(false);
  });

  it("assigns a buyer's users to that buyer's user groups, not to admin user groups", () => {
    const plan = bulkActionsFor(api, users, ['FullAccess'], { buyerID: 'b1' });
    const ids = plan.assignments.map((binding) => binding.pair.id);
    expect(ids).toContain('UserGroups.ListUserAssignments');
    expect(ids).not.toContain('AdminUserGroups.ListUserAssignments');
  });
});

describe('the calls a bulk action sends per row', () => {
  const plan = bulkActionsFor(api, users, ['FullAccess'], { buyerID: 'b1' });
  const item = { ID: 'u1', Username: 'ada', Active: true, xp: { Tier: 'gold' } };

  it('deletes a row by its id under the route', () => {
    const call = deleteRowCall(plan.remove!, users, { buyerID: 'b1' }, item);
    expect(call).toEqual({ operation: plan.remove, params: { buyerID: 'b1', userID: 'u1' } });
  });

  it('PATCHes just the field', () => {
    const call = writeRowCall(plan.write!, users, { buyerID: 'b1' }, item, { Active: false });
    expect(call.operation.method).toBe('patch');
    expect(call.body).toEqual({ Active: false });
  });

  it("PUTs the row's writable fields with the change merged in when there is no PATCH", () => {
    const save = api.operationsById['Users.Save']!;
    const withId = { ...item, DateCreated: '2024-01-01' };
    const call = writeRowCall({ operation: save, partial: false }, users, { buyerID: 'b1' }, withId, {
      xp: { Brand: 'Acme' },
    });
    expect(call.body).toMatchObject({ ID: 'u1', Username: 'ada', Active: true, xp: { Tier: 'gold', Brand: 'Acme' } });
    expect(call.body).not.toHaveProperty('DateCreated');
  });

  it('assigns a row to the chosen user group', () => {
    const assignment = plan.assignments.find((each) => each.pair.id === 'UserGroups.ListUserAssignments')!;
    const call = assignmentRowCall(assignment, { buyerID: 'b1' }, { UserGroupID: 'g1' }, item);
    expect(call.params).toEqual({ buyerID: 'b1' });
    expect(call.body).toEqual({ UserGroupID: 'g1', UserID: 'u1' });
  });
});

describe('an xp change', () => {
  it('nests the value at a dotted path', () => {
    expect(xpChange('Brand.Name', '"Acme"')).toEqual({ change: { xp: { Brand: { Name: 'Acme' } } } });
    expect(xpChange('Featured', 'true')).toEqual({ change: { xp: { Featured: true } } });
  });

  it('refuses a bad path or a value that is not JSON', () => {
    expect(xpChange('', '1')).toHaveProperty('error');
    expect(xpChange('a..b', '1')).toHaveProperty('error');
    expect(xpChange('Brand', 'Acme')).toEqual({ error: 'The value is not valid JSON (put text in double quotes).' });
  });
});
