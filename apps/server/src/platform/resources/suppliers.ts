import type { Store } from '../engine/store.ts';
import { bool, date, defineModel, id, readOnly, text, xp } from './fields.ts';
import { addressResource } from './shared-models.ts';
import type { AssignmentDefinition, ResourceDefinition } from './types.ts';
import { userFamily } from './user-rules.ts';

/** Supplier: a company that sells through the marketplace and fulfils its own part of orders. */
export const supplierModel = defineModel('Supplier', {
  ID: id(),
  Name: text(100),
  Active: bool(),
  DateCreated: readOnly(date()),
  AllBuyersCanOrder: bool(),
  xp: xp(),
});

/** Storage kind of the supplier-to-buyer links of `Suppliers.SaveBuyer` (supplier-buyers.ts). */
export const SUPPLIER_BUYER_LINK = 'SupplierBuyerAssignment';

/** Removes the links of a deleted supplier or buyer, so a new one reusing its ID starts without them. */
export async function removeSupplierBuyerLinks(store: Store, field: 'SupplierID' | 'BuyerID', id: string) {
  await store.deleteAssignments(SUPPLIER_BUYER_LINK, [], { [field]: id });
}

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
  hooks: {
    // The links are stored by supplier-buyers.ts's own operations, so the engine's cascade does not know them.
    beforeDelete: ({ store, id: supplierId }) => removeSupplierBuyerLinks(store, 'SupplierID', supplierId),
  },
};

const supplierUserFamily = userFamily({
  section: 'BuyersAndSuppliers',
  companyParam: 'supplierID',
  users: {
    name: 'SupplierUsers',
    path: '/suppliers/{supplierID}/users',
    noun: 'supplier user',
    description: 'People who work for a supplier: they manage its products and fulfil its orders.',
    roles: { read: ['SupplierUserAdmin', 'SupplierUserReader'], write: ['SupplierUserAdmin'] },
  },
  groups: {
    name: 'SupplierUserGroups',
    path: '/suppliers/{supplierID}/usergroups',
    noun: 'supplier user group',
    description: "Groups of a supplier's users, used to give several users the same roles at once.",
    roles: { read: ['SupplierUserGroupAdmin', 'SupplierUserGroupReader'], write: ['SupplierUserGroupAdmin'] },
  },
  // Buyer memberships use the same model and are also stored under the company id: a supplier
  // and a buyer with the same ID would otherwise read, and cascade-delete, each other's memberships.
  membershipKind: 'SupplierUserGroupAssignment',
});

/** Memberships of supplier user groups. */
export const supplierGroupMemberships: AssignmentDefinition = supplierUserFamily.memberships;

const supplierAddresses = addressResource('BuyersAndSuppliers', {
  name: 'SupplierAddresses',
  path: '/suppliers/{supplierID}/addresses',
  noun: 'supplier address',
  description: 'Addresses of a supplier, such as the warehouses its products ship from.',
  roles: { read: ['SupplierAddressAdmin', 'SupplierAddressReader'], write: ['SupplierAddressAdmin'] },
});

/** Suppliers with their users, user groups and addresses. */
export const supplierResources: readonly ResourceDefinition[] = [
  suppliers,
  supplierUserFamily.users,
  supplierUserFamily.groups,
  supplierAddresses,
];
