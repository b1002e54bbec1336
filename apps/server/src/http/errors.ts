import type { FastifyError, FastifyInstance } from 'fastify';

/**
 * Default error answer for routes whose part sets none: a client mistake keeps its status and
 * message; a server fault is logged with the request id and answered without internal details.
 */
export function registerDefaultErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    const status = error.statusCode && error.statusCode >= 400 ? error.statusCode : 500;
    if (status >= 500) {
      request.log.error({ err: error }, 'request failed');
      return reply
        .code(status)
        .send({ error: 'Internal Server Error', message: 'Something went wrong on our side.', requestId: request.id });
    }
    return reply
      .code(status)
      .send({ error: error.code ?? 'Bad Request', message: error.message, requestId: request.id });
  });
}
