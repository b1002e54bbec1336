import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { collectDefaultMetrics } from 'prom-client';
import type { Database } from '../db/database.ts';
import { databaseMetrics } from './database-metrics.ts';
import { metricsRegistry } from './metrics.ts';
// Imported for its metrics: they are registered when the module loads, whoever records them.
import './http-metrics.ts';

// Process metrics (CPU, memory, event loop, GC), once per process: a second call would register twice.
collectDefaultMetrics({ register: metricsRegistry, prefix: 'portal_' });

export interface Scrape {
  contentType: string;
  body: string;
}

/**
 * The answer of `/metrics`: the process's registry (counters, HTTP, process) followed by the
 * gauges read from `database` now. Both are text in the same format, so they simply follow each
 * other; a failing database read leaves its gauges out (database-metrics.ts) and never fails this.
 */
export function metricsScraper(database: Database, log: FastifyBaseLogger): () => Promise<Scrape> {
  const fromDatabase = databaseMetrics(database, log);
  return async () => {
    // Database gauges first: a failed read counts in portal_metrics_collect_errors_total, which
    // should already show in the answer that lacks the gauge.
    const gauges = await fromDatabase.metrics();
    return { contentType: metricsRegistry.contentType, body: (await metricsRegistry.metrics()) + gauges };
  };
}

/**
 * Whether an Authorization header carries `Bearer <token>`. Both sides are hashed first so the
 * comparison takes the same time whatever the length or the first differing character.
 */
export function bearerTokenMatches(header: string | undefined, token: string): boolean {
  const given = /^Bearer\s+(\S+)\s*$/i.exec(header ?? '')?.[1];
  const digest = (value: string) => createHash('sha256').update(value).digest();
  const same = timingSafeEqual(digest(given ?? ''), digest(token));
  return same && given !== undefined;
}
