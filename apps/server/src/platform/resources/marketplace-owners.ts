import { addressResource } from './shared-models.ts';
import type { AssignmentDefinition, ResourceDefinition } from './types.ts';
import { userFamily } from './user-rules.ts';

const adminUserFamily = userFamily({
  section: 'MarketplaceOwners',
  users: {
    name: 'AdminUsers',
    path: '/adminusers',
    noun: 'admin user',
    description: "Users of the marketplace owner's own organization, who manage the marketplace.",
    roles: { read: ['AdminUserAdmin', 'AdminUserReader'], write: ['AdminUserAdmin'] },
  },
  groups: {
    name: 'AdminUserGroups',
    path: '/usergroups',
    noun: 'admin user group',
    description: 'Groups of admin users, used to give several admin users the same roles at once.',
    roles: { read: ['AdminUserGroupAdmin', 'AdminUserGroupReader'], write: ['AdminUserGroupAdmin'] },
  },
  // Buyer and supplier memberships use the same model. Admin ones have no company to be stored
  // under, so only a kind of their own keeps them out of lookups that span companies (any parent).
  membershipKind: 'AdminUserGroupAssignment',
});

/** Memberships of admin user groups. */
export const adminGroupMemberships: AssignmentDefinition = adminUserFamily.memberships;

const adminAddresses = addressResource('MarketplaceOwners', {
  name: 'AdminAddresses',
  path: '/addresses',
  noun: 'admin address',
  description: 'Addresses of the marketplace owner, such as warehouses that products ship from.',
  roles: { read: ['AdminAddressAdmin', 'AdminAddressReader'], write: ['AdminAddressAdmin'] },
});

/** Marketplace owners: the admin users, their groups and the owner's addresses. */
export const marketplaceOwnerResources: readonly ResourceDefinition[] = [
  adminUserFamily.users,
  adminUserFamily.groups,
  adminAddresses,
];
