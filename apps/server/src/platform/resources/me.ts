import { validation } from '../engine/errors.ts';
import { buyerPaymentResources, costCenterModel, spendingAccountModel } from './buyer-payment-resources.ts';
import { buyerResources } from './buyers.ts';
import { model, text, type ModelDefinition } from './fields.ts';
import { declaredAssignment } from './me-access.ts';
import { getReachable, listReachable, ownedHandlers, type OwnedKind, type ReachableKind } from './me-buyer-objects.ts';
import {
  catalogModel,
  categoryModel,
  getMyCatalog,
  getMyCategory,
  getMyProduct,
  listMyCatalogs,
  listMyCategories,
  listMyProducts,
} from './me-catalog.ts';
import { buyerAddressModel, buyerCreditCardModel, buyerProductModel, meModels, meUserModel } from './me-models.ts';
import { meProductDetailOperations } from './me-product-details.ts';
import { meOrderOperations } from './me-orders.ts';
import { getMe, listMyOrders, listMyUserGroups, patchMe, saveMe } from './me-user.ts';
import { orderModel } from './orders.ts';
import type { ApiRole } from './roles.ts';
import { ADDRESS_REQUIRED, USER_REQUIRED, userGroupModel } from './shared-models.ts';
import type { OperationContext, OperationDefinition, QueryParamDefinition, ResourceDefinition } from './types.ts';

export { meModels };

type Handler = (context: OperationContext) => Promise<unknown>;

const addresses: OwnedKind = {
  resource: 'Addresses',
  assignment: declaredAssignment(buyerResources, 'Addresses', 'AddressAssignment'),
  idField: 'AddressID',
  idParam: 'addressID',
  objectType: 'Address',
  shown: buyerAddressModel,
  required: ADDRESS_REQUIRED,
  noun: 'Address',
  plural: 'addresses',
  ownerKind: 'MeAddressOwner',
  flags: { Shipping: 'IsShipping', Billing: 'IsBilling' },
  checkFlags(flags) {
    if (flags.Shipping || flags.Billing) return;
    throw validation(
      'Address must be defined as either a billing or a shipping address.',
      { Properties: ['Shipping', 'Billing'] },
      'BuyerAddress.MustBeBillingOrShipping',
    );
  },
};

const creditCards: OwnedKind = {
  resource: 'CreditCards',
  assignment: declaredAssignment(buyerPaymentResources, 'CreditCards', 'CreditCardAssignment'),
  idField: 'CreditCardID',
  idParam: 'creditcardID',
  objectType: 'CreditCard',
  shown: buyerCreditCardModel,
  required: [],
  noun: 'Credit Card',
  plural: 'credit cards',
  ownerKind: 'MeCreditCardOwner',
  flags: {},
};

const costCenters: ReachableKind = {
  resource: 'CostCenters',
  assignment: declaredAssignment(buyerPaymentResources, 'CostCenters', 'CostCenterAssignment'),
  idField: 'CostCenterID',
  idParam: 'costCenterID',
  objectType: 'CostCenter',
};

const spendingAccounts: ReachableKind = {
  resource: 'SpendingAccounts',
  assignment: declaredAssignment(buyerPaymentResources, 'SpendingAccounts', 'SpendingAccountAssignment'),
  idField: 'SpendingAccountID',
  idParam: 'spendingAccountID',
  objectType: 'SpendingAccount',
};

const SHOPPER: readonly ApiRole[] = ['Shopper'];

type ReadArguments = [
  name: string,
  path: string,
  roles: readonly ApiRole[],
  shown: ModelDefinition,
  noun: string,
  handler: Handler,
  query?: readonly QueryParamDefinition[],
];

