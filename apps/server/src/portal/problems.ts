import { STATUS_CODES } from 'node:http';
import type { FastifyError, FastifyInstance, FastifyReply } from 'fastify';

/** One invalid field of a request body or query, as listed in a 400 answer. */
export interface FieldError {
  field: string;
  message: string;
}

/** The body of every portal error: RFC 7807 problem details, plus the field errors of a 400. */
export interface ProblemBody {
  type: string;
  title: string;
  status: number;
  detail: string;
  errors?: FieldError[];
}

/** An error answered as problem details with its status; `detail` is what the portal shows the user. */
export class Problem extends Error {
  readonly status: number;
  readonly errors: FieldError[] | undefined;
  readonly headers: Record<string, string>;

  constructor(
    status: number,
    detail: string,
    options: { errors?: FieldError[]; headers?: Record<string, string> } = {},
  ) {
    super(detail);
    this.status = status;
    this.errors = options.errors;
    this.headers = options.headers ?? {};
  }

  toJSON(): ProblemBody {
    return problemBody(this.status, this.message, this.errors);
  }
}

/** `about:blank` problems: the status phrase is the title and the detail says what went wrong. */
export function problemBody(status: number, detail: string, errors?: FieldError[]): ProblemBody {
  return {
    type: 'about:blank',
    title: STATUS_CODES[status] ?? 'Error',
    status,
    detail,
    ...(errors && errors.length > 0 ? { errors } : {}),
  };
}

export const badRequest = (detail: string, errors?: FieldError[]) => new Problem(400, detail, { errors });
export const forbidden = (detail: string) => new Problem(403, detail);
export const notFound = (detail: string) => new Problem(404, detail);

/** A 400 listing every field error at once, so a form can mark them all. */
export function invalidFields(errors: FieldError[]): Problem {
  const detail =
    errors.length === 1
      ? (errors[0]?.message ?? 'The request is invalid.')
      : `${errors.length} errors need to be resolved.`;
  return badRequest(detail, errors);
}

function sendProblem(reply: FastifyReply, status: number, detail: string, errors?: FieldError[]) {
  return reply
    .code(status)
    .type('application/problem+json; charset=utf-8')
    .send(problemBody(status, detail, errors));
}

/**
 * Every error of a portal route is answered as problem details: our own Problems as they are,
 * Fastify's client errors (bad JSON, wrong content type) with their status, and anything else as a
 * logged 500 that reveals nothing internal. Unknown paths keep the server-wide JSON 404
 * (`{ error, message }`), which the server pins for every API prefix.
 */
export function registerProblemHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | Problem, request, reply) => {
    if (error instanceof Problem) {
      for (const [name, value] of Object.entries(error.headers)) reply.header(name, value);
      return sendProblem(reply, error.status, error.message, error.errors);
    }
    if (error.validation) return sendProblem(reply, 400, error.message);
    if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
      return sendProblem(reply, error.statusCode, error.message);
    }
    request.log.error({ err: error }, 'portal request failed');
    return sendProblem(reply, 500, `Something went wrong on our side (request ${request.id}).`);
  });
}
