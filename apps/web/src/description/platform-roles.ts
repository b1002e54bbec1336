import type { ApiDescription } from './api-model';
import type { SchemaObject } from './openapi-types';

function stringEnum(schema: SchemaObject | undefined): string[] {
  return (schema?.enum ?? []).filter((value): value is string => typeof value === 'string');
}

/**
 * The roles the platform defines: the security profile's `Roles` items enum, else the `ApiRole` enum; empty when
 * the description has neither.
 *
 * @example
 * platformRoles(description); // ['FullAccess', 'ProductAdmin', ...]
 */
export function platformRoles(description: ApiDescription): string[] {
  const profileRoles = stringEnum(description.schemas.SecurityProfile?.properties?.Roles?.items);
  return profileRoles.length > 0 ? profileRoles : stringEnum(description.schemas.ApiRole);
}
