import { describe, expect, it } from 'vitest';
import { buildApiDescription } from '@/description/index-description';
import { realPlatformDocument } from '../catalogue/real-platform-description';
import { assignmentPair, type AssignmentPair } from './assignment-pairs';
import { lookupQuery, partyHref, partyRef, planLookups } from './party-lookup';

const api = buildApiDescription(realPlatformDocument());

function pair(id: string): AssignmentPair {
  const found = assignmentPair(api, id);
  if (!found) throw new Error(`no pair ${id}`);
  return found;
}

describe('planLookups', () => {
  it('looks up the ids of a page with one list call per resource, ids deduplicated', () => {
    const records = [
      { ProductID: 'p1', BuyerID: 'b1', PriceScheduleID: 'ps1' },
      { ProductID: 'p1', BuyerID: 'b2', PriceScheduleID: 'ps1' },
      { ProductID: 'p1', BuyerID: 'b1', UserGroupID: 'g1', PriceScheduleID: null },
    ];
    const groups = planLookups(api, pair('Products.ListAssignments'), ['BuyerID', 'PriceScheduleID'], records, {});
    expect(groups.map((group) => [group.target.operation.id, group.ids])).toEqual([
      ['Buyers.List', ['b1', 'b2']],
      ['PriceSchedules.List', ['ps1']],
    ]);
    expect(lookupQuery(groups[0]!)).toEqual({ ID: 'b1|b2', pageSize: 2 });
  });

  it("reads a user group's parent buyer from the record, and a category's catalog from the route", () => {
    const records = [
      { ProductID: 'p', BuyerID: 'b1', UserGroupID: 'g1' },
      { ProductID: 'p', BuyerID: 'b2', UserGroupID: 'g2' },
    ];
    const groups = planLookups(api, pair('Products.ListAssignments'), ['UserGroupID'], records, {});
    expect(groups.map((group) => [group.target.operation.id, group.params, group.ids])).toEqual([
      ['UserGroups.List', { buyerID: 'b1' }, ['g1']],
      ['UserGroups.List', { buyerID: 'b2' }, ['g2']],
    ]);
    const categories = planLookups(
      api,
      pair('Categories.ListAssignments'),
      ['CategoryID'],
      [{ CategoryID: 'c1', BuyerID: 'b1' }],
      { buyerID: 'b1', catalogID: 'cat' },
    );
    expect(categories[0]?.params).toEqual({ catalogID: 'cat' });
    expect(lookupQuery(categories[0]!)).toEqual({ depth: 'all', ID: 'c1', pageSize: 1 });
  });

  it('picks the family of a party from its pair: admin users, supplier users', () => {
    const admin = partyRef(api, pair('AdminUserGroups.ListUserAssignments'), 'UserID', { UserID: 'u' }, {});
    expect(admin?.target.operation.id).toBe('AdminUsers.List');
    const supplier = partyRef(
      api,
      pair('SecurityProfiles.ListAssignments'),
      'UserID',
      { SecurityProfileID: 'sp', SupplierID: 's1', UserID: 'u' },
      {},
    );
    expect(supplier?.target.operation.id).toBe('SupplierUsers.List');
    expect(supplier?.params).toEqual({ supplierID: 's1' });
  });

  it('skips empty ids and parties whose parent nobody knows', () => {
    const products = pair('Products.ListAssignments');
    expect(partyRef(api, products, 'UserGroupID', { ProductID: 'p', BuyerID: 'b' }, {})).toBeNull();
    const profiles = pair('SecurityProfiles.ListAssignments');
    expect(partyRef(api, profiles, 'UserID', { SecurityProfileID: 'sp', UserID: 'u' }, {})).toBeNull();
  });
});

describe('partyHref', () => {
  it("links a party to its item page in the catalogue's routes", () => {
    const products = pair('Products.ListAssignments');
    const group = partyRef(api, products, 'UserGroupID', { BuyerID: 'b 1', UserGroupID: 'g1' }, {});
    expect(group && partyHref(group)).toBe('/admin/buyers/b%201/user-groups/g1');
    const schedule = partyRef(api, products, 'PriceScheduleID', { PriceScheduleID: 'ps' }, {});
    expect(schedule && partyHref(schedule)).toBe('/admin/price-schedules/ps');
  });
});
