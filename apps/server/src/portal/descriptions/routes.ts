import { preparedDescriptionPath, type PortalSession } from '@portal/contracts';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { callerOf } from '../auth.ts';
import { recordError } from '../connected/store.ts';
import { developerProfileOf } from '../developer-profile.ts';
import type { MarketplaceLink } from '../marketplace/link.ts';
import { guardedJson, marketplaceFor } from '../marketplace/resolve.ts';
import { OUTBOUND_TIMEOUT_MS } from '../platform-client.ts';
import { portalUserOf, type PortalUser } from '../portal-user.ts';
import { notFound, Problem } from '../problems.ts';
import { passedOn } from '../route-schemas.ts';
import { pickToken } from '../routes-me.ts';
import type { PortalServices } from '../services.ts';
import {
  buildNumberOf,
  createPreparedDescriptions,
  descriptionKey,
  type FetchPublicJson,
  type PreparedDescription,
} from './prepared-descriptions.ts';

/** A prepared description's URL never changes content, so browsers keep it for a year without asking again. */
const IMMUTABLE = 'public, max-age=31536000, immutable';

/**
 * `GET /session` (the render gate's one call: the portal user, the marketplace, the developer token and where the
 * marketplace's prepared description is) and `GET /descriptions/{key}/{build}.json` (that description). Both work
 * alike for a hosted and a connected marketplace: the description is the one of the caller's marketplace's API, at
 * the build its `/env` reports.
 */
export function registerSessionRoutes(app: FastifyInstance, services: PortalServices): void {
  const prepared = createPreparedDescriptions();
  const remoteJson = guardedJson(services.privateAddresses, OUTBOUND_TIMEOUT_MS);
  // A connected marketplace's failure here is noted on its row, as its other calls' are: when its tenant cannot
  // load (no build number, no description), the Marketplaces table says why (issue 21).
  const notingErrors =
    (id: string): FetchPublicJson =>
    async (url) => {
      try {
        return await remoteJson(url);
      } catch (error) {
        if (error instanceof Problem) await recordError(services.db, id, error.message).catch(() => undefined);
        throw error;
      }
    };
  // The hosted platform is ours and trusted; a connected marketplace is reached through the SSRF guards.
  const publicJsonOf = (marketplace: MarketplaceLink): FetchPublicJson =>
    marketplace.kind === 'Hosted' ? (url) => services.platform.getPublicJson(url) : notingErrors(marketplace.id);

  app.get(
    '/session',
    { schema: { response: { 200: passedOn } } },
    async (request): Promise<PortalSession<PortalUser>> => {
      const caller = callerOf(request);
      const [user, marketplace] = await Promise.all([
        portalUserOf(services.db, caller),
        marketplaceFor(services, caller),
      ]);
      // The token needs neither the marketplace's description nor its build: asked for at once, beside them.
      const minted = services.developerTokens.get(marketplace, {
        organizationId: caller.organizationId,
        username: caller.email,
        roles: user.OcRoles,
        profile: developerProfileOf(caller),
      });
      minted.catch(() => undefined);
      const info = await marketplace.describe();
      const reached = await Promise.all([minted, buildNumberOf(publicJsonOf(marketplace), info.CoreApiUrl)]).then(
        (values) => ({ values }),
        (error: unknown) => ({ error }),
      );
      if ('error' in reached) {
        // A connected marketplace that is down (or refuses the stored client) still opens: the frame and the
        // portal's own pages work, and each page that needs the platform shows why (issue 21). Our own hosted
        // platform failing is a fault of this service, answered as such.
        const { error } = reached;
        if (marketplace.kind === 'Connected' && error instanceof Problem && error.status >= 500) {
          return { Me: user, Marketplace: info, PlatformUnavailable: error.toJSON() };
        }
        throw error;
      }
      const [token, buildNumber] = reached.values;
      const key = descriptionKey(info.CoreApiUrl);
      // Prepared now, while the browser reads this answer, so its request for the description finds it ready.
      prepared.get(info.CoreApiUrl, buildNumber, publicJsonOf(marketplace)).catch((error: unknown) => {
        request.log.warn({ err: error }, 'preparing the API description failed; the description request will say why');
      });
      return {
        Me: user,
        Marketplace: info,
        DeveloperToken: pickToken(token),
        Description: { Key: key, BuildNumber: buildNumber, Url: preparedDescriptionPath(key, buildNumber) },
      };
    },
  );

  app.get<{ Params: { key: string; file: string } }>(
    '/descriptions/:key/:file',
    {
      schema: {
        params: {
          type: 'object',
          required: ['key', 'file'],
          properties: {
            key: { type: 'string', pattern: '^[0-9a-f]{16}$' },
            file: { type: 'string', pattern: '^[^/]{1,100}\\.json$' },
          },
        },
      },
    },
    async (request, reply) => {
      const caller = callerOf(request);
      const marketplace = await marketplaceFor(services, caller);
      const info = await marketplace.describe();
      // Only the caller's own marketplace API: the key is not a way to make the portal fetch any address.
      if (descriptionKey(info.CoreApiUrl) !== request.params.key) {
        throw notFound("This description is not your marketplace's.");
      }
      const buildNumber = request.params.file.slice(0, -'.json'.length);
      const fetchJson = publicJsonOf(marketplace);
      const current = await buildNumberOf(fetchJson, info.CoreApiUrl);
      // An immutable URL must never answer another build's content; an old build is gone once the API moved on.
      if (current !== buildNumber) {
        throw notFound(`The marketplace API is at build ${current} now, not ${buildNumber}: reload the portal.`);
      }
      return sendPrepared(request, reply, await prepared.get(info.CoreApiUrl, buildNumber, fetchJson));
    },
  );
}

/** Sends the pre-compressed body the client accepts (brotli, gzip, or none), marked immutable. */
async function sendPrepared(request: FastifyRequest, reply: FastifyReply, description: PreparedDescription) {
  const accepted = String(request.headers['accept-encoding'] ?? '');
  const [encoding, body] = /\bbr\b/.test(accepted)
    ? (['br', description.br] as const)
    : /\bgzip\b/.test(accepted)
      ? (['gzip', await description.gzip()] as const)
      : (['identity', description.json] as const);
  reply.header('cache-control', IMMUTABLE).header('vary', 'accept-encoding').type('application/json; charset=utf-8');
  // A set content-encoding tells the compression plugin the body is already encoded.
  if (encoding !== 'identity') reply.header('content-encoding', encoding);
  return reply.send(body);
}
