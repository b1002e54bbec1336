import type { FastifyError, FastifyInstance } from 'fastify';
import { InputError } from '../../http/input-guard.ts';
import { ApiError } from './errors.ts';

/** Fastify's own client errors, answered with the platform's codes instead of its defaults. */
const FASTIFY_CODES: Record<string, { status: number; code: string; message: string }> = {
  FST_ERR_CTP_INVALID_JSON_BODY: {
    status: 400,
    code: 'Request.InvalidRequestBody',
    message: 'The request body is not valid JSON.',
  },
  FST_ERR_CTP_EMPTY_JSON_BODY: {
    status: 400,
    code: 'Request.InvalidRequestBody',
    message: 'The request body is empty.',
  },
  FST_ERR_CTP_INVALID_MEDIA_TYPE: {
    status: 400,
    code: 'Request.InvalidContentType',
    message: 'Unsupported content type; send application/json.',
  },
  FST_ERR_CTP_BODY_TOO_LARGE: {
    status: 413,
    code: 'Request.InvalidRequestBody',
    message: 'The request body is too large.',
  },
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: {
    status: 400,
    code: 'Request.InvalidRequestBody',
    message: 'Invalid Content-Length.',
  },
};

/**
 * Every error under `/platform` is answered with `{ Errors: [{ ErrorCode, Message, Data }] }`;
 * a fault of ours is logged with its request id and answered as a plain ServerError.
 */
export function registerPlatformErrors(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | ApiError, request, reply) => {
    if (error instanceof ApiError) return reply.code(error.status).send(error.toJSON());
    if (error instanceof InputError) return reply.code(400).send(new ApiError(400, error.code, error.message).toJSON());
    const known = error.code ? FASTIFY_CODES[error.code] : undefined;
    if (known) return reply.code(known.status).send(new ApiError(known.status, known.code, known.message).toJSON());
    if (error.validation) {
      return reply.code(400).send(new ApiError(400, 'ValidationFailure', error.message).toJSON());
    }
    if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
      return reply
        .code(error.statusCode)
        .send(new ApiError(error.statusCode, 'Request.Invalid', error.message).toJSON());
    }
    request.log.error({ err: error }, 'platform request failed');
    return reply.code(500).send(
      new ApiError(500, 'ServerError', 'An unknown error has occurred on the server.', {
        RequestID: request.id,
      }).toJSON(),
    );
  });
  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split('?')[0];
    reply.code(404).send(
      new ApiError(404, 'NotFound', `No operation for ${request.method} ${path}.`, {
        ObjectType: 'Route',
        ObjectID: path,
      }).toJSON(),
    );
  });
}
