import type { Grant, SignInUser } from '@portal/contracts';
import type { FastifyInstance } from 'fastify';
import { callerOf } from './auth.ts';
import { developerProfileOf } from './developer-profile.ts';
import type { MarketplaceLink } from './marketplace/link.ts';
import { marketplaceFor } from './marketplace/resolve.ts';
import type { PlatformTokenResponse } from './platform-client.ts';
import { portalUserOf, type PortalUser } from './portal-user.ts';
import { badRequest, forbidden, notFound } from './problems.ts';
import { optionalText, passedOn } from './route-schemas.ts';
import type { PortalServices } from './services.ts';

/** The grant impersonating a user of each commerce role needs. */
const IMPERSONATION_GRANT: Record<SignInUser['CommerceRole'], Grant> = {
  Buyer: 'ImpersonateBuyer',
  Seller: 'ImpersonateSeller',
  Supplier: 'ImpersonateSupplier',
};

/** Pages of a client's users read while looking for one username (100 each). */
const LOOKUP_PAGE_LIMIT = 20;

/** Every user signing in through the client whose username is `username` in any case. */
async function usersNamed(marketplace: MarketplaceLink, clientId: string, username: string): Promise<SignInUser[]> {
  const wanted = username.toLowerCase();
  const found: SignInUser[] = [];
  // The search matches parts of names too, so the exact username may sit on a later page.
  for (let page = 1; page <= LOOKUP_PAGE_LIMIT; page++) {
    const result = await marketplace.listClientUsers(clientId, { search: username, page, pageSize: 100 });
    found.push(...result.Items.filter((user) => user.Username.toLowerCase() === wanted));
    if (page >= result.Meta.TotalPages) break;
  }
  return found;
}

/**
 * A token acting as `username` of `clientId`, minted only when the caller holds the grant for the
 * user's commerce role. Every user the platform could take the name for (usernames compare without
 * case) must be allowed, so a same-named user of another role cannot slip through.
 */
async function impersonationToken(
  marketplace: MarketplaceLink,
  user: PortalUser,
  clientId: string,
  username: string,
): Promise<PlatformTokenResponse> {
  const targets = await usersNamed(marketplace, clientId, username);
  if (targets.length === 0) throw notFound(`No user '${username}' signs in through API client '${clientId}'.`);
  for (const target of targets) {
    const grant = IMPERSONATION_GRANT[target.CommerceRole];
    if (!user.ScPermissionGrants[grant]) {
      throw forbidden(`Impersonating a ${target.CommerceRole} user needs the ${grant} permission.`);
    }
  }
  // More than one target only when usernames differ in case; the platform resolves the name as typed.
  return marketplace.impersonationToken(clientId, username, targets[0] as SignInUser);
}

const TOKEN_ANSWER = {
  type: 'object',
  required: ['access_token', 'expires_in', 'token_type'],
  properties: { access_token: { type: 'string' }, expires_in: { type: 'number' }, token_type: { type: 'string' } },
} as const;

/** `GET /me`, `GET /me/grants`, `GET /marketplace` and `GET /marketplace/token`. */
export function registerMeRoutes(app: FastifyInstance, services: PortalServices): void {
  const { db } = services;
  app.get('/me', { schema: { response: { 200: passedOn } } }, async (request) => portalUserOf(db, callerOf(request)));

  app.get('/me/grants', { schema: { response: { 200: passedOn } } }, async (request) => {
    const user = await portalUserOf(db, callerOf(request));
    return { ScPermissionGrants: user.ScPermissionGrants };
  });

  app.get('/marketplace', { schema: { response: { 200: passedOn } } }, async (request) => {
    return (await marketplaceFor(services, callerOf(request))).describe();
  });

  app.get<{ Querystring: { clientId?: string; username?: string } }>(
    '/marketplace/token',
    {
      schema: {
        querystring: { type: 'object', properties: { clientId: optionalText(), username: optionalText(200) } },
        response: { 200: TOKEN_ANSWER },
      },
    },
    async (request): Promise<PlatformTokenResponse> => {
      const caller = callerOf(request);
      const clientId = request.query.clientId?.trim() || undefined;
      const username = request.query.username?.trim() || undefined;
      const user = await portalUserOf(db, caller);
      const marketplace = await marketplaceFor(services, caller);
      if (clientId === undefined && username === undefined) {
        const token = await services.developerTokens.get(marketplace, {
          organizationId: caller.organizationId,
          username: caller.email,
          roles: user.OcRoles,
          profile: developerProfileOf(caller),
        });
        return pickToken(token);
      }
      if (clientId === undefined || username === undefined) {
        const field = clientId === undefined ? 'clientId' : 'username';
        throw badRequest('An impersonation token needs both clientId and username.', [
          { field, message: `${field} is required.` },
        ]);
      }
      return pickToken(await impersonationToken(marketplace, user, clientId, username));
    },
  );
}

/** Only the token fields leave the portal, whatever else the platform answers with. */
export const pickToken = (token: PlatformTokenResponse): PlatformTokenResponse => ({
  access_token: token.access_token,
  expires_in: token.expires_in,
  token_type: token.token_type,
});
