import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { JWTVerifyGetKey } from 'jose';
import type { Part } from '../part.ts';
import { registerCompression } from '../http/compression.ts';
import { registerHealthRoute } from '../http/health.ts';
import { createAllowedRoles } from './allowed-roles.ts';
import { createAccessTokenVerifier, registerAuthentication, remoteIdentityKeys } from './auth.ts';
import { createDeveloperTokens } from './developer-tokens.ts';
import { createPlatformClient, type PlatformClient } from './platform-client.ts';
import { createProfileLookup, type ProfileLookup } from './profile-lookup.ts';
import { problemBody, registerProblemHandler } from './problems.ts';
import { usagePruneJob } from './analytics-store.ts';
import { registerAnalyticsRoutes } from './routes-analytics.ts';
import { registerApiClientRoutes } from './routes-apiclients.ts';
import { registerDeliveryRoutes } from './routes-deliveries.ts';
import { registerChangeHistoryRoutes } from './routes-change-history.ts';
import { registerReceiverInspectRoutes } from '../receiver/inspect-routes.ts';
import { registerMeRoutes } from './routes-me.ts';
import { registerSessionRoutes } from './descriptions/routes.ts';
import { registerMarketplaceRoutes } from './connected/routes-marketplaces.ts';
import { registerRoleRoutes } from './routes-roles.ts';
import { registerSearchIndexRoutes } from './routes-searchindexes.ts';
import { registerSearchRoutes } from './routes-search.ts';
import { registerStagingRestoreRoutes } from './routes-staging-restore.ts';
import { registerSubscriptionRoutes } from './routes-subscriptions.ts';
import { registerSyncRoutes } from './routes-syncs.ts';
import { createCaptcha, type CaptchaOptions } from './captcha.ts';
import { seedPortalDemo } from './seed.ts';
import { loadSecretBox } from './connected/secret-box.ts';
import { createMarketplaceLinks } from './marketplace/resolve.ts';
import { weeklyStagingRestoreJob } from './staging-restore-source.ts';
import type { PortalServices } from './services.ts';

export interface PortalPartOptions {
  /** Keys that sign the identity provider's access tokens; defaults to its JWKS URL from the config. */
  identityKeys?: JWTVerifyGetKey;
  /** The platform client; defaults to the management API at `config.platformMgmtUrl`. */
  platform?: PlatformClient;
  /** Profile of a token without an email claim; defaults to the provider's `{issuer}/user`. */
  lookupProfile?: ProfileLookup;
  /** Captcha work per challenge; tests make it small. */
  captcha?: CaptchaOptions;
  /** How long a call to a connected marketplace may take (default OUTBOUND_TIMEOUT_MS); tests make it short. */
  connectedTimeoutMs?: number;
}

/**
 * The portal service (ARCHITECTURE §5), mounted at `/portal-api`: the portal user, the marketplace,
 * role groups and their members, developer and impersonation tokens, API clients and their users.
 * Every route but the health check needs the identity provider's access token.
 */
export function createPortalPart(options: PortalPartOptions = {}): Part {
  // The weekly restore job calls the platform with the client the plugin builds from the configuration.
  let jobPlatform: PlatformClient | undefined;
  async function plugin(app: FastifyInstance): Promise<void> {
    const { config } = app;
    const platform =
      options.platform ?? createPlatformClient({ baseUrl: config.platformMgmtUrl, secret: config.platformMgmtSecret });
    jobPlatform = platform;
    const allowedRoles = createAllowedRoles((url) => platform.getPublicJson(url));
    const secretBox = once(() => loadSecretBox(config));
    if (!config.portalSecretsKey && !config.databaseUrl) {
      // The key file is made on the first start (issue 21), so an operator backing up the data folder finds it
      // there from the beginning, not only after someone first connects a marketplace. A damaged file does not
      // stop the server: hosted marketplaces work without it, and connecting says what is wrong.
      await secretBox().catch((error: unknown) => {
        app.log.error({ err: error }, 'The secrets key for connected marketplaces could not be read');
      });
    }
    const services: PortalServices = {
      db: app.database.db,
      platform,
      allowedRoles,
      secretBox,
      privateAddresses: config.connectedAllowPrivateAddresses,
      marketplaces: createMarketplaceLinks({
        db: app.database.db,
        platform,
        hostedAllowedRoles: allowedRoles,
        secretBox,
        privateAddresses: config.connectedAllowPrivateAddresses,
        ...(options.connectedTimeoutMs ? { timeoutMs: options.connectedTimeoutMs } : {}),
      }),
      developerTokens: createDeveloperTokens({ bus: app.bus }),
    };
    // Its key is shared through the database, so every process verifies every other's challenges.
    const captcha = createCaptcha(app.database.db, options.captcha);
    await registerCompression(app);
    registerProblemHandler(app);
    registerHealthRoute(app, 'portal');
    const remoteKeys = options.identityKeys ? undefined : remoteIdentityKeys(config);
    const verify = createAccessTokenVerifier(config, options.identityKeys ?? remoteKeys);
    // Fetched once the server listens (the built-in provider is this server), not inside the first signed-in
    // request (issue 22: ~200 ms of the first session call). A failure is left to that request to report.
    app.addHook('onListen', async () => {
      void remoteKeys?.reload().catch(() => undefined);
    });
    const lookupProfile =
      options.lookupProfile ?? createProfileLookup(`${config.identityIssuer}/user`, { bus: app.bus });
    // A child scope, so the authentication hook covers the API but not the health check.
    await app.register(async (api) => {
      registerAuthentication(api, verify, lookupProfile);
      registerMeRoutes(api, services);
      registerSessionRoutes(api, services);
      registerRoleRoutes(api, services);
      registerApiClientRoutes(api, services);
      registerSearchIndexRoutes(api, services, captcha);
      registerSyncRoutes(api, services, captcha);
      registerSubscriptionRoutes(api, services, captcha);
      registerStagingRestoreRoutes(api, services, captcha);
      registerDeliveryRoutes(api, services);
      registerChangeHistoryRoutes(api, services);
      registerReceiverInspectRoutes(api, services);
      registerAnalyticsRoutes(api, services);
      registerMarketplaceRoutes(api, services);
      registerSearchRoutes(api, services);
    });
  }

  return {
    name: 'portal',
    prefix: '/portal-api',
    migrationsFolder: path.join(import.meta.dirname, 'db/migrations'),
    plugin,
    jobs: [weeklyStagingRestoreJob(() => jobPlatform), usagePruneJob],
    seed: seedPortalDemo,
    errorBody: ({ status, message }) => ({
      body: problemBody(status, message),
      contentType: 'application/problem+json; charset=utf-8',
    }),
  };
}

/** `load` run on the first call only; a failed load runs again on the next call, so a fixed key file is picked up. */
function once<T>(load: () => Promise<T>): () => Promise<T> {
  let loading: Promise<T> | undefined;
  return () => {
    loading ??= load().catch((error: unknown) => {
      loading = undefined;
      throw error;
    });
    return loading;
  };
}

export const portalPart: Part = createPortalPart();
