import { describe, expect, it } from 'vitest';
import type { ApiDescription } from '@/description/api-model';
import type { SchemaObject } from '@/description/openapi-types';
import { isIdFieldName } from '../field-model';
import { fillPath, pickerPathParams, pickerTarget, singularOf, type PickerContext } from './id-field-target';
import { realApiDescription } from './real-description';

const api = realApiDescription();

/** ID-named fields that name nothing the portal can list; their inputs stay plain text boxes. */
const NOT_PICKABLE: Readonly<Record<string, string>> = {
  ConnectClientID: "the identity provider's own client id, not one of the marketplace's",
  SiteID: 'a site of an external service',
  ShipMethodID: 'ship methods come from the shipping integration, not from a list',
  SelectedShipMethodID: 'ship methods come from the shipping integration, not from a list',
  ShipEstimateID: 'estimates exist only inside an order',
  OwnerID: 'a company of any kind (marketplace, supplier), no single list',
};

interface IdField {
  readonly name: string;
  readonly owner: string;
  readonly operation: string;
}

function idFieldsOf(schema: SchemaObject, owner: string, operation: string): IdField[] {
  return Object.entries(schema.properties ?? {}).flatMap(([name, property]) => {
    if (property.readOnly) return [];
    const nested = property.type === 'object' ? idFieldsOf(property, owner, operation) : [];
    const own = property.type === 'string' && isIdFieldName(name) ? [{ name, owner, operation }] : [];
    return [...own, ...nested];
  });
}

/** Every writable identifier field of every request body, as the form engine flags them. */
function writableIdFields(description: ApiDescription): IdField[] {
  return Object.values(description.operationsById).flatMap((operation) =>
    operation.requestBody ? idFieldsOf(operation.requestBody.schema, operation.resourceId, operation.id) : [],
  );
}

const nothing: PickerContext = { value: () => undefined };
const withValues = (values: Record<string, string>, ownerResourceId?: string): PickerContext => ({
  ownerResourceId,
  value: (name) => values[name],
});
const listOf = (field: string, context: PickerContext = nothing) => pickerTarget(api, field, context)?.operation.id;

describe('singularOf', () => {
  it('follows English plurals', () => {
    expect(['Categories', 'AdminAddresses', 'Users', 'Specs', 'Buyers'].map(singularOf)).toEqual([
      'Category',
      'AdminAddress',
      'User',
      'Spec',
      'Buyer',
    ]);
  });
});

