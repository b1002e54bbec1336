import { changeHistoryRetentionJob } from './history/retention.ts';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Part } from '../part.ts';
import { registerCompression } from '../http/compression.ts';
import { registerHealthRoute } from '../http/health.ts';
import { createAuthenticator } from './auth/authenticator.ts';
import { registerOAuthRoutes } from './auth/oauth-routes.ts';
import { createSigningKeys } from './auth/signing-keys.ts';
import { registerPlatformCors } from './cors.ts';
import { registerDescriptionRoutes } from './description/routes.ts';
import { ApiError } from './engine/errors.ts';
import type { PlatformServices } from './resources/types.ts';
import { registerPlatformErrors } from './engine/http-errors.ts';
import { registerJsonBodyParser } from './engine/json-body.ts';
import { buildOperations } from './engine/operations.ts';
import { registerOperations } from './engine/routes.ts';
import { marketplaces } from './db/schema.ts';
import { createDeliveryQueue, deliveryJob, deliveryUpkeepJob } from './delivery/jobs.ts';
import { createWebhookTriggers } from './delivery/webhooks.ts';
import {
  createSubscriptionRunQueue,
  hourlySubscriptionJob,
  subscriptionRunJob,
  subscriptionUpkeepJob,
} from './subscriptions/jobs.ts';
import { createSyncQueue, syncJob, syncUpkeepJob } from './sync/jobs.ts';
import { platformMaintenance } from './maintenance.ts';
import { registerManagementRoutes } from './mgmt/routes.ts';
import { platformRegistry } from './resources/index.ts';
import { createBuildQueue, searchBuildJob, searchUpkeepJob } from './search/jobs.ts';
import { createSearchTriggers } from './search/triggers.ts';
import { DEMO_ACCOUNT_LINES, seedPlatformDemo } from './seed/demo.ts';

/** The operation table, built once: routes and description both come from it. */
const operations = buildOperations(platformRegistry);

async function platformPlugin(app: FastifyInstance): Promise<void> {
  const { db } = app.database;
  const baseUrl = `${app.config.publicUrl}/platform`;
  // Rotations made by other processes (or the command line) reach this one over the bus.
  const keys = createSigningKeys(db, { bus: app.bus });
  // Read and imported once the server is up, not inside the first sign-in's token (issue 22: the first developer
  // token after a start took seconds on a busy machine). Nothing is signed; a failure is the first token's to report.
  app.addHook('onReady', async () => {
    void keys.signingKey().catch(() => undefined);
  });
  const deps = { db, registry: platformRegistry, keys, baseUrl };

  await registerPlatformCors(app);
  await registerCompression(app);
  registerPlatformErrors(app);
  registerJsonBodyParser(app);
  registerHealthRoute(app, 'platform');
  registerDescriptionRoutes(app, {
    registry: platformRegistry,
    operations,
    publicUrl: app.config.publicUrl,
    environment: 'local',
  });
  await registerOAuthRoutes(app, deps);
  const authenticator = createAuthenticator(db, keys, { baseUrl });
  const buildQueue = createBuildQueue(app.database, (error) =>
    app.log.warn({ err: error }, 'search index build not queued; the upkeep job will build it'),
  );
  const deliveryQueue = createDeliveryQueue(app.database, (error) =>
    app.log.warn({ err: error }, 'delivery not queued; the upkeep job will send it'),
  );
  const searchTriggers = createSearchTriggers(db, buildQueue);
  const webhookTriggers = createWebhookTriggers(db, deliveryQueue, (error) =>
    app.log.error({ err: error }, 'post-hook webhooks not recorded'),
  );
  const afterOperation: PlatformServices['afterOperation'] = async (operationId, marketplaceId, call) => {
    await searchTriggers(operationId, marketplaceId);
    await webhookTriggers(operationId, marketplaceId, call);
  };
  await app.register(
    async (v1) =>
      registerOperations(v1, operations, platformRegistry, db, authenticator, {
        issuer: { keys, baseUrl },
        environmentOf: async (id) => {
          const [row] = await db
            .select({ environment: marketplaces.environment })
            .from(marketplaces)
            .where(eq(marketplaces.id, id));
          return row?.environment ?? 'Sandbox';
        },
        afterOperation,
      }),
    { prefix: '/v1' },
  );
  const syncQueue = createSyncQueue(app.database, (error) =>
    app.log.warn({ err: error }, 'sync not queued; the upkeep job will read it'),
  );
  const subscriptionRunQueue = createSubscriptionRunQueue(app.database, (error) =>
    app.log.warn({ err: error }, 'subscription run not queued; the upkeep job will run it'),
  );
  await app.register(
    async (mgmt) => registerManagementRoutes(mgmt, { ...deps, buildQueue, syncQueue, subscriptionRunQueue }),
    { prefix: '/mgmt' },
  );
}

/** The local commerce platform, mounted at `/platform`. */
export const platformPart: Part = {
  name: 'platform',
  prefix: '/platform',
  migrationsFolder: path.join(import.meta.dirname, 'db/migrations'),
  plugin: platformPlugin,
  seed: seedPlatformDemo,
  jobs: [
    platformMaintenance,
    searchBuildJob,
    searchUpkeepJob,
    deliveryJob,
    deliveryUpkeepJob,
    syncJob,
    syncUpkeepJob,
    subscriptionRunJob,
    hourlySubscriptionJob,
    subscriptionUpkeepJob,
    changeHistoryRetentionJob,
  ],
  demoAccounts: DEMO_ACCOUNT_LINES,
  errorBody: ({ status, code, message }) => ({ body: new ApiError(status, code, message).toJSON() }),
};
