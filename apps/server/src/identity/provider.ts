import Provider, { errors, type Configuration, type KoaContextWithOIDC } from 'oidc-provider';
import type { Config } from '../config.ts';
import type { Db } from '../db/database.ts';
import { PORTAL_CLAIMS } from '@portal/contracts';
import { findUserById, type UserRow } from './directory.ts';
import { loadPortalGrant, tenantPolicy } from './grant-policy.ts';
import { oidcAdapterFactory } from './oidc-adapter.ts';
import { renderLogoutConfirmation, renderMessage } from './pages/messages.ts';
import { PAGE_HEADERS } from './pages/layout.ts';
import { portalClientMetadata, portalOrigins, PORTAL_SCOPES } from './portal-client.ts';
import { arrangeSigningKeys, type ProviderSecrets } from './provider-secrets.ts';
import { portalClaims, tenantChoiceOf, tenantContextFor } from './tenant-choice.ts';

export interface IdentityProviderOptions {
  db: Db;
  config: Pick<Config, 'identityIssuer' | 'publicUrl' | 'portalAudience' | 'portalClientId'>;
  secrets: ProviderSecrets;
  /** Path the provider is mounted at, e.g. `/identity`; the issuer must end with it. */
  mountPath: string;
  /** The moment the signing keys are arranged for (which one signs): now unless given. */
  now?: number;
}

const MINUTE = 60;
const DAY = 24 * 60 * MINUTE;
/** The portal renews its token every 1,199,000 ms (spec §9), just inside this lifetime. */
export const ACCESS_TOKEN_TTL = 20 * MINUTE;
const SIGN_IN_TTL = 7 * DAY;

/**
 * The OpenID provider of the portal: authorization code with PKCE for the web app, refresh tokens,
 * RP-initiated logout, JWT access tokens for the portal API carrying the namespaced sign-in claims
 * of the tenant chosen at sign-in. Every model is stored in the database (oidc-adapter.ts).
 *
 * @example
 * const provider = createIdentityProvider({ db, config, secrets: await loadProviderSecrets(db), mountPath: '/identity' });
 */
