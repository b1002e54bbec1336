import { validation } from '../engine/errors.ts';
import type { Match, Store } from '../engine/store.ts';
import { filled } from '../engine/values.ts';
import { defineModel, id, text } from './fields.ts';
import type { ResourceDefinition } from './types.ts';
import { requireParty } from './user-rules.ts';

/** ImpersonationConfig: who (Impersonation*) may impersonate whom, through which client, with which roles. */
export const impersonationConfigModel = defineModel('ImpersonationConfig', {
  ID: id(),
  ImpersonationBuyerID: text(),
  ImpersonationGroupID: text(),
  ImpersonationUserID: text(),
  BuyerID: text(),
  GroupID: text(),
  UserID: text(),
  SecurityProfileID: text(),
  ClientID: text(),
});

/**
 * Refuses a delete while an impersonation config still names the object: `match` says how (its
 * `ClientID`, its `SecurityProfileID`, or the `BuyerID` and `UserID` of the party to impersonate).
 */
export async function assertNoImpersonationConfig(
  store: Store,
  match: Match,
  errorCode: string,
  message: string,
): Promise<void> {
  const configs = await store.find('ImpersonationConfigs', [], match);
  if (configs.length > 0) {
    throw validation(message, { ImpersonationConfigIDs: configs.map((config) => config.id) }, errorCode);
  }
}

/** What impersonation config lists search and sort by: every field, the ID last. */
const LISTED_FIELDS = [
  'ImpersonationBuyerID',
  'ImpersonationGroupID',
  'ImpersonationUserID',
  'BuyerID',
  'GroupID',
  'UserID',
  'SecurityProfileID',
  'ClientID',
  'ID',
];

/** Impersonation configs: who may act as which buyer users. */
export const impersonationConfigs: ResourceDefinition = {
  name: 'ImpersonationConfigs',
  section: 'AuthenticationAndAuthorization',
  description:
    'Rules that let one party act as buyer users: which client, which impersonated party, and the roles granted meanwhile.',
  noun: { singular: 'impersonation config', plural: 'impersonation configs' },
  path: '/impersonationconfig',
  idParam: 'impersonationConfigID',
  model: impersonationConfigModel,
  requiredOnCreate: ['SecurityProfileID', 'ClientID'],
  roles: { read: ['SetSecurityProfile'], write: ['SetSecurityProfile'] },
  searchable: LISTED_FIELDS,
  sortable: LISTED_FIELDS,
  // The impersonator (Impersonation*) may be an admin or a buyer party, so `beforeWrite` checks its
  // group and user; the impersonated party is always inside a buyer.
  references: {
    ClientID: { resource: 'ApiClients' },
    SecurityProfileID: { resource: 'SecurityProfiles' },
    ImpersonationBuyerID: { resource: 'Buyers' },
    BuyerID: { resource: 'Buyers' },
    GroupID: { resource: 'UserGroups', parentFrom: ['BuyerID'] },
    UserID: { resource: 'Users', parentFrom: ['BuyerID'] },
  },
  hooks: {
    async beforeWrite({ next, store }) {
      // A null BuyerID means any buyer, and a group or user ID alone does not say whose it is.
      const named = ['GroupID', 'UserID'].filter((field) => filled(next[field]));
      if (named.length > 0 && !filled(next.BuyerID)) {
        throw validation(`BuyerID is required when ${named.join(' and ')} is given.`, { Property: 'BuyerID' });
      }
      await requireParty(store, next, {
        buyer: 'ImpersonationBuyerID',
        user: 'ImpersonationUserID',
        group: 'ImpersonationGroupID',
      });
    },
  },
};
