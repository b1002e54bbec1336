import type { FieldError } from './problems.ts';
import { GRANTS, ROLE_GROUP_IDS, isRoleGroupId, type Grants, type RoleGroup, type RoleGroupId } from './role-groups.ts';

export const NAME_MAX_LENGTH = 100;

export type RoleGroupParse = { ok: true; group: RoleGroup } | { ok: false; errors: FieldError[] };

/**
 * Checks a role group sent to `PUT /marketplace/roles/{id}` (spec 1 §5): Id required, one of the
 * six and the same as the path; Name required (at most 100 characters); OcRoles a list of allowed
 * roles; all eight grants booleans. Every problem is reported, so the form can mark them all.
 * Other fields (Members, as `GET` shows them) are ignored.
 */
export function parseRoleGroup(body: unknown, pathId: RoleGroupId, allowedRoles: ReadonlySet<string>): RoleGroupParse {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    return { ok: false, errors: [{ field: '', message: 'The body must be a role group object.' }] };
  }
  const input = body as Record<string, unknown>;
  const errors: FieldError[] = [];

  const id = input.Id;
  if (id === undefined || id === null || id === '') errors.push({ field: 'Id', message: 'Id is required.' });
  else if (!isRoleGroupId(id)) {
    errors.push({ field: 'Id', message: `Id must be one of ${ROLE_GROUP_IDS.join(', ')}.` });
  } else if (id !== pathId) {
    errors.push({ field: 'Id', message: `Id must match the role group in the path (${pathId}).` });
  }

  const name = typeof input.Name === 'string' ? input.Name.trim() : input.Name;
  if (name === undefined || name === null || name === '') errors.push({ field: 'Name', message: 'Name is required.' });
  else if (typeof name !== 'string') errors.push({ field: 'Name', message: 'Name must be text.' });
  else if (name.length > NAME_MAX_LENGTH) {
    errors.push({ field: 'Name', message: `Name must not exceed ${NAME_MAX_LENGTH} characters.` });
  }

  const roles = input.OcRoles;
  if (roles === undefined || roles === null) errors.push({ field: 'OcRoles', message: 'OcRoles is required.' });
  else if (!Array.isArray(roles)) errors.push({ field: 'OcRoles', message: 'OcRoles must be a list of role names.' });
  else {
    roles.forEach((role: unknown, index) => {
      if (typeof role !== 'string' || !allowedRoles.has(role)) {
        const shown = typeof role === 'string' ? `'${role}'` : JSON.stringify(role);
        errors.push({ field: `OcRoles[${index}]`, message: `${shown} is not an allowed role.` });
      }
    });
  }

  const grants: Partial<Grants> = {};
  for (const grant of GRANTS) {
    const value = input[grant];
    if (value === undefined || value === null) errors.push({ field: grant, message: `${grant} is required.` });
    else if (typeof value !== 'boolean') errors.push({ field: grant, message: `${grant} must be true or false.` });
    else grants[grant] = value;
  }

  if (errors.length > 0) return { ok: false, errors };
  return {
    ok: true,
    group: { Id: pathId, Name: name as string, OcRoles: [...new Set(roles as string[])], ...(grants as Grants) },
  };
}
