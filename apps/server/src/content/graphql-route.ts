import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import {
  execute,
  GraphQLError,
  parse,
  validate,
  type DocumentNode,
  type ExecutionResult,
  type GraphQLFormattedError,
  type GraphQLSchema,
} from 'graphql';

/**
 * The header that carries the content token. The token is public by design (the web app ships
 * it): it only keeps drive-by traffic off the endpoint, so it guards nothing secret.
 */
export const CONTENT_TOKEN_HEADER = 'x-content-token';

export interface ContentGraphqlOptions {
  schema: GraphQLSchema;
  /** The value `x-content-token` must carry (config `contentToken`, env CONTENT_TOKEN). */
  token: string;
}

interface GraphqlBody {
  query?: unknown;
  variables?: unknown;
  operationName?: unknown;
}

/** Queries here are a few hundred bytes; a small cap bounds what one request can make us parse. */
const BODY_LIMIT = 64 * 1024;
/** Same reason, counted in GraphQL tokens (the dashboard's largest query has under 50). */
const MAX_TOKENS = 2000;

/**
 * `POST /graphql` (under the part's prefix): executes one GraphQL query against the content
 * schema. Request errors (malformed body, syntax, validation, bad variables) answer 400 with
 * GraphQL `errors`; a missing or wrong `x-content-token` answers 401.
 */
export const contentGraphql: FastifyPluginAsync<ContentGraphqlOptions> = async (app, { schema, token }) => {
  const expected = digest(token);

  const requireToken = async (request: FastifyRequest, reply: FastifyReply) => {
    const sent = request.headers[CONTENT_TOKEN_HEADER];
    // Compared as digests so the comparison takes the same time whatever the length sent.
    if (typeof sent !== 'string' || !timingSafeEqual(digest(sent), expected)) {
      return reply.code(401).send({
        error: 'Unauthorized',
        message: `Send the content token in the ${CONTENT_TOKEN_HEADER} header.`,
        requestId: request.id,
      });
    }
  };

  app.post('/graphql', { bodyLimit: BODY_LIMIT, onRequest: requireToken }, async (request, reply) => {
    const body = (request.body ?? {}) as GraphqlBody;
    if (typeof body !== 'object' || Array.isArray(body)) {
      return reply.code(400).send(errors('The request body must be a JSON object with a "query" string.'));
    }
    const { query, variables, operationName } = body;
    if (typeof query !== 'string' || query.trim() === '') {
      return reply.code(400).send(errors('"query" must be a non-empty string.'));
    }
    if (variables != null && (typeof variables !== 'object' || Array.isArray(variables))) {
      return reply.code(400).send(errors('"variables" must be an object when sent.'));
    }
    if (operationName != null && typeof operationName !== 'string') {
      return reply.code(400).send(errors('"operationName" must be a string when sent.'));
    }

    let document: DocumentNode;
    try {
      document = parse(query, { maxTokens: MAX_TOKENS });
    } catch (error) {
      if (error instanceof GraphQLError) return reply.code(400).send({ errors: [error.toJSON()] });
      throw error;
    }
    const validationErrors = validate(schema, document);
    if (validationErrors.length > 0) {
      return reply.code(400).send({ errors: validationErrors.map((error) => error.toJSON()) });
    }

    const result: ExecutionResult = await execute({
      schema,
      document,
      variableValues: (variables ?? undefined) as Record<string, unknown> | undefined,
      operationName: operationName ?? undefined,
    });
    if (!result.errors?.length) return { data: result.data };

    let failed = false;
    const formatted = result.errors.map((error) => {
      // Only errors we raised on purpose reach the client; anything else is a bug and is logged instead.
      const original = error.originalError;
      if (original && !(original instanceof GraphQLError)) {
        failed = true;
        request.log.error({ err: original }, 'content graph resolver failed');
        return { ...error.toJSON(), message: 'Internal error.' };
      }
      return error.toJSON();
    });
    if (result.data == null) {
      // No data at all means the request itself was wrong (bad variables, an invalid argument),
      // unless one of our resolvers failed: answer with a status callers notice without parsing.
      return reply.code(failed ? 500 : 400).send({ errors: formatted });
    }
    // Partial data stays a 200, as GraphQL clients expect.
    return { data: result.data, errors: formatted };
  });
};

function digest(value: string): Buffer {
  return createHash('sha256').update(value).digest();
}

function errors(message: string): { errors: GraphQLFormattedError[] } {
  return { errors: [{ message }] };
}
