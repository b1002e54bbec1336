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
import { userGroupHooks, userGroupMemberships, userHooks } from './user-rules.ts';

/** Memberships of admin user groups. */
export const adminGroupMemberships: AssignmentDefinition = userGroupMemberships({
  path: '/usergroups/assignments',
  deletePath: '/usergroups/{userGroupID}/assignments/{userID}',
  groups: 'AdminUserGroups',
  users: 'AdminUsers',
  roles: { read: ['AdminUserGroupAdmin', 'AdminUserGroupReader'], write: ['AdminUserGroupAdmin'] },
  noun: 'admin user group assignment',
  // Buyer and supplier memberships use the same model. Admin ones have no company to be stored
  // under, so only a kind of their own keeps them out of lookups that span companies (any parent).
  kind: 'AdminUserGroupAssignment',
});

const adminUsers: ResourceDefinition = {
  name: 'AdminUsers',
  section: 'MarketplaceOwners',
  description: "Users of the marketplace owner's own organization, who manage the marketplace.",
  noun: { singular: 'admin user', plural: 'admin users' },
  path: '/adminusers',
  idParam: 'userID',
  model: userModel,
  requiredOnCreate: USER_REQUIRED,
  roles: { read: ['AdminUserAdmin', 'AdminUserReader'], write: ['AdminUserAdmin'] },
  searchable: USER_SEARCHABLE,
  sortable: USER_SORTABLE,
  hooks: userHooks(),
};

const adminUserGroups: ResourceDefinition = {
  name: 'AdminUserGroups',
  section: 'MarketplaceOwners',
  description: 'Groups of admin users, used to give several admin users the same roles at once.',
  noun: { singular: 'admin user group', plural: 'admin user groups' },
  path: '/usergroups',
  idParam: 'userGroupID',
  model: userGroupModel,
  requiredOnCreate: ['Name'],
  roles: { read: ['AdminUserGroupAdmin', 'AdminUserGroupReader'], write: ['AdminUserGroupAdmin'] },
  searchable: USER_GROUP_SEARCHABLE,
  sortable: USER_GROUP_SORTABLE,
  assignments: [adminGroupMemberships],
  hooks: userGroupHooks(),
};

const adminAddresses: ResourceDefinition = {
  name: 'AdminAddresses',
  section: 'MarketplaceOwners',
  description: 'Addresses of the marketplace owner, such as warehouses that products ship from.',
  noun: { singular: 'admin address', plural: 'admin addresses' },
  path: '/addresses',
  idParam: 'addressID',
  model: addressModel,
  requiredOnCreate: ADDRESS_REQUIRED,
  roles: { read: ['AdminAddressAdmin', 'AdminAddressReader'], write: ['AdminAddressAdmin'] },
  searchable: ADDRESS_SEARCHABLE,
  sortable: ADDRESS_SORTABLE,
};

/** Marketplace owners: the admin users, their groups and the owner's addresses. */
export const marketplaceOwnerResources: readonly ResourceDefinition[] = [adminUsers, adminUserGroups, adminAddresses];
