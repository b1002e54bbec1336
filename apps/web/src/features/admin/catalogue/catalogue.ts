// THE ADMIN CATALOGUE
// Spec 2 §2 "Admin route and tab catalogue" as data: every list route under /admin, its item route, its tabs and
// the operations it uses by operationId. Routes, tabs, breadcrumbs and the sidebar check all read this one table;
// fields, types, roles and path parameters come from the API description. `catalogue.test.ts` walks it against
// the platform's real description, so a row the description cannot serve fails a test rather than a user.

import {
  crud,
  DIRECTIONS,
  nested,
  readOnly,
  related,
  row,
  type CatalogueCollection,
  type CatalogueTab,
} from './catalogue-model';

export type { CatalogueCollection, CatalogueTab, CollectionOperations, SpecialScreen } from './catalogue-model';

export const CATALOGUE: readonly CatalogueCollection[] = [
  // Authentication and Authorization
  row({
    path: 'api-clients',
    itemParam: 'apiClientID',
    label: 'Api Clients',
    singular: 'Api Client',
    operations: crud('ApiClients'),
    tabs: [
      related('Impersonation Configs', 'ImpersonationConfigs.List'),
      related('Tracking Events', 'TrackingEvents.List'),
      related('Open ID Connects', 'OpenIdConnects.List'),
      related('Buyers', 'ApiClients.ListAssignments'),
      related('Suppliers', 'ApiClients.ListAssignments'),
    ],
  }),
  row({
    path: 'security-profiles',
    itemParam: 'securityProfileID',
    label: 'Security Profiles',
    singular: 'Security Profile',
    operations: crud('SecurityProfiles'),
    tabs: [related('Assignments', 'SecurityProfiles.ListAssignments')],
  }),
  row({
    path: 'impersonation-configs',
    itemParam: 'impersonationConfigID',
    label: 'Impersonation Configs',
    singular: 'Impersonation Config',
    operations: crud('ImpersonationConfigs'),
  }),
  // Marketplace Owners
  row({
    path: 'admin-users',
    itemParam: 'userID',
    label: 'Admin Users',
    singular: 'Admin User',
    operations: crud('AdminUsers'),
    tabs: [related('User Groups', 'AdminUserGroups.ListUserAssignments')],
    hiddenFields: ['Locale'],
  }),
  row({
    path: 'admin-user-groups',
    assignmentSwitcher: 'AdminUserGroups.ListUserAssignments',
    itemParam: 'userGroupID',
    label: 'Admin User Groups',
    singular: 'Admin User Group',
    operations: crud('AdminUserGroups'),
    tabs: [related('Users', 'AdminUserGroups.ListUserAssignments')],
  }),
  row({
    path: 'admin-addresses',
    itemParam: 'addressID',
    label: 'Admin Addresses',
    singular: 'Admin Address',
    operations: crud('AdminAddresses'),
  }),
  // Buyers and Suppliers
  row({
    path: 'buyers',
    itemParam: 'buyerID',
    label: 'Buyers',
    singular: 'Buyer',
    operations: crud('Buyers'),
    tabs: [
      nested('User Groups', 'buyers.user-groups'),
      nested('Users', 'buyers.users'),
      nested('Addresses', 'buyers.addresses'),
      related('Catalogs', 'Catalogs.ListAssignments'),
      related('Categories', 'Categories.ListAssignments'),
      nested('Cost Centers', 'buyers.cost-centers'),
      nested('Credit Cards', 'buyers.credit-cards'),
      nested('Spending Accounts', 'buyers.spending-accounts'),
      related('Locales', 'Locales.ListAssignments'),
      related('Promotions', 'Promotions.ListAssignments'),
      nested('Approval Rules', 'buyers.approval-rules'),
    ],
  }),
  row({
    path: 'buyers/:buyerID/users',
    assignmentSwitcher: 'UserGroups.ListUserAssignments',
    itemParam: 'userID',
    label: 'Users',
    singular: 'User',
    operations: crud('Users'),
    tabs: [related('User Groups', 'UserGroups.ListUserAssignments')],
  }),
  row({
    path: 'buyers/:buyerID/user-groups',
    assignmentSwitcher: 'UserGroups.ListUserAssignments',
    itemParam: 'userGroupID',
    label: 'User Groups',
    singular: 'User Group',
    operations: crud('UserGroups'),
    tabs: [
      related('Users', 'UserGroups.ListUserAssignments'),
      related('Locales', 'Locales.ListAssignments'),
      related('Promotions', 'Promotions.ListAssignments'),
      related('Categories', 'Categories.ListAssignments'),
    ],
  }),
  row({
    path: 'buyers/:buyerID/addresses',
    itemParam: 'addressID',
    label: 'Addresses',
    singular: 'Address',
    operations: crud('Addresses'),
    tabs: [
      // The platform takes an address assignment only as a shipping or billing address; the buyer gets both.
      related('Company', 'Addresses.ListAssignments', { createValues: { IsShipping: true, IsBilling: true } }),
      related('User Groups', 'Addresses.ListAssignments'),
      related('Users', 'Addresses.ListAssignments'),
    ],
  }),
  row({
    path: 'buyers/:buyerID/cost-centers',
    itemParam: 'costCenterID',
    label: 'Cost Centers',
    singular: 'Cost Center',
    operations: crud('CostCenters'),
    tabs: [related('Company', 'CostCenters.ListAssignments'), related('User Groups', 'CostCenters.ListAssignments')],
  }),
  row({
    path: 'buyers/:buyerID/credit-cards',
    itemParam: 'creditCardID',
    label: 'Credit Cards',
    singular: 'Credit Card',
    operations: crud('CreditCards'),
    tabs: [
      related('Company', 'CreditCards.ListAssignments'),
      related('User Groups', 'CreditCards.ListAssignments'),
      related('Users', 'CreditCards.ListAssignments'),
    ],
  }),
  row({
    path: 'buyers/:buyerID/spending-accounts',
    itemParam: 'spendingAccountID',
    label: 'Spending Accounts',
    singular: 'Spending Account',
    operations: crud('SpendingAccounts'),
    tabs: [
      related('Company', 'SpendingAccounts.ListAssignments'),
      related('User Groups', 'SpendingAccounts.ListAssignments'),
      related('Users', 'SpendingAccounts.ListAssignments'),
    ],
  }),
  row({
    path: 'buyers/:buyerID/approval-rules',
    itemParam: 'approvalRuleID',
    label: 'Approval Rules',
    singular: 'Approval Rule',
    operations: crud('ApprovalRules'),
  }),
  row({
    path: 'suppliers',
    itemParam: 'supplierID',
    label: 'Suppliers',
    singular: 'Supplier',
    operations: crud('Suppliers'),
    tabs: [
      nested('User Groups', 'suppliers.user-groups'),
      nested('Users', 'suppliers.users'),
      nested('Addresses', 'suppliers.addresses'),
    ],
  }),
  row({
    path: 'suppliers/:supplierID/users',
    assignmentSwitcher: 'SupplierUserGroups.ListUserAssignments',
    itemParam: 'userID',
    label: 'Users',
    singular: 'User',
    operations: crud('SupplierUsers'),
    tabs: [related('User Groups', 'SupplierUserGroups.ListUserAssignments')],
  }),
  row({
    path: 'suppliers/:supplierID/addresses',
    itemParam: 'addressID',
    label: 'Addresses',
    singular: 'Address',
    operations: crud('SupplierAddresses'),
  }),
  row({
    path: 'suppliers/:supplierID/user-groups',
    assignmentSwitcher: 'SupplierUserGroups.ListUserAssignments',
    itemParam: 'userGroupID',
    label: 'User Groups',
    singular: 'User Group',
    operations: crud('SupplierUserGroups'),
    tabs: [related('Users', 'SupplierUserGroups.ListUserAssignments')],
  }),
  row({
    path: 'locales',
    itemParam: 'localeID',
    label: 'Locales',
    singular: 'Locale',
    operations: crud('Locales'),
    tabs: [related('Buyers', 'Locales.ListAssignments'), related('User Groups', 'Locales.ListAssignments')],
  }),
  // Products and Catalogs
  row({
    path: 'products',
    itemParam: 'productID',
    label: 'Products',
    singular: 'Product',
    operations: crud('Products'),
    tabs: [
      related('Specs', 'Specs.ListProductAssignments'),
      nested('Inventory Records', 'products.inventory-records'),
      related('Bundles', 'Bundles.ListProductAssignments'),
      related('Catalogs', 'Catalogs.ListProductAssignments'),
      related('Categories', 'Categories.ListProductAssignments'),
      related('Assignments', 'Products.ListAssignments'),
    ],
  }),
  row({
    path: 'products/:productID/inventory-records',
    itemParam: 'inventoryRecordID',
    label: 'Inventory Records',
    singular: 'Inventory Record',
    operations: crud('InventoryRecords'),
    tabs: [related('Buyers', 'InventoryRecords.ListAssignments')],
  }),
  row({
    path: 'bundles',
    itemParam: 'bundleID',
    label: 'Bundles',
    singular: 'Bundle',
    operations: crud('Bundles'),
    tabs: [
      related('Products', 'Bundles.ListProductAssignments'),
      related('Catalog', 'Catalogs.ListBundleAssignments'),
      related('Categories', 'Categories.ListBundleAssignments'),
      related('Assignments', 'Bundles.ListAssignments'),
    ],
  }),
  row({
    path: 'price-schedules',
    itemParam: 'priceScheduleID',
    label: 'Price Schedules',
    singular: 'Price Schedule',
    operations: crud('PriceSchedules'),
    tabs: [related('Assignments', 'Products.ListAssignments')],
  }),
  row({
    path: 'specs',
    itemParam: 'specID',
    label: 'Specs',
    singular: 'Spec',
    operations: crud('Specs'),
    tabs: [nested('Options', 'specs.options'), related('Products', 'Specs.ListProductAssignments')],
    hiddenFields: ['Options'],
  }),
  row({
    path: 'specs/:specID/options',
    itemParam: 'optionID',
    label: 'Options',
    singular: 'Option',
    operations: {
      list: 'Specs.ListOptions',
      get: 'Specs.GetOption',
      create: 'Specs.CreateOption',
      save: 'Specs.SaveOption',
      patch: 'Specs.PatchOption',
      delete: 'Specs.DeleteOption',
    },
  }),
  row({
    path: 'product-facets',
    itemParam: 'productFacetID',
    label: 'Product Facets',
    singular: 'Product Facet',
    operations: crud('ProductFacets'),
  }),
  row({
    path: 'promotions',
    itemParam: 'promotionID',
    label: 'Promotions',
    singular: 'Promotion',
    operations: crud('Promotions'),
    tabs: [related('Buyers', 'Promotions.ListAssignments'), related('User Groups', 'Promotions.ListAssignments')],
  }),
  row({
    path: 'catalogs',
    itemParam: 'catalogID',
    label: 'Catalogs',
    singular: 'Catalog',
    operations: crud('Catalogs'),
    tabs: [
      nested('Categories', 'catalogs.categories'),
      related('Buyers', 'Catalogs.ListAssignments'),
      related('Products', 'Catalogs.ListProductAssignments'),
      related('Bundles', 'Catalogs.ListBundleAssignments'),
    ],
  }),
  row({
    path: 'catalogs/:catalogID/categories',
    assignmentSwitcher: 'Categories.ListAssignments',
    itemParam: 'categoryID',
    label: 'Categories',
    singular: 'Category',
    operations: crud('Categories'),
    listQuery: { depth: 'all' },
    tabs: [
      related('Buyers', 'Categories.ListAssignments'),
      related('User Groups', 'Categories.ListAssignments'),
      related('Products', 'Categories.ListProductAssignments'),
      related('Bundles', 'Categories.ListBundleAssignments'),
    ],
  }),
  // Orders and Fulfillment: read-only screens; features/admin/orders adds what is special about them.
  row({
    path: 'orders/:direction',
    itemParam: 'orderID',
    label: 'Orders',
    singular: 'Order',
    operations: readOnly('Orders'),
    readOnly: true,
    special: 'order',
    paramValues: { direction: DIRECTIONS },
    tabs: [
      nested('Line Items', 'orders.line-items'),
      nested('Promotions', 'orders.promotions'),
      nested('Approvers', 'orders.approvers'),
      nested('Approvals', 'orders.approvals'),
      nested('Payments', 'orders.payments'),
      nested('Shipments', 'orders.shipments'),
    ],
  }),
  row({
    path: 'orders/:direction/:orderID/line-items',
    itemParam: 'lineItemID',
    label: 'Line Items',
    singular: 'Line Item',
    operations: readOnly('LineItems'),
    readOnly: true,
    special: 'line-item',
    paramValues: { direction: DIRECTIONS },
  }),
  row({
    path: 'orders/:direction/:orderID/promotions',
    itemParam: null,
    label: 'Promotions',
    singular: 'Promotion',
    operations: { list: 'Orders.ListPromotions' },
    readOnly: true,
    paramValues: { direction: DIRECTIONS },
  }),
  row({
    path: 'orders/:direction/:orderID/approvers',
    itemParam: null,
    label: 'Approvers',
    singular: 'Approver',
    operations: { list: 'Orders.ListEligibleApprovers' },
    readOnly: true,
    paramValues: { direction: DIRECTIONS },
  }),
  row({
    path: 'orders/:direction/:orderID/approvals',
    itemParam: null,
    label: 'Approvals',
    singular: 'Approval',
    operations: { list: 'Orders.ListApprovals' },
    readOnly: true,
    paramValues: { direction: DIRECTIONS },
  }),
  row({
    path: 'orders/:direction/:orderID/payments',
    itemParam: 'paymentID',
    label: 'Payments',
    singular: 'Payment',
    operations: readOnly('Payments'),
    readOnly: true,
    special: 'payment',
    paramValues: { direction: DIRECTIONS },
  }),
  row({
    path: 'orders/:direction/:orderID/shipments',
    itemParam: null,
    label: 'Shipments',
    singular: 'Shipment',
    operations: { list: 'Orders.ListShipments' },
    readOnly: true,
    paramValues: { direction: DIRECTIONS },
  }),
  row({
    path: 'shipments',
    itemParam: 'shipmentID',
    label: 'Shipments',
    singular: 'Shipment',
    operations: crud('Shipments'),
    special: 'shipment',
    tabs: [nested('Shipment Items', 'shipments.shipment-items')],
  }),
  row({
    // Items are keyed by order and line item, so they have no item page here: each row links to the line item.
    path: 'shipments/:shipmentID/shipment-items',
    itemParam: null,
    label: 'Shipment Items',
    singular: 'Shipment Item',
    operations: { list: 'Shipments.ListItems' },
    readOnly: true,
    special: 'shipment-items',
  }),
  row({
    path: 'order-returns',
    itemParam: 'returnID',
    label: 'Order Returns',
    singular: 'Order Return',
    operations: crud('OrderReturns'),
  }),
  row({
    path: 'seller-approval-rules',
    itemParam: 'approvalRuleID',
    label: 'Seller Approval Rules',
    singular: 'Seller Approval Rule',
    operations: crud('SellerApprovalRules'),
  }),
  row({
    path: 'subscriptions',
    itemParam: 'subscriptionID',
    label: 'Subscriptions',
    singular: 'Subscription',
    operations: crud('Subscriptions'),
  }),
  // Integrations
  row({
    path: 'webhooks',
    itemParam: 'webhookID',
    label: 'Webhooks',
    singular: 'Webhook',
    operations: crud('Webhooks'),
  }),
  row({
    path: 'open-id-connects',
    itemParam: 'openidconnectID',
    label: 'Open Id Connects',
    singular: 'Open Id Connect',
    operations: crud('OpenIdConnects'),
  }),
  row({
    path: 'tracking-events',
    itemParam: 'eventID',
    label: 'Tracking Events',
    singular: 'Tracking Event',
    operations: crud('TrackingEvents'),
  }),
  row({
    path: 'delivery-configurations',
    itemParam: 'deliveryConfigID',
    label: 'Delivery Configurations',
    singular: 'Delivery Configuration',
    operations: crud('DeliveryConfigurations'),
    // The receiver the product runs (self-service 'Received deliveries') shows what a configuration sending to it got.
    itemLinks: [
      {
        label: 'View received deliveries',
        to: '/self-service/received-deliveries',
        shows: (item) => sendsToBuiltInReceiver(item),
      },
    ],
  }),
  row({
    path: 'integration-events',
    itemParam: 'integrationEventID',
    label: 'Integration Events',
    singular: 'Integration Event',
    operations: crud('IntegrationEvents'),
  }),
  row({
    path: 'message-senders',
    itemParam: 'messageSenderID',
    label: 'Message Senders',
    singular: 'Message Sender',
    operations: crud('MessageSenders'),
    tabs: [related('Assignments', 'MessageSenders.ListAssignments')],
  }),
  // Configurations
  row({
    path: 'incrementors',
    itemParam: 'incrementorID',
    label: 'Incrementors',
    singular: 'Incrementor',
    operations: crud('Incrementors'),
  }),
  row({
    path: 'xp-indices',
    itemParam: null,
    label: 'Xp Indices',
    singular: 'Xp Index',
    operations: { list: 'XpIndices.List' },
    readOnly: true,
  }),
];

