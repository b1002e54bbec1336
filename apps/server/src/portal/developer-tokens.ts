import type { Bus } from '../cluster/bus.ts';
import { CHANNELS } from '../cluster/channels.ts';
import type { DeveloperProfile } from './developer-profile.ts';
import type { MarketplaceLink } from './marketplace/link.ts';
import type { PlatformTokenResponse } from './platform-client.ts';

/** Who a developer token is for: the caller's organization and user, and exactly the roles and profile it carries. */
export interface DeveloperTokenRequest {
  /** Undefined for a caller whose sign-in names no organization (a single-organization provider). */
  organizationId: string | undefined;
  username: string;
  roles: readonly string[];
  profile?: DeveloperProfile;
}

export interface DeveloperTokens {
  /**
   * A developer token of `marketplace` for the request: a kept one while it still has at least half its life
   * left (its `expires_in` then counts what is left), else a new one.
   */
  get(marketplace: MarketplaceLink, request: DeveloperTokenRequest): Promise<PlatformTokenResponse>;
  /** Drops every kept token (role groups changed somewhere). */
  clear(): void;
}

export interface DeveloperTokensOptions {
  /** Role-group changes announced by any process (`CHANNELS.portalRoleGroups`) drop every kept token. */
  bus?: Pick<Bus, 'subscribe'>;
  now?: () => number;
}

interface Kept {
  token: Promise<PlatformTokenResponse>;
  /** When the token was asked for, and when it expires (ms); expiresAt is known once it arrives. */
  issuedAt: number;
  expiresAt?: number;
}

/** Tokens kept at most; the cache is a shortcut, not a store, so it is simply emptied when full. */
const CACHE_LIMIT = 5_000;

/**
 * Developer tokens kept per organization, marketplace, user, role set and profile (issue 22): the render gate's
 * `GET /session` runs on every page load, and minting on the management API was most of its time. The key holds
 * the roles themselves, read from the user's role groups on every call, so a changed group never answers with a
 * token of the old roles; a role-group change also empties the cache in every process, and nothing is kept past
 * half its life, so a page always gets a token that lasts.
 *
 * @example
 * const tokens = createDeveloperTokens({ bus: app.bus });
 * const token = await tokens.get(marketplace, { organizationId, username: caller.email, roles: user.OcRoles });
 */
export function createDeveloperTokens(options: DeveloperTokensOptions = {}): DeveloperTokens {
  const now = options.now ?? Date.now;
  const kept = new Map<string, Kept>();
  options.bus?.subscribe(CHANNELS.portalRoleGroups, () => kept.clear());

  const usable = (entry: Kept, at: number) =>
    entry.expiresAt === undefined || at < entry.issuedAt + (entry.expiresAt - entry.issuedAt) / 2;

  return {
    async get(marketplace, request) {
      const key = JSON.stringify([
        request.organizationId ?? null,
        marketplace.kind,
        marketplace.id,
        request.username,
        [...request.roles].sort(),
        request.profile ?? {},
      ]);
      const at = now();
      let entry = kept.get(key);
      if (!entry || !usable(entry, at)) {
        if (kept.size >= CACHE_LIMIT) kept.clear();
        const fresh: Kept = {
          issuedAt: at,
          token: marketplace.developerToken(request.username, request.roles, request.profile),
        };
        kept.set(key, fresh);
        fresh.token.then(
          (token) => {
            fresh.expiresAt = fresh.issuedAt + token.expires_in * 1000;
          },
          // A failed mint is not kept: the next call asks again.
          () => {
            if (kept.get(key) === fresh) kept.delete(key);
          },
        );
        entry = fresh;
      }
      const token = await entry.token;
      const left = Math.floor(((entry.expiresAt ?? entry.issuedAt + token.expires_in * 1000) - now()) / 1000);
      return { ...token, expires_in: Math.max(0, Math.min(token.expires_in, left)) };
    },
    clear: () => kept.clear(),
  };
}
