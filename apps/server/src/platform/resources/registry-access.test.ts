import { describe, expect } from 'vitest';
import { API_ROLES, type ApiRole } from './roles.ts';
import { describeReply, errors, registryResources, resourceCases, useRegistryApp } from './testing/registry-cases.ts';
import { SCOPE_VALUES } from './testing/sample-bodies.ts';

// Every standard operation of every resource refuses a caller without a token or without the roles
// (shared set-up: testing/registry-cases.ts).
const { call, factory } = useRegistryApp();

/** The first role of the enum that is neither FullAccess nor one of `roles`. */
function outsiderRole(roles: readonly ApiRole[]): ApiRole {
  const outsider = API_ROLES.find((role) => role !== 'FullAccess' && !roles.includes(role));
  if (!outsider) throw new Error('Every role is allowed');
  return outsider;
}

/** Made-up values for every parameter of a path; scope parameters get their real values so routes match. */
function madeUpParams(path: string): Record<string, string> {
  const params: Record<string, string> = {};
  for (const match of path.matchAll(/\{([A-Za-z0-9_]+)\}/g)) {
    const name = match[1] as string;
    params[name] = SCOPE_VALUES[name] ?? `made-up-${name}`;
  }
  return params;
}

describe.each(registryResources)('$name', (resource) => {
  const { routes, generic } = resourceCases(resource);

  generic('NoToken', 'every operation answers 401 InvalidToken without a token', async () => {
    for (const [operation, route] of routes) {
      const url = factory.url(route.path, madeUpParams(route.path));
      const refused = await call(route.method, url, route.body, null);
      expect.soft(refused.status, `${operation}: ${describeReply(refused)}`).toBe(401);
      expect.soft(errors(refused)[0]?.ErrorCode, operation).toBe('InvalidToken');
    }
  });

  generic('WrongRole', 'every operation answers 403 InsufficientRoles to a role outside its list', async () => {
    for (const [operation, route] of routes) {
      // An empty list lets any authenticated caller in; the role matrix covers those.
      if (route.roles.length === 0) continue;
      const role = outsiderRole(route.roles);
      const url = factory.url(route.path, madeUpParams(route.path));
      const refused = await call(route.method, url, route.body, role);
      expect.soft(refused.status, `${operation} as ${role}: ${describeReply(refused)}`).toBe(403);
      expect.soft(errors(refused)[0], operation).toMatchObject({
        ErrorCode: 'InsufficientRoles',
        Data: { SufficientRoles: ['FullAccess', ...route.roles] },
      });
    }
  });
});
