import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { Part } from '../part.ts';
import { registerHealthRoute } from '../http/health.ts';
import { registerSecurityHeaders } from '../http/security-headers.ts';
import { createAccessTokenVerifier } from './access-tokens.ts';
import { registerAccountRoutes } from './account-routes.ts';
import { expiredSessionCleanup } from './expired-cleanup.ts';
import { registerFormParser, registerInteractionRoutes } from './interactions.ts';
import { mountProvider } from './mount.ts';
import { portalOrigins } from './portal-client.ts';
import { loadProviderSecrets } from './provider-secrets.ts';
import { createProviderSource } from './provider-source.ts';
import { DEMO_ACCOUNTS_LINE, seedIdentityDemo } from './seed.ts';
import { registerUserRoute } from './user-route.ts';

async function identityPlugin(app: FastifyInstance): Promise<void> {
  const { config } = app;
  const { db } = app.database;
  const mountPath = app.prefix;
  const portalUrl = `${config.publicUrl}/`;
  const secrets = await loadProviderSecrets(db);
  // Rebuilt with the new keys when they rotate; see provider-source.ts.
  const providers = createProviderSource({
    db,
    config,
    secrets,
    mountPath,
    bus: app.bus,
    onBuild: (built) =>
      built.on('server_error', (_ctx: unknown, error: unknown) =>
        app.log.error({ err: error }, 'identity provider error'),
      ),
    onRefreshError: (error) => app.log.error({ err: error }, 'identity: the signing keys could not be read again'),
  });
  // Sign-in pages and the account page use sessions and cookies only, which no rotation changes.
  const provider = providers.initial;

  // First, so every page, the provider's own included, carries the portal's one header policy.
  await registerSecurityHeaders(app, config);
  registerHealthRoute(app, 'identity');
  registerFormParser(app);
  registerInteractionRoutes(app, {
    provider,
    db,
    mountPath,
    portalUrl,
    portalClientId: config.portalClientId,
    behindProxy: new URL(config.publicUrl).protocol === 'https:',
  });
  registerAccountRoutes(app, {
    provider,
    db,
    mountPath,
    portalUrl,
    portalOrigins: portalOrigins(config),
    csrfKey: secrets.cookieKeys[0] ?? '',
  });
  registerUserRoute(
    app,
    createAccessTokenVerifier(db, { issuer: config.identityIssuer, audience: config.portalAudience, bus: app.bus }),
  );
  // Last and in a context of its own: the provider takes every other path and reads raw bodies.
  await app.register(async (child) => mountProvider(child, providers.current));
}

/** The OpenID Connect identity provider, mounted at `/identity`. */
export const identityPart: Part = {
  name: 'identity',
  prefix: '/identity',
  migrationsFolder: path.join(import.meta.dirname, 'db/migrations'),
  jobs: [expiredSessionCleanup],
  plugin: identityPlugin,
  seed: async (database) => {
    await seedIdentityDemo(database);
  },
  demoAccounts: [DEMO_ACCOUNTS_LINE],
};