describe('pickerTarget over the real description', () => {
  const fields = writableIdFields(api);

  it('finds identifier fields in request bodies', () => {
    expect(fields.length).toBeGreaterThan(50);
  });

  it('gives every writable identifier field a list, except the few that name nothing listable', () => {
    const unmapped = [
      ...new Set(
        fields
          .filter((field) => !pickerTarget(api, field.name, { ownerResourceId: field.owner, value: () => undefined }))
          .map((field) => field.name),
      ),
    ].sort();
    expect(unmapped).toEqual(
      Object.keys(NOT_PICKABLE)
        .filter((name) => fields.some((f) => f.name === name))
        .sort(),
    );
  });

  it('binds every field the spec names to its list operation', () => {
    const expected: Record<string, string> = {
      ApiClientID: 'ApiClients.List',
      BuyerID: 'Buyers.List',
      BundleID: 'Bundles.List',
      SupplierID: 'Suppliers.List',
      CatalogID: 'Catalogs.List',
      SecurityProfileID: 'SecurityProfiles.List',
      MessageSenderID: 'MessageSenders.List',
      UserGroupID: 'UserGroups.List',
      UserID: 'Users.List',
      SpecID: 'Specs.List',
      ProductID: 'Products.List',
      LocaleID: 'Locales.List',
      PromotionID: 'Promotions.List',
      PriceScheduleID: 'PriceSchedules.List',
      DefaultCatalogID: 'Catalogs.List',
      DefaultPriceScheduleID: 'PriceSchedules.List',
      DefaultSupplierID: 'Suppliers.List',
      ShipFromAddressID: 'AdminAddresses.List',
      ParentID: 'Products.List',
      DefaultOptionID: 'Specs.ListOptions',
      FromCompanyID: 'Buyers.List',
      ToCompanyID: 'Buyers.List',
      FromUserID: 'Users.List',
      BillingAddressID: 'Addresses.List',
      ShippingAddressID: 'Addresses.List',
      ClientID: 'ApiClients.List',
      ImpersonationBuyerID: 'Buyers.List',
      ImpersonationGroupID: 'UserGroups.List',
      ImpersonationUserID: 'Users.List',
      IntegrationEventID: 'IntegrationEvents.List',
      OrderCheckoutIntegrationEventID: 'IntegrationEvents.List',
      OrderReturnIntegrationEventID: 'IntegrationEvents.List',
      AddToCartIntegrationEventID: 'IntegrationEvents.List',
      DeliveryConfigID: 'DeliveryConfigurations.List',
      CategoryID: 'Categories.List',
      CostCenterID: 'CostCenters.List',
      InventoryRecordID: 'InventoryRecords.List',
    };
    const actual = Object.fromEntries(Object.keys(expected).map((name) => [name, listOf(name)]));
    expect(actual).toEqual(expected);
  });

  it('adds the fixed query the spec asks for', () => {
    expect(pickerTarget(api, 'CategoryID', nothing)?.query).toEqual({ depth: 'all' });
    expect(pickerTarget(api, 'ParentID', withValues({}, 'Products'))?.query).toEqual({ IsParent: 'true' });
    expect(pickerTarget(api, 'OrderReturnIntegrationEventID', nothing)?.query).toEqual({ EventType: 'OrderReturn' });
    expect(pickerTarget(api, 'IntegrationEventID', nothing)?.query).toEqual({});
  });

  it("picks a category's parent among categories", () => {
    expect(listOf('ParentID', withValues({}, 'Categories'))).toBe('Categories.List');
  });

  it('chooses supplier or admin users and groups from the context', () => {
    expect(listOf('UserID', withValues({ supplierID: 's1' }))).toBe('SupplierUsers.List');
    expect(listOf('UserGroupID', withValues({ SupplierID: 's1' }))).toBe('SupplierUserGroups.List');
    expect(listOf('UserID', withValues({}, 'AdminUserGroups'))).toBe('AdminUsers.List');
    expect(listOf('ShipFromAddressID', withValues({ supplierID: 's1' }))).toBe('SupplierAddresses.List');
    expect(listOf('UserID', withValues({ buyerID: 'b1', SupplierID: 's1' }))).toBe('Users.List');
  });

  it('labels the target in the singular', () => {
    expect(pickerTarget(api, 'DefaultPriceScheduleID', nothing)?.label).toBe('Price Schedule');
    expect(pickerTarget(api, 'DefaultOptionID', nothing)?.label).toBe('Option');
  });
});

describe('pickerPathParams', () => {
  it('reads parent parameters from route parameters, then form fields, then the field-specific ones', () => {
    const users = pickerTarget(api, 'ImpersonationUserID', nothing);
    if (!users) throw new Error('no target');
    expect(pickerPathParams(users, nothing)).toEqual({ params: {}, missing: ['buyerID'] });
    expect(pickerPathParams(users, withValues({ ImpersonationBuyerID: 'b2' })).params).toEqual({ buyerID: 'b2' });
    expect(pickerPathParams(users, withValues({ buyerID: 'b1', BuyerID: 'b3' })).params).toEqual({ buyerID: 'b1' });
    expect(fillPath(users.operation, { buyerID: 'a b' })).toBe('/buyers/a%20b/users');
  });

  it('needs the catalog for categories and the spec for options', () => {
    const categories = pickerTarget(api, 'CategoryID', nothing);
    const options = pickerTarget(api, 'DefaultOptionID', nothing);
    if (!categories || !options) throw new Error('no target');
    expect(pickerPathParams(categories, nothing).missing).toEqual(['catalogID']);
    expect(pickerPathParams(options, withValues({ specID: 'size' })).params).toEqual({ specID: 'size' });
  });

  it('assumes every direction for orders', () => {
    const orders = pickerTarget(api, 'OrderID', nothing);
    if (!orders) throw new Error('no target');
    expect(pickerPathParams(orders, nothing)).toEqual({ params: { direction: 'All' }, missing: [] });
  });
});
