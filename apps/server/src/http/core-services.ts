import fp from 'fastify-plugin';
import { openBus, type Bus } from '../cluster/bus.ts';
import type { Config } from '../config.ts';
import type { Database } from '../db/database.ts';

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    database: Database;
    /** Notifications between the processes sharing the database (cache invalidation). */
    bus: Bus;
  }
}

export interface CoreServices {
  config: Config;
  database: Database;
}

/**
 * Shares the configuration, the database and the bus with every part (hence fastify-plugin). The
 * bus closes with the app, before the database does.
 */
export const coreServices = fp<CoreServices>(
  async (app, services) => {
    if (services.config.platformMgmtSecret === '') {
      // Without it the management API would refuse every call, the portal's included.
      throw new Error(
        'The platform management secret is not set: build the app with the configuration withSharedSecrets returns.',
      );
    }
    app.decorate('config', services.config);
    app.decorate('database', services.database);
    const bus = await openBus(services.database, { log: app.log });
    app.decorate('bus', bus);
    app.addHook('onClose', async () => bus.close());
  },
  { name: 'core-services' },
);
