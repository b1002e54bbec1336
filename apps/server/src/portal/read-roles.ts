import { Problem } from './problems.ts';

/** How long one marketplace API's read roles are reused before its description is read again. */
const CACHE_MS = 10 * 60_000;

type Json = Record<string, unknown>;
const isObject = (value: unknown): value is Json => typeof value === 'object' && value !== null;

/**
 * Per resource type (the prefix of its operation ids: `Products` of `Products.Get`), the roles that let a caller
 * read its items: the OAuth2 scopes of its GET operations in an API description. An empty set means any token may
 * read them.
 */
export function readRolesFromDescription(doc: unknown): Map<string, Set<string>> {
  const byType = new Map<string, Set<string>>();
  const paths = isObject(doc) && isObject(doc.paths) ? doc.paths : {};
  for (const item of Object.values(paths)) {
    const get = isObject(item) ? item.get : undefined;
    if (!isObject(get) || typeof get.operationId !== 'string') continue;
    const type = get.operationId.slice(0, get.operationId.indexOf('.'));
    if (type === '' || type === 'Me') continue;
    const roles = byType.get(type) ?? new Set<string>();
    const security = Array.isArray(get.security) ? get.security : [];
    for (const requirement of security)
      if (isObject(requirement))
        for (const scopes of Object.values(requirement))
          if (Array.isArray(scopes)) for (const scope of scopes) if (typeof scope === 'string') roles.add(scope);
    byType.set(type, roles);
  }
  return byType;
}

/** The read roles of the marketplace API at a base URL, per resource type. */
export type ReadRoles = (coreApiUrl: string) => Promise<Map<string, Set<string>>>;

/**
 * Reads the marketplace API's description (`{CoreApiUrl}/v1/openapi/v3`) and caches its read roles per base URL;
 * a failed read is not cached.
 */
export function createReadRoles(fetchJson: (url: string) => Promise<unknown>, cacheMs = CACHE_MS): ReadRoles {
  const cache = new Map<string, { expires: number; roles: Promise<Map<string, Set<string>>> }>();
  return (coreApiUrl) => {
    const key = coreApiUrl.replace(/\/+$/, '');
    const cached = cache.get(key);
    if (cached && cached.expires > Date.now()) return cached.roles;
    const roles = fetchJson(`${key}/v1/openapi/v3`).then((doc) => {
      const found = readRolesFromDescription(doc);
      if (found.size === 0) throw new Problem(502, "The marketplace API's description lists no operations.");
      return found;
    });
    cache.set(key, { expires: Date.now() + cacheMs, roles });
    roles.catch(() => {
      if (cache.get(key)?.roles === roles) cache.delete(key);
    });
    return roles;
  };
}
