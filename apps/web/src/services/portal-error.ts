/** How a call failed: the token was refused, no answer came (offline, or timeout/network), or an HTTP error. */
export type PortalErrorKind = 'unauthorized' | 'offline' | 'timeout' | 'http';

/** The exact texts of spec 1 §8 (the 401 text in the spec's neutral wording). */
export const ERROR_MESSAGES = {
  unauthorized: "Invalid access token. Contact the organization admin or the provider's support",
  offline: 'Server failed to respond. You appear offline and might be the issue.',
  noResponse:
    'Server failed to respond or taking too long. Can also be issue with firewalls etc. Trying again might help.',
} as const;

const TITLES: Record<Exclude<PortalErrorKind, 'http'>, string> = {
  unauthorized: 'Unauthorized',
  offline: 'No response',
  timeout: 'No response',
};

/** One field error of a problem-details answer (the portal service lists them on 400s). */
export interface FieldError {
  field: string;
  message: string;
}

/**
 * Every failed back-end call becomes one of these: `title` and `message` are ready for a toast, `kind` tells
 * the reason, and `status`, `code` and `body` let special handlers (captcha, limits) react to specifics.
 *
 * @example
 * try { await portal.getMe(); } catch (error) { if (isPortalError(error) && error.status === 403) ... }
 */
export class PortalError extends Error {
  override readonly name = 'PortalError';
  readonly title: string;
  readonly kind: PortalErrorKind;
  /** HTTP status, when an answer came. */
  readonly status: number | undefined;
  /** The platform's first `ErrorCode` (e.g. `NotFound`), when the body had the platform envelope. */
  readonly code: string | undefined;
  /** Field errors of a problem-details body. */
  readonly fieldErrors: readonly FieldError[];
  /** The parsed error body, for handlers that need more than the message. */
  readonly body: unknown;

  constructor(init: {
    title: string;
    message: string;
    kind: PortalErrorKind;
    status?: number;
    code?: string;
    fieldErrors?: readonly FieldError[];
    body?: unknown;
    cause?: unknown;
  }) {
    super(init.message, init.cause === undefined ? undefined : { cause: init.cause });
    this.title = init.title;
    this.kind = init.kind;
    this.status = init.status;
    this.code = init.code;
    this.fieldErrors = init.fieldErrors ?? [];
    this.body = init.body;
  }
}

/**
 * Type guard for {@link PortalError}.
 *
 * @example
 * if (isPortalError(error) && error.kind === 'unauthorized') showSupportLink();
 */
export function isPortalError(error: unknown): error is PortalError {
  return error instanceof PortalError;
}

/**
 * The error for an HTTP answer outside 2xx. The message is the first that exists of: the problem-details
 * `detail`, the platform envelope's `Errors[0].Message`, `message`, OAuth's `error_description`, GraphQL's
 * `errors[0].message`, then a generic text with the status. A 401 always gets the fixed text of spec 1 §8.
 *
 * @example
 * errorFromResponse(404, { Errors: [{ ErrorCode: 'NotFound', Message: 'Product not found: P1' }] }).message;
 * // 'Product not found: P1'
 */
export function errorFromResponse(status: number, body: unknown): PortalError {
  const fields = isObject(body) ? body : {};
  const firstPlatformError = Array.isArray(fields.Errors) && isObject(fields.Errors[0]) ? fields.Errors[0] : {};
  const code = nonBlank(firstPlatformError.ErrorCode);
  const fieldErrors = Array.isArray(fields.errors) ? fields.errors.filter(isFieldError) : [];
  const common = { status, code, fieldErrors, body };
  if (status === 401) {
    return new PortalError({
      ...common,
      kind: 'unauthorized',
      title: TITLES.unauthorized,
      message: ERROR_MESSAGES.unauthorized,
    });
  }
  const message =
    nonBlank(fields.detail) ??
    nonBlank(firstPlatformError.Message) ??
    nonBlank(fields.message) ??
    nonBlank(fields.error_description) ??
    // GraphQL answers (the content service) list errors in lower case.
    (Array.isArray(fields.errors) && isObject(fields.errors[0]) ? nonBlank(fields.errors[0].message) : undefined) ??
    `Request failed with status ${status}.`;
  const title = nonBlank(fields.title) ?? code ?? 'Request failed';
  return new PortalError({ ...common, kind: 'http', title, message });
}

/**
 * The error for a call that got no answer: offline when the browser says so, otherwise timeout or network.
 *
 * @example
 * noResponseError(false).message; // 'Server failed to respond. You appear offline and might be the issue.'
 */
export function noResponseError(online: boolean, cause?: unknown): PortalError {
  const kind = online ? 'timeout' : 'offline';
  const message = online ? ERROR_MESSAGES.noResponse : ERROR_MESSAGES.offline;
  return new PortalError({ kind, title: TITLES[kind], message, cause });
}

/**
 * Title and message for any thrown value (spec 1 §8): portal errors as built, other errors by name and
 * message, strings as they are.
 *
 * @example
 * describeError(new TypeError('x is undefined')); // { title: 'TypeError', message: 'x is undefined' }
 * describeError('Missing auth provider properties'); // { title: 'Error', message: 'Missing auth provider properties' }
 */
export function describeError(error: unknown): { title: string; message: string } {
  if (error instanceof PortalError) return { title: error.title, message: error.message };
  if (error instanceof Error) return { title: error.name || 'Error', message: error.message };
  if (typeof error === 'string') return { title: 'Error', message: error };
  return { title: 'Error', message: 'Something went wrong.' };
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function isFieldError(value: unknown): value is FieldError {
  return isObject(value) && typeof value.field === 'string' && typeof value.message === 'string';
}

function nonBlank(value: unknown): string | undefined {
  return typeof value === 'string' && value.trim() !== '' ? value : undefined;
}
