import fastifyHelmet, { type FastifyHelmetOptions } from '@fastify/helmet';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Config } from '../config.ts';
import { portalOrigins } from '../identity/portal-client.ts';

export type SecurityHeaderConfig = Pick<Config, 'publicUrl' | 'identityIssuer' | 'platformMgmtUrl'>;

/**
 * Pages the portal itself loads in a hidden frame: the silent sign-in renewal answers there. Only
 * the portal's own pages may frame them; every other page may not be framed at all.
 */
export const SELF_FRAMED_PATHS: readonly string[] = ['/auth/silent-renew'];

const origin = (url: string) => new URL(url).origin;

/**
 * The one security header policy of every page people see: the web app at `/` and the identity
 * provider's pages. Both register it with `registerSecurityHeaders`, which applies it through
 * `@fastify/helmet`, to Fastify replies and to the raw responses the provider writes itself.
 *
 * - No foreign scripts, and no inline ones but those named by their hash (`scriptHashes`: the web app's colour-mode
 *   script, inlined by its build).
 * - Inline styles are allowed: the component library (emotion) and the JSON editor (CodeMirror) add
 *   `<style>` elements at run time, and the identity pages carry their stylesheet inline.
 * - Network calls only to this server, or the platform or identity provider when configured elsewhere, and the
 *   connected marketplaces' APIs (`connectTo`), which the browser calls directly.
 * - No framing (`frame-ancestors 'none'`), except the silent renewal page by the portal itself.
 * - HSTS and upgrade-insecure-requests only when the public URL is https: over plain http they would
 *   break the very next request.
 */
export function securityHeaderOptions(
  config: SecurityHeaderConfig,
  {
    framedBySelf = false,
    connectTo = [],
    scriptHashes = [],
  }: { framedBySelf?: boolean; connectTo?: readonly string[]; scriptHashes?: readonly string[] } = {},
): FastifyHelmetOptions {
  const https = new URL(config.publicUrl).protocol === 'https:';
  const self = origin(config.publicUrl);
  const elsewhere = (urls: string[]) => [...new Set(urls.map(origin))].filter((other) => other !== self);
  return {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        baseUri: ["'none'"],
        objectSrc: ["'none'"],
        scriptSrc: ["'self'", ...scriptHashes.map((hash) => `'${hash}'`)],
        scriptSrcAttr: ["'none'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        // data: for the inline favicon. Product pictures served by the marketplace's own server (the demo data's
        // /content/images, resolved against the platform's or a connected marketplace's origin) may load too.
        imgSrc: ["'self'", 'data:', ...elsewhere([config.platformMgmtUrl, ...connectTo])],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'", ...elsewhere([config.platformMgmtUrl, config.identityIssuer, ...connectTo])],
        // Sign-in and sign-out forms redirect on to the portal (its dev server too) after posting.
        formAction: ["'self'", ...elsewhere([config.identityIssuer, ...portalOrigins(config)])],
        frameAncestors: [framedBySelf ? "'self'" : "'none'"],
        ...(https ? { upgradeInsecureRequests: [] } : {}),
      },
    },
    strictTransportSecurity: https ? { maxAge: 365 * 24 * 60 * 60, includeSubDomains: false } : false,
    referrerPolicy: { policy: 'no-referrer' },
    xFrameOptions: { action: framedBySelf ? 'sameorigin' : 'deny' },
    // X-Content-Type-Options: nosniff and the other helmet defaults stay on (helmet refuses an explicit `true`).
  };
}

/**
 * Applies the policy to every request of `app`'s context for which `appliesTo` holds. Headers are set
 * on the raw response in `onRequest`, before any handler runs, so they also reach replies a handler
 * hijacks (the identity provider writes its pages to the raw response). `connectTo` adds origins the
 * pages may call (the connected marketplaces); it should answer from a cache, as it runs for every page.
 * `scriptHashes` (CSP sources such as `sha256-…`) allow those inline scripts.
 *
 * @example
 * await registerSecurityHeaders(app, config, (request) => !request.url.startsWith('/platform'));
 */
export async function registerSecurityHeaders(
  app: FastifyInstance,
  config: SecurityHeaderConfig,
  appliesTo: (request: FastifyRequest) => boolean = () => true,
  connectTo?: () => Promise<readonly string[]>,
  scriptHashes: readonly string[] = [],
): Promise<void> {
  // Not global: the platform API and other JSON back ends keep their own headers.
  await app.register(fastifyHelmet, { ...securityHeaderOptions(config, { scriptHashes }), global: false });
  // The options per list of extra origins, built once per change of the list rather than per request.
  let built: { key: string; plain: FastifyHelmetOptions | undefined; framed: FastifyHelmetOptions } | undefined;
  const optionsFor = (origins: readonly string[]) => {
    const key = origins.join(' ');
    if (built?.key !== key) {
      built = {
        key,
        plain: origins.length === 0 ? undefined : securityHeaderOptions(config, { connectTo: origins, scriptHashes }),
        framed: securityHeaderOptions(config, { framedBySelf: true, connectTo: origins, scriptHashes }),
      };
    }
    return built;
  };
  app.addHook('onRequest', async (request, reply) => {
    if (!appliesTo(request)) return;
    const options = optionsFor(connectTo ? await connectTo() : []);
    const pathname = request.url.split('?')[0] ?? '/';
    reply.helmet(SELF_FRAMED_PATHS.includes(pathname) ? options.framed : options.plain);
  });
}