export function createIdentityProvider({ db, config, secrets, mountPath, now }: IdentityProviderOptions): Provider {
  const audience = config.portalAudience;
  const portalUrl = `${config.publicUrl}/`;
  const origins = new Set(portalOrigins(config));

  const configuration: Configuration = {
    adapter: oidcAdapterFactory(db),
    clients: [portalClientMetadata(config)],
    // The signing key first: the provider signs with the first key of the set and publishes them all
    // (a new key before it signs, retired ones while tokens they signed may still be presented).
    // JWKS keys are stored as plain JWK objects; the typings' JWK is the same shape.
    jwks: {
      keys: arrangeSigningKeys(secrets.signingKeys, now ?? Date.now()).keys as NonNullable<
        Configuration['jwks']
      >['keys'],
    },
    cookies: {
      keys: secrets.cookieKeys,
      long: { httpOnly: true, sameSite: 'lax', path: mountPath },
      short: { httpOnly: true, sameSite: 'lax', path: mountPath },
    },
    // Code flow only: no tokens in front-channel URLs.
    responseTypes: ['code'],
    scopes: [...PORTAL_SCOPES],
    claims: {
      openid: ['sub', ...Object.values(PORTAL_CLAIMS)],
      email: ['email'],
      profile: ['name', 'given_name', 'family_name', 'picture'],
    },
    // The portal reads the profile and tenant claims from the ID token; it does not call userinfo.
    conformIdTokenClaims: false,
    extraParams: ['organization', 'tenantName'],
    pkce: { required: () => true },
    clientBasedCORS: (_ctx, origin, client) =>
      origins.has(origin) && client.redirectUris?.some((uri) => new URL(uri).origin === origin) === true,
    // Refresh tokens without asking for offline_access (which needs prompt=consent): they then end
    // with the sign-in session, so signing out ends them too.
    issueRefreshToken: async (_ctx, client) => client.grantTypeAllowed('refresh_token'),
    loadExistingGrant: (ctx) => loadPortalGrant(ctx, db, config.portalClientId),
    interactions: {
      policy: tenantPolicy(db),
      url: (_ctx, interaction) => `${mountPath}/interaction/${interaction.uid}`,
    },
    findAccount: async (ctx, sub, token) => {
      const user = await findUserById(db, sub);
      if (!user) return undefined;
      // Codes and refresh tokens carry the tenant chosen at sign-in; access tokens (userinfo) need none.
      const carrier = token && token.kind !== 'AccessToken' ? token : undefined;
      const context = carrier ? await tenantContextFor(db, user.id, tenantChoiceOf(carrier.claims)) : undefined;
      // A user removed from the organization (or a tenant switched off) loses this sign-in's tokens.
      if (carrier && !context) return undefined;
      return {
        accountId: user.id,
        claims: () => ({ sub: user.id, ...profileClaims(user), ...(context ? portalClaims(context) : {}) }),
      };
    },
    extraTokenClaims: async (ctx, token) => {
      const source = ctx.oidc.entities.AuthorizationCode ?? ctx.oidc.entities.RefreshToken;
      const accountId = 'accountId' in token ? token.accountId : undefined;
      if (!source || !accountId) return undefined;
      const context = await tenantContextFor(db, accountId, tenantChoiceOf(source.claims));
      if (!context) return undefined;
      // Email and name ride along so a resource server needs no second call to know who is calling.
      const user = await findUserById(db, accountId);
      return { ...portalClaims(context), ...(user ? { email: user.email, name: user.name } : {}) };
    },
    features: {
      devInteractions: { enabled: false },
      revocation: {
        enabled: true,
        allowedPolicy: async (_ctx, client, token) => token.clientId === client.clientId,
      },
      rpInitiatedLogout: {
        enabled: true,
        logoutSource: async (ctx, form) => sendPage(ctx, renderLogoutConfirmation(form)),
        postLogoutSuccessSource: async (ctx) =>
          sendPage(
            ctx,
            renderMessage({
              title: 'Signed out',
              message: 'You have signed out of Marketplace Portal.',
              link: { href: portalUrl, label: 'Sign in again' },
            }),
          ),
      },
      resourceIndicators: {
        enabled: true,
        defaultResource: async () => audience,
        // Tokens from the code and refresh grants are for the portal API even when the request names no resource.
        useGrantedResource: async () => true,
        getResourceServerInfo: async (_ctx, resource) => {
          if (resource !== audience) throw new errors.InvalidTarget();
          return {
            scope: PORTAL_SCOPES.join(' '),
            audience,
            accessTokenFormat: 'jwt',
            accessTokenTTL: ACCESS_TOKEN_TTL,
            jwt: { sign: { alg: 'RS256' } },
          };
        },
      },
    },
    ttl: {
      AccessToken: (_ctx, token) => token.resourceServer?.accessTokenTTL ?? ACCESS_TOKEN_TTL,
      AuthorizationCode: MINUTE,
      ClientCredentials: 10 * MINUTE,
      IdToken: ACCESS_TOKEN_TTL,
      Interaction: 60 * MINUTE,
      Grant: SIGN_IN_TTL,
      Session: SIGN_IN_TTL,
      // A rotated refresh token keeps its predecessor's end, so rotation never extends a sign-in.
      RefreshToken: (ctx) => ctx?.oidc?.entities.RotatedRefreshToken?.remainingTTL ?? SIGN_IN_TTL,
    },
    renderError: async (ctx, out) =>
      sendPage(
        ctx,
        renderMessage({
          title: 'Sign-in problem',
          message: `${out.error_description ?? out.error}. Go back to the portal and try again.`,
          error: true,
          link: { href: portalUrl, label: 'Back to Marketplace Portal' },
        }),
      ),
  };

  const provider = new Provider(config.identityIssuer, configuration);
  // This server speaks plain HTTP; an https public URL means TLS ends at a proxy in front of it,
  // whose forwarded headers must then be trusted for secure cookies and absolute URLs.
  provider.proxy = new URL(config.publicUrl).protocol === 'https:';
  return provider;
}

function profileClaims(user: UserRow): Record<string, string> {
  const claims: Record<string, string | null> = {
    email: user.email,
    name: user.name,
    given_name: user.givenName,
    family_name: user.familyName,
    picture: user.picture,
  };
  return Object.fromEntries(Object.entries(claims).filter((entry): entry is [string, string] => entry[1] !== null));
}

function sendPage(ctx: KoaContextWithOIDC, html: string): void {
  ctx.set(PAGE_HEADERS);
  ctx.body = html;
}
