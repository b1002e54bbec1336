import fp from 'fastify-plugin';
import type { Config } from '../config.ts';
import type { Database } from '../db/database.ts';

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    database: Database;
  }
}

export interface CoreServices {
  config: Config;
  database: Database;
}

/** Shares the configuration and the database with every part (hence fastify-plugin). */
export const coreServices = fp<CoreServices>(
  async (app, services) => {
    app.decorate('config', services.config);
    app.decorate('database', services.database);
  },
  { name: 'core-services' },
);
