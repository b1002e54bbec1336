import type { FastifyInstance, FastifyRequest } from 'fastify';
import { createRemoteJWKSet, errors as joseErrors, jwtVerify, type JWTPayload, type JWTVerifyGetKey } from 'jose';
import type { Config } from '../config.ts';
import { isOrganizationAdmin, PORTAL_CLAIMS } from '@portal/contracts';
import { forbidden, Problem } from './problems.ts';
import { OUTBOUND_TIMEOUT_MS } from './platform-client.ts';
import type { IdentityProfile, ProfileLookup } from './profile-lookup.ts';

/** Who calls the portal service, from the identity provider's access token. */
export interface PortalCaller {
  subject: string;
  /** Lower-cased: role-group memberships are keyed by it. */
  email: string;
  name: string;
  /** The given and family names, when the token carries them (developer tokens show them in Me.Get). */
  givenName?: string | undefined;
  familyName?: string | undefined;
  organizationId: string | undefined;
  organizationRoles: string[];
  tenantId: string | undefined;
  /** The tenant is the marketplace: its name is the platform's marketplace id. */
  tenantName: string;
  isOrganizationAdmin: boolean;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by the portal's authentication hook; null outside the authenticated routes. */
    portalCaller: PortalCaller | null;
  }
}

/**
 * The identity provider's published keys (its JWKS URL), fetched on first use and kept; `reload()` fetches them
 * ahead of the first sign-in.
 */
export function remoteIdentityKeys(config: Pick<Config, 'identityJwksUrl'>) {
  return createRemoteJWKSet(new URL(config.identityJwksUrl), { timeoutDuration: OUTBOUND_TIMEOUT_MS });
}

/** Checks an access token: signature against the identity provider's keys, issuer, audience, expiry. */
export type AccessTokenVerifier = (token: string) => Promise<JWTPayload>;

/**
 * @example
 * // Production: the provider's published JWKS. Tests pass createLocalJWKSet(...) instead.
 * const verify = createAccessTokenVerifier(config);
 */
export function createAccessTokenVerifier(
  config: Pick<Config, 'identityIssuer' | 'identityJwksUrl' | 'portalAudience'>,
  keys: JWTVerifyGetKey = remoteIdentityKeys(config),
): AccessTokenVerifier {
  return async (token) => {
    const { payload } = await jwtVerify(token, keys, {
      issuer: config.identityIssuer,
      audience: config.portalAudience,
      // A few seconds of clock skew between the provider and this host must not log users out.
      clockTolerance: 5,
    });
    return payload;
  };
}

const unauthorized = (detail: string) =>
  new Problem(401, detail, { headers: { 'www-authenticate': 'Bearer error="invalid_token"' } });

const text = (value: unknown): string | undefined =>
  typeof value === 'string' && value.trim() !== '' ? value.trim() : undefined;

function textList(value: unknown): string[] {
  if (typeof value === 'string') return [value];
  return Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string') : [];
}

/**
 * The caller a verified token describes, with `profile` standing in for a missing email and name;
 * throws a Problem when it lacks what the portal needs.
 */
export function callerFromClaims(claims: JWTPayload, profile?: IdentityProfile): PortalCaller {
  const subject = text(claims.sub);
  const email = (text(claims.email) ?? profile?.email)?.toLowerCase();
  if (!subject || !email) throw unauthorized('The access token lacks the sub and email claims the portal needs.');
  const tenantName = text(claims[PORTAL_CLAIMS.tenantName]);
  if (!tenantName) throw forbidden('The access token names no marketplace (tenant). Sign in again choosing one.');
  const organizationRoles = textList(claims[PORTAL_CLAIMS.organizationRoles]);
  const givenName = text(claims.given_name);
  const familyName = text(claims.family_name);
  const fullName = [givenName, familyName].filter(Boolean).join(' ');
  return {
    subject,
    email,
    name: text(claims.name) ?? (fullName || profile?.name || email),
    ...(givenName ? { givenName } : {}),
    ...(familyName ? { familyName } : {}),
    organizationId: text(claims[PORTAL_CLAIMS.organizationId]),
    organizationRoles,
    tenantId: text(claims[PORTAL_CLAIMS.tenantId]),
    tenantName,
    isOrganizationAdmin: isOrganizationAdmin(organizationRoles),
  };
}

function describeFailure(error: unknown): string {
  if (error instanceof joseErrors.JWTExpired) return 'The access token has expired. Sign in again.';
  if (error instanceof joseErrors.JWTClaimValidationFailed) {
    return `The access token was not issued for the portal (${error.claim} claim rejected).`;
  }
  if (error instanceof joseErrors.JWKSNoMatchingKey || error instanceof joseErrors.JWSSignatureVerificationFailed) {
    return 'The access token is not signed by the identity provider.';
  }
  return 'The access token is invalid.';
}

/**
 * Requires `Authorization: Bearer <access token>` on every route of `app` (an encapsulated scope)
 * and sets `request.portalCaller`. Access tokens need not carry the user's email (identity
 * providers often keep profile claims out of them): `lookupProfile` then asks the provider.
 */
export function registerAuthentication(
  app: FastifyInstance,
  verify: AccessTokenVerifier,
  lookupProfile: ProfileLookup,
): void {
  app.decorateRequest('portalCaller', null);
  app.addHook('onRequest', async (request) => {
    const header = request.headers.authorization ?? '';
    const match = /^Bearer\s+(\S+)\s*$/i.exec(header);
    if (!match?.[1]) throw unauthorized('Sign in: the request carries no bearer access token.');
    let claims: JWTPayload;
    try {
      claims = await verify(match[1]);
    } catch (error) {
      // Key-set fetch failures are ours (or the provider's), not the caller's: no 401 that logs users out.
      if (isKeySetFailure(error)) {
        request.log.error({ err: error }, 'portal: identity provider keys unavailable');
        throw new Problem(503, 'The identity provider could not be reached to check the sign-in. Try again shortly.');
      }
      throw unauthorized(describeFailure(error));
    }
    const needsProfile = text(claims.email) === undefined && text(claims.sub) !== undefined;
    const profile = needsProfile ? await lookupProfile(match[1], String(claims.sub)) : undefined;
    request.portalCaller = callerFromClaims(claims, profile);
  });
}

/** The key set could not be fetched or read (network, timeout, a non-200 or non-JSON answer). */
function isKeySetFailure(error: unknown): boolean {
  if (error instanceof joseErrors.JWKSTimeout || error instanceof joseErrors.JWKSInvalid) return true;
  // jose reports a bad HTTP answer from the key-set URL with its generic error class.
  if (error instanceof joseErrors.JOSEError && error.code === 'ERR_JOSE_GENERIC') return true;
  return error instanceof TypeError && /fetch failed/i.test(error.message);
}

/** The authenticated caller of a request under the authenticated scope. */
export function callerOf(request: FastifyRequest): PortalCaller {
  if (!request.portalCaller) throw unauthorized('Sign in: the request is not authenticated.');
  return request.portalCaller;
}
