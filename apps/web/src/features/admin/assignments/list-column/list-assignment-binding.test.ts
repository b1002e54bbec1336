import { describe, expect, it } from 'vitest';
import { buildApiDescription } from '@/description/index-description';
import { CATALOGUE, collectionByKey } from '../../catalogue/catalogue';
import { realPlatformDocument } from '../../catalogue/real-platform-description';
import { TabBindingError } from '../tab-binding';
import {
  bindListAssignments,
  choiceFromUrl,
  matchedRecordsRequest,
  recordForRow,
  recordsByRow,
  withArticle,
  type ListAssignmentBinding,
} from './list-assignment-binding';

// The walk: every switcher the catalogue declares, bound against the description the platform really serves.
const api = buildApiDescription(realPlatformDocument());

function bind(key: string): ListAssignmentBinding {
  const binding = bindListAssignments(api, collectionByKey(key));
  if (!binding) throw new Error(`${key} declares no assignment switcher`);
  return binding;
}

describe('the catalogue walk of assignment switchers', () => {
  const declared = CATALOGUE.filter((collection) => collection.assignmentSwitcher !== undefined);

  it('declares a switcher on the list routes of spec 2 "Assignment pages" (the seventh is a user group tab)', () => {
    expect(declared.map((collection) => collection.path).sort()).toEqual([
      'admin-user-groups',
      'buyers/:buyerID/user-groups',
      'buyers/:buyerID/users',
      'catalogs/:catalogID/categories',
      'suppliers/:supplierID/user-groups',
      'suppliers/:supplierID/users',
    ]);
    const groups = collectionByKey('buyers.user-groups');
    const tab = groups.tabs.find((candidate) => candidate.label === 'Categories');
    expect(tab).toMatchObject({ kind: 'related', segment: 'categories', operationId: 'Categories.ListAssignments' });
  });

  it.each(declared.map((collection) => [collection.path, collection] as const))(
    '%s binds: the row fills a key, every step is a filterable key with a list to choose from',
    (_, collection) => {
      const binding = bindListAssignments(api, collection);
      expect(binding).not.toBeNull();
      if (!binding) return;
      expect(binding.pair.keyFields).toContain(binding.rowField);
      expect(binding.steps.length).toBeGreaterThan(0);
      for (const step of binding.steps) {
        expect(binding.pair.keyFields).toContain(step.field);
        expect(binding.pair.list.queryParams.map((param) => param.name)).toContain(step.filterParam);
        expect(step.resourceLabel).not.toBe('');
      }
      expect(binding.prompt).toBe(
        `Select ${withArticle(binding.steps[0]?.resourceLabel ?? '')} to view ${collection.label}`,
      );
    },
  );

  it('binds nothing on a list without a declaration', () => {
    expect(bindListAssignments(api, collectionByKey('products'))).toBeNull();
  });

  it('refuses a declaration the description cannot serve', () => {
    const users = collectionByKey('buyers.users');
    expect(() => bindListAssignments(api, { ...users, assignmentSwitcher: 'Users.ListNothing' })).toThrow(
      TabBindingError,
    );
    // Product assignments have no key a user fills.
    expect(() => bindListAssignments(api, { ...users, assignmentSwitcher: 'Products.ListAssignments' })).toThrow(
      TabBindingError,
    );
    // A catalog's category assignments need a catalogID the buyers' route lacks.
    const buyers = collectionByKey('buyers');
    expect(() => bindListAssignments(api, { ...buyers, assignmentSwitcher: 'Categories.ListAssignments' })).toThrow(
      /catalogID/,
    );
  });
});