/** Where a bare resource segment lands when it has no list of its own (the sidebar's Orders link ends in /incoming). */
export const LANDING_REDIRECTS: Readonly<Record<string, string>> = { orders: 'orders/incoming' };

const byKey = new Map(CATALOGUE.map((collection) => [collection.key, collection]));

/** A collection by key; throws for a key the table lacks (a wiring bug the walk test would catch). */
export function collectionByKey(key: string): CatalogueCollection {
  const collection = byKey.get(key);
  if (!collection) throw new Error(`The admin catalogue has no collection "${key}".`);
  return collection;
}

/** The route parameter names of a collection's list route: `buyers/:buyerID/users` -> ['buyerID']. */
export function routeParamNames(path: string): string[] {
  return [...path.matchAll(/:([^/]+)/g)].map((match) => match[1] ?? '');
}

/** The URL segment a tab adds below its item: the collection's last path segment, or the related tab's segment. */
export function tabSegment(tab: CatalogueTab): string {
  if (tab.kind === 'related') return tab.segment;
  return collectionByKey(tab.collection).path.split('/').at(-1) ?? '';
}

/** Whether a delivery configuration's HTTP target is the built-in receiver (`{PUBLIC_URL}/receiver/{marketplace}`). */
function sendsToBuiltInReceiver(item: Readonly<Record<string, unknown>>): boolean {
  const targets = item.DeliveryTargets as { Http?: { Endpoint?: unknown } } | null | undefined;
  const endpoint = targets?.Http?.Endpoint;
  return typeof endpoint === 'string' && /\/receiver\/[^/?#]+$/.test(endpoint);
}