/** A GET of Me: a list of what the user sees of `shown`, or a single one. */
function readOperation(
  kind: 'list' | 'get',
  ...[name, path, roles, shown, noun, handler, query]: ReadArguments
): OperationDefinition {
  return {
    name,
    method: 'GET',
    path,
    roles,
    summary: kind === 'list' ? `Get a list of ${noun} visible to this user.` : `Get a single ${noun}.`,
    ...(kind === 'list' ? { listOf: shown } : {}),
    ...(query ? { query } : {}),
    response: kind === 'list' ? { status: 200 } : { status: 200, schema: model(shown.name) },
    handler,
  };
}

const listOperation = (...args: ReadArguments) => readOperation('list', ...args);
const getOperation = (...args: ReadArguments) => readOperation('get', ...args);

/** List, Create, Get, Save, Delete and Patch of the addresses or credit cards a user keeps through Me. */
function ownedOperations(
  plural: string,
  singular: string,
  path: string,
  idParam: string,
  kind: OwnedKind,
  roles: { read: readonly ApiRole[]; write: readonly ApiRole[] },
): OperationDefinition[] {
  const handlers = ownedHandlers(kind);
  const itemPath = `${path}/{${idParam}}`;
  const schema = model(kind.shown.name);
  const noun = kind.noun.toLowerCase();
  const article = /^[aeiou]/.test(noun) ? 'an' : 'a';
  const body = (required: readonly string[]) => ({ schema, ...(required.length > 0 ? { required } : {}) });
  return [
    listOperation(`List${plural}`, path, roles.read, kind.shown, kind.plural, handlers.list),
    {
      name: `Create${singular}`,
      method: 'POST',
      path,
      roles: roles.write,
      summary: `Create a new ${noun}.`,
      description: `The ${noun} is kept with the buyer's, assigned to this user alone, and only they may change it.`,
      body: body(kind.required),
      response: { status: 201, schema },
      handler: handlers.create,
    },
    getOperation(`Get${singular}`, itemPath, roles.read, kind.shown, noun, handlers.get),
    {
      name: `Save${singular}`,
      method: 'PUT',
      path: itemPath,
      roles: roles.write,
      summary: `Update ${article} ${noun}.`,
      description: `Only ${kind.plural} the user created through Me can be changed.`,
      body: body(kind.required),
      response: { status: 200, schema },
      handler: handlers.save,
    },
    {
      name: `Delete${singular}`,
      method: 'DELETE',
      path: itemPath,
      roles: roles.write,
      summary: `Delete ${article} ${noun}.`,
      response: { status: 204 },
      handler: handlers.remove,
    },
    {
      name: `Patch${singular}`,
      method: 'PATCH',
      path: itemPath,
      roles: roles.write,
      summary: `Partially update ${article} ${noun}.`,
      body: body([]),
      response: { status: 204 },
      handler: handlers.patch,
    },
  ];
}

const textParam = (name: string, description: string): QueryParamDefinition => ({
  name,
  schema: text(),
  description,
});
const DEPTH_DESCRIPTION = 'Levels of categories to include: a whole number of 1 or more, or all.';
const CATALOG_PARAM = textParam('catalogID', "ID of the catalog; defaults to the buyer's default catalog.");

