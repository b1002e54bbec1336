import { STATUS_CODES } from 'node:http';
import type { FastifyError, FastifyInstance, FastifyReply, FastifySchemaValidationError } from 'fastify';

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

const orList = (values: readonly unknown[]): string =>
  values.length <= 1
    ? String(values[0] ?? '')
    : `${values.slice(0, -1).map(String).join(', ')} or ${String(values.at(-1))}`;

const TYPE_WORDS: Record<string, string> = {
  string: 'text',
  integer: 'a whole number',
  number: 'a number',
  boolean: 'true or false',
  object: 'an object',
  array: 'a list',
};

/** The field a schema error is about: the property's path, or the part of the request it is in. */
function fieldOf(error: FastifySchemaValidationError, context: string): string {
  const path = error.instancePath.split('/').filter(Boolean).join('.');
  const missing = error.keyword === 'required' ? String(error.params.missingProperty ?? '') : '';
  return [path, missing].filter(Boolean).join('.') || context;
}

function messageOf(error: FastifySchemaValidationError, field: string): string {
  const { params } = error;
  switch (error.keyword) {
    case 'required':
      return `${field} is required.`;
    case 'minLength':
      return params.limit === 1 ? `${field} is required.` : `${field} must be at least ${params.limit} characters.`;
    case 'pattern':
      return params.pattern === '\\S' ? `${field} is required.` : `${field} is not valid.`;
    case 'maxLength':
      return `${field} must be at most ${params.limit} characters.`;
    case 'enum':
      return `${field} must be ${orList(params.allowedValues as unknown[])}.`;
    case 'type':
      return `${field} must be ${TYPE_WORDS[String(params.type)] ?? String(params.type)}.`;
    case 'minimum':
      return `${field} must be at least ${params.limit}.`;
    case 'maximum':
      return `${field} must be at most ${params.limit}.`;
    case 'maxProperties':
      return `${field} has more than ${params.limit} fields.`;
    case 'maxItems':
      return `${field} has more than ${params.limit} items.`;
    default:
      return `${field} ${error.message ?? 'is not valid'}.`;
  }
}

/**
 * The field errors of a schema refusal, in the portal's words.
 *
 * @example
 * fieldErrorsOf([{ keyword: 'required', instancePath: '', params: { missingProperty: 'CatalogID' } }], 'body');
 * // [{ field: 'CatalogID', message: 'CatalogID is required.' }]
 */
export function fieldErrorsOf(errors: readonly FastifySchemaValidationError[], context = 'body'): FieldError[] {
  return errors.map((error) => {
    const field = fieldOf(error, context);
    return { field, message: messageOf(error, field) };
  });
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
    if (error.validation) {
      const errors = fieldErrorsOf(error.validation, error.validationContext);
      return sendProblem(
        reply,
        400,
        errors.length === 1 ? (errors[0]?.message ?? error.message) : error.message,
        errors,
      );
    }
    if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
      return sendProblem(reply, error.statusCode, error.message);
    }
    request.log.error({ err: error }, 'portal request failed');
    return sendProblem(reply, 500, `Something went wrong on our side (request ${request.id}).`);
  });
}
