import { describe, expect, it } from 'vitest';
import { buildApiDescription } from '@/description/index-description';
import { realPlatformDocument } from '../catalogue/real-platform-description';
import {
  assignmentPair,
  deleteCall,
  discoverAssignmentPairs,
  levelReachable,
  reachableLevels,
  recordLevel,
  saveCall,
  type AssignmentPair,
} from './assignment-pairs';

// Pair discovery against the description the platform really serves.
const api = buildApiDescription(realPlatformDocument());

function pair(id: string): AssignmentPair {
  const found = assignmentPair(api, id);
  if (!found) throw new Error(`no pair ${id}`);
  return found;
}

const ASSIGNMENT_OPERATION = /\.(List|Save|Delete)\w*Assignments?$/;

describe('discoverAssignmentPairs', () => {
  const pairs = discoverAssignmentPairs(api);

  it('finds a pair for every assignment list of the description, each operation in exactly one pair', () => {
    const described = Object.keys(api.operationsById).filter((id) => ASSIGNMENT_OPERATION.test(id));
    expect(described.length).toBeGreaterThan(60);
    const claimed = pairs.flatMap((p) => [p.id, p.save?.id, ...p.deletes.map((d) => d.id)]).filter(Boolean);
    expect([...claimed].sort()).toEqual([...described].sort());
    expect(new Set(claimed).size).toBe(claimed.length);
    expect(pairs.map((p) => p.id)).toContain('Categories.ListBundleAssignments');
  });

  it('gives every pair with records a POST save and DELETE deletes whose parameters its key fields fill', () => {
    for (const p of pairs) {
      if (p.id === 'MessageSenders.ListCCListenerAssignments') continue; // saved only, never deleted
      expect(p.save?.method, p.id).toBe('post');
      expect(p.deletes.length, p.id).toBeGreaterThan(0);
      for (const remove of p.deletes) {
        expect(remove.method).toBe('delete');
        const pathKeys = remove.pathParams.filter((param) =>
          p.keyFields.some((field) => field.toLowerCase() === param.name.toLowerCase()),
        );
        // Every path parameter is a key of the record, or a parent the list's path also has (buyerID, catalogID).
        const parents = p.list.pathParams.map((param) => param.name);
        for (const param of remove.pathParams) {
          expect(pathKeys.includes(param) || parents.includes(param.name), `${remove.id} ${param.name}`).toBe(true);
        }
      }
      expect(p.keyFields.length, p.id).toBeGreaterThanOrEqual(2);
    }
  });

  it('matches deletes by name: the catalog product delete to the product list, both api client deletes to one', () => {
    expect(pair('Catalogs.ListProductAssignments').deletes.map((d) => d.id)).toEqual([
      'Catalogs.DeleteProductAssignment',
    ]);
    expect(pair('Catalogs.ListAssignments').deletes.map((d) => d.id)).toEqual(['Catalogs.DeleteAssignment']);
    expect(
      pair('ApiClients.ListAssignments')
        .deletes.map((d) => d.id)
        .sort(),
    ).toEqual(['ApiClients.DeleteBuyerAssignment', 'ApiClients.DeleteSupplierAssignment']);
    expect(pair('UserGroups.ListUserAssignments').save?.id).toBe('UserGroups.SaveUserAssignment');
  });

  it('separates key fields from configurable ones by what a delete takes', () => {
    const products = pair('Products.ListAssignments');
    expect(products.keyFields).toEqual(['SellerID', 'ProductID', 'BuyerID', 'UserGroupID']);
    expect(products.configurableFields).toEqual(['PriceScheduleID']);
    expect(products.requiredFields).toEqual(['ProductID', 'BuyerID']);
    const addresses = pair('Addresses.ListAssignments');
    expect(addresses.keyFields).toEqual(['AddressID', 'UserID', 'UserGroupID']);
    expect(addresses.configurableFields).toEqual(['IsShipping', 'IsBilling']);
    expect(pair('Specs.ListProductAssignments').configurableFields).toEqual(['DefaultValue', 'DefaultOptionID']);
    // Read-only fields are never sent.
    expect(pair('MessageSenders.ListAssignments').configurableFields).toEqual([]);
  });

  it('reads the level enum where the list takes level', () => {
    expect(pair('Addresses.ListAssignments').levels).toEqual(['User', 'Group', 'Company']);
    expect(pair('Catalogs.ListAssignments').levels).toBeNull();
  });
});

