/*
 * JSON schemas of the portal's routes: the shapes every body, query and path parameter may take, declared beside
 * each route and checked by Fastify before the handler runs. A refusal is answered by the problem handler as a
 * 400 naming the field (`fieldErrorsOf` in problems.ts), in the same words the handlers use.
 */

/** Ids and names the portal passes on: bounded like the platform's own strings. */
export const ID_MAX_LENGTH = 100;

/** Text that must hold something besides spaces (a missing or blank one reads as 'X is required.'). */
export const requiredText = (maxLength = ID_MAX_LENGTH) =>
  ({ type: 'string', minLength: 1, maxLength, pattern: '\\S' }) as const;

/** Optional text; an empty string is taken as not given. */
export const optionalText = (maxLength = ID_MAX_LENGTH) => ({ type: 'string', maxLength }) as const;

/** A whole number within bounds (query strings are converted before the check). */
export const wholeNumber = (minimum: number, maximum: number) => ({ type: 'integer', minimum, maximum }) as const;

/** A path with one id parameter. */
export const idParams = (...names: string[]) =>
  ({
    type: 'object',
    required: names,
    properties: Object.fromEntries(names.map((name) => [name, requiredText()])),
  }) as const;

/**
 * The body of a self-service trigger (spec 1 §7): the captcha's answer and the caller's subject, beside the
 * trigger's own fields.
 */
export const triggerBody = (fields: Record<string, object> = {}, required: string[] = []) =>
  ({
    type: 'object',
    required,
    properties: {
      ...fields,
      id: optionalText(200),
      Recaptcha: { type: 'object', properties: { Token: { type: 'string', maxLength: 10_000 } } },
    },
  }) as const;

/** An answer passed on from the platform: an object whose fields are the platform's. */
export const passedOn = { type: 'object', additionalProperties: true } as const;

/** `{ Items, Meta }` of a platform list, items passed on as they are. */
export const listAnswer = {
  type: 'object',
  required: ['Items'],
  properties: { Items: { type: 'array', items: passedOn }, Meta: passedOn },
  additionalProperties: true,
} as const;
