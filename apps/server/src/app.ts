import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import Fastify, { LogController, type FastifyInstance } from 'fastify';
import type { Config } from './config.ts';
import type { Database } from './db/database.ts';
import { coreServices } from './http/core-services.ts';
import { registerDefaultErrorHandler } from './http/errors.ts';
import { frameworkErrorResponder } from './http/framework-errors.ts';
import { registerProbeRoutes, type Readiness } from './http/health.ts';
import { registerInputGuard } from './http/input-guard.ts';
import { registerWebApp } from './http/web-app.ts';
import { metricsPlugin } from './observability/metrics-plugin.ts';
import { runWithRequestContext } from './observability/request-context.ts';
import type { Part } from './part.ts';

export interface AppDependencies {
  config: Config;
  database: Database;
  parts: readonly Part[];
  /** What `/readyz` reports; `startServer` updates it as it starts and stops. */
  readiness?: Readiness;
  /** Where log lines go instead of stdout (tests read them). */
  logStream?: { write(line: string): void };
}

/** An incoming id is kept only if it is a short plain token: it goes into every log line. */
const SAFE_REQUEST_ID = /^[A-Za-z0-9._:-]{1,128}$/;

export function requestIdFor(request: IncomingMessage): string {
  const sent = request.headers['x-request-id'];
  return typeof sent === 'string' && SAFE_REQUEST_ID.test(sent) ? sent : randomUUID();
}

/**
 * Builds the whole server as one Fastify instance without listening, so that the process entry
 * point and the tests boot exactly the same thing.
 */
export async function buildApp(dependencies: AppDependencies): Promise<FastifyInstance> {
  const { config, database, parts, readiness, logStream } = dependencies;
  const app = Fastify({
    logger: { level: config.logLevel, ...(logStream && { stream: logStream }) },
    // Fastify would take any header value; requestIdFor checks it first.
    requestIdHeader: false,
    genReqId: requestIdFor,
    // One line per request, written on response (below), instead of Fastify's two; every line a
    // request logs carries its `requestId`.
    logController: new LogController({ disableRequestLogging: true, requestIdLogLabel: 'requestId' }),
    // Keep-alive sockets would otherwise hold a graceful shutdown open until they time out.
    forceCloseConnections: 'idle',
    return503OnClosing: true,
    bodyLimit: 5 * 1024 * 1024,
    // The platform's paths are case-insensitive (clients send `/PriceBreaks` and `/pricebreaks`).
    routerOptions: { caseSensitive: false },
    frameworkErrors: frameworkErrorResponder(parts),
  });

  registerRequestContext(app);
  registerDefaultErrorHandler(app);
  registerInputGuard(app);
  await app.register(coreServices, { config, database });
  await app.register(metricsPlugin, { prefixes: parts.map((part) => part.prefix) });

  // A bare app (tests) runs no jobs of its own and is handed a migrated database.
  registerProbeRoutes(app, readiness ?? { migrated: true, jobs: 'disabled', shuttingDown: false });
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

/**
 * The request id goes back in `x-request-id`, is visible to everything the request calls (and the
 * jobs it queues) through the request context, and ends the request's one log line.
 */
function registerRequestContext(app: FastifyInstance): void {
  app.addHook('onRequest', (request, _reply, done) => runWithRequestContext({ requestId: request.id }, done));
  app.addHook('onSend', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });
  app.addHook('onResponse', async (request, reply) => {
    request.log.info(
      {
        method: request.method,
        route: request.routeOptions.url,
        url: request.url,
        statusCode: reply.statusCode,
        responseTime: Math.round(reply.elapsedTime * 10) / 10,
      },
      'request completed',
    );
  });
}
