import fastifyCors, { type FastifyCorsOptions } from '@fastify/cors';
import type { FastifyInstance, FastifyRequest } from 'fastify';

/** Response headers a browser app may read besides the simple ones. */
const EXPOSED_HEADERS = ['Location', 'ETag', 'x-request-id', 'Retry-After', 'Content-Encoding'];

/** How long a browser may reuse a preflight answer (seconds): one day, which browsers cap anyway. */
export const PREFLIGHT_MAX_AGE = 86_400;

/** The management API is service-to-service (the portal service calls it with a shared secret). */
function isManagementPath(request: FastifyRequest): boolean {
  const pathname = (request.url.split('?')[0] ?? '').toLowerCase();
  return pathname === '/platform/mgmt' || pathname.startsWith('/platform/mgmt/');
}

/**
 * CORS for the public platform: browser apps on any origin call it with bearer tokens (never
 * cookies), so every origin is allowed without credentials. Registered in the platform's scope,
 * so preflights on any platform path (known or not) are answered and every answer, errors
 * included, carries `Access-Control-Allow-Origin`; the management API is left out.
 */
export async function registerPlatformCors(app: FastifyInstance): Promise<void> {
  const policy: FastifyCorsOptions = {
    origin: '*',
    credentials: false,
    methods: ['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'],
    // No allowedHeaders: the headers a preflight asks for (Authorization, Content-Type and whatever
    // else a client sends) are reflected, safe without credentials; `*` would not cover Authorization.
    exposedHeaders: EXPOSED_HEADERS,
    maxAge: PREFLIGHT_MAX_AGE,
    // A bare OPTIONS without Origin is answered like a preflight instead of a text/plain 400.
    strictPreflight: false,
  };
  await app.register(fastifyCors, {
    hook: 'onRequest',
    delegator: (request, callback) => callback(null, isManagementPath(request) ? { origin: false } : policy),
  });
}
