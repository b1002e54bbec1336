import { randomUUID } from 'node:crypto';
import Fastify, { type FastifyInstance } from 'fastify';
import type { Config } from './config.ts';
import type { Database } from './db/database.ts';
import { coreServices } from './http/core-services.ts';
import { registerDefaultErrorHandler } from './http/errors.ts';
import { frameworkErrorResponder } from './http/framework-errors.ts';
import { registerHealthRoute } from './http/health.ts';
import { registerInputGuard } from './http/input-guard.ts';
import { registerWebApp } from './http/web-app.ts';
import { metricsPlugin } from './observability/metrics-plugin.ts';
import type { Part } from './part.ts';

export interface AppDependencies {
  config: Config;
  database: Database;
  parts: readonly Part[];
}

/**
 * Builds the whole server as one Fastify instance without listening, so that the process entry
 * point and the tests boot exactly the same thing.
 */
export async function buildApp({ config, database, parts }: AppDependencies): Promise<FastifyInstance> {
  const app = Fastify({
    logger: { level: config.logLevel },
    requestIdHeader: 'x-request-id',
    genReqId: () => randomUUID(),
    // Keep-alive sockets would otherwise hold a graceful shutdown open until they time out.
    forceCloseConnections: 'idle',
    return503OnClosing: true,
    bodyLimit: 5 * 1024 * 1024,
    // The platform's paths are case-insensitive (clients send `/PriceBreaks` and `/pricebreaks`).
    routerOptions: { caseSensitive: false },
    frameworkErrors: frameworkErrorResponder(parts),
  });

  app.addHook('onSend', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });
  registerDefaultErrorHandler(app);
  registerInputGuard(app);
  await app.register(coreServices, { config, database });
  await app.register(metricsPlugin, { prefixes: parts.map((part) => part.prefix) });

  registerHealthRoute(app, 'server');
  for (const part of parts) {
    await app.register(part.plugin, { prefix: part.prefix });
  }
  await registerWebApp(
    app,
    config.webDist,
    parts.map((part) => part.prefix),
  );
  return app;
}
