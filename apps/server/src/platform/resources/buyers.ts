import { validation } from '../engine/errors.ts';
import { bool, date, defineModel, id, readOnly, text, xp } from './fields.ts';
import { assertNoImpersonationConfig } from './impersonation-configs.ts';
import { withOwnerId } from './owner.ts';
import { addressResource, localeModel } from './shared-models.ts';
import { removeSupplierBuyerLinks } from './suppliers.ts';
import type { AssignmentDefinition, DeleteContext, ResourceDefinition } from './types.ts';
import { buyerPartyAssignment, userFamily } from './user-rules.ts';

export const buyerModel = defineModel('Buyer', {
  ID: id(),
  Name: text(100),
  DefaultCatalogID: text(),
  Active: bool(),
  DateCreated: readOnly(date()),
  xp: xp(),
});

/** AddressAssignment: makes a buyer address usable for shipping and/or billing by a buyer, group or user. */
export const addressAssignmentModel = defineModel('AddressAssignment', {
  AddressID: text(),
  UserID: text(),
  UserGroupID: text(),
  IsShipping: bool(),
  IsBilling: bool(),
});

/** LocaleAssignment: gives a buyer, or one of its user groups, a locale. */
export const localeAssignmentModel = defineModel('LocaleAssignment', {
  LocaleID: text(),
  BuyerID: text(),
  UserGroupID: text(),
});

/**
 * Refuses to delete a buyer user or group that an impersonation config names as the party to
 * impersonate: the config would silently stop matching anyone.
 */
async function assertNotImpersonatee(context: DeleteContext, field: 'UserID' | 'GroupID'): Promise<void> {
  await assertNoImpersonationConfig(
    context.store,
    { BuyerID: context.params.buyerID ?? '', [field]: context.id },
    'Impersonation.CannotDeleteImpersonateeParty',
    'An impersonation config names this party; change or delete the config first.',
  );
}

const buyers: ResourceDefinition = {
  name: 'Buyers',
  section: 'BuyersAndSuppliers',
  description:
    'Companies that buy from the marketplace. Their users, groups, addresses and payment means live under them.',
  noun: { singular: 'buyer', plural: 'buyers' },
  path: '/buyers',
  idParam: 'buyerID',
  model: buyerModel,
  requiredOnCreate: ['Name'],
  roles: { read: ['BuyerAdmin', 'BuyerReader'], write: ['BuyerAdmin'] },
  searchable: ['Name', 'ID'],
  sortable: ['ID', 'Name', 'DateCreated'],
  hooks: {
    // Supplier links live outside the declared assignments, so the engine's cascade does not know them.
    beforeDelete: ({ store, id: buyerId }) => removeSupplierBuyerLinks(store, 'BuyerID', buyerId),
  },
};

const buyerUserFamily = userFamily({
  section: 'BuyersAndSuppliers',
  companyParam: 'buyerID',
  users: {
    name: 'Users',
    path: '/buyers/{buyerID}/users',
    noun: 'buyer user',
    description: 'People who shop on behalf of a buyer company.',
    roles: { read: ['BuyerUserAdmin', 'BuyerUserReader'], write: ['BuyerUserAdmin'] },
  },
  groups: {
    name: 'UserGroups',
    path: '/buyers/{buyerID}/usergroups',
    noun: 'buyer user group',
    description: "Groups of a buyer's users, used to give several users the same addresses, catalogs or roles at once.",
    roles: { read: ['UserGroupAdmin', 'UserGroupReader'], write: ['UserGroupAdmin'] },
  },
});

/**
 * Memberships of buyer user groups. They keep the default storage kind (the model name,
 * `UserGroupAssignment`); admin and supplier memberships have kinds of their own.
 */
export const buyerGroupMemberships: AssignmentDefinition = buyerUserFamily.memberships;

const familyUsers = buyerUserFamily.users;
const users: ResourceDefinition = {
  ...familyUsers,
  hooks: {
    ...familyUsers.hooks,
    async beforeDelete(context) {
      await familyUsers.hooks?.beforeDelete?.(context);
      await assertNotImpersonatee(context, 'UserID');
    },
  },
};

