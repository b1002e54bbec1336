/**
 * The portal's own permissions, granted by role groups next to the platform roles (spec 1 §6). The portal
 * service stores and checks them; the web app shows them and hides what they do not allow.
 */
export const GRANTS = [
  'ImpersonateBuyer',
  'ImpersonateSeller',
  'ImpersonateSupplier',
  'IndexAdmin',
  'SyncAdmin',
  'StagingRestoreAdmin',
  'SubscriptionAdmin',
  'RoleGroupsAdmin',
  /** Reads the marketplace's change history on the Activity page (issue 23). */
  'AuditReader',
] as const;
export type Grant = (typeof GRANTS)[number];
/** Every grant, each given or not (`ScPermissionGrants` of a portal user, the grant columns of a role group). */
export type Grants = Record<Grant, boolean>;
