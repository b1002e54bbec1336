import { describe, expect, it } from 'vitest';
import { buildApiDescription } from '@/description/index-description';
import { assignmentPair } from '../assignments/assignment-pairs';
import { collectionByKey } from '../catalogue/catalogue';
import { realPlatformDocument } from '../catalogue/real-platform-description';
import { assignmentRowCall, assignValuesComplete, bulkAssignment, changeAssignValue } from './bulk-assign';

// Read off the description the platform really serves, as the list pages do.
const api = buildApiDescription(realPlatformDocument());

function assignmentOf(pairId: string, collectionKey: string, route: Record<string, string> = {}) {
  const pair = assignmentPair(api, pairId);
  if (!pair) throw new Error(`${pairId} is not in the description`);
  return bulkAssignment(api, pair, collectionByKey(collectionKey), route);
}

describe('assigning products to a buyer with a price schedule (Products.ListAssignments)', () => {
  const assignment = assignmentOf('Products.ListAssignments', 'products');

  it('asks for the buyer (required), then its user group, the price schedule and the seller (optional)', () => {
    expect(assignment?.rowField).toBe('ProductID');
    expect(assignment?.label).toBe('Buyer and Price Schedule');
    expect(assignment?.oneOf).toBe(false);
    expect(assignment?.fields).toEqual([
      { field: 'BuyerID', label: 'Buyer', required: true, needs: [] },
      { field: 'UserGroupID', label: 'User Group', required: false, needs: ['BuyerID'] },
      { field: 'PriceScheduleID', label: 'Price Schedule', required: false, needs: [] },
      { field: 'SellerID', label: 'Seller', required: false, needs: [] },
    ]);
  });

  it('refuses to run without a buyer', () => {
    expect(assignValuesComplete(assignment!, { PriceScheduleID: 'ps1' })).toBe(false);
    expect(assignValuesComplete(assignment!, { BuyerID: '  ', PriceScheduleID: 'ps1' })).toBe(false);
    expect(assignValuesComplete(assignment!, { BuyerID: 'b1' })).toBe(true);
  });

  it("clears the user group when the buyer changes, since it was the old buyer's", () => {
    const values = { BuyerID: 'b1', UserGroupID: 'g1', PriceScheduleID: 'ps1' };
    expect(changeAssignValue(assignment!, values, 'BuyerID', 'b2')).toEqual({ BuyerID: 'b2', PriceScheduleID: 'ps1' });
    expect(changeAssignValue(assignment!, values, 'PriceScheduleID', 'ps2')).toEqual({
      ...values,
      PriceScheduleID: 'ps2',
    });
  });

  it("saves one record per row with the row's id and the answers, empty ones left out", () => {
    const call = assignmentRowCall(
      assignment!,
      {},
      { BuyerID: 'b1', UserGroupID: '', PriceScheduleID: ' ps1 ' },
      {
        ID: 'p1',
        Name: 'Mug',
      },
    );
    expect(call.operation.id).toBe('Products.SaveAssignment');
    expect(call.params).toEqual({});
    expect(call.body).toEqual({ ProductID: 'p1', BuyerID: 'b1', PriceScheduleID: 'ps1' });
  });
});

describe('other assignments the same way', () => {
  it('asks one question for products to a catalog', () => {
    const assignment = assignmentOf('Catalogs.ListProductAssignments', 'products');
    expect(assignment?.fields.map((field) => field.field)).toEqual(['CatalogID']);
    expect(assignment?.label).toBe('Catalog');
  });

  it("asks for a category's catalog, which the Save takes in its path, and puts it there", () => {
    const assignment = assignmentOf('Categories.ListProductAssignments', 'products')!;
    expect(assignment.fields).toMatchObject([
      { field: 'CatalogID', required: true, needs: [] },
      { field: 'CategoryID', required: true, needs: ['CatalogID'] },
    ]);
    const call = assignmentRowCall(assignment, {}, { CatalogID: 'c1', CategoryID: 'cat1' }, { ID: 'p1' });
    expect(call.params).toEqual({ catalogID: 'c1' });
    expect(call.body).toEqual({ CategoryID: 'cat1', ProductID: 'p1' });
  });

  it("fills a buyer's users' records with the route's buyer and asks only for the group", () => {
    const assignment = assignmentOf('UserGroups.ListUserAssignments', 'buyers.users', { buyerID: 'b1' })!;
    expect(assignment.fields.map((field) => field.field)).toEqual(['UserGroupID']);
    const call = assignmentRowCall(assignment, { buyerID: 'b1' }, { UserGroupID: 'g1' }, { ID: 'u1' });
    expect(call.params).toEqual({ buyerID: 'b1' });
    expect(call.body).toEqual({ UserGroupID: 'g1', UserID: 'u1' });
  });

  it('needs one answer where the record names one party of several (an API client to a buyer or a supplier)', () => {
    const assignment = assignmentOf('ApiClients.ListAssignments', 'api-clients')!;
    expect(assignment.oneOf).toBe(true);
    expect(assignment.label).toBe('Buyer or Supplier');
    expect(assignValuesComplete(assignment, {})).toBe(false);
    expect(assignValuesComplete(assignment, { SupplierID: 's1' })).toBe(true);
  });

  it("leaves out what hangs on each row's own id, and what would make the rows another list's", () => {
    // On the buyers list, a user group would have to be each buyer's own.
    const onBuyers = assignmentOf('Products.ListAssignments', 'buyers');
    expect(onBuyers?.fields.map((field) => field.field)).toEqual(['ProductID', 'PriceScheduleID', 'SellerID']);
    // A supplier's users are not a buyer's users: no buyer user group assignment on them.
    expect(assignmentOf('UserGroups.ListUserAssignments', 'suppliers.users', { supplierID: 's1' })).toBeNull();
    // Admin user groups hold admin users, not a buyer's.
    expect(assignmentOf('AdminUserGroups.ListUserAssignments', 'buyers.users', { buyerID: 'b1' })).toBeNull();
  });
});
