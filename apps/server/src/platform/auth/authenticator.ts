import { sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { Db } from '../../db/database.ts';
import { rowsOf } from '../../db/rows.ts';
import type { AuthContext } from '../engine/auth-context.ts';
import type { Authenticator } from '../engine/routes.ts';
import { anonUserProhibited, anonymousMayCall, pathUnderV1 } from './anonymous.ts';
import type { SigningKeys } from './signing-keys.ts';
import { invalidToken, isPortalUserId, rolesOf, verifyAccessToken, type AccessTokenClaims } from './tokens.ts';

export interface AuthenticatorOptions {
  /** The platform base URL; when given, tokens must carry it as `iss` and `aud`. */
  baseUrl?: string | undefined;
}

/** The bearer token of an `Authorization` header, or undefined when there is none. */
export function bearerToken(header: string | undefined): string | undefined {
  const match = /^Bearer[ \t]+([A-Za-z0-9._~+/=-]+)[ \t]*$/i.exec(header ?? '');
  return match?.[1];
}

/** The caller a verified token describes. */
export function authContextOf(claims: AccessTokenClaims): AuthContext {
  return {
    marketplaceId: claims.mkt,
    clientId: claims.cid,
    username: claims.usr,
    userId: claims.u,
    userType: claims.usrtype,
    companyId: claims.usrtype === 'admin' ? undefined : claims.cmp,
    roles: new Set(rolesOf(claims)),
    impersonatorId: claims.imp,
    ...(claims.anon && claims.orderid ? { anonymous: { templateUserId: claims.anon, orderId: claims.orderid } } : {}),
    ...(isPortalUserId(claims.u)
      ? {
          portalUser: {
            firstName: claims.given_name ?? null,
            lastName: claims.family_name ?? null,
            email: claims.email ?? null,
          },
        }
      : {}),
  };
}

/**
 * The platform's Authenticator: `Authorization: Bearer <jwt>`, verified against the signing keys,
 * for a marketplace that still exists. Anything else is the 401 `InvalidToken`.
 *
 * @example
 * registerOperations(app, operations, registry, db, createAuthenticator(db, keys, { baseUrl }));
 */
export function createAuthenticator(db: Db, keys: SigningKeys, options: AuthenticatorOptions = {}): Authenticator {
  return {
    async authenticate(request: FastifyRequest): Promise<AuthContext> {
      const token = bearerToken(request.headers.authorization);
      if (!token) throw invalidToken();
      const claims = await verifyAccessToken(keys, token, { baseUrl: options.baseUrl });
      // A deleted marketplace's tokens stay validly signed until they expire; they must stop working at once.
      const found = await rowsOf<{ found: number }>(
        db,
        sql`SELECT 1 AS found FROM platform.marketplaces WHERE id = ${claims.mkt}`,
      );
      if (found.length === 0) throw invalidToken();
      const auth = authContextOf(claims);
      // Anonymous shoppers only browse, shop and register; everything else is refused before the role check.
      if (auth.anonymous) {
        const route = request.routeOptions.url ?? request.url.split('?')[0] ?? '';
        if (!anonymousMayCall(request.method, pathUnderV1(route))) throw anonUserProhibited();
      }
      return auth;
    },
  };
}
