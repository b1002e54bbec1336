import type { PortalUser } from '@/services/portal';

/** The grant that opens the Activity page besides being an organization admin (issue 23). */
export const AUDIT_READER_GRANT = 'AuditReader';

/**
 * Whether the signed-in user may read the marketplace's change history: organization admins and members of a role
 * group with the AuditReader grant. The portal service checks the same; this only decides what the menu shows.
 */
export function canReadActivity(me: Pick<PortalUser, 'IsOrganizationAdmin' | 'ScPermissionGrants'>): boolean {
  // Read by name: a portal service from before the grant answers grants without it, which reads as not granted.
  const grants: Readonly<Record<string, boolean | undefined>> = me.ScPermissionGrants;
  return me.IsOrganizationAdmin || grants[AUDIT_READER_GRANT] === true;
}
