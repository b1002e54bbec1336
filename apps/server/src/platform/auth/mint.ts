import { sql } from 'drizzle-orm';
import { rowsOf } from '../../db/rows.ts';
import { notFound } from '../engine/errors.ts';
import { PgStore } from '../engine/pg-store.ts';
import { authorizeUser, DEFAULT_ACCESS_TOKEN_MINUTES, findUserByUsername } from './client-access.ts';
import type { AuthDeps } from './auth-deps.ts';
import { issueUserToken } from './grants.ts';
import { oauthErrors } from './oauth-error.ts';
import type { PortalUserProfile } from '../engine/auth-context.ts';
import { mintAccessToken, portalUserId, type AccessTokenResponse } from './tokens.ts';

export interface PortalUserTokenRequest {
  marketplaceId: string;
  /** Client id the token names (`cid`); it need not be an ApiClient of the marketplace. */
  clientId: string;
  /** The portal user's name; the token's `u` is `portal:<username>`. */
  username: string;
  roles: readonly string[];
  /** Name and e-mail address from the portal profile; they travel in the token for Me.Get. */
  profile?: Partial<PortalUserProfile> | undefined;
  /** Defaults to 600 minutes. */
  durationMinutes?: number | undefined;
}

export interface UserTokenRequest {
  marketplaceId: string;
  /** An ApiClient of the marketplace through which the user may sign in. */
  clientId: string;
  /** Username of an admin, buyer or supplier user (any case). */
  username: string;
  /** Recorded as the token's `imp` claim, e.g. `portal:<portal username>`. */
  impersonatorId?: string | undefined;
}

/** Token minting for the management API (ARCHITECTURE §4.6): trusted callers, no passwords. */
export interface TokenMinter {
  /** A token for a portal user: an admin token with exactly the given roles, no platform user behind it. */
  mintPortalUserToken(request: PortalUserTokenRequest): Promise<AccessTokenResponse>;
  /**
   * A token acting as an existing user, reached through the client under the password grant's rules
   * (client active; AllowSeller / AllowAnyBuyer / AllowAnySupplier or an assignment; user and company
   * active), with the user's resolved roles. Throws ApiErrors (400 OAuthError codes, 404 NotFound).
   */
  mintUserToken(request: UserTokenRequest): Promise<AccessTokenResponse>;
}

/**
 * @example
 * const minter = createTokenMinter({ db, registry, keys, baseUrl: `${config.publicUrl}/platform` });
 * const token = await minter.mintPortalUserToken({ marketplaceId, clientId, username: 'ann@example.com', roles: ['FullAccess'] });
 */
export function createTokenMinter(deps: AuthDeps): TokenMinter {
  const requireMarketplace = async (marketplaceId: string) => {
    const found = await rowsOf<{ found: number }>(
      deps.db,
      sql`SELECT 1 AS found FROM platform.marketplaces WHERE id = ${marketplaceId}`,
    );
    if (found.length === 0) throw notFound('Marketplace', marketplaceId);
  };

  return {
    async mintPortalUserToken(request) {
      await requireMarketplace(request.marketplaceId);
      return mintAccessToken(
        { keys: deps.keys, baseUrl: deps.baseUrl },
        {
          marketplaceId: request.marketplaceId,
          clientId: request.clientId,
          user: { id: portalUserId(request.username), username: request.username, type: 'admin' },
          roles: request.roles,
          portalProfile: request.profile,
          durationMinutes: request.durationMinutes ?? DEFAULT_ACCESS_TOKEN_MINUTES,
        },
      );
    },

    async mintUserToken(request) {
      await requireMarketplace(request.marketplaceId);
      const store = new PgStore(deps.db, deps.registry, request.marketplaceId);
      const client = await store.get('ApiClients', [], request.clientId);
      if (!client) throw oauthErrors.invalidClientId(request.clientId);
      if (client.Active !== true) throw oauthErrors.clientNotActive();
      const user = await findUserByUsername(deps.db, request.marketplaceId, request.username);
      if (!user) throw notFound('User', request.username);
      await authorizeUser(store, client, user);
      return issueUserToken(deps, { marketplaceId: request.marketplaceId, client }, user, {
        scope: undefined,
        refresh: false,
        impersonatorId: request.impersonatorId,
      });
    },
  };
}
