import type { FastifyError, FastifyInstance, FastifyReply } from 'fastify';
import { InputError } from '../../http/input-guard.ts';
import { ApiError } from '../engine/errors.ts';
import type { AuthDeps, TokenRequest } from './auth-deps.ts';
import { exchangeToken } from './grants.ts';
import { OAuthError } from './oauth-error.ts';

const FORM = 'application/x-www-form-urlencoded';

const invalidContentType = () =>
  new OAuthError(
    'invalid_request',
    'Request.InvalidContentType',
    'Invalid content type. Please use x-www-form-urlencoded.',
  );

function mediaType(header: string | undefined): string {
  return (header ?? '').split(';')[0]?.trim().toLowerCase() ?? '';
}

function formFields(body: unknown): TokenRequest {
  if (!body || typeof body !== 'object') return {};
  const fields: Record<string, string | undefined> = {};
  for (const [name, value] of Object.entries(body)) if (typeof value === 'string') fields[name] = value;
  return fields;
}

function sendError(reply: FastifyReply, error: unknown): FastifyReply {
  if (error instanceof OAuthError) return reply.code(error.status).send(error.toOAuthJSON());
  if (error instanceof ApiError) return reply.code(error.status).send(error.toJSON());
  if (error instanceof InputError) {
    return reply.code(400).send(new OAuthError('invalid_request', error.code, error.message).toOAuthJSON());
  }
  const fastifyError = error as Partial<FastifyError>;
  // Fastify refuses bodies it has no parser for (415) before our handler runs; the platform says 400.
  if (fastifyError.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE')
    return reply.code(400).send(invalidContentType().toOAuthJSON());
  const status = fastifyError.statusCode;
  if (typeof status === 'number' && status >= 400 && status < 500) {
    const refused = new OAuthError(
      'invalid_request',
      'Request.InvalidRequestBody',
      fastifyError.message ?? 'Invalid request.',
    );
    return reply.code(status).send(refused.toOAuthJSON());
  }
  reply.log.error({ err: error }, 'oauth request failed');
  const failure = new ApiError(500, 'ServerError', 'An unknown error has occurred on the server.', {
    RequestID: reply.request.id,
  });
  return reply.code(500).send(failure.toJSON());
}

/**
 * Registers `POST /oauth/token` and `GET /oauth/certs/:kid` under the current prefix, inside an
 * encapsulated plugin: the form-body parser and the OAuth error shape stay out of the rest of the API.
 *
 * @example
 * // inside the platform plugin (prefix /platform):
 * await registerOAuthRoutes(app, { db, registry, keys, baseUrl: `${config.publicUrl}/platform` });
 */
export async function registerOAuthRoutes(app: FastifyInstance, deps: AuthDeps): Promise<void> {
  await app.register(async (oauth) => {
    // Only form bodies are parsed here: a JSON body must be refused for its type, not for its syntax.
    oauth.removeAllContentTypeParsers();
    oauth.addContentTypeParser(FORM, { parseAs: 'string' }, (_request, body, done) => {
      done(null, Object.fromEntries(new URLSearchParams(typeof body === 'string' ? body : body.toString('utf8'))));
    });
    oauth.setErrorHandler((error, _request, reply) => sendError(reply, error));

    oauth.post('/oauth/token', async (request, reply) => {
      if (mediaType(request.headers['content-type']) !== FORM) throw invalidContentType();
      const token = await exchangeToken(deps, formFields(request.body));
      // RFC 6749 §5.1: token responses must not be cached.
      reply.header('cache-control', 'no-store').header('pragma', 'no-cache');
      return token;
    });

    oauth.get<{ Params: { kid: string } }>('/oauth/certs/:kid', async (request) => {
      const jwk = await deps.keys.publicJwk(request.params.kid);
      if (!jwk) {
        throw new ApiError(404, 'NotFound', `Signing key not found: ${request.params.kid}`, {
          ObjectType: 'SigningKey',
          ObjectID: request.params.kid,
        });
      }
      return jwk;
    });
  });
}
