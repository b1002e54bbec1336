import { Problem } from './problems.ts';

/** No longer an API role, but still one a role group may hand out (spec 1 §5). */
export const EXTRA_ROLES = ['InventoryAdmin'] as const;

/** How long one marketplace API's role list is reused before it is read again. */
const CACHE_MS = 10 * 60_000;

type Json = Record<string, unknown>;
const isObject = (value: unknown): value is Json => typeof value === 'object' && value !== null;

/** Follows a local `#/components/schemas/Name` reference. */
function resolve(doc: Json, schema: unknown): unknown {
  if (!isObject(schema) || typeof schema.$ref !== 'string') return schema;
  const match = /^#\/components\/schemas\/(.+)$/.exec(schema.$ref);
  const schemas = isObject(doc.components) && isObject(doc.components.schemas) ? doc.components.schemas : {};
  return match?.[1] ? schemas[match[1]] : undefined;
}

function enumOf(schema: unknown): string[] | undefined {
  if (!isObject(schema) || !Array.isArray(schema.enum)) return undefined;
  const values = schema.enum.filter((value): value is string => typeof value === 'string');
  return values.length > 0 ? values : undefined;
}

/**
 * The API roles an API description allows on a security profile: the `SecurityProfile` schema's
 * `Roles` items enum (inline or referenced), else the `ApiRole` enum schema; undefined if neither.
 */
export function rolesFromDescription(doc: unknown): string[] | undefined {
  if (!isObject(doc)) return undefined;
  const schemas = isObject(doc.components) && isObject(doc.components.schemas) ? doc.components.schemas : {};
  const profile = resolve(doc, schemas.SecurityProfile);
  const roles = isObject(profile) && isObject(profile.properties) ? profile.properties.Roles : undefined;
  const items = isObject(roles) ? resolve(doc, roles.items) : undefined;
  return enumOf(items) ?? enumOf(resolve(doc, schemas.ApiRole));
}

/** The roles a role group may carry for the marketplace API at a base URL. */
export type AllowedRoles = (coreApiUrl: string) => Promise<ReadonlySet<string>>;

/**
 * Reads the marketplace API's description (`{CoreApiUrl}/v1/openapi/v3`) and caches its role list
 * per base URL, so a role save costs no download; a failed read is not cached.
 *
 * @example
 * const allowedRoles = createAllowedRoles((url) => platform.getPublicJson(url));
 * (await allowedRoles(marketplace.CoreApiUrl)).has('ProductAdmin');
 */
export function createAllowedRoles(fetchJson: (url: string) => Promise<unknown>, cacheMs = CACHE_MS): AllowedRoles {
  const cache = new Map<string, { expires: number; roles: Promise<ReadonlySet<string>> }>();
  return (coreApiUrl) => {
    const key = coreApiUrl.replace(/\/+$/, '');
    const cached = cache.get(key);
    if (cached && cached.expires > Date.now()) return cached.roles;
    const roles = fetchJson(`${key}/v1/openapi/v3`).then((doc) => {
      const names = rolesFromDescription(doc);
      if (!names) throw new Problem(502, "The marketplace API's description lists no security-profile roles.");
      return new Set<string>([...names, ...EXTRA_ROLES]);
    });
    // Concurrent saves share one download; a failure is forgotten so the next save tries again.
    cache.set(key, { expires: Date.now() + cacheMs, roles });
    roles.catch(() => {
      if (cache.get(key)?.roles === roles) cache.delete(key);
    });
    return roles;
  };
}
