import type { FastifyBaseLogger } from 'fastify';
import PgBoss from 'pg-boss';
import { describe, expect, it, vi } from 'vitest';
import type { Database } from '../db/database.ts';
import { sampleValue } from '../testing/prometheus-text.ts';
import { useMetricsApp } from '../testing/metrics-app.ts';
import { metricsScraper } from './scrape.ts';

const metrics = useMetricsApp();
const scrape = () => metrics.scrape();

/** A logger whose warnings the test can see; the scrape only ever calls warn and error on it. */
function watchingLogger() {
  const logger = { warn: vi.fn(), error: vi.fn() };
  // The scraper is typed for Fastify's logger; these two methods are all it uses.
  return { logger, log: logger as unknown as FastifyBaseLogger };
}

describe('job queue gauges', () => {
  it('show each queue’s waiting jobs and how long the oldest due one has waited, by the database clock', async () => {
    // Without jobs started in this database pg-boss has no tables yet: no queue series and no warning.
    const quiet = watchingLogger();
    const empty = await metricsScraper(metrics.testDatabase.database, quiet.log)();
    expect(empty.body).not.toMatch(/^portal_job_queue_depth\{/m);
    expect(quiet.logger.warn).not.toHaveBeenCalled();

    // No workers, so the jobs stay waiting.
    const boss = new PgBoss({
      db: { executeSql: (text, values) => metrics.testDatabase.database.executeSql(text, values) },
      schema: 'pgboss',
      supervise: false,
      schedule: false,
    });
    await boss.start();
    try {
      await boss.createQueue('metrics-test-busy');
      await boss.createQueue('metrics-test-idle');
      const hourAgo = new Date(Date.now() - 3_600_000);
      await boss.send('metrics-test-busy', {}, { startAfter: hourAgo });
      await boss.send('metrics-test-busy', {});
      // Due in an hour: waiting (counted) but not late, so it must not make the queue look stuck.
      await boss.send('metrics-test-busy', {}, { startAfter: new Date(Date.now() + 3_600_000) });

      const text = await scrape();
      expect(sampleValue(text, 'portal_job_queue_depth', { queue: 'metrics-test-busy' })).toBe(3);
      expect(sampleValue(text, 'portal_job_queue_depth', { queue: 'metrics-test-idle' })).toBe(0);
      const age = sampleValue(text, 'portal_job_queue_oldest_age_seconds', { queue: 'metrics-test-busy' });
      expect(age).toBeGreaterThanOrEqual(3_500);
      expect(age).toBeLessThan(7_200);
      expect(sampleValue(text, 'portal_job_queue_oldest_age_seconds', { queue: 'metrics-test-idle' })).toBe(0);
    } finally {
      await boss.stop({ graceful: false, wait: true, close: false });
    }
  });
});

describe('delivery gauge', () => {
  it('counts unfinished deliveries of every process by status, 0 for a status with none', async () => {
    const insert = (id: string, status: string) =>
      metrics.testDatabase.database.executeSql(
        `INSERT INTO platform.deliveries (id, marketplace_id, source, payload_kind, target_kind, target, status)
         VALUES ($1, 'metrics-mkt', 'Webhook', 'Webhook', 'Http', 'http://127.0.0.1:9/hook', $2)`,
        [id, status],
      );
    await insert('metrics-d1', 'Pending');
    await insert('metrics-d2', 'Pending');
    await insert('metrics-d3', 'Retrying');
    await insert('metrics-d4', 'Delivered');
    const text = await scrape();
    expect(sampleValue(text, 'portal_deliveries_unfinished', { status: 'Pending' })).toBe(2);
    expect(sampleValue(text, 'portal_deliveries_unfinished', { status: 'Retrying' })).toBe(1);
    expect(sampleValue(text, 'portal_deliveries_unfinished', { status: 'Sending' })).toBe(0);
    expect(sampleValue(text, 'portal_deliveries_unfinished', { status: 'Delivered' })).toBeUndefined();
  });
});

describe('database pool gauges', () => {
  it('report the pool of PostgreSQL and one connection for PGlite', async () => {
    const text = await scrape();
    const total = sampleValue(text, 'portal_db_pool_connections');
    if (metrics.testDatabase.target.kind === 'pglite') expect(total).toBe(1);
    else expect(total).toBeGreaterThanOrEqual(1);
    expect(sampleValue(text, 'portal_db_pool_idle_connections')).toBeLessThanOrEqual(total ?? 0);
    expect(sampleValue(text, 'portal_db_pool_waiting_queries')).toBe(0);
  });
});

describe('a database that fails during a scrape', () => {
  it('leaves its gauges out, logs and counts the failure, and still answers', async () => {
    const broken: Database = {
      ...metrics.testDatabase.database,
      executeSql: () => Promise.reject(Object.assign(new Error('terminating connection'), { code: '57P01' })),
    };
    const { logger, log } = watchingLogger();
    const before = sampleValue(await scrape(), 'portal_metrics_collect_errors_total', { source: 'job_queue' }) ?? 0;
    const { body } = await metricsScraper(broken, log)();
    expect(body).not.toMatch(/^portal_job_queue_depth\{/m);
    expect(body).not.toMatch(/^portal_deliveries_unfinished\{/m);
    expect(
      sampleValue(body, 'portal_http_requests_total', {
        part: 'web',
        route: '/metrics',
        method: 'GET',
        status_class: '2xx',
      }),
    ).toBeGreaterThan(0);
    expect(sampleValue(body, 'portal_metrics_collect_errors_total', { source: 'job_queue' })).toBe(before + 2);
    expect(sampleValue(body, 'portal_metrics_collect_errors_total', { source: 'deliveries' })).toBeGreaterThan(0);
    expect(logger.warn).toHaveBeenCalledWith(expect.objectContaining({ source: 'job_queue' }), expect.any(String));
  });
});
