import { bool, date, defineModel, id, int, list, model, readOnly, text, writeOnly, xp } from './fields.ts';
import type { ResourceDefinition, RoleSet, SectionId } from './types.ts';

/** Address: the model of admin, buyer and supplier addresses, and embedded in orders and shipments. */
export const addressModel = defineModel('Address', {
  ID: id(),
  DateCreated: readOnly(date()),
  CompanyName: text(100),
  FirstName: text(100),
  LastName: text(100),
  Street1: text(100),
  Street2: text(100),
  City: text(100),
  State: text(100),
  Zip: text(100),
  Country: text(2, { description: 'Two-letter ISO country code.' }),
  Phone: text(100),
  AddressName: text(100),
  xp: xp(),
});

export const ADDRESS_REQUIRED = ['Street1', 'City', 'State', 'Zip', 'Country'] as const;
export const ADDRESS_SEARCHABLE = [
  'ID',
  'AddressName',
  'CompanyName',
  'City',
  'Street1',
  'Street2',
  'LastName',
  'FirstName',
  'State',
  'Zip',
];
export const ADDRESS_SORTABLE = [...ADDRESS_SEARCHABLE, 'DateCreated', 'Country', 'Phone'];

/** What tells the user, user group and address resources of admin, buyer and supplier apart. */
export interface PartyResourceNames {
  /** Resource name, e.g. `SupplierAddresses`. */
  name: string;
  path: string;
  /** Singular noun, e.g. `supplier address`; the plural adds `s` (`es` for addresses). */
  noun: string;
  description: string;
  roles: RoleSet;
}

/** The addresses of the marketplace owner, a buyer or a supplier (the model, rules and lists are the same). */
export function addressResource(section: SectionId, names: PartyResourceNames): ResourceDefinition {
  return {
    name: names.name,
    section,
    description: names.description,
    noun: { singular: names.noun, plural: `${names.noun}es` },
    path: names.path,
    idParam: 'addressID',
    model: addressModel,
    requiredOnCreate: ADDRESS_REQUIRED,
    roles: names.roles,
    searchable: ADDRESS_SEARCHABLE,
    sortable: ADDRESS_SORTABLE,
  };
}

/** Locale: a currency and language for buyers and groups; also shown, read-only, on users. */
export const localeModel = defineModel('Locale', {
  ID: id(),
  OwnerID: text(),
  Currency: text(100),
  Language: text(100),
});

/** User: the model of admin users, buyer users and supplier users alike. */
export const userModel = defineModel('User', {
  FailedLoginAttempts: readOnly(int()),
  ID: id(),
  CompanyID: readOnly(text(undefined, { description: 'The buyer, supplier or marketplace the user belongs to.' })),
  Username: text(100),
  Password: writeOnly(text(100)),
  FirstName: text(100),
  LastName: text(100),
  Email: text(200),
  Phone: text(100),
  TermsAccepted: date(),
  Active: bool(),
  xp: xp(),
  AvailableRoles: readOnly(list(text())),
  Locale: readOnly(model('Locale')),
  DateCreated: readOnly(date()),
  LastActive: readOnly(date()),
  PasswordLastSetDate: readOnly(date()),
});

export const USER_REQUIRED = ['Username', 'FirstName', 'LastName', 'Email', 'Active'] as const;
export const USER_SEARCHABLE = ['ID', 'Username', 'LastName', 'FirstName', 'Email'];
export const USER_SORTABLE = ['LastName', 'FirstName', 'Username', 'ID', 'Email', 'DateCreated', 'PasswordLastSetDate'];

/** UserGroup: the model of admin, buyer and supplier user groups. */
export const userGroupModel = defineModel('UserGroup', {
  ID: id(),
  Name: text(100),
  Description: text(2000),
  xp: xp(),
});

export const USER_GROUP_SEARCHABLE = ['ID', 'Name', 'Description'];
export const USER_GROUP_SORTABLE = ['Name', 'ID'];

/** UserGroupAssignment: a user's membership of a group, for admin, buyer and supplier groups. */
export const userGroupAssignmentModel = defineModel('UserGroupAssignment', {
  UserGroupID: text(),
  UserID: text(),
});
