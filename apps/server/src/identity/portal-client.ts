import type { ClientMetadata } from 'oidc-provider';
import type { Config } from '../config.ts';

/** Origin of the web app's development server (`npm run dev`), trusted next to the public URL. */
export const WEB_DEV_ORIGIN = 'http://localhost:5173';

/** Scopes the portal asks for. */
export const PORTAL_SCOPES = ['openid', 'profile', 'email', 'offline_access'] as const;

/** Paths of the web app the provider may send a browser back to after sign-in. */
const REDIRECT_PATHS = ['/', '/auth/callback', '/auth/silent-renew'] as const;

/** Base addresses the portal's web app is served from: the public URL and the dev server. */
export function portalBaseUrls(config: Pick<Config, 'publicUrl'>): string[] {
  return [...new Set([config.publicUrl.replace(/\/+$/, ''), WEB_DEV_ORIGIN])];
}

/** Origins allowed to call the provider from a browser (token, userinfo, revocation). */
export function portalOrigins(config: Pick<Config, 'publicUrl'>): string[] {
  return [...new Set(portalBaseUrls(config).map((base) => new URL(base).origin))];
}

/**
 * The portal's web app as an OpenID client: public (no secret, so PKCE), authorization code and
 * refresh token grants, redirect and post-logout addresses on every origin it is served from.
 * The one place these addresses are listed.
 */
export function portalClientMetadata(config: Pick<Config, 'publicUrl' | 'portalClientId'>): ClientMetadata {
  const bases = portalBaseUrls(config);
  return {
    client_id: config.portalClientId,
    client_name: 'Marketplace Portal',
    application_type: 'web',
    token_endpoint_auth_method: 'none',
    grant_types: ['authorization_code', 'refresh_token'],
    response_types: ['code'],
    scope: PORTAL_SCOPES.join(' '),
    redirect_uris: bases.flatMap((base) => REDIRECT_PATHS.map((path) => `${base}${path}`)),
    post_logout_redirect_uris: bases.map((base) => `${base}/`),
  };
}
