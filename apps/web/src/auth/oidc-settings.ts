import { UserManager, WebStorageStateStore, type OidcMetadata, type UserManagerSettings } from 'oidc-client-ts';
import { KEPT_QUERY_PARAMS } from '@/lib/keep-query';

/** The portal's public client at the identity provider. */
export const OIDC_CLIENT_ID = 'marketplace-portal-web';
export const OIDC_SCOPE = 'openid profile email offline_access';
export const AUTH_CALLBACK_PATH = '/auth/callback';
export const SILENT_RENEW_PATH = '/auth/silent-renew';
/** Spec 1 §4: tokens are refreshed silently in the background this often. */
export const SILENT_REFRESH_INTERVAL_MS = 1_199_000;

/** What the sign-in redirect remembers so the callback can return to the page the user asked for. */
export interface SigninState {
  returnTo: string;
}

/**
 * organization and tenantName from a query string, as the identity provider's extra authorization parameters.
 *
 * @example
 * contextParams('?organization=acme&tenantName=main&page=2'); // { organization: 'acme', tenantName: 'main' }
 */
export function contextParams(search: string): Record<string, string> {
  const query = new URLSearchParams(search);
  const params: Record<string, string> = {};
  for (const name of KEPT_QUERY_PARAMS) {
    const value = query.get(name);
    if (value) params[name] = value;
  }
  return params;
}

/** Where a tab keeps the identity provider's discovery document it read (see {@link rememberMetadata}). */
export const METADATA_STORAGE_KEY = 'portal.oidc-metadata';

/** The discovery document this tab read before, for the authority; undefined when none or unreadable. */
function rememberedMetadata(authority: string): Partial<OidcMetadata> | undefined {
  try {
    const stored = JSON.parse(window.sessionStorage.getItem(METADATA_STORAGE_KEY) ?? 'null') as {
      authority?: unknown;
      metadata?: unknown;
    } | null;
    return stored?.authority === authority && typeof stored.metadata === 'object' && stored.metadata !== null
      ? (stored.metadata as Partial<OidcMetadata>)
      : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Keeps the discovery document the UserManager read in the tab's session storage, so the page the sign-in callback
 * loads exchanges the code without asking for it again (one round trip less on every sign-in, issue 22). It is the
 * provider's own answer, issuer included, never a copy written by hand; a new tab reads it afresh.
 *
 * @example
 * await rememberMetadata(getUserManager());
 */
export async function rememberMetadata(userManager: UserManager): Promise<void> {
  try {
    const metadata = await userManager.metadataService.getMetadata();
    const authority = userManager.settings.authority;
    window.sessionStorage.setItem(METADATA_STORAGE_KEY, JSON.stringify({ authority, metadata }));
  } catch {
    // Not remembered: the next page asks the provider, as it always did.
  }
}

/** UserManager settings for the portal served at `origin`, asking for the context in `search`. */
export function oidcSettings(origin: string, search: string): UserManagerSettings {
  const authority = `${origin}/identity`;
  const metadata = rememberedMetadata(authority);
  return {
    authority,
    ...(metadata ? { metadata } : {}),
    client_id: OIDC_CLIENT_ID,
    redirect_uri: `${origin}${AUTH_CALLBACK_PATH}`,
    silent_redirect_uri: `${origin}${SILENT_RENEW_PATH}`,
    post_logout_redirect_uri: `${origin}/`,
    scope: OIDC_SCOPE,
    response_type: 'code',
    extraQueryParams: contextParams(search),
    automaticSilentRenew: true,
    // Session storage keeps each tab on its own tenant while they share one sign-in session.
    userStore: new WebStorageStateStore({ store: window.sessionStorage }),
  };
}

let userManager: UserManager | undefined;

/** The one UserManager of the page, created on first use (tests and the silent-renew frame share this path). */
export function getUserManager(): UserManager {
  userManager ??= new UserManager(oidcSettings(window.location.origin, window.location.search));
  return userManager;
}

/** The identity access token for back-end calls (portal service, inventory). */
export async function getIdentityToken(): Promise<string | undefined> {
  return (await getUserManager().getUser())?.access_token;
}