const familyGroups = buyerUserFamily.groups;
const userGroups: ResourceDefinition = {
  ...familyGroups,
  hooks: {
    async beforeDelete(context) {
      // Orders waiting for this group's approval would have nobody left to approve them.
      const rules = await context.store.find('ApprovalRules', context.parents, { ApprovingGroupID: context.id });
      if (rules.length > 0) {
        throw validation(
          'The user group approves orders for one or more approval rules; delete the rules or change their ApprovingGroupID first.',
          { ApprovalRuleIDs: rules.map((rule) => rule.id) },
          'UserGroup.CannotDeleteApprovingGroup',
        );
      }
      await assertNotImpersonatee(context, 'GroupID');
      await familyGroups.hooks?.beforeDelete?.(context);
    },
  },
};

const addresses: ResourceDefinition = {
  ...addressResource('BuyersAndSuppliers', {
    name: 'Addresses',
    path: '/buyers/{buyerID}/addresses',
    noun: 'buyer address',
    description: "A buyer's shipping and billing addresses, made available to its users through assignments.",
    roles: { read: ['AddressAdmin', 'AddressReader'], write: ['AddressAdmin'] },
  }),
  assignments: [
    buyerPartyAssignment({
      model: addressAssignmentModel,
      resource: 'Addresses',
      idField: 'AddressID',
      idParam: 'addressID',
      segment: 'addresses',
      users: true,
      roles: { read: ['AddressAdmin', 'AddressReader'], write: ['AddressAdmin'] },
      noun: 'address assignment',
      extraFilters: { isShipping: 'IsShipping', isBilling: 'IsBilling' },
      hooks: {
        // An address is assigned so that it can be picked as one or the other on orders.
        async beforeSave(item) {
          if (item.IsShipping === true || item.IsBilling === true) return;
          throw validation(
            'Cannot assign address without defining it as either a billing or a shipping address.',
            { Properties: ['IsShipping', 'IsBilling'] },
            'AddressAssignment.MustBeBillingOrShipping',
          );
        },
      },
    }),
  ],
};

const locales: ResourceDefinition = {
  name: 'Locales',
  section: 'BuyersAndSuppliers',
  description: 'Currency and language pairs. Assigned to buyers or user groups, they decide the currency of prices.',
  noun: { singular: 'locale', plural: 'locales' },
  path: '/locales',
  idParam: 'localeID',
  model: localeModel,
  requiredOnCreate: ['Currency'],
  roles: { read: ['LocaleAdmin', 'LocaleReader'], write: ['LocaleAdmin'] },
  searchable: ['ID', 'Currency'],
  sortable: ['ID'],
  assignments: [
    {
      model: localeAssignmentModel,
      requiredOnCreate: ['LocaleID', 'BuyerID'],
      path: '/locales/assignments',
      deletePath: '/locales/{localeID}/assignments',
      deleteParams: { localeID: 'LocaleID' },
      deleteQuery: { buyerID: 'BuyerID', userGroupID: 'UserGroupID' },
      listFilters: { buyerID: 'BuyerID', localeID: 'LocaleID', userGroupID: 'UserGroupID' },
      key: ['LocaleID', 'BuyerID', 'UserGroupID'],
      roles: { read: ['LocaleAdmin', 'LocaleReader'], write: ['LocaleAdmin'] },
      references: {
        LocaleID: { resource: 'Locales' },
        BuyerID: { resource: 'Buyers' },
        UserGroupID: { resource: 'UserGroups', parentFrom: ['BuyerID'] },
      },
      parties: { group: true },
      noun: 'locale assignment',
    },
  ],
  hooks: {
    beforeWrite: withOwnerId(async ({ next, previous, store, id: localeId }) => {
      const currency = typeof next.Currency === 'string' ? next.Currency : null;
      const language = typeof next.Language === 'string' ? next.Language : null;
      if (previous && previous.Currency === currency && (previous.Language ?? null) === language) return;
      const same = await store.find('Locales', [], { Currency: currency, Language: language });
      if (same.some((found) => found.id !== localeId && found.id !== previous?.ID)) {
        throw validation(
          'Only one locale per language and currency is allowed in a marketplace.',
          { Currency: currency, Language: language },
          'Locale.DuplicateLanguageAndCurrency',
        );
      }
    }),
  },
};

/** Buyers and what hangs off them directly: users, user groups, addresses, plus the marketplace's locales. */
export const buyerResources: readonly ResourceDefinition[] = [buyers, users, userGroups, addresses, locales];
