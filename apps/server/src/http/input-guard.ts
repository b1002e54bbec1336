import type { FastifyInstance, FastifyRequest } from 'fastify';

/**
 * Deepest nesting of objects and arrays a request body may have. The public models nest a few
 * levels and xp rarely more than a handful; refusing far deeper bodies up front keeps recursive
 * code further on (validation, deep merge, storage) from exhausting the stack.
 */
export const MAX_BODY_DEPTH = 64;

/**
 * Text the database cannot store: a NUL character, or half of a UTF-16 surrogate pair (which a
 * JSON `\ud800` escape or a broken client can produce). PostgreSQL refuses both, so they are
 * refused here with a 400 instead of failing at the first write or filter.
 */
const UNSTORABLE = /\0|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

export const isStorableText = (text: string): boolean => !UNSTORABLE.test(text);

/** Why a request's input is refused, in words a caller can act on, and the error code parts answer with. */
export interface InputProblem {
  code: 'Request.InvalidCharacters' | 'Request.TooDeeplyNested' | 'Request.InvalidUrl';
  message: string;
}

const capitalized = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

function unstorable(where: string): InputProblem {
  return {
    code: 'Request.InvalidCharacters',
    message: `${capitalized(where)} contains a NUL character or an unpaired UTF-16 surrogate, which cannot be stored.`,
  };
}

const joinPath = (path: string, key: string | number) =>
  typeof key === 'number' ? `${path}[${key}]` : path ? `${path}.${key}` : key;

/**
 * The first problem in a decoded value (body, query or path parameters), walked without recursion so
 * that the walk itself cannot overflow; `describe` names a place of the value in the message.
 */
export function findInputProblem(
  value: unknown,
  describe: (path: string) => string,
  maxDepth = MAX_BODY_DEPTH,
): InputProblem | undefined {
  const pending: { value: unknown; depth: number; path: string }[] = [{ value, depth: 0, path: '' }];
  while (pending.length > 0) {
    const next = pending.pop() as { value: unknown; depth: number; path: string };
    if (typeof next.value === 'string') {
      if (!isStorableText(next.value)) return unstorable(describe(next.path));
      continue;
    }
    if (next.value === null || typeof next.value !== 'object') continue;
    if (next.depth >= maxDepth) {
      return {
        code: 'Request.TooDeeplyNested',
        message: `${capitalized(describe(''))} nests objects and arrays more than ${maxDepth} levels deep.`,
      };
    }
    const entries: [string | number, unknown][] = Array.isArray(next.value)
      ? next.value.map((item, index) => [index, item])
      : Object.entries(next.value);
    for (const [key, item] of entries) {
      const path = joinPath(next.path, key);
      if (typeof key === 'string' && !isStorableText(key)) return unstorable(`the name of ${describe(path)}`);
      pending.push({ value: item, depth: next.depth + 1, path });
    }
  }
  return undefined;
}

/** A request refused for its input: a client error every part answers in its own error shape. */
export class InputError extends Error {
  readonly statusCode = 400;
  readonly code: InputProblem['code'];

  constructor(problem: InputProblem) {
    super(problem.message);
    this.code = problem.code;
  }
}

/**
 * An escape in the query string that is not percent-encoded UTF-8 (`?a=%ED%A0%80`, half a surrogate pair, or a bare
 * `%`). The router refuses one in the path, but the query parser keeps such an escape as its literal text, so a
 * filter would quietly look for `%ED%A0%80`: refused as the path's are.
 *
 * @example
 * findQueryEscapeProblem('/v1/products?xp.a=%ED%A0%80')?.code; // 'Request.InvalidUrl'
 * findQueryEscapeProblem('/v1/products?search=50%25'); // undefined
 */
export function findQueryEscapeProblem(url: string): InputProblem | undefined {
  const start = url.indexOf('?');
  if (start < 0 || !url.includes('%', start)) return undefined;
  for (const piece of url.slice(start + 1).split(/[&=]/)) {
    try {
      decodeURIComponent(piece);
    } catch {
      return {
        code: 'Request.InvalidUrl',
        message: 'The query string contains an escape sequence that is not valid percent-encoded UTF-8.',
      };
    }
  }
  return undefined;
}

/** The first problem of a request's query string, path parameters, query and parsed body. */
export function findRequestProblem(request: FastifyRequest): InputProblem | undefined {
  return (
    findQueryEscapeProblem(request.raw.url ?? request.url) ??
    findInputProblem(request.params, (name) => `the path parameter ${name}`) ??
    findInputProblem(request.query, (name) => `the query parameter ${name.replace(/\[\d+\]$/, '')}`) ??
    findInputProblem(request.body, (path) => (path ? `the request body at ${path}` : 'the request body'))
  );
}

/**
 * Checks every request of every part before its handler runs. It sits at the root, so each part's
 * own error handler answers the InputError in that part's shape (the platform's `Errors` envelope,
 * the portal's problem details).
 */
export function registerInputGuard(app: FastifyInstance): void {
  app.addHook('preValidation', async (request) => {
    const problem = findRequestProblem(request);
    if (problem) throw new InputError(problem);
  });
}
