import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import type { ClientErrorDescription, Part } from '../part.ts';

/** Fastify's router refuses these before any part sees the request; each gets a stable code and plain words. */
const ROUTER_ERRORS: Record<string, Omit<ClientErrorDescription, 'status'>> = {
  FST_ERR_BAD_URL: {
    code: 'Request.InvalidUrl',
    message: 'The URL contains an escape sequence that is not valid percent-encoded UTF-8.',
  },
  FST_ERR_MAX_PARAM_LENGTH: {
    code: 'Request.UriTooLong',
    message: 'A path parameter of the URL is too long.',
  },
};

const defaultBody = ({ code, message }: ClientErrorDescription): { body: unknown; contentType?: string } => ({
  body: { error: code, message },
});

/**
 * The server's `frameworkErrors` option: errors the router raises before a route (and so before a
 * part's own error handler) is chosen are answered in the shape of the part whose prefix the URL
 * starts with, so a platform client always reads the `Errors` envelope.
 */
export function frameworkErrorResponder(parts: readonly Part[]) {
  const byLongestPrefix = [...parts].sort((a, b) => b.prefix.length - a.prefix.length);
  return (error: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
    const known = ROUTER_ERRORS[error.code];
    const status = error.statusCode && error.statusCode >= 400 ? error.statusCode : 400;
    const description: ClientErrorDescription = known
      ? { status, ...known }
      : { status, code: 'Request.Invalid', message: error.message };
    const pathname = request.raw.url?.split('?')[0] ?? '/';
    const part = byLongestPrefix.find((each) => pathname === each.prefix || pathname.startsWith(`${each.prefix}/`));
    const { body, contentType } = (part?.errorBody ?? defaultBody)(description);
    if (contentType) reply.type(contentType);
    return reply.code(status).send(body);
  };
}
