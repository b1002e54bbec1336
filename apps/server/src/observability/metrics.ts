import { Counter, Registry } from 'prom-client';

/**
 * The process's Prometheus metrics. Counters that code outside the HTTP layer increments are
 * declared here, once, so every part names them the same way; `/metrics` serves this registry
 * (plus the gauges read from the database at scrape time).
 */
export const metricsRegistry = new Registry();

/** One attempt at a delivery, by what came of it: Delivered, Retrying or Failed. */
export const deliveryAttempts = new Counter({
  name: 'portal_delivery_attempts_total',
  help: 'Delivery attempts made by this process, by outcome (Delivered, Retrying, Failed).',
  labelNames: ['outcome'] as const,
  registers: [metricsRegistry],
});

/** A search index build that ended, by index type and outcome (Active, Failed). */
export const indexBuilds = new Counter({
  name: 'portal_search_index_builds_total',
  help: 'Search index builds finished by this process, by type (Products, Orders) and outcome.',
  labelNames: ['type', 'outcome'] as const,
  registers: [metricsRegistry],
});
