import type { FastifyBaseLogger } from 'fastify';
import { Counter, Gauge, Registry } from 'prom-client';
import type { Database } from '../db/database.ts';
import { metricsRegistry } from './metrics.ts';

/** A gauge's source that could not be read during a scrape; the scrape still answers without it. */
export const collectErrors = new Counter({
  name: 'portal_metrics_collect_errors_total',
  help: 'Scrape-time database reads that failed (their gauges were left out of that scrape), by source.',
  labelNames: ['source'] as const,
  registers: [metricsRegistry],
});

// The statuses a delivery holds before it ends; the outcomes are counted by portal_delivery_attempts_total.
const UNFINISHED_DELIVERY_STATUSES = ['Pending', 'Sending', 'Retrying'] as const;

/** PostgreSQL's undefined_table: pg-boss has not created its schema in this database yet. */
const UNDEFINED_TABLE = '42P01';

/**
 * Gauges read from the database at scrape time, so every process reports the same cluster-wide
 * queue and delivery backlog and no process has to keep them up to date. One registry per
 * database, as a test process opens several.
 */
export function databaseMetrics(database: Database, log: FastifyBaseLogger): { metrics(): Promise<string> } {
  const registry = new Registry();

  // Reads one source: undefined when its table does not exist yet or the read failed (logged and
  // counted); the gauge is emptied first, so it never repeats an old value as if it were current.
  async function read(source: string, gauge: Gauge, sql: string): Promise<Record<string, unknown>[] | undefined> {
    gauge.reset();
    try {
      return (await database.executeSql(sql)).rows;
    } catch (error) {
      if ((error as { code?: unknown }).code !== UNDEFINED_TABLE) {
        collectErrors.inc({ source });
        log.warn({ err: error, source }, 'metrics: could not read a gauge from the database');
      }
      return undefined;
    }
  }

  const queueSql = `
    SELECT q.name,
           count(j.id)::int AS depth,
           COALESCE(EXTRACT(EPOCH FROM now() - min(j.start_after) FILTER (WHERE j.start_after <= now())), 0)::float8 AS age
      FROM pgboss.queue q
      LEFT JOIN pgboss.job j ON j.name = q.name AND j.state IN ('created', 'retry')
     GROUP BY q.name`;
  const queueDepth: Gauge<'queue'> = new Gauge({
    name: 'portal_job_queue_depth',
    help: 'Jobs waiting in each pg-boss queue (created or retry), whole database.',
    labelNames: ['queue'] as const,
    registers: [registry],
    async collect() {
      for (const row of (await read('job_queue', queueDepth, queueSql)) ?? [])
        queueDepth.set({ queue: String(row.name) }, Number(row.depth));
    },
  });
  const queueAge: Gauge<'queue'> = new Gauge({
    name: 'portal_job_queue_oldest_age_seconds',
    // Measured from when the job became due, so a retry backing off or a job sent for later is not "stuck".
    help: "Seconds the oldest due waiting job of each pg-boss queue has waited (0 when none), by the database's clock.",
    labelNames: ['queue'] as const,
    registers: [registry],
    async collect() {
      for (const row of (await read('job_queue', queueAge, queueSql)) ?? [])
        queueAge.set({ queue: String(row.name) }, Number(row.age));
    },
  });

  const deliveries: Gauge<'status'> = new Gauge({
    name: 'portal_deliveries_unfinished',
    help: 'Deliveries not yet ended in platform.deliveries (all processes), by status.',
    labelNames: ['status'] as const,
    registers: [registry],
    async collect() {
      // Only unfinished rows: the partial index covers them, while ended rows pile up for 7 days.
      const rows = await read(
        'deliveries',
        deliveries,
        `SELECT status, count(*)::int AS count FROM platform.deliveries
          WHERE status IN (${UNFINISHED_DELIVERY_STATUSES.map((status) => `'${status}'`).join(', ')})
          GROUP BY status`,
      );
      if (!rows) return;
      for (const status of UNFINISHED_DELIVERY_STATUSES) deliveries.set({ status }, 0);
      for (const row of rows) deliveries.set({ status: String(row.status) }, Number(row.count));
    },
  });

  const poolGauges = {
    total: new Gauge({
      name: 'portal_db_pool_connections',
      help: 'Open database connections of this process (PGlite: 1).',
      registers: [registry],
    }),
    idle: new Gauge({
      name: 'portal_db_pool_idle_connections',
      help: 'Open database connections of this process that are idle (PGlite: 0).',
      registers: [registry],
    }),
    waiting: new Gauge({
      name: 'portal_db_pool_waiting_queries',
      help: 'Queries of this process waiting for a free connection (PGlite: 0).',
      registers: [registry],
    }),
  };
  return {
    async metrics() {
      // Read before the gauges' queries start: prom-client collects all metrics at once, and the
      // scrape's own queries would otherwise show up as waiting for a connection.
      // PGlite has no pool: it is one connection, reported as such.
      const pool = database.poolStats?.() ?? { total: 1, idle: 0, waiting: 0 };
      for (const state of ['total', 'idle', 'waiting'] as const) poolGauges[state].set(pool[state]);
      return registry.metrics();
    },
  };
}
