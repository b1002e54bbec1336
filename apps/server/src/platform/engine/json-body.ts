import type { FastifyInstance } from 'fastify';
import secureJson from 'secure-json-parse';
import { ApiError } from './errors.ts';

/**
 * The platform's JSON body parser. Clients (the published SDK among them) send
 * `Content-Type: application/json` on every call, also on a DELETE or an action POST without a
 * body, so an empty body means "no body" rather than an error. `__proto__` and `constructor` keys
 * are refused, since bodies are deep-merged into stored objects.
 */
export function registerJsonBodyParser(app: FastifyInstance): void {
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, body, done) => {
    const text = typeof body === 'string' ? body : body.toString('utf8');
    if (text.trim() === '') return done(null, undefined);
    try {
      done(null, secureJson.parse(text, undefined, { protoAction: 'error', constructorAction: 'error' }));
    } catch {
      done(new ApiError(400, 'Request.InvalidRequestBody', 'The request body is not valid JSON.'), undefined);
    }
  });
}
