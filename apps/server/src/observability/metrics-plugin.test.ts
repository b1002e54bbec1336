import { describe, expect, it } from 'vitest';
import { buildApp } from '../app.ts';
import { parts } from '../parts.ts';
import { labelValues, sampleValue } from '../testing/prometheus-text.ts';
import { METRICS_TEST_TOKEN, useMetricsApp } from '../testing/metrics-app.ts';
import { testConfig } from '../testing/test-database.ts';

// own-module-graph: the metrics are process-wide; a file before this one in the same graph would leave its own requests
// in them.
const metrics = useMetricsApp();
const token = METRICS_TEST_TOKEN;
const scrape = () => metrics.scrape();

describe('HTTP metrics', () => {
  it('count each request once under its route template and status class, never its raw URL', async () => {
    const before = await scrape();
    for (const id of ['first-product', 'second-product', 'third-product']) {
      expect((await metrics.app.inject({ method: 'GET', url: `/platform/v1/products/${id}` })).statusCode).toBe(401);
    }
    for (let i = 0; i < 2; i += 1) {
      expect((await metrics.app.inject({ method: 'GET', url: `/portal-api/no-such-route-${i}` })).statusCode).toBe(404);
    }
    expect((await metrics.app.inject({ method: 'GET', url: '/portal-api/healthz' })).statusCode).toBe(200);
    const after = await scrape();

    const moved = (name: string, labels: Record<string, string>) =>
      (sampleValue(after, name, labels) ?? 0) - (sampleValue(before, name, labels) ?? 0);
    const product = { part: 'platform', route: '/platform/v1/products/:productID', method: 'GET', status_class: '4xx' };
    const unmatched = { part: 'portal-api', route: '(unmatched)', method: 'GET', status_class: '4xx' };
    const health = { part: 'portal-api', route: '/portal-api/healthz', method: 'GET', status_class: '2xx' };
    expect(moved('portal_http_requests_total', product)).toBe(3);
    expect(moved('portal_http_requests_total', unmatched)).toBe(2);
    expect(moved('portal_http_requests_total', health)).toBe(1);
    expect(moved('portal_http_request_duration_seconds_count', product)).toBe(3);
    expect(moved('portal_http_request_duration_seconds_bucket', { ...product, le: '+Inf' })).toBe(3);

    const routes = labelValues(after, 'portal_http_requests_total', 'route');
    expect(routes.filter((route) => route.includes('product') && !route.includes(':'))).toEqual([]);
    expect(routes.filter((route) => route.includes('no-such-route'))).toEqual([]);
  });

  it('serve the declared counters and the process metrics with the portal_ prefix', async () => {
    const text = await scrape();
    expect(text).toContain('# TYPE portal_delivery_attempts_total counter');
    expect(text).toContain('# TYPE portal_search_index_builds_total counter');
    expect(text).toContain('# TYPE portal_http_request_duration_seconds histogram');
    expect(sampleValue(text, 'portal_process_cpu_user_seconds_total')).toBeGreaterThan(0);
    expect(sampleValue(text, 'portal_db_pool_connections')).toBeGreaterThanOrEqual(1);
  });
});

describe('access to /metrics on the main port', () => {
  it.each([
    ['no Authorization header', {}],
    ['a wrong token', { authorization: 'Bearer metrics-test-token-wrong-value' }],
    ['the token with a character more', { authorization: `Bearer ${token}x` }],
    ['the token in another scheme', { authorization: `Basic ${token}` }],
  ])('answers 401 to %s, without any metric', async (_case, headers) => {
    const response = await metrics.app.inject({ method: 'GET', url: '/metrics', headers });
    expect(response.statusCode).toBe(401);
    expect(response.headers['www-authenticate']).toBe('Bearer realm="metrics"');
    expect(response.body).not.toContain('portal_');
  });

  it('answers 404 when METRICS_TOKEN is not set, even to a browser or with a token', async () => {
    const closed = await buildApp({
      config: testConfig(metrics.testDatabase.target),
      database: metrics.testDatabase.database,
      parts,
    });
    try {
      for (const headers of [{}, { authorization: `Bearer ${token}` }, { accept: 'text/html' }]) {
        const response = await closed.inject({ method: 'GET', url: '/metrics', headers });
        expect(response.statusCode).toBe(404);
        expect(response.body).not.toContain('portal_');
      }
    } finally {
      await closed.close();
    }
  });
});
