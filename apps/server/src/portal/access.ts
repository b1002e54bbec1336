import type { FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import type { Db } from '../db/database.ts';
import { callerOf, type PortalCaller } from './auth.ts';
import { portalUserOf, type PortalUser } from './portal-user.ts';
import { forbidden } from './problems.ts';
import type { Grant } from './role-groups.ts';

/*
 * Who may call a group of portal routes, decided once for the group by a hook: routes registered in a scope with
 * `requireGrant` (or `requirePortalUser`) run only for callers it lets through, and read the caller's portal user
 * with `portalUserFrom` instead of looking it up again.
 */

const usersOfRequests = new WeakMap<FastifyRequest, PortalUser>();

/** A preHandler hook that refuses with 403 `refusal` every caller whose portal user `allowed` turns away. */
export function requirePortalUser(
  db: Db,
  allowed: (user: PortalUser, caller: PortalCaller) => boolean,
  refusal: string,
): preHandlerAsyncHookHandler {
  return async (request) => {
    const caller = callerOf(request);
    const user = usersOfRequests.get(request) ?? (await portalUserOf(db, caller));
    if (!allowed(user, caller)) throw forbidden(refusal);
    usersOfRequests.set(request, user);
  };
}

/** A preHandler hook that lets through only callers holding `grant` (from a role group, or as organization admin). */
export const requireGrant = (db: Db, grant: Grant, refusal: string): preHandlerAsyncHookHandler =>
  requirePortalUser(db, (user) => user.ScPermissionGrants[grant], refusal);

/** The portal user a `requireGrant` / `requirePortalUser` hook let through. */
export function portalUserFrom(request: FastifyRequest): PortalUser {
  const user = usersOfRequests.get(request);
  // A route reading it outside such a scope is a programming error, not a caller's.
  if (!user)
    throw new Error(`${request.routeOptions.url ?? request.url} reads the portal user without an access hook.`);
  return user;
}
