import { randomBytes } from 'node:crypto';
import { jwtVerify, SignJWT, type CryptoKey, type JWTPayload } from 'jose';
import type { PortalUserProfile } from '../engine/auth-context.ts';
import { ApiError } from '../engine/errors.ts';
import { SIGNING_ALGORITHM, type SigningKeys } from './signing-keys.ts';

/** The three kinds of users a token can stand for (`usrtype`). */
export type UserType = 'admin' | 'buyer' | 'supplier';

const USER_TYPES: readonly string[] = ['admin', 'buyer', 'supplier'];

/** The user a token is issued to. */
export interface TokenUser {
  /** Id of the user record (AdminUsers, Users or SupplierUsers); `u` in the token. */
  id: string;
  username: string;
  type: UserType;
  /** Buyer or supplier id for buyer and supplier users. */
  companyId?: string | undefined;
}

export interface MintAccessTokenInput {
  marketplaceId: string;
  clientId: string;
  user: TokenUser;
  /** ApiRoles and custom roles the token carries. */
  roles: readonly string[];
  /** Id of the impersonating user; only on impersonation tokens. */
  impersonatorId?: string | undefined;
  /** Only on anonymous shopper tokens: `user` is then the generated shopper identity. */
  anonymous?: AnonymousTokenInput | undefined;
  /** Only on portal user tokens (`user.id` from {@link portalUserId}): their name and e-mail address. */
  portalProfile?: Partial<PortalUserProfile> | undefined;
  durationMinutes: number;
}

/**
 * The token user id of a portal user. Record ids never hold a colon (see ID_PATTERN in
 * engine/validate.ts), so no user record can ever be taken for a portal user or the other way round.
 */
export const portalUserId = (username: string) => `portal:${username}`;

/** Whether a token's user id is a portal user's, who has no user record in the marketplace. */
export const isPortalUserId = (userId: string) => userId.startsWith('portal:');

/** The claims that mark an anonymous shopper's token. */
export interface AnonymousTokenInput {
  /** Id of the default context user the shopper browses as (`anon`). */
  templateUserId: string;
  /** Order id reserved for the shopper's cart (`orderid`). */
  orderId: string;
  /** The app's own tracking id for the session, when it sent one (`anonuserid`). */
  trackingId?: string | undefined;
}

/** Who signs: the keys and the platform base URL (`${publicUrl}/platform`), used as `iss` and `aud`. */
export interface TokenIssuer {
  keys: SigningKeys;
  baseUrl: string;
}

/** The claims of an access token: the public platform's names plus `mkt` and `cmp`. */
export interface AccessTokenClaims {
  usr: string;
  cid: string;
  u: string;
  usrtype: UserType;
  /** A single role is a plain string, as on the public platform. */
  role: string | string[];
  iss: string;
  aud: string;
  exp: number;
  nbf: number;
  iat: number;
  jti: string;
  imp?: string;
  /** Anonymous shopper tokens only: the default context user's id. */
  anon?: string;
  /** Anonymous shopper tokens only: the order id reserved for the shopper's cart. */
  orderid?: string;
  /** Anonymous shopper tokens only: the app's tracking id, when one was sent. */
  anonuserid?: string;
  /** Portal user tokens only, when the portal knows them: the OpenID Connect profile claims of that name. */
  given_name?: string;
  family_name?: string;
  email?: string;
  /** Marketplace the token is for. */
  mkt: string;
  /** Buyer or supplier id of buyer and supplier users. */
  cmp?: string;
}

/** The token endpoint's success body (also the AccessToken model of impersonation). */
export interface AccessTokenResponse {
  access_token: string;
  token_type: 'bearer';
  /** Seconds until the access token expires. */
  expires_in: number;
  refresh_token?: string;
}

/** The roles of a token's `role` claim as a list, whichever form it takes. */
export function rolesOf(claims: Pick<AccessTokenClaims, 'role'>): string[] {
  return typeof claims.role === 'string' ? [claims.role] : [...claims.role];
}

/** The profile claims of a portal user's token: only the values the portal knows, so tokens stay small. */
function portalProfileClaims(profile: Partial<PortalUserProfile>): JWTPayload {
  return {
    ...(profile.firstName ? { given_name: profile.firstName } : {}),
    ...(profile.lastName ? { family_name: profile.lastName } : {}),
    ...(profile.email ? { email: profile.email } : {}),
  };
}

function anonymousClaims(anonymous: AnonymousTokenInput): JWTPayload {
  return {
    anon: anonymous.templateUserId,
    orderid: anonymous.orderId,
    ...(anonymous.trackingId ? { anonuserid: anonymous.trackingId } : {}),
  };
}

/**
 * Signs an RS256 access token with the current signing key (header `kid`).
 *
 * @example
 * const token = await mintAccessToken({ keys, baseUrl: 'http://localhost:4000/platform' }, {
 *   marketplaceId: 'mkt1', clientId, user: { id: 'u1', username: 'ann', type: 'buyer', companyId: 'b1' },
 *   roles: ['Shopper'], durationMinutes: 600,
 * });
 */
