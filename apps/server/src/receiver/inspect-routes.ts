import type { FastifyInstance } from 'fastify';
import type { ReceivedKind, ReceivedList } from '@portal/contracts';
import { portalUserFrom, requireGrant } from '../portal/access.ts';
import { callerOf } from '../portal/auth.ts';
import { requireHosted } from '../portal/marketplace/require-hosted.ts';
import type { PortalUser } from '../portal/portal-user.ts';
import { notFound } from '../portal/problems.ts';
import { listAnswer, passedOn, wholeNumber } from '../portal/route-schemas.ts';
import type { PortalServices } from '../portal/services.ts';
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
export function registerReceiverInspectRoutes(
  app: FastifyInstance,
  services: Pick<PortalServices, 'db' | 'marketplaces'>,
): void {
  const { db } = services;
  void app.register(async (inspector) => {
    inspector.addHook('preHandler', requireHosted(services, 'The receiver inspector'));
    inspector.addHook('preHandler', requireGrant(db, 'SyncAdmin', RECEIVER_NOT_AUTHORIZED));

    inspector.get<{ Querystring: { limit?: number; before?: number } }>(
      '/receiver/requests',
      {
        schema: {
          querystring: {
            type: 'object',
            properties: { limit: wholeNumber(1, RECEIVED_KEPT), before: wholeNumber(1, Number.MAX_SAFE_INTEGER) },
          },
          response: { 200: listAnswer },
        },
      },
      async (request): Promise<ReceivedList> => {
        const marketplaceId = callerOf(request).tenantName;
        const kinds = readableKinds(portalUserFrom(request));
        const { limit = 50, before } = request.query;
        const items = await listReceived(db, marketplaceId, kinds, { limit, ...(before ? { before } : {}) });
        return {
          Items: items,
          Meta: { ReceiverUrl: receiverEndpoint(app.config.publicUrl, marketplaceId), Kept: RECEIVED_KEPT },
        };
      },
    );

    inspector.get<{ Params: { id: number } }>(
      '/receiver/requests/:id',
      {
        schema: {
          params: { type: 'object', required: ['id'], properties: { id: wholeNumber(1, Number.MAX_SAFE_INTEGER) } },
          response: { 200: passedOn },
        },
      },
      async (request) => {
        const marketplaceId = callerOf(request).tenantName;
        const { id } = request.params;
        const received = await getReceived(db, marketplaceId, readableKinds(portalUserFrom(request)), id);
        if (!received) {
          throw notFound(
            `The receiver has no request ${id} in this marketplace (only the newest ${RECEIVED_KEPT} are kept).`,
          );
        }
        return received;
      },
    );
  });
}
