import type { ApiDescription } from '@/description/api-model';
import { platformRoles } from '@/description/platform-roles';
import type { FieldError } from '@/services/portal-error';
import { GRANTS, type PortalUser, type RoleGroupInput } from '@/services/portal';

/** No longer an API role, but one a role group may still hand out (spec 1 §5); the server allows it too. */
export const EXTRA_ROLES = ['InventoryAdmin'] as const;

/** Same limit as the server's role validation. */
export const NAME_MAX_LENGTH = 100;

/**
 * The platform roles a role group may carry: the security profile's `Roles` items enum (else the `ApiRole`
 * enum) of the API description, plus {@link EXTRA_ROLES}; sorted and without duplicates.
 *
 * @example
 * allowedRoles(description); // ['AdminUserAdmin', 'ApiClientAdmin', 'FullAccess', 'InventoryAdmin', ...]
 */
export function allowedRoles(description: ApiDescription): string[] {
  return [...new Set([...platformRoles(description), ...EXTRA_ROLES])].sort((a, b) => a.localeCompare(b));
}

/** Spec 1 §6: the RoleGroupsAdmin grant manages role groups, and organization admins always may. */
export function canEditRoleGroups(me: Pick<PortalUser, 'ScPermissionGrants' | 'IsOrganizationAdmin'>): boolean {
  return me.IsOrganizationAdmin || me.ScPermissionGrants.RoleGroupsAdmin === true;
}

/** Only organization admins change who is in a group (the server refuses everyone else). */
export function canManageMembers(me: Pick<PortalUser, 'IsOrganizationAdmin'>): boolean {
  return me.IsOrganizationAdmin;
}

/**
 * Checks a role group before it is sent (spec 1 §5), reporting every problem so the form can mark them all.
 * Field names match the server's problem details, so both kinds of error show in the same places.
 *
 * @example
 * validateRoleGroup({ ...group, Name: ' ' }, allowed); // [{ field: 'Name', message: 'Name is required' }]
 */
export function validateRoleGroup(group: RoleGroupInput, allowed: readonly string[]): FieldError[] {
  const errors: FieldError[] = [];
  if (!group.Id) errors.push({ field: 'Id', message: 'Id is required' });
  const name = group.Name.trim();
  if (name === '') errors.push({ field: 'Name', message: 'Name is required' });
  else if (name.length > NAME_MAX_LENGTH) {
    errors.push({ field: 'Name', message: `Name must not exceed ${NAME_MAX_LENGTH} characters` });
  }
  const known = new Set(allowed);
  const unknown = group.OcRoles.filter((role) => !known.has(role));
  if (unknown.length > 0) {
    errors.push({ field: 'OcRoles', message: `Not allowed roles: ${unknown.join(', ')}` });
  }
  for (const grant of GRANTS) {
    if (typeof group[grant] !== 'boolean') errors.push({ field: grant, message: `${grant} is required` });
  }
  return errors;
}

/** Server field names such as `OcRoles[2]` belong to the form's `OcRoles` control. */
export function formField(field: string): string {
  return field.replace(/\[\d+\]$/, '');
}

/** Spec 1 §8 form error summary: one message shows itself; several show a count with the list. */
export function errorSummaryTitle(errors: readonly FieldError[]): string {
  if (errors.length === 1) return errors[0]?.message ?? '';
  return `${errors.length} errors need to be resolved.`;
}

/** Plain address check; the server validates again. */
export function isEmail(value: string): boolean {
  return /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(value.trim()) && value.trim().length <= 254;
}
