import type { Db } from '../db/database.ts';
import type { PortalCaller } from './auth.ts';
import { ALL_GRANTS, GRANTS, groupsOfMember, NO_GRANTS, type Grants, type RoleGroupId } from './role-groups.ts';

/** The caller as the portal sees them in their marketplace (`GET /me`). */
export interface PortalUser {
  Email: string;
  Name: string;
  /** Platform roles the developer token carries. */
  OcRoles: string[];
  ScPermissionGrants: Grants;
  /** The groups the user is a member of (organization admins need none). */
  RoleGroupIds: RoleGroupId[];
  IsOrganizationAdmin: boolean;
}

/**
 * Organization owners and admins always have full access; everyone else has the union of their
 * groups' roles and grants, so a user in no group has none.
 */
export async function portalUserOf(db: Db, caller: PortalCaller): Promise<PortalUser> {
  const groups = await groupsOfMember(db, caller.tenantName, caller.email);
  const base = { Email: caller.email, Name: caller.name, RoleGroupIds: groups.map((group) => group.Id) };
  if (caller.isOrganizationAdmin) {
    return { ...base, OcRoles: ['FullAccess'], ScPermissionGrants: { ...ALL_GRANTS }, IsOrganizationAdmin: true };
  }
  const grants: Grants = { ...NO_GRANTS };
  for (const group of groups) for (const grant of GRANTS) grants[grant] ||= group[grant];
  const roles = [...new Set(groups.flatMap((group) => group.OcRoles))];
  return { ...base, OcRoles: roles, ScPermissionGrants: grants, IsOrganizationAdmin: false };
}
