import type { Grant } from '@/services/portal';

// What each portal grant allows, in one sentence, shown beside its switch in the role group dialog and as the hover
// text of its badge in the table. Keyed by name: a grant the contracts add without a sentence here reads without one
// (grant-descriptions.test.ts fails until it has one).

export const GRANT_DESCRIPTIONS: Readonly<Record<string, string>> = {
  ImpersonateBuyer: 'Sign in to the API console as a buyer user of an API client.',
  ImpersonateSeller: 'Sign in to the API console as a seller user of an API client.',
  ImpersonateSupplier: 'Sign in to the API console as a supplier user of an API client.',
  IndexAdmin: 'Rebuild search indexes and read their errors.',
  SyncAdmin: 'Run product, order and entity syncs and read what they delivered.',
  StagingRestoreAdmin: 'Restore the staging marketplace from production.',
  SubscriptionAdmin: 'Run subscription processing by hand.',
  RoleGroupsAdmin: 'Edit role groups: their platform roles and grants.',
  AuditReader: "Read the marketplace's change history on the Activity page: who changed what, when and how.",
};

/** The sentence of a grant, or an empty string for one without. */
export function grantDescription(grant: Grant): string {
  return GRANT_DESCRIPTIONS[grant] ?? '';
}
