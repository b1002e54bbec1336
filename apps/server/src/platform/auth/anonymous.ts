import { anonymousUserId } from '../engine/anonymous-users.ts';
import { ApiError } from '../engine/errors.ts';
import { generateId } from '../engine/ids.ts';
import { PgStore } from '../engine/pg-store.ts';
import { isApiRole, type ApiRole } from '../resources/roles.ts';
import { authorizeUser, findUserByUsername, type ClientRecord } from './client-access.ts';
import type { AuthDeps, TokenRequest } from './auth-deps.ts';
import { OAuthError, oauthErrors } from './oauth-error.ts';
import {
  invalidToken,
  mintAccessToken,
  verifyAccessToken,
  type AccessTokenClaims,
  type AccessTokenResponse,
  type TokenIssuer,
} from './tokens.ts';
import {
  limitToClient,
  missingRequiredRoles,
  narrowRoles,
  orderRoles,
  parseScope,
  resolveRoles,
} from './user-roles.ts';

/** Default ApiClient.AnonymousTokenDuration, in minutes (one week). */
export const DEFAULT_ANONYMOUS_TOKEN_MINUTES = 10080;

export { ANONYMOUS_USER_PREFIX } from '../engine/anonymous-users.ts';

/**
 * The ApiRoles an anonymous token may carry: shopping and the shopper's own data. The default
 * context user is often a back-office user; its admin roles (and FullAccess, which would widen
 * order visibility to every order of the buyer) must not reach strangers on the storefront.
 */
export const ANONYMOUS_API_ROLES: readonly ApiRole[] = [
  'Shopper',
  'MeAdmin',
  'MeXpAdmin',
  'MeAddressAdmin',
  'MeCreditCardAdmin',
  'MeSubscriptionAdmin',
];

/** Minutes an anonymous token issued through the client lasts. */
export function anonymousTokenMinutes(client: Record<string, unknown>): number {
  const minutes = client.AnonymousTokenDuration;
  return typeof minutes === 'number' && minutes > 0 ? minutes : DEFAULT_ANONYMOUS_TOKEN_MINUTES;
}

/** The roles of an anonymous token: FullAccess becomes the shopper roles; other ApiRoles outside them are dropped. */
export function anonymousRoles(roles: readonly string[]): string[] {
  const expanded = roles.flatMap((role) => (role === 'FullAccess' ? [...ANONYMOUS_API_ROLES] : [role]));
  return orderRoles(expanded.filter((role) => !isApiRole(role) || ANONYMOUS_API_ROLES.includes(role)));
}

const misconfigured = () =>
  new OAuthError(
    'invalid_grant',
    'ApiClient.RequiredNotAnonBuyer',
    'IsAnonBuyer can be true only when a buyer user is set as the Default Context User.',
  );

/**
 * The anonymous shopper grant (`client_credentials` with `client_id` only, on an IsAnonBuyer
 * client): a token for a new anonymous identity that shops as the client's default context user
 * (its buyer, its roles narrowed by `scope` and kept to shopping), lasting AnonymousTokenDuration,
 * never with a refresh token. `anonuserid` is the app's own tracking id, carried as a claim.
 */
export async function anonymousGrant(
  deps: AuthDeps,
  record: ClientRecord,
  form: TokenRequest,
): Promise<AccessTokenResponse> {
  const { client, marketplaceId } = record;
  const username = client.DefaultContextUserName;
  if (typeof username !== 'string' || username === '') throw misconfigured();
  const template = await findUserByUsername(deps.db, marketplaceId, username);
  if (!template) throw new OAuthError('invalid_grant', 'Auth.UserNotFound', 'User not found.', { Username: username });
  if (template.type !== 'buyer' || !template.companyId) throw misconfigured();
  const store = new PgStore(deps.db, deps.registry, marketplaceId);
  await authorizeUser(store, client, template);

  const trackingId = form.anonuserid;
  if (trackingId !== undefined && (trackingId === '' || trackingId.length > 100)) {
    throw new OAuthError('invalid_request', 'Request.InvalidRequestBody', 'anonuserid must be 1 to 100 characters.', {
      Property: 'anonuserid',
    });
  }
  const available = await resolveRoles(store, template);
  const missing = missingRequiredRoles(available, client);
  if (missing.length > 0) throw oauthErrors.insufficientRoles(missing);
  const roles = anonymousRoles(limitToClient(narrowRoles(available, parseScope(form.scope)), client));
  return mintAccessToken(
    { keys: deps.keys, baseUrl: deps.baseUrl },
    {
      marketplaceId,
      clientId: String(client.ID),
      user: {
        id: anonymousUserId(template.id, generateId()),
        username: template.username,
        type: 'buyer',
        companyId: template.companyId,
      },
      roles,
      anonymous: { templateUserId: template.id, orderId: generateId(), trackingId },
      durationMinutes: anonymousTokenMinutes(client),
    },
  );
}

/** 403 for what an anonymous shopper may not do (it has no user record to change or keep things on). */
export const anonUserProhibited = () =>
  new ApiError(403, 'Auth.AnonUserProhibited', 'Anonymous users are prohibited from performing these actions.');

/**
 * Whether an anonymous token may call the route (method + path under `/v1`): reads of Me, Me.Register,
 * and everything under `/orders` and `/cart` (the shopper's own orders: the orders code scopes them
 * to the token's user). Writes to Me (the user record, saved addresses and cards, collections,
 * order transfers) and every other resource are refused.
 */
export function anonymousMayCall(method: string, path: string): boolean {
  const lower = path.toLowerCase().replace(/\/+$/, '');
  const under = (prefix: string) => lower === prefix || lower.startsWith(`${prefix}/`);
  if (under('/orders') || under('/cart')) return true;
  if (under('/me'))
    return method.toUpperCase() === 'GET' || (method.toUpperCase() === 'PUT' && lower === '/me/register');
  return false;
}

/** The path of a route under the `/v1` mount (`/platform/v1/me` -> `/me`); the whole path when not under it. */
export function pathUnderV1(routeUrl: string): string {
  const index = routeUrl.indexOf('/v1/');
  return index >= 0 ? routeUrl.slice(index + 3) : routeUrl;
}

/** The error for a missing or unusable `anonUserToken`. */
export const mustPassAnonUserToken = () =>
  new ApiError(
    400,
    'Auth.MustPassAnonUserToken',
    'The token provided is invalid. Please provide an anonymous user token and try again.',
  );

/** Claims of a verified anonymous shopper token. */
export type AnonymousClaims = AccessTokenClaims & { anon: string; orderid: string; cmp: string };

/**
 * Verifies an `anonUserToken` query value: a valid, unexpired anonymous shopper token of the
 * marketplace. Anything else is `Auth.MustPassAnonUserToken`.
 */
export async function verifyAnonUserToken(
  issuer: TokenIssuer,
  token: string | undefined,
  marketplaceId: string,
): Promise<AnonymousClaims> {
  if (!token) throw mustPassAnonUserToken();
  let claims: AccessTokenClaims;
  try {
    claims = await verifyAccessToken(issuer.keys, token, { baseUrl: issuer.baseUrl });
  } catch (error) {
    // Only a refused token is the caller's mistake; a failing key lookup stays a server error.
    if (error instanceof ApiError && error.status === invalidToken().status) throw mustPassAnonUserToken();
    throw error;
  }
  const { anon, orderid, cmp } = claims;
  if (!anon || !orderid || !cmp || claims.usrtype !== 'buyer' || claims.mkt !== marketplaceId) {
    throw mustPassAnonUserToken();
  }
  return { ...claims, anon, orderid, cmp };
}
