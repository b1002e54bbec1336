import { bool, date, defineModel, id, readOnly, text, xp } from './fields.ts';
import {
  ADDRESS_REQUIRED,
  ADDRESS_SEARCHABLE,
  ADDRESS_SORTABLE,
  USER_GROUP_SEARCHABLE,
  USER_GROUP_SORTABLE,
  USER_REQUIRED,
  USER_SEARCHABLE,
  USER_SORTABLE,
  addressModel,
  userGroupModel,
  userModel,
} from './shared-models.ts';
import type { AssignmentDefinition, ResourceDefinition } from './types.ts';
import { groupMembersScope, userGroupHooks, userGroupMemberships, userHooks } from './user-rules.ts';

/** Supplier: a company that sells through the marketplace and fulfils its own part of orders. */
export const supplierModel = defineModel('Supplier', {
  ID: id(),
  Name: text(100),
  Active: bool(),
  DateCreated: readOnly(date()),
  AllBuyersCanOrder: bool(),
  xp: xp(),
});

const suppliers: ResourceDefinition = {
  name: 'Suppliers',
  section: 'BuyersAndSuppliers',
  description: 'Companies that sell through the marketplace and ship their own products.',
  noun: { singular: 'supplier', plural: 'suppliers' },
  path: '/suppliers',
  idParam: 'supplierID',
  model: supplierModel,
  requiredOnCreate: ['Name'],
  roles: { read: ['SupplierAdmin', 'SupplierReader'], write: ['SupplierAdmin'] },
  searchable: ['Name', 'ID'],
  sortable: ['ID', 'Name', 'DateCreated'],
};

/** Memberships of supplier user groups. */
export const supplierGroupMemberships: AssignmentDefinition = userGroupMemberships({
  path: '/suppliers/{supplierID}/usergroups/assignments',
  deletePath: '/suppliers/{supplierID}/usergroups/{userGroupID}/assignments/{userID}',
  groups: 'SupplierUserGroups',
  users: 'SupplierUsers',
  parentFrom: ['supplierID'],
  roles: { read: ['SupplierUserGroupAdmin', 'SupplierUserGroupReader'], write: ['SupplierUserGroupAdmin'] },
  noun: 'supplier user group assignment',
  // Buyer memberships use the same model and are also stored under the company id: a supplier
  // and a buyer with the same ID would otherwise read, and cascade-delete, each other's memberships.
  kind: 'SupplierUserGroupAssignment',
});

const supplierUsers: ResourceDefinition = {
  name: 'SupplierUsers',
  section: 'BuyersAndSuppliers',
  description: 'People who work for a supplier: they manage its products and fulfil its orders.',
  noun: { singular: 'supplier user', plural: 'supplier users' },
  path: '/suppliers/{supplierID}/users',
  idParam: 'userID',
  model: userModel,
  requiredOnCreate: USER_REQUIRED,
  roles: { read: ['SupplierUserAdmin', 'SupplierUserReader'], write: ['SupplierUserAdmin'] },
  searchable: USER_SEARCHABLE,
  sortable: USER_SORTABLE,
  listQuery: [{ name: 'userGroupID', schema: text(), description: 'Only users who belong to this user group.' }],
  hooks: { ...userHooks('supplierID'), listScope: groupMembersScope(supplierGroupMemberships) },
};

const supplierUserGroups: ResourceDefinition = {
  name: 'SupplierUserGroups',
  section: 'BuyersAndSuppliers',
  description: "Groups of a supplier's users, used to give several users the same roles at once.",
  noun: { singular: 'supplier user group', plural: 'supplier user groups' },
  path: '/suppliers/{supplierID}/usergroups',
  idParam: 'userGroupID',
  model: userGroupModel,
  requiredOnCreate: ['Name'],
  roles: { read: ['SupplierUserGroupAdmin', 'SupplierUserGroupReader'], write: ['SupplierUserGroupAdmin'] },
  searchable: USER_GROUP_SEARCHABLE,
  sortable: USER_GROUP_SORTABLE,
  assignments: [supplierGroupMemberships],
  hooks: userGroupHooks('supplierID'),
};

const supplierAddresses: ResourceDefinition = {
  name: 'SupplierAddresses',
  section: 'BuyersAndSuppliers',
  description: 'Addresses of a supplier, such as the warehouses its products ship from.',
  noun: { singular: 'supplier address', plural: 'supplier addresses' },
  path: '/suppliers/{supplierID}/addresses',
  idParam: 'addressID',
  model: addressModel,
  requiredOnCreate: ADDRESS_REQUIRED,
  roles: { read: ['SupplierAddressAdmin', 'SupplierAddressReader'], write: ['SupplierAddressAdmin'] },
  searchable: ADDRESS_SEARCHABLE,
  sortable: ADDRESS_SORTABLE,
};

/** Suppliers with their users, user groups and addresses. */
export const supplierResources: readonly ResourceDefinition[] = [
  suppliers,
  supplierUsers,
  supplierUserGroups,
  supplierAddresses,
];
