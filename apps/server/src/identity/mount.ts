import type { IncomingMessage } from 'node:http';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type Provider from 'oidc-provider';

/**
 * Hands every request under the instance's prefix that no other route of the part matches to
 * the provider (a Koa application), with the prefix moved from `url` to `originalUrl` the way
 * Express and Koa mounting do, which the provider reads to build its own URLs. Given a function,
 * each request goes to the provider it answers (the current one after a key rotation).
 *
 * @example
 * await app.register((child) => mountProvider(child, providers.current));
 */
export async function mountProvider(
  app: FastifyInstance,
  provider: Provider | (() => Promise<Provider>),
): Promise<void> {
  const currentProvider = typeof provider === 'function' ? provider : async () => provider;
  // One Koa callback per provider, made when the provider is first used.
  const callbacks = new WeakMap<Provider, ReturnType<Provider['callback']>>();
  const callbackOf = (current: Provider) => {
    let callback = callbacks.get(current);
    if (!callback) {
      callback = current.callback();
      callbacks.set(current, callback);
    }
    return callback;
  };
  const prefix = app.prefix;
  // The provider reads request bodies itself, so Fastify must leave the stream untouched.
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', (_request, _payload, done) => done(null));

  const handler = async (request: FastifyRequest, reply: FastifyReply) => {
    const callback = callbackOf(await currentProvider());
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
