import type { FastifyReply, FastifyRequest } from 'fastify';
import { Counter, Histogram } from 'prom-client';
import { metricsRegistry } from './metrics.ts';

/** Route label of requests no route matched: the raw URL would make one series per typo or probe. */
export const UNMATCHED_ROUTE = '(unmatched)';

const labelNames = ['part', 'route', 'method', 'status_class'] as const;

export const httpRequests = new Counter({
  name: 'portal_http_requests_total',
  help: 'HTTP requests answered, by part, route template, method and status class.',
  labelNames,
  registers: [metricsRegistry],
});

export const httpRequestDuration = new Histogram({
  name: 'portal_http_request_duration_seconds',
  help: 'Time from receiving a request to finishing its answer, by part, route template, method and status class.',
  labelNames,
  // From a kept list page (a few ms) to a sync or restore call that stays under the 10 s limits.
  buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
  registers: [metricsRegistry],
});

// Node's parser accepts a few dozen methods; anything else is folded so a client cannot add series.
const METHODS = new Set(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']);

/**
 * Returns the recorder for the `onResponse` hook. The part is found from the route template (or,
 * for unmatched requests, the path) against the parts' prefixes, so its values are the known parts
 * plus `web` for everything mounted at the root.
 */
export function httpRequestRecorder(prefixes: readonly string[]) {
  const longestFirst = [...prefixes].sort((a, b) => b.length - a.length).map((prefix) => prefix.toLowerCase());
  const partOf = (path: string): string => {
    // Paths are case-insensitive (router option), so `/PLATFORM/v1` is the platform too.
    const lower = path.toLowerCase();
    const prefix = longestFirst.find((each) => lower === each || lower.startsWith(`${each}/`));
    return prefix ? prefix.slice(1) : 'web';
  };
  return (request: FastifyRequest, reply: FastifyReply): void => {
    const template = request.routeOptions.url;
    const labels = {
      part: partOf(template ?? request.url.split('?')[0] ?? '/'),
      route: template ?? UNMATCHED_ROUTE,
      method: METHODS.has(request.method) ? request.method : 'OTHER',
      status_class: `${Math.floor(reply.statusCode / 100)}xx`,
    };
    httpRequests.inc(labels);
    httpRequestDuration.observe(labels, reply.elapsedTime / 1000);
  };
}
