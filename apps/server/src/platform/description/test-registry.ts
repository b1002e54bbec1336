import {
  bool,
  date,
  defineModel,
  enumOf,
  id,
  int,
  list,
  model,
  readOnly,
  text,
  writeOnly,
  xp,
} from '../resources/fields.ts';
import { createRegistry } from '../resources/registry.ts';
import { API_ROLES } from '../resources/roles.ts';
import type { Registry, ResourceDefinition, RoleSet } from '../resources/types.ts';

const handler = async (): Promise<unknown> => ({});
const BUYER_ROLES: RoleSet = { read: ['BuyerAdmin', 'BuyerReader'], write: ['BuyerAdmin'] };
const PRODUCT_ROLES: RoleSet = { read: ['ProductAdmin', 'ProductReader'], write: ['ProductAdmin'] };

const addressModel = defineModel('Address', { ID: id(), City: text(100), Country: text(2) });
const groupModel = defineModel('UserGroup', { ID: id(), Name: text(100), Description: text(2000), xp: xp() });
const groupAssignmentModel = defineModel('UserGroupAssignment', { UserGroupID: text(), UserID: text() });
const tokenRequestModel = defineModel('ImpersonateTokenRequest', {
  ClientID: text(),
  Roles: list(enumOf('ApiRole')),
});
const optionModel = defineModel('SpecOption', { ID: id(), Value: text(2000), ListOrder: int() });

/** A model whose field can be changed between builds, to see the version follow. */
export function buyerModel(nameLength = 100) {
  return defineModel(
    'Buyer',
    {
      ID: id(),
      Name: text(nameLength),
      Active: bool({ default: true }),
      DateCreated: readOnly(date()),
      xp: xp(),
    },
    'A company that buys through the marketplace.',
  );
}

/**
 * A small registry with one of each kind of declaration the description has to handle: a nested
 * resource, an assignment, extra operations (a list, a body, a public one) and a sub-resource
 * published under its owner's tag. Only the description tests use it.
 */
export function testRegistry(nameLength = 100): Registry {
  const resources: ResourceDefinition[] = [
    {
      name: 'Buyers',
      section: 'BuyersAndSuppliers',
      description: 'Companies that buy.',
      noun: { singular: 'buyer', plural: 'buyers' },
      path: '/buyers',
      idParam: 'buyerID',
      model: buyerModel(nameLength),
      requiredOnCreate: ['Name'],
      roles: BUYER_ROLES,
    },
    {
      name: 'UserGroups',
      section: 'BuyersAndSuppliers',
      description: 'Groups of buyer users.',
      noun: { singular: 'user group', plural: 'user groups' },
      path: '/buyers/{buyerID}/usergroups',
      idParam: 'userGroupID',
      model: groupModel,
      requiredOnCreate: ['Name'],
      roles: { read: ['UserGroupAdmin', 'UserGroupReader'], write: ['UserGroupAdmin'] },
      searchable: ['ID', 'Name', 'Description'],
      assignments: [
        {
          model: groupAssignmentModel,
          requiredOnCreate: ['UserGroupID', 'UserID'],
          path: '/buyers/{buyerID}/usergroups/assignments',
          deletePath: '/buyers/{buyerID}/usergroups/{userGroupID}/assignments/{userID}',
          deleteParams: { userGroupID: 'UserGroupID', userID: 'UserID' },
          listFilters: { userGroupID: 'UserGroupID', userID: 'UserID' },
          key: ['UserGroupID', 'UserID'],
          roles: { read: ['UserGroupAdmin', 'UserGroupReader'], write: ['UserGroupAdmin'] },
          references: { UserGroupID: { resource: 'UserGroups' } },
          noun: 'user group assignment',
        },
      ],
      extraOperations: [
        {
          name: 'ListMembers',
          method: 'GET',
          path: '/buyers/{buyerID}/usergroups/{userGroupID}/members',
          roles: ['UserGroupAdmin', 'UserGroupReader'],
          summary: 'List the groups of a group.',
          listOf: groupModel,
          query: [{ name: 'depth', schema: int(), description: 'How deep to look.' }],
          response: { status: 200 },
          handler,
        },
        {
          name: 'GetAccessToken',
          method: 'POST',
          path: '/buyers/{buyerID}/usergroups/{userGroupID}/accesstoken',
          roles: ['BuyerImpersonation'],
          summary: 'Get a token for a group.',
          body: { schema: model('ImpersonateTokenRequest'), required: ['ClientID'] },
          response: { status: 200, schema: model('Address') },
          handler,
        },
        {
          name: 'Ping',
          method: 'GET',
          path: '/buyers/{buyerID}/usergroups/ping',
          roles: [],
          summary: 'Answer to any valid token.',
          response: { status: 204 },
          handler,
        },
      ],
    },
    {
      name: 'Specs',
      section: 'ProductsAndCatalogs',
      description: 'Choices made when ordering.',
      noun: { singular: 'spec', plural: 'specs' },
      path: '/specs',
      idParam: 'specID',
      model: defineModel('Spec', {
        ID: id(),
        Name: text(),
        Secret: writeOnly(text(50)),
        Markup: enumOf('PriceMarkupType', { readOnly: true }),
        ShipFrom: model('Address', { readOnly: true, description: 'Where it ships from.' }),
        Options: readOnly(list(model('SpecOption'))),
        LastUpdated: readOnly(date()),
      }),
      requiredOnCreate: ['Name'],
      roles: PRODUCT_ROLES,
    },
    {
      name: 'SpecOptions',
      operationOwner: 'Specs',
      operationNames: {
        List: 'ListOptions',
        Create: 'CreateOption',
        Get: 'GetOption',
        Save: 'SaveOption',
        Patch: 'PatchOption',
        Delete: 'DeleteOption',
      },
      section: 'ProductsAndCatalogs',
      description: 'Values of a spec.',
      noun: { singular: 'spec option', plural: 'spec options' },
      path: '/specs/{specID}/options',
      idParam: 'optionID',
      model: optionModel,
      requiredOnCreate: ['Value'],
      roles: PRODUCT_ROLES,
      sortable: ['ListOrder', 'ID'],
    },
  ];
  return createRegistry(resources, [addressModel, tokenRequestModel], {
    ApiRole: API_ROLES,
    PartyType: ['User', 'Group', 'Company'],
    PriceMarkupType: ['NoMarkup', 'AmountPerQuantity', 'AmountTotal', 'Percentage'],
  });
}
