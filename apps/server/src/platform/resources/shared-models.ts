import { date, defineModel, id, readOnly, text, xp } from './fields.ts';

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
export const ADDRESS_SEARCHABLE = ['ID', 'AddressName', 'CompanyName', 'City', 'Street1', 'Street2', 'LastName', 'FirstName', 'State', 'Zip'];
export const ADDRESS_SORTABLE = [...ADDRESS_SEARCHABLE, 'DateCreated', 'Country', 'Phone'];
