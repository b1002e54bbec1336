import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { connectedOrigins } from '../portal/marketplace/connected-origins.ts';
import { registerSecurityHeaders } from './security-headers.ts';

/**
 * Serves the built single-page app at `/` with history fallback: any GET that asks for HTML and
 * matches no file or API route gets `index.html`, so deep links and reloads work. Every page and
 * file of the app carries the portal's security headers (security-headers.ts); the API prefixes do not.
 */
export async function registerWebApp(
  app: FastifyInstance,
  webDist: string,
  apiPrefixes: readonly string[],
): Promise<void> {
  const indexFile = path.join(webDist, 'index.html');
  const built = fs.existsSync(indexFile);
  // Paths are case-insensitive (router option), so `/PLATFORM/v1` is the API too.
  const isApi = (url: string) => {
    const lower = url.toLowerCase();
    return apiPrefixes.some((prefix) => lower === prefix || lower.startsWith(`${prefix}/`));
  };
  // The browser calls connected marketplaces' APIs directly, so the pages' policy admits their origins; the inline
  // scripts of the built index.html (the colour mode, inlined by the build) are allowed by their hash.
  await registerSecurityHeaders(
    app,
    app.config,
    (request) => !isApi(request.url.split('?')[0] ?? '/'),
    () => connectedOrigins(app.database.db),
    built ? inlineScriptHashes(fs.readFileSync(indexFile, 'utf8')) : [],
  );
  if (built) {
    await app.register(fastifyStatic, {
      root: webDist,
      // Files are routed one by one at start-up (npm start builds first), so API paths never reach
      // a catch-all route and each part keeps its own not-found answer.
      wildcard: false,
      index: false,
      // The web build writes .br and .gz copies; browsers that accept them get those.
      preCompressed: true,
      // Our setHeaders decides caching; the plugin's own header would override it.
      cacheControl: false,
      setHeaders(res, filePath) {
        // Vite names assets by content hash, so they never change; index.html must always be fresh.
        const immutable = filePath.includes(`${path.sep}assets${path.sep}`);
        res.setHeader('cache-control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
  }

  // The static handler refuses directory paths, so the root page is its own route.
  app.get('/', (request, reply) => sendPage(reply));

  app.setNotFoundHandler((request, reply) => {
    const pathname = request.url.split('?')[0] ?? '/';
    const wantsPage =
      request.method === 'GET' && !isApi(pathname) && (request.headers.accept ?? '').includes('text/html');
    if (!wantsPage) {
      return reply.code(404).send({ error: 'Not Found', message: `No route for ${request.method} ${pathname}.` });
    }
    return sendPage(reply);
  });

  function sendPage(reply: FastifyReply) {
    if (!built) {
      return reply
        .code(503)
        .type('text/plain; charset=utf-8')
        .send('The web app is not built yet. Run `npm start`, which builds it, or `npm run build`.');
    }
    return reply.header('cache-control', 'no-cache').sendFile('index.html');
  }
}

/**
 * The CSP sources (`sha256-…`) of a page's inline scripts, each hashed over its exact text, as browsers do.
 *
 * @example
 * inlineScriptHashes('<script>x()</script>'); // ['sha256-…']
 */
export function inlineScriptHashes(html: string): string[] {
  return [...html.matchAll(/<script(?![^>]*\ssrc=)[^>]*>([\s\S]*?)<\/script>/g)].map(
    (match) =>
      `sha256-${createHash('sha256')
        .update(match[1] ?? '')
        .digest('base64')}`,
  );
}