export async function mintAccessToken(issuer: TokenIssuer, input: MintAccessTokenInput): Promise<AccessTokenResponse> {
  const now = Math.floor(Date.now() / 1000);
  const expiresIn = Math.max(1, Math.round(input.durationMinutes * 60));
  // Naming the expiry keeps the key from being removed by a rotation before the token expires.
  const { kid, privateKey } = await issuer.keys.signingKey(now + expiresIn);
  const roles = [...new Set(input.roles)];
  const payload: JWTPayload = {
    usr: input.user.username,
    cid: input.clientId,
    u: input.user.id,
    usrtype: input.user.type,
    role: roles.length === 1 ? roles[0] : roles,
    ...(input.impersonatorId !== undefined ? { imp: input.impersonatorId } : {}),
    ...(input.anonymous ? anonymousClaims(input.anonymous) : {}),
    ...(input.portalProfile ? portalProfileClaims(input.portalProfile) : {}),
    mkt: input.marketplaceId,
    ...(input.user.type !== 'admin' && input.user.companyId ? { cmp: input.user.companyId } : {}),
  };
  const accessToken = await new SignJWT(payload)
    .setProtectedHeader({ alg: SIGNING_ALGORITHM, kid, typ: 'JWT' })
    .setIssuer(issuer.baseUrl)
    .setAudience(issuer.baseUrl)
    .setIssuedAt(now)
    .setNotBefore(now)
    .setExpirationTime(now + expiresIn)
    .setJti(randomBytes(16).toString('base64url'))
    .sign(privateKey);
  return { access_token: accessToken, token_type: 'bearer', expires_in: expiresIn };
}

/** The 401 every unusable token gets, whatever was wrong with it. */
export const invalidToken = () => new ApiError(401, 'InvalidToken', 'Access token is invalid or expired.');

const isString = (value: unknown): value is string => typeof value === 'string';
const optionalString = (value: unknown) => value === undefined || isString(value);

function asClaims(payload: JWTPayload): AccessTokenClaims | undefined {
  const { usr, cid, u, usrtype, role, mkt, cmp, imp, iss, aud, exp, nbf, iat, jti, anon, orderid, anonuserid } =
    payload;
  const { given_name: givenName, family_name: familyName, email } = payload;
  const roleOk = isString(role) || (Array.isArray(role) && role.every(isString));
  if (!isString(usr) || !isString(cid) || !isString(u) || !isString(mkt) || !roleOk) return undefined;
  if (!isString(usrtype) || !USER_TYPES.includes(usrtype)) return undefined;
  if (!optionalString(cmp) || !optionalString(imp) || !isString(iss) || !isString(aud) || !isString(jti))
    return undefined;
  if (typeof exp !== 'number' || typeof nbf !== 'number' || typeof iat !== 'number') return undefined;
  if (!optionalString(anon) || !optionalString(orderid) || !optionalString(anonuserid)) return undefined;
  // An anonymous token always names both the default context user and the reserved order.
  if (isString(anon) !== isString(orderid)) return undefined;
  if (!optionalString(givenName) || !optionalString(familyName) || !optionalString(email)) return undefined;
  return {
    usr,
    cid,
    u,
    usrtype: usrtype as UserType,
    role: role as string | string[],
    iss,
    aud,
    exp,
    nbf,
    iat,
    jti,
    mkt,
    ...(isString(imp) ? { imp } : {}),
    ...(isString(cmp) ? { cmp } : {}),
    ...(isString(anon) && isString(orderid) ? { anon, orderid } : {}),
    ...(isString(anonuserid) ? { anonuserid } : {}),
    ...(isString(givenName) ? { given_name: givenName } : {}),
    ...(isString(familyName) ? { family_name: familyName } : {}),
    ...(isString(email) ? { email } : {}),
  };
}

export interface VerifyOptions {
  /** When given, `iss` and `aud` must equal it (tokens of another deployment are refused). */
  baseUrl?: string | undefined;
}

/**
 * Checks a token's signature (by its `kid`), lifetime and claims, and returns the claims. Throws
 * the 401 `InvalidToken` ApiError for anything wrong with it.
 */
export async function verifyAccessToken(
  keys: SigningKeys,
  token: string,
  options: VerifyOptions = {},
): Promise<AccessTokenClaims> {
  let payload: JWTPayload;
  // A failing key lookup (database down) is our fault, not the caller's: it must not become a 401.
  let lookupFailure: { error: unknown } | undefined;
  try {
    const verified = await jwtVerify(
      token,
      async (header) => {
        let key: CryptoKey | undefined;
        try {
          key = header.kid ? await keys.verificationKey(header.kid) : undefined;
        } catch (error) {
          lookupFailure = { error };
          throw error;
        }
        if (!key) throw new Error('unknown signing key');
        return key;
      },
      {
        algorithms: [SIGNING_ALGORITHM],
        requiredClaims: ['exp', 'nbf', 'iat', 'jti'],
        // Several processes may sign and verify; a few seconds of clock skew must not matter.
        clockTolerance: 5,
        ...(options.baseUrl ? { issuer: options.baseUrl, audience: options.baseUrl } : {}),
      },
    );
    payload = verified.payload;
  } catch {
    if (lookupFailure) throw lookupFailure.error;
    throw invalidToken();
  }
  const claims = asClaims(payload);
  if (!claims) throw invalidToken();
  return claims;
}
