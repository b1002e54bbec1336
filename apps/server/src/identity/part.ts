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
import { createIdentityProvider } from './provider.ts';
import { loadProviderSecrets } from './provider-secrets.ts';
import { DEMO_ACCOUNTS_LINE, seedIdentityDemo } from './seed.ts';
import { registerUserRoute } from './user-route.ts';

async function identityPlugin(app: FastifyInstance): Promise<void> {
  const { config } = app;
  const { db } = app.database;
  const mountPath = app.prefix;
  const portalUrl = `${config.publicUrl}/`;
  const secrets = await loadProviderSecrets(db);
  const provider = createIdentityProvider({ db, config, secrets, mountPath });
  provider.on('server_error', (_ctx: unknown, error: unknown) =>
    app.log.error({ err: error }, 'identity provider error'),
  );

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
    createAccessTokenVerifier(db, { issuer: config.identityIssuer, audience: config.portalAudience }),
  );
  // Last and in a context of its own: the provider takes every other path and reads raw bodies.
  await app.register(async (child) => mountProvider(child, provider));
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
