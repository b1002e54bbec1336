import { describe, expect, it } from 'vitest';
import { buildApiDescription } from '@/description/index-description';
import { CATALOGUE, collectionByKey, routeParamNames, type CatalogueTab } from '../catalogue/catalogue';
import { realPlatformDocument } from '../catalogue/real-platform-description';
import {
  assignmentListRequest,
  belongsToTab,
  bindRelatedTab,
  fixedValues,
  hiddenOnCreate,
  hiddenOnEdit,
  type AssignmentTabBinding,
} from './tab-binding';

const api = buildApiDescription(realPlatformDocument());

const RELATED_TABS = CATALOGUE.flatMap((owner) =>
  owner.tabs
    .filter((tab) => tab.kind === 'related')
    .map((tab) => [`${owner.path} > ${tab.label}`, owner, tab] as const),
);

function tabOf(key: string, label: string): CatalogueTab {
  const tab = collectionByKey(key).tabs.find((candidate) => candidate.label === label);
  if (!tab) throw new Error(`${key} has no tab ${label}`);
  return tab;
}

function assignments(key: string, label: string): AssignmentTabBinding {
  const binding = bindRelatedTab(api, collectionByKey(key), tabOf(key, label));
  if (binding.kind === 'filtered-list') throw new Error(`${key} ${label} is a filtered list`);
  return binding;
}

describe.each(RELATED_TABS)('%s', (_, owner, tab) => {
  const binding = bindRelatedTab(api, owner, tab);
  const routeParams = [...routeParamNames(owner.path), owner.itemParam ?? ''];

  it('binds to a kind whose fixed side is the owner item and whose other side is known', () => {
    expect(['assignments', 'company', 'filtered-list']).toContain(binding.kind);
    if (binding.kind === 'filtered-list') {
      expect(binding.filterField).toMatch(/ID$/);
      expect(binding.list.pathParams.every((param) => routeParams.includes(param.name))).toBe(true);
      return;
    }
    expect(binding.ownerParam).toBe(owner.itemParam);
    expect(binding.ownerField.toLowerCase()).toBe(owner.itemParam?.toLowerCase());
    if (binding.kind === 'company') {
      expect(binding.level).toBe('Company');
      expect(binding.pair.levels).toContain('Company');
    } else {
      expect(binding.otherFields.length).toBeGreaterThan(0);
      expect(binding.otherFields).not.toContain(binding.ownerField);
      for (const field of binding.otherFields) expect(binding.pair.idFields).toContain(field);
    }
  });

  it('has every path parameter of its calls supplied by the route or the switcher', () => {
    if (binding.kind === 'filtered-list') return;
    const supplied = [...routeParams, ...(binding.switcher ? [binding.switcher.param] : [])];
    const { list, save, deletes } = binding.pair;
    for (const operation of [list, save, ...deletes]) {
      for (const param of operation?.pathParams ?? []) {
        const fromRecord = binding.pair.keyFields.some((field) => field.toLowerCase() === param.name.toLowerCase());
        expect(supplied.includes(param.name) || fromRecord, `${operation?.id} ${param.name}`).toBe(true);
      }
    }
    const context = Object.fromEntries(supplied.map((name) => [name, `x-${name}`]));
    const request = assignmentListRequest(binding, context, 1, 20);
    expect(request).not.toBeNull();
    const ownerFilter = Object.entries(request?.query ?? {}).find(
      ([name]) => name.toLowerCase() === owner.itemParam?.toLowerCase(),
    );
    expect(ownerFilter?.[1], 'the list is filtered by the owner').toBe(`x-${owner.itemParam}`);
    if (binding.switcher)
      expect(assignmentListRequest(binding, { ...context, [binding.switcher.param]: '' }, 1, 20)).toBeNull();
  });
});

