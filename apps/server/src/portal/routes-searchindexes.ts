import type { FastifyInstance } from 'fastify';
import { callerOf } from './auth.ts';
import { captchaToken, type Captcha } from './captcha.ts';
import type { MgmtSearchIndex } from './platform-client.ts';
import { portalUserOf, type PortalUser } from './portal-user.ts';
import { badRequest, forbidden } from './problems.ts';
import { queryText, type PortalServices, type RawQuery } from './services.ts';

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

function indexType(query: RawQuery): IndexType {
  const type = queryText(query, 'type');
  if (type !== 'Products' && type !== 'Orders') {
    const message = 'type must be Products or Orders.';
    throw badRequest(message, [{ field: 'type', message }]);
  }
  return type;
}

/**
 * `GET /searchindexes?type=`, `GET /searchindexes/{id}/errors` and `POST /searchindexes/{id}/rebuild`
 * (spec 1 §7). Viewing needs IndexAdmin or a platform role for the type; rebuilding needs IndexAdmin
 * (the flag the spec leaves unnamed) and a captcha solved for this request; the platform counts the limits.
 */
export function registerSearchIndexRoutes(
  app: FastifyInstance,
  { db, platform }: PortalServices,
  captcha: Captcha,
): void {
  app.get<{ Querystring: RawQuery }>('/searchindexes', async (request) => {
    const caller = callerOf(request);
    const type = indexType(request.query);
    if (!mayView(await portalUserOf(db, caller), type)) throw forbidden(NOT_AUTHORIZED);
    return platform.listSearchIndexes(caller.tenantName, type);
  });

  app.get<{ Params: { id: string } }>('/searchindexes/:id/errors', async (request) => {
    const caller = callerOf(request);
    const user = await portalUserOf(db, caller);
    // Nothing about an index is shown, not even whether it exists, to someone who may view no index.
    if (!mayView(user, 'Products') && !mayView(user, 'Orders')) throw forbidden(NOT_AUTHORIZED);
    const errors = await platform.listSearchIndexErrors(caller.tenantName, request.params.id);
    if (!mayView(user, errors.Type)) throw forbidden(NOT_AUTHORIZED);
    return { SearchIndexErrors: errors.SearchIndexErrors };
  });

  app.post<{ Params: { id: string } }>('/searchindexes/:id/rebuild', async (request, reply) => {
    const caller = callerOf(request);
    const user = await portalUserOf(db, caller);
    if (!user.ScPermissionGrants.IndexAdmin) {
      throw forbidden('Rebuilding a search index needs the IndexAdmin permission of a role group.');
    }
    const body = request.body as { id?: unknown } | undefined;
    if (body?.id !== undefined && body.id !== caller.subject) {
      throw badRequest("id must be the signed-in user's subject.", [
        { field: 'id', message: 'Not the signed-in user.' },
      ]);
    }
    await captcha.verifyOnce(captchaToken(request.body));
    const created = await platform.rebuildSearchIndex(caller.tenantName, request.params.id);
    request.log.info({ indexId: created.IndexID, by: caller.subject }, 'search index rebuild started');
    return reply.code(202).send(created);
  });

  // The challenge the captcha widget solves before a self-service trigger.
  app.get('/captcha/challenge', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
    return captcha.challenge();
  });
}
