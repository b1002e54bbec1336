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