describe('tab binding details', () => {
  it('derives the other side from the label', () => {
    expect(assignments('buyers.users', 'User Groups')).toMatchObject({
      ownerField: 'UserID',
      otherFields: ['UserGroupID'],
      level: null,
      switcher: null,
    });
    expect(assignments('locales', 'Buyers')).toMatchObject({ otherFields: ['BuyerID'], level: 'Company' });
    expect(assignments('locales', 'User Groups')).toMatchObject({ otherFields: ['UserGroupID'], level: 'Group' });
    expect(assignments('bundles', 'Catalog')).toMatchObject({ otherFields: ['CatalogID'] });
    expect(assignments('buyers.addresses', 'Users')).toMatchObject({ otherFields: ['UserID'], level: 'User' });
    expect(assignments('buyers.addresses', 'Company')).toMatchObject({
      kind: 'company',
      otherFields: [],
      createValues: { IsShipping: true, IsBilling: true },
    });
  });

  it("binds 'Assignments' to every party but the fixed side, price schedules included", () => {
    expect(assignments('security-profiles', 'Assignments').otherFields).toEqual([
      'BuyerID',
      'SupplierID',
      'UserID',
      'UserGroupID',
    ]);
    const prices = assignments('price-schedules', 'Assignments');
    expect(prices.ownerField).toBe('PriceScheduleID');
    expect(prices.otherFields).toEqual(['SellerID', 'ProductID', 'BuyerID', 'UserGroupID']);
    expect(assignments('products', 'Assignments').otherFields).toEqual(['SellerID', 'BuyerID', 'UserGroupID']);
  });

  it('asks for a catalog first where the route has none', () => {
    const categories = assignments('buyers.user-groups', 'Categories');
    expect(categories.switcher).toEqual({
      param: 'catalogID',
      field: 'CatalogID',
      resourceLabel: 'Catalog',
      prompt: 'Select a Catalog to view Categories',
    });
    expect(assignmentListRequest(categories, { buyerID: 'b1', userGroupID: 'g1', catalogID: 'c1' }, 2, 20)).toEqual({
      params: { catalogID: 'c1' },
      query: { buyerID: 'b1', userGroupID: 'g1', level: 'Group', page: 2, pageSize: 20 },
    });
    expect(assignments('products', 'Categories').switcher?.prompt).toBe('Select a Catalog to view Categories');
    expect(assignments('catalogs.categories', 'Products').switcher).toBeNull();
  });

  it('fixes the route values and hides them on create; editing shows configurable fields only', () => {
    const locales = assignments('buyers.user-groups', 'Locales');
    expect(fixedValues(locales, { buyerID: 'b1', userGroupID: 'g1' })).toEqual({ BuyerID: 'b1', UserGroupID: 'g1' });
    expect(hiddenOnCreate(locales)).toEqual(['BuyerID', 'UserGroupID']);
    const products = assignments('products', 'Assignments');
    expect(hiddenOnCreate(products)).toEqual(['ProductID']);
    expect(hiddenOnCreate(assignments('buyers.addresses', 'User Groups'))).toEqual(['AddressID', 'UserID']);
    expect(hiddenOnEdit(products)).toEqual(['SellerID', 'ProductID', 'BuyerID', 'UserGroupID']);
  });

  it("leaves a sibling tab's records to it where the list cannot narrow them", () => {
    const buyers = assignments('api-clients', 'Buyers');
    expect(belongsToTab(buyers, { ApiClientID: 'a', BuyerID: 'b' })).toBe(true);
    expect(belongsToTab(buyers, { ApiClientID: 'a', SupplierID: 's' })).toBe(false);
    expect(belongsToTab(assignments('buyers.users', 'User Groups'), { UserID: 'u', UserGroupID: 'g' })).toBe(true);
  });

  it('binds an api client tab listing another resource as a filtered list', () => {
    const binding = bindRelatedTab(api, collectionByKey('api-clients'), tabOf('api-clients', 'Open ID Connects'));
    expect(binding).toMatchObject({ kind: 'filtered-list', filterField: 'OrderCloudApiClientID' });
    const configs = bindRelatedTab(api, collectionByKey('api-clients'), tabOf('api-clients', 'Impersonation Configs'));
    expect(configs).toMatchObject({ kind: 'filtered-list', filterField: 'ClientID' });
  });
});