describe('levels', () => {
  it('puts a record at the first level whose field it fills', () => {
    const products = pair('Products.ListAssignments');
    expect(recordLevel(products, { ProductID: 'p', BuyerID: 'b' })).toBe('Company');
    expect(recordLevel(products, { ProductID: 'p', BuyerID: 'b', UserGroupID: 'g' })).toBe('Group');
    expect(recordLevel(pair('Addresses.ListAssignments'), { AddressID: 'a', UserID: 'u' })).toBe('User');
    expect(recordLevel(pair('Catalogs.ListAssignments'), { CatalogID: 'c', BuyerID: 'b' })).toBeNull();
  });

  it('reaches a level only when no higher party is required', () => {
    expect(levelReachable(pair('Addresses.ListAssignments'), 'Group')).toBe(true);
    expect(levelReachable(pair('Promotions.ListAssignments'), 'Company')).toBe(true);
    expect(levelReachable(pair('AdminUserGroups.ListUserAssignments'), 'Group')).toBe(false);
    expect(levelReachable(pair('AdminUserGroups.ListUserAssignments'), 'User')).toBe(true);
    expect(levelReachable(pair('Catalogs.ListAssignments'), 'Company')).toBe(false);
  });

  it('lists the levels a record can be at: products never to a single user, memberships always at User', () => {
    expect(reachableLevels(pair('Products.ListAssignments'))).toEqual(['Group', 'Company']);
    expect(reachableLevels(pair('Addresses.ListAssignments'))).toEqual(['User', 'Group', 'Company']);
    expect(reachableLevels(pair('UserGroups.ListUserAssignments'))).toEqual(['User']);
  });
});

describe('deleteCall', () => {
  it('chooses the api client delete whose path the record fills', () => {
    const apiClients = pair('ApiClients.ListAssignments');
    const buyer = deleteCall(apiClients, { ApiClientID: 'a1', BuyerID: 'b1', SupplierID: null });
    expect(buyer?.operation.id).toBe('ApiClients.DeleteBuyerAssignment');
    expect(buyer?.params).toEqual({ buyerID: 'b1', apiClientID: 'a1' });
    const supplier = deleteCall(apiClients, { ApiClientID: 'a1', SupplierID: 's1' });
    expect(supplier?.operation.id).toBe('ApiClients.DeleteSupplierAssignment');
    expect(supplier?.params).toEqual({ supplierID: 's1', apiClientID: 'a1' });
  });

  it('maps record fields onto path and query parameters ignoring case, parents from the context', () => {
    const specs = deleteCall(pair('Specs.ListProductAssignments'), { SpecID: 's1', ProductID: 'p1' });
    expect(specs?.params).toEqual({ specID: 's1', productID: 'p1' });
    const group = deleteCall(
      pair('Products.ListAssignments'),
      { ProductID: 'p1', BuyerID: 'b1', UserGroupID: 'g1', PriceScheduleID: 'ps' },
      {},
    );
    expect(group?.params).toEqual({ productID: 'p1', buyerID: 'b1' });
    expect(group?.query).toEqual({ userGroupID: 'g1' });
    const address = deleteCall(pair('Addresses.ListAssignments'), { AddressID: 'a1', UserID: '' }, { buyerID: 'b1' });
    expect(address?.params).toEqual({ buyerID: 'b1', addressID: 'a1' });
    expect(address?.query).toEqual({});
    expect(deleteCall(pair('Addresses.ListAssignments'), { AddressID: 'a1' }, {})).toBeNull();
  });
});

describe('saveCall', () => {
  it('sends filled fields and takes path parameters from the context', () => {
    const call = saveCall(
      pair('Addresses.ListAssignments'),
      { AddressID: 'a1', UserID: '', IsBilling: true, IsShipping: false },
      { buyerID: 'b1' },
    );
    expect(call?.operation.id).toBe('Addresses.SaveAssignment');
    expect(call?.params).toEqual({ buyerID: 'b1' });
    expect(call?.body).toEqual({ AddressID: 'a1', IsShipping: false, IsBilling: true });
    expect(saveCall(pair('Categories.ListAssignments'), { CategoryID: 'c', BuyerID: 'b' }, {})).toBeNull();
  });
});
