import fp from 'fastify-plugin';
import { httpRequestRecorder } from './http-metrics.ts';
import { bearerTokenMatches, metricsScraper } from './scrape.ts';

export interface MetricsPluginOptions {
  /** The parts' URL prefixes (`/platform`...), which name the `part` label. */
  prefixes: readonly string[];
}

/**
 * Counts and times every request (an `onResponse` hook on the root, hence fastify-plugin; register
 * it before the parts so their routes inherit it) and serves `GET /metrics` on the main port only
 * when METRICS_TOKEN is set, to callers sending it as a bearer token. Otherwise `/metrics` is a
 * 404, answered here so a browser asking for HTML never gets the web app's page instead.
 */
export const metricsPlugin = fp<MetricsPluginOptions>(
  async (app, { prefixes }) => {
    const record = httpRequestRecorder(prefixes);
    app.addHook('onResponse', async (request, reply) => record(request, reply));

    const token = app.config.metricsToken;
    const scrape = metricsScraper(app.database, app.log);
    app.get('/metrics', async (request, reply) => {
      if (token === undefined) {
        return reply.code(404).send({ error: 'Not Found', message: 'No route for GET /metrics.' });
      }
      if (!bearerTokenMatches(request.headers.authorization, token)) {
        return reply
          .code(401)
          .header('www-authenticate', 'Bearer realm="metrics"')
          .send({ error: 'Unauthorized', message: 'GET /metrics needs the METRICS_TOKEN as a bearer token.' });
      }
      const { contentType, body } = await scrape();
      return reply.header('cache-control', 'no-store').type(contentType).send(body);
    });
  },
  { name: 'metrics', dependencies: ['core-services'] },
);
