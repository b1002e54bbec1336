import type { FastifyInstance } from 'fastify';
import { portalUserFrom, requireGrant, requirePortalUser } from './access.ts';
import { callerOf } from './auth.ts';
import { acceptTrigger, type Captcha } from './captcha.ts';
import type { MgmtSearchIndex } from './platform-client.ts';
import type { PortalUser } from './portal-user.ts';
import { forbidden } from './problems.ts';
import { idParams, passedOn, triggerBody } from './route-schemas.ts';
import type { PortalServices } from './services.ts';
import { requireHosted } from './marketplace/require-hosted.ts';

type IndexType = MgmtSearchIndex['Type'];

/** Platform roles that may view a tab's indexes without IndexAdmin (spec 1 §6). */
const VIEW_ROLES: Readonly<Record<IndexType, readonly string[]>> = {
  Products: ['FullAccess', 'ProductReader', 'ProductAdmin'],
  Orders: ['FullAccess', 'OrderReader', 'OrderAdmin'],
};

const NOT_AUTHORIZED =
  'You are not authorized to view search indicies and errors. Please contact your organization administrator to adjust your permissions.';

function mayView(user: PortalUser, type: IndexType): boolean {
  return user.ScPermissionGrants.IndexAdmin || VIEW_ROLES[type].some((role) => user.OcRoles.includes(role));
}

/**
 * `GET /searchindexes?type=`, `GET /searchindexes/{id}/errors` and `POST /searchindexes/{id}/rebuild`
 * (spec 1 §7). Viewing needs IndexAdmin or a platform role for the type; rebuilding needs IndexAdmin
 * (the flag the spec leaves unnamed) and a captcha solved for this request; the platform counts the limits.
 */
export function registerSearchIndexRoutes(app: FastifyInstance, services: PortalServices, captcha: Captcha): void {
  const { db, platform } = services;
  const hostedOnly = requireHosted(services, 'Search index management');
  // Nothing about an index is shown, not even whether it exists, to someone who may view no index.
  void app.register(async (viewing) => {
    viewing.addHook('preHandler', hostedOnly);
    viewing.addHook(
      'preHandler',
      requirePortalUser(db, (user) => mayView(user, 'Products') || mayView(user, 'Orders'), NOT_AUTHORIZED),
    );

    viewing.get<{ Querystring: { type: IndexType } }>(
      '/searchindexes',
      {
        schema: {
          querystring: {
            type: 'object',
            required: ['type'],
            properties: { type: { type: 'string', enum: ['Products', 'Orders'] } },
          },
          response: { 200: passedOn },
        },
      },
      async (request) => {
        if (!mayView(portalUserFrom(request), request.query.type)) throw forbidden(NOT_AUTHORIZED);
        return platform.listSearchIndexes(callerOf(request).tenantName, request.query.type);
      },
    );

    viewing.get<{ Params: { id: string } }>(
      '/searchindexes/:id/errors',
      { schema: { params: idParams('id'), response: { 200: passedOn } } },
      async (request) => {
        const errors = await platform.listSearchIndexErrors(callerOf(request).tenantName, request.params.id);
        if (!mayView(portalUserFrom(request), errors.Type)) throw forbidden(NOT_AUTHORIZED);
        return { SearchIndexErrors: errors.SearchIndexErrors };
      },
    );
  });

  void app.register(async (rebuilding) => {
    rebuilding.addHook('preHandler', hostedOnly);
    rebuilding.addHook(
      'preHandler',
      requireGrant(db, 'IndexAdmin', 'Rebuilding a search index needs the IndexAdmin permission of a role group.'),
    );

    rebuilding.post<{ Params: { id: string }; Body: { id?: string } }>(
      '/searchindexes/:id/rebuild',
      { schema: { params: idParams('id'), body: triggerBody(), response: { 202: passedOn } } },
      async (request, reply) => {
        const caller = callerOf(request);
        await acceptTrigger(captcha, request.body, caller.subject);
        const created = await platform.rebuildSearchIndex(caller.tenantName, request.params.id);
        request.log.info({ indexId: created.IndexID, by: caller.subject }, 'search index rebuild started');
        return reply.code(202).send(created);
      },
    );
  });

  // The challenge the captcha widget solves before a self-service trigger.
  app.get('/captcha/challenge', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
    return captcha.challenge();
  });
}
