import http from 'node:http';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config.ts';
import type { Database } from '../db/database.ts';
import { metricsScraper } from './scrape.ts';

export interface MetricsListener {
  /** Where it listens, e.g. `http://127.0.0.1:9464` (the real port when METRICS_PORT is 0). */
  url: string;
  close(): Promise<void>;
}

/**
 * The separate metrics port (METRICS_PORT on METRICS_HOST): serves only `GET /metrics`, without a
 * token, as reaching the port is the permission (loopback by default, or a network only the
 * scraper shares). A plain Node server, so nothing of the app (hooks, parsers, pages) is exposed.
 * Undefined when METRICS_PORT is not set.
 */
export async function startMetricsListener(
  config: Pick<Config, 'metricsPort' | 'metricsHost'>,
  database: Database,
  log: FastifyBaseLogger,
): Promise<MetricsListener | undefined> {
  if (config.metricsPort === undefined) return undefined;
  const scrape = metricsScraper(database, log);
  const server = http.createServer((request, response) => {
    const path = (request.url ?? '/').split('?')[0];
    if (path !== '/metrics') return end(response, 404, 'Not found: this port serves only /metrics.\n');
    if (request.method !== 'GET' && request.method !== 'HEAD') {
      response.setHeader('allow', 'GET, HEAD');
      return end(response, 405, 'Method not allowed.\n');
    }
    scrape().then(
      ({ contentType, body }) => end(response, 200, body, contentType),
      (error: unknown) => {
        log.error({ err: error }, 'metrics: scrape failed');
        end(response, 500, 'Scrape failed; see the server log.\n');
      },
    );
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(config.metricsPort, config.metricsHost, () => resolve());
  });
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : config.metricsPort;
  const url = `http://${config.metricsHost.includes(':') ? `[${config.metricsHost}]` : config.metricsHost}:${port}`;
  log.info({ url: `${url}/metrics` }, 'metrics listener ready');
  return {
    url,
    close: () =>
      new Promise<void>((resolve) => {
        // A scraper's keep-alive connection would otherwise hold the stop open.
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

function end(response: http.ServerResponse, status: number, body: string, contentType = 'text/plain; charset=utf-8') {
  response.writeHead(status, { 'content-type': contentType, 'cache-control': 'no-store' });
  response.end(body);
}