const meOperations: OperationDefinition[] = [
  {
    name: 'Get',
    method: 'GET',
    path: '/me',
    roles: [],
    summary: 'Get the Current Authenticated User',
    description:
      'The user record of the access token, with its buyer or supplier and the roles of the token. A portal ' +
      "user's token has no user record behind it: it answers the portal user, named as the portal knows them.",
    response: { status: 200, schema: model('MeUser') },
    handler: getMe,
  },
  {
    name: 'Save',
    method: 'PUT',
    path: '/me',
    roles: ['MeAdmin'],
    summary: 'Update the Currently Authenticated User',
    description: "ID and Active can be sent back as they are but not changed. A portal user's token is refused.",
    body: { schema: model('MeUser'), required: USER_REQUIRED },
    response: { status: 200, schema: model('MeUser') },
    handler: saveMe,
  },
  {
    name: 'Patch',
    method: 'PATCH',
    path: '/me',
    roles: ['MeAdmin'],
    summary: 'Patch the Currently Authenticated User.',
    description: "ID and Active cannot be changed; xp is merged into the stored xp. A portal user's token is refused.",
    body: { schema: model('MeUser') },
    response: { status: 200, schema: model('MeUser') },
    handler: patchMe,
  },
  ...ownedOperations('Addresses', 'Address', '/me/addresses', 'addressID', addresses, {
    read: ['MeAddressAdmin', 'Shopper'],
    write: ['MeAddressAdmin'],
  }),
  listOperation('ListCatalogs', '/me/catalogs', SHOPPER, catalogModel, 'catalogs', listMyCatalogs),
  getOperation('GetCatalog', '/me/catalogs/{catalogID}', SHOPPER, catalogModel, 'catalog', getMyCatalog),
  listOperation('ListCategories', '/me/categories', SHOPPER, categoryModel, 'categories', listMyCategories, [
    textParam('depth', `${DEPTH_DESCRIPTION} Defaults to 1 (top-level categories).`),
    CATALOG_PARAM,
    textParam('productID', 'Only categories holding this product.'),
  ]),
  getOperation('GetCategory', '/me/categories/{categoryID}', SHOPPER, categoryModel, 'category', getMyCategory, [
    CATALOG_PARAM,
  ]),
  listOperation(
    'ListCostCenters',
    '/me/costcenters',
    SHOPPER,
    costCenterModel,
    'cost centers',
    listReachable(costCenters),
  ),
  ...ownedOperations('CreditCards', 'CreditCard', '/me/creditcards', 'creditcardID', creditCards, {
    read: ['MeCreditCardAdmin', 'Shopper'],
    write: ['MeCreditCardAdmin'],
  }),
  listOperation('ListOrders', '/me/orders', SHOPPER, orderModel, 'orders', listMyOrders, [
    textParam('from', 'Lower bound of the date the order was created.'),
    textParam('to', 'Upper bound of the date the order was created.'),
  ]),
  ...meOrderOperations,
  listOperation('ListProducts', '/me/products', SHOPPER, buyerProductModel, 'products', listMyProducts, [
    textParam('catalogID', 'Only products of this catalog.'),
    textParam('categoryID', 'Only products of this category (and of the categories under it, to depth).'),
    textParam('depth', `${DEPTH_DESCRIPTION} Defaults to all.`),
  ]),
  getOperation('GetProduct', '/me/products/{productID}', SHOPPER, buyerProductModel, 'product', getMyProduct),
  ...meProductDetailOperations,
  listOperation(
    'ListSpendingAccounts',
    '/me/spendingAccounts',
    SHOPPER,
    spendingAccountModel,
    'spending accounts',
    listReachable(spendingAccounts),
  ),
  getOperation(
    'GetSpendingAccount',
    '/me/spendingaccounts/{spendingAccountID}',
    SHOPPER,
    spendingAccountModel,
    'spending account',
    getReachable(spendingAccounts),
  ),
  listOperation('ListUserGroups', '/me/usergroups', [], userGroupModel, 'user groups', listMyUserGroups),
];

/**
 * Me: what the signed-in user sees of their own data. No standard operations: every call is
 * answered for the user of the access token, so none takes an id of the user.
 */
export const meResource: ResourceDefinition = {
  name: 'Me',
  tag: 'Me',
  section: 'MeAndMyStuff',
  description:
    'What the signed-in user sees of their own data: their user record, the addresses, payment means, ' +
    'catalogs and products their buyer makes available to them, and the orders they placed.',
  noun: { singular: 'current user', plural: 'current users' },
  path: '/me',
  model: meUserModel,
  requiredOnCreate: [],
  roles: { read: [], write: ['MeAdmin'] },
  operations: [],
  extraOperations: meOperations,
};

/** The Me resource as a family list, like the other resource modules export. */
export const meResources: readonly ResourceDefinition[] = [meResource];
