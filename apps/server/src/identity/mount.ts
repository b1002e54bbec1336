import type { IncomingMessage } from 'node:http';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type Provider from 'oidc-provider';

/**
 * Hands every request under the instance's prefix that no other route of the part matches to
 * the provider (a Koa application), with the prefix moved from `url` to `originalUrl` the way
 * Express and Koa mounting do, which the provider reads to build its own URLs.
 *
 * @example
 * await app.register((child) => mountProvider(child, provider));
 */
export async function mountProvider(app: FastifyInstance, provider: Provider): Promise<void> {
  const callback = provider.callback();
  const prefix = app.prefix;
  // The provider reads request bodies itself, so Fastify must leave the stream untouched.
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', (_request, _payload, done) => done(null));

  const handler = (request: FastifyRequest, reply: FastifyReply) => {
    reply.hijack();
    const raw = request.raw as IncomingMessage & { originalUrl?: string };
    const url = raw.url ?? '/';
    raw.originalUrl = url;
    raw.url = url.slice(prefix.length) || '/';
    callback(raw, reply.raw).catch((error: unknown) => {
      request.log.error({ err: error }, 'identity provider failed');
      if (!reply.raw.headersSent) reply.raw.writeHead(500, { 'content-type': 'application/json' });
      reply.raw.end(JSON.stringify({ error: 'Internal Server Error', message: 'Something went wrong on our side.' }));
    });
  };
  app.all('/*', handler);
}
