import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ReceivedKind, ReceivedList } from '@portal/contracts';
import { callerOf, type PortalCaller } from '../portal/auth.ts';
import { portalUserOf, type PortalUser } from '../portal/portal-user.ts';
import { badRequest, forbidden, notFound } from '../portal/problems.ts';
import { queryInteger, type PortalServices, type RawQuery } from '../portal/services.ts';
import { getReceived, listReceived, RECEIVED_KEPT } from './received.ts';
import { receiverEndpoint } from './signing-key.ts';

export const RECEIVER_NOT_AUTHORIZED =
  'You are not authorized to view the deliveries the receiver got. Please contact your organization administrator to adjust your permissions.';

/**
 * Which kinds a user may read, by the rule of the delivery log (routes-deliveries.ts): the people who may use the
 * tool that sent it. Syncs (and bodies of no known kind) for SyncAdmin, webhook calls (which carry the caller's
 * token) for platform roles that read webhooks, post-restore notifications for StagingRestoreAdmin.
 */
export function readableKinds(user: PortalUser): ReceivedKind[] {
  const kinds: ReceivedKind[] = [];
  if (user.ScPermissionGrants.SyncAdmin) kinds.push('Sync', 'Other');
  if (['FullAccess', 'WebhookAdmin', 'WebhookReader'].some((role) => user.OcRoles.includes(role)))
    kinds.push('Webhook');
  if (user.ScPermissionGrants.StagingRestoreAdmin) kinds.push('StagingRestore');
  return kinds;
}

/**
 * The inspector's portal routes (self-service, beside the sync tools): `GET /receiver/requests` lists what the
 * demo receiver (receiver/part.ts) accepted for the caller's marketplace, newest first, without bodies;
 * `GET /receiver/requests/{id}` is one with its headers and body. Both need SyncAdmin, enforced here.
 */
export function registerReceiverInspectRoutes(app: FastifyInstance, { db }: Pick<PortalServices, 'db'>): void {
  async function allowed(request: FastifyRequest): Promise<{ caller: PortalCaller; kinds: ReceivedKind[] }> {
    const caller = callerOf(request);
    const user = await portalUserOf(db, caller);
    if (!user.ScPermissionGrants.SyncAdmin) throw forbidden(RECEIVER_NOT_AUTHORIZED);
    return { caller, kinds: readableKinds(user) };
  }

  app.get<{ Querystring: RawQuery }>('/receiver/requests', async (request): Promise<ReceivedList> => {
    const { caller, kinds } = await allowed(request);
    const limit = queryInteger(request.query, 'limit', 1, RECEIVED_KEPT) ?? 50;
    const before = queryInteger(request.query, 'before', 1, Number.MAX_SAFE_INTEGER);
    const items = await listReceived(db, caller.tenantName, kinds, { limit, ...(before ? { before } : {}) });
    return {
      Items: items,
      Meta: { ReceiverUrl: receiverEndpoint(app.config.publicUrl, caller.tenantName), Kept: RECEIVED_KEPT },
    };
  });

  app.get<{ Params: { id: string } }>('/receiver/requests/:id', async (request) => {
    const { caller, kinds } = await allowed(request);
    const id = Number(request.params.id);
    if (!/^\d{1,15}$/.test(request.params.id) || !Number.isSafeInteger(id)) {
      throw badRequest('The id of a received request is a whole number.', [
        { field: 'id', message: 'The id of a received request is a whole number.' },
      ]);
    }
    const received = await getReceived(db, caller.tenantName, kinds, id);
    if (!received)
      throw notFound(
        `The receiver has no request ${id} in this marketplace (only the newest ${RECEIVED_KEPT} are kept).`,
      );
    return received;
  });
}
