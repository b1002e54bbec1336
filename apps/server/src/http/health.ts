import type { FastifyInstance } from 'fastify';

/**
 * `GET <prefix>/healthz`: 200 when the database answers, 503 otherwise. Load balancers and the
 * start-up scripts use it; it never reveals more than up or down.
 */
export function registerHealthRoute(app: FastifyInstance, part: string): void {
  app.get('/healthz', async (_request, reply) => {
    try {
      await app.database.executeSql('SELECT 1 AS ok');
      return { status: 'ok', part, database: 'ok' };
    } catch (error) {
      app.log.error({ err: error }, 'health check: database unreachable');
      return reply.code(503).send({ status: 'unavailable', part, database: 'unreachable' });
    }
  });
}

/** What the server tells `/readyz` as it starts and stops; the database is asked on each call. */
export interface Readiness {
  /** This process has brought the database's schema up to date. */
  migrated: boolean;
  /** `disabled` when this process runs no jobs (JOBS_ENABLED=false). */
  jobs: 'disabled' | 'starting' | 'working' | 'stopped';
  /** Set first thing on SIGTERM, so load balancers stop sending before connections are refused. */
  shuttingDown: boolean;
}

export function initialReadiness(jobsEnabled: boolean): Readiness {
  return { migrated: false, jobs: jobsEnabled ? 'starting' : 'disabled', shuttingDown: false };
}

/** A database that does not answer within this long counts as unreachable. */
const DATABASE_CHECK_TIMEOUT_MS = 3_000;

/**
 * Root probes. `GET /healthz` (liveness): the process runs and its event loop turns; no database
 * call, so a database outage does not get every process restarted. `GET /readyz` (readiness): send
 * traffic here; 503 naming the failed checks otherwise.
 */
export function registerProbeRoutes(app: FastifyInstance, readiness: Readiness): void {
  app.get('/healthz', async () => ({ status: 'ok' }));

  app.get('/readyz', async (_request, reply) => {
    const database = await databaseCheck(app);
    const checks = {
      database,
      migrations: readiness.migrated ? 'ok' : 'pending',
      jobs: readiness.jobs,
      shutdown: readiness.shuttingDown ? 'in progress' : 'no',
    };
    const passed = {
      database: database === 'ok',
      migrations: readiness.migrated,
      jobs: readiness.jobs === 'working' || readiness.jobs === 'disabled',
      shutdown: !readiness.shuttingDown,
    };
    const failed = Object.entries(passed).flatMap(([name, ok]) => (ok ? [] : [name]));
    if (failed.length > 0) return reply.code(503).send({ status: 'unavailable', failed, checks });
    return { status: 'ready', checks };
  });
}

async function databaseCheck(app: FastifyInstance): Promise<'ok' | 'unreachable'> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<'unreachable'>((resolve) => {
    timer = setTimeout(() => resolve('unreachable'), DATABASE_CHECK_TIMEOUT_MS);
  });
  const query = app.database.executeSql('SELECT 1 AS ok').then(
    () => 'ok' as const,
    (error: unknown) => {
      app.log.warn({ err: error }, 'readiness check: database unreachable');
      return 'unreachable' as const;
    },
  );
  try {
    return await Promise.race([query, timeout]);
  } finally {
    clearTimeout(timer);
  }
}