describe('the bindings of the spec pages', () => {
  it("puts 'a' or 'an' by the sound", () => {
    expect(['User Group', 'Admin User', 'Buyer', 'Address', 'Unit'].map(withArticle)).toEqual([
      'a User Group',
      'an Admin User',
      'a Buyer',
      'an Address',
      'a Unit',
    ]);
  });

  it("a buyer's users: choose a User Group", () => {
    const binding = bind('buyers.users');
    expect(binding.rowField).toBe('UserID');
    expect(binding.steps).toEqual([
      expect.objectContaining({ field: 'UserGroupID', filterParam: 'userGroupID', resourceLabel: 'User Group' }),
    ]);
    expect(binding.prompt).toBe('Select a User Group to view Users');
    expect(binding.noun).toBe('User');
  });

  it("a buyer's user groups: choose a User", () => {
    const binding = bind('buyers.user-groups');
    expect(binding.rowField).toBe('UserGroupID');
    expect(binding.steps.map((step) => step.field)).toEqual(['UserID']);
  });

  it('admin user groups: choose an Admin User', () => {
    const binding = bind('admin-user-groups');
    expect(binding.pair.id).toBe('AdminUserGroups.ListUserAssignments');
    expect(binding.prompt).toBe('Select an Admin User to view Admin User Groups');
  });

  it("a catalog's categories: a Buyer (Company level), then optionally one of its User Groups (Group level)", () => {
    const binding = bind('catalogs.categories');
    expect(binding.rowField).toBe('CategoryID');
    expect(binding.steps).toEqual([
      expect.objectContaining({ field: 'BuyerID', level: 'Company', needs: [] }),
      expect.objectContaining({ field: 'UserGroupID', level: 'Group', needs: ['BuyerID'] }),
    ]);
    expect(binding.prompt).toBe('Select a Buyer to view Categories');
  });
});

describe('choices, requests and records', () => {
  const categories = bind('catalogs.categories');
  const users = bind('buyers.users');

  it('reads the choice from the URL, stopping at the first step not chosen', () => {
    expect(choiceFromUrl(categories, new URLSearchParams('assign-BuyerID=b1&assign-UserGroupID=g1'))).toEqual({
      BuyerID: 'b1',
      UserGroupID: 'g1',
    });
    expect(choiceFromUrl(categories, new URLSearchParams('assign-UserGroupID=g1'))).toEqual({});
  });

  it('asks for the records of the choice, with the level of its deepest step', () => {
    expect(matchedRecordsRequest(users, { buyerID: 'b1' }, {}, 1, 100)).toBeNull();
    expect(matchedRecordsRequest(users, { buyerID: 'b1' }, { UserGroupID: 'g1' }, 2, 100)).toEqual({
      params: { buyerID: 'b1' },
      query: { userGroupID: 'g1', page: 2, pageSize: 100 },
    });
    expect(matchedRecordsRequest(categories, { catalogID: 'c1' }, { BuyerID: 'b1' }, 1, 100)).toEqual({
      params: { catalogID: 'c1' },
      query: { buyerID: 'b1', level: 'Company', page: 1, pageSize: 100 },
    });
    expect(
      matchedRecordsRequest(categories, { catalogID: 'c1' }, { BuyerID: 'b1', UserGroupID: 'g1' }, 1, 100)?.query,
    ).toEqual({ buyerID: 'b1', userGroupID: 'g1', level: 'Group', page: 1, pageSize: 100 });
  });

  it("matches records to rows exactly: a group's record is not the buyer's", () => {
    const records = [
      { CategoryID: 'cat1', BuyerID: 'b1', UserGroupID: null, Visible: true },
      { CategoryID: 'cat2', BuyerID: 'b1', UserGroupID: 'g1', Visible: true },
      { CategoryID: 'cat3', BuyerID: 'b2', UserGroupID: null, Visible: true },
    ];
    expect([...recordsByRow(categories, { BuyerID: 'b1' }, records).keys()]).toEqual(['cat1']);
    expect([...recordsByRow(categories, { BuyerID: 'b1', UserGroupID: 'g1' }, records).keys()]).toEqual(['cat2']);
  });

  it('writes the record of a row: route fields, the choice and the row id', () => {
    expect(recordForRow(users, { buyerID: 'b1' }, { UserGroupID: 'g1' }, 'u1')).toEqual({
      UserGroupID: 'g1',
      UserID: 'u1',
    });
    expect(recordForRow(categories, { catalogID: 'c1' }, { BuyerID: 'b1' }, 'cat1')).toEqual({
      BuyerID: 'b1',
      CategoryID: 'cat1',
    });
  });
});
