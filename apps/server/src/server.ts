import net from 'node:net';
import type { FastifyInstance } from 'fastify';
import { buildApp } from './app.ts';
import { withSharedSecrets } from './cluster/shared-secrets.ts';
import type { Config } from './config.ts';
import { openDatabase, type Database } from './db/database.ts';
import { migrateHoldingLock, SCHEMA_LOCK_KEY } from './db/migrate.ts';
import { initialReadiness, type Readiness } from './http/health.ts';
import { JobQueue, type JobQueueOptions } from './jobs/job-queue.ts';
import { startMetricsListener, type MetricsListener } from './observability/metrics-listener.ts';
import { schemaOwners, type Part } from './part.ts';
import { parts as allParts } from './parts.ts';

export interface RunningServer {
  app: FastifyInstance;
  database: Database;
  jobs: JobQueue | undefined;
  /** What `/readyz` reports. */
  readiness: Readiness;
  /** Base URL the server listens on (the real port when `config.port` was 0). */
  url: string;
  /**
   * Graceful stop: `/readyz` answers 503 (for SHUTDOWN_DELAY_MS), the listener closes, requests in
   * flight and running jobs finish (up to SHUTDOWN_TIMEOUT_MS; unfinished jobs go back to the
   * queue), then the database closes.
   */
  stop(): Promise<void>;
}

export interface StartOptions {
  parts?: readonly Part[];
  jobs?: JobQueueOptions;
  /** Runs after the routes are registered and before listening, e.g. to add a test-only route. */
  beforeListen?: (app: FastifyInstance) => void | Promise<void>;
}

/** Opens the database, migrates it, starts the jobs and listens: everything `npm start` runs. */
export async function startServer(requested: Config, options: StartOptions = {}): Promise<RunningServer> {
  const config = await withConcretePort(requested);
  const parts = options.parts ?? allParts;
  const database = await openDatabase(
    config.databaseUrl ? { kind: 'postgres', url: config.databaseUrl } : { kind: 'pglite', dataDir: config.dataDir },
  );
  const readiness = initialReadiness(config.jobsEnabled);
  let app: FastifyInstance | undefined;
  let jobs: JobQueue | undefined;
  let metrics: MetricsListener | undefined;
  try {
    // Processes started together on one database take turns at everything that changes its shape.
    await database.withExclusiveLock(SCHEMA_LOCK_KEY, async (db) => {
      await migrateHoldingLock(db, schemaOwners(parts));
      if (config.seedDemoData) for (const part of parts) await part.seed?.(database, config);
    });
    readiness.migrated = true;
    app = await buildApp({ config: await withSharedSecrets(database, config), database, parts, readiness });
    if (config.jobsEnabled) {
      const queue = new JobQueue(database, app.log, { ...options.jobs, config });
      jobs = queue;
      const definitions = parts.flatMap((part) => part.jobs ?? []);
      await database.withExclusiveLock(SCHEMA_LOCK_KEY, () => queue.prepare(definitions));
      queue.work();
      readiness.jobs = 'working';
    }
    await options.beforeListen?.(app);
    await app.listen({ port: config.port, host: config.host });
    metrics = await startMetricsListener(config, database, app.log);
  } catch (error) {
    await jobs?.stop(0).catch(() => undefined);
    await app?.close().catch(() => undefined);
    await database.close();
    throw error;
  }
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  const running = app;
  return {
    app: running,
    database,
    jobs,
    readiness,
    url: `http://localhost:${port}`,
    stop: async () => {
      await metrics?.close();
      await stopServer({ app: running, jobs, database, readiness }, config);
    },
  };
}

interface Stoppable {
  app: FastifyInstance;
  jobs: JobQueue | undefined;
  database: Database;
  readiness: Readiness;
}

async function stopServer(
  { app, jobs, database, readiness }: Stoppable,
  { shutdownDelayMs, shutdownTimeoutMs }: Pick<Config, 'shutdownDelayMs' | 'shutdownTimeoutMs'>,
): Promise<void> {
  readiness.shuttingDown = true;
  // Load balancers see /readyz fail and stop sending before this process refuses connections.
  if (shutdownDelayMs > 0) await new Promise((resolve) => setTimeout(resolve, shutdownDelayMs));
  await Promise.all([closeHttp(app, shutdownTimeoutMs), jobs?.stop(shutdownTimeoutMs)]);
  if (jobs) readiness.jobs = 'stopped';
  await database.close();
}

/** Stops listening and waits for requests in flight, closing their connections at the timeout. */
async function closeHttp(app: FastifyInstance, timeoutMs: number): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<'timeout'>((resolve) => {
    timer = setTimeout(() => resolve('timeout'), timeoutMs);
  });
  const closed = app.close().then(() => 'closed' as const);
  // A keep-alive connection that finishes its request while we close would otherwise stay open
  // until the deadline; closing idle connections as they appear lets the stop end promptly.
  const sweeper = setInterval(() => app.server.closeIdleConnections(), 50);
  const outcome = await Promise.race([closed, deadline]);
  clearInterval(sweeper);
  if (outcome === 'timeout') {
    app.log.warn({ timeoutMs }, 'shutdown: requests still running after the timeout; closing their connections');
    app.server.closeAllConnections();
    await closed;
  }
  clearTimeout(timer);
}

/**
 * PORT=0 asks for any free port; the parts need the real one up front (issuer and API URLs are
 * built from the public URL at registration), so it is chosen before anything is built.
 */
async function withConcretePort(config: Config): Promise<Config> {
  if (config.port !== 0) return config;
  const port = await new Promise<number>((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', reject);
    probe.listen(0, config.host, () => {
      const address = probe.address();
      probe.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
  // Every URL derived from the default public URL (issuer, audience, management API...) moves too.
  const placeholder = 'http://localhost:0';
  const concrete: Record<string, unknown> = { ...config, port };
  for (const [key, value] of Object.entries(concrete)) {
    if (typeof value === 'string' && value.startsWith(placeholder))
      concrete[key] = `http://localhost:${port}${value.slice(placeholder.length)}`;
  }
  return concrete as unknown as Config;
}

/** The one line printed when the server is ready: where to go and how to sign in. */
export function readyLine(url: string, parts: readonly Part[] = allParts): string {
  const accounts = parts.flatMap((part) => part.demoAccounts ?? []);
  const signIn = accounts.length > 0 ? ` | demo sign-in: ${accounts.join('; ')}` : '';
  return `Marketplace Portal is ready at ${url}${signIn}`;
}
