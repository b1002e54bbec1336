import { buyerPartyAssignment, pairAssignment } from './catalog-rules.ts';
import { bool, defineModel, id, int, text, xp } from './fields.ts';
import { withOwnerId } from './owner.ts';
import type { ResourceDefinition, RoleSet } from './types.ts';

// Bundle roles are not in the older public description the facts were read from; these follow the
// role names (BundleAdmin, BundleReader, BundleAssignmentAdmin) the way products use theirs.
const BUNDLE_ROLES: RoleSet = { read: ['BundleAdmin', 'BundleReader'], write: ['BundleAdmin'] };

const bundleModel = defineModel('Bundle', {
  ID: id(),
  OwnerID: text(),
  Name: text(100),
  Description: text(2000),
  Active: bool(),
  xp: xp(),
});

const bundleAssignmentModel = defineModel('BundleAssignment', {
  SellerID: text(),
  BundleID: text(),
  BuyerID: text(),
  UserGroupID: text(),
});

const bundleProductAssignmentModel = defineModel('BundleProductAssignment', {
  ProductID: text(),
  BundleID: text(),
  Required: bool({ description: 'When true, the product cannot be removed from an order of the bundle.' }),
  DefaultQuantity: int(),
});

/** Bundles: products sold together, with their buyer assignments and member products. */
export const bundleResources: readonly ResourceDefinition[] = [
  {
    name: 'Bundles',
    section: 'ProductsAndCatalogs',
    description:
      'A bundle is a set of products sold together, each with a default quantity and whether it may be left out. ' +
      'Buyers see a bundle through bundle assignments and through the catalogs and categories it is assigned to.',
    noun: { singular: 'bundle', plural: 'bundles' },
    path: '/bundles',
    idParam: 'bundleID',
    model: bundleModel,
    requiredOnCreate: ['Name'],
    roles: BUNDLE_ROLES,
    searchable: ['ID', 'Name', 'Description'],
    sortable: ['ID', 'Name', 'Active', 'OwnerID'],
    hooks: { beforeWrite: withOwnerId() },
    assignments: [
      buyerPartyAssignment({
        model: bundleAssignmentModel,
        subject: 'BundleID',
        subjectParam: 'bundleID',
        subjectReference: { resource: 'Bundles' },
        path: '/bundles/assignments',
        deletePath: '/bundles/{bundleID}/assignments/{buyerID}',
        roles: {
          read: ['BundleAdmin', 'BundleAssignmentAdmin', 'BundleReader'],
          write: ['BundleAdmin', 'BundleAssignmentAdmin'],
        },
        noun: 'bundle assignment',
        buyerInPath: true,
        seller: true,
      }),
      pairAssignment({
        model: bundleProductAssignmentModel,
        owner: { field: 'BundleID', param: 'bundleID', reference: { resource: 'Bundles' } },
        member: { field: 'ProductID', param: 'productID', reference: { resource: 'Products' } },
        memberKind: 'Product',
        path: '/bundles/productassignments',
        deletePath: '/bundles/{bundleID}/productassignments/{productID}',
        roles: BUNDLE_ROLES,
        noun: 'bundle product assignment',
        alsoRequired: ['Required'],
      }),
    ],
  },
];
