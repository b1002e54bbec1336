import { describe, expect, it } from 'vitest';
import type { ApiErrorEntry } from '../engine/errors.ts';
import { buildOperations, type PlatformOperation } from '../engine/operations.ts';
import { useEngineApp } from '../engine/testing/engine-app.ts';
import { platformRegistry } from './index.ts';
import { API_ROLES, type ApiRole } from './roles.ts';
import { SCOPE_VALUES } from './testing/sample-bodies.ts';

/**
 * Every operation of the registry against the roles it declares: each of its roles (and FullAccess)
 * gets past the role check, any other role is refused with 403. Requests use made-up ids and empty
 * bodies, so whatever the handler answers after the role check (404, 400...) is fine here.
 */

const operations = buildOperations(platformRegistry);
const guarded = operations.filter((operation) => operation.roles.length > 0);
const open = operations.filter((operation) => operation.roles.length === 0);

const engine = useEngineApp(platformRegistry);

/** The operation's URL with made-up ids; scope parameters get a real value so the route's own checks pass. */
function urlOf(operation: PlatformOperation): string {
  const path = operation.path.replace(
    /\{([A-Za-z0-9_]+)\}/g,
    (_match, name: string) => SCOPE_VALUES[name] ?? `made-up-${name}`,
  );
  return `/platform/v1${path}`;
}

/** Calls the operation as a caller holding exactly `roles` (comma list; empty = authenticated, no roles). */
async function callAs(
  operation: PlatformOperation,
  roles: string,
): Promise<{ status: number; errors: ApiErrorEntry[] }> {
  const response = await engine.app.inject({
    method: operation.method,
    url: urlOf(operation),
    headers: { 'x-test-roles': roles },
    ...(operation.body ? { payload: {} } : {}),
  });
  const body = response.body ? (response.json() as { Errors?: ApiErrorEntry[] }) : undefined;
  return { status: response.statusCode, errors: body?.Errors ?? [] };
}

/** The first role of the enum that the operation does not list (FullAccess aside): deterministic. */
function outsiderRole(roles: readonly ApiRole[]): ApiRole {
  const outsider = API_ROLES.find((role) => role !== 'FullAccess' && !roles.includes(role));
  if (!outsider) throw new Error('Every role is allowed');
  return outsider;
}

const show = (reply: { status: number; errors: ApiErrorEntry[] }) => `${reply.status} ${JSON.stringify(reply.errors)}`;

/** The router's own 404 (no such route): a caller let through must have reached the operation. */
const missedRoute = (reply: { errors: ApiErrorEntry[] }) =>
  reply.errors.some((error) => (error.Data as { ObjectType?: unknown } | null)?.ObjectType === 'Route');

it('has operations to check, each listing only known roles', () => {
  expect(guarded.length).toBeGreaterThan(0);
  for (const operation of operations)
    expect(API_ROLES, operation.id).toEqual(expect.arrayContaining([...operation.roles]));
});

describe.each(guarded)('$id ($method $path)', (operation) => {
  it('lets a caller holding any one of its roles through', async () => {
    for (const role of operation.roles) {
      const reply = await callAs(operation, role);
      expect.soft(reply.status, `as ${role}: ${show(reply)}`).not.toBe(403);
      expect.soft(missedRoute(reply), `as ${role}: ${show(reply)}`).toBe(false);
    }
  });

  it('lets FullAccess through', async () => {
    const reply = await callAs(operation, 'FullAccess');
    expect(reply.status, show(reply)).not.toBe(403);
    expect(missedRoute(reply), show(reply)).toBe(false);
  });

  it('refuses a role outside its list with 403 InsufficientRoles', async () => {
    const role = outsiderRole(operation.roles);
    const reply = await callAs(operation, role);
    expect(reply.status, `as ${role}: ${show(reply)}`).toBe(403);
    expect(reply.errors[0]).toMatchObject({
      ErrorCode: 'InsufficientRoles',
      Data: { SufficientRoles: ['FullAccess', ...operation.roles], AssignedRoles: [role] },
    });
  });
});

describe.each(open)('$id ($method $path), open to any caller', (operation) => {
  it('lets an authenticated caller with no roles, or with FullAccess, through', async () => {
    for (const roles of ['', 'FullAccess']) {
      const reply = await callAs(operation, roles);
      expect.soft(reply.status, `as [${roles}]: ${show(reply)}`).not.toBe(403);
      expect.soft(reply.status, `as [${roles}]: ${show(reply)}`).not.toBe(401);
      expect.soft(missedRoute(reply), `as [${roles}]: ${show(reply)}`).toBe(false);
    }
  });
});
