import type { FastifyInstance } from 'fastify';
import type { DeliverySource } from '@portal/contracts';
import { callerOf } from './auth.ts';
import { portalUserOf, type PortalUser } from './portal-user.ts';
import { forbidden } from './problems.ts';
import { listAnswer, optionalText, wholeNumber } from './route-schemas.ts';
import type { PortalServices } from './services.ts';
import { requireHosted } from './marketplace/require-hosted.ts';

/** Who may read which part of the delivery log: the people who may use the tool that sent it. */
const MAY_READ: Readonly<Record<DeliverySource, (user: PortalUser) => boolean>> = {
  Webhook: (user) => ['FullAccess', 'WebhookAdmin', 'WebhookReader'].some((role) => user.OcRoles.includes(role)),
  Sync: (user) => user.ScPermissionGrants.SyncAdmin,
  StagingRestore: (user) => user.ScPermissionGrants.StagingRestoreAdmin,
};

/**
 * `GET /deliveries?source=Webhook|Sync|StagingRestore&sourceID=&page=&pageSize=`: the marketplace's
 * delivery log (newest first, each delivery with its attempts) for the tool pages. Webhook
 * deliveries need a platform role that reads webhooks; syncs need SyncAdmin; post-restore
 * notifications need StagingRestoreAdmin.
 */
export function registerDeliveryRoutes(app: FastifyInstance, services: PortalServices): void {
  const { db, platform } = services;
  app.get<{ Querystring: { source: DeliverySource; sourceID?: string; page?: number; pageSize?: number } }>(
    '/deliveries',
    {
      preHandler: requireHosted(services, 'The delivery log'),
      schema: {
        querystring: {
          type: 'object',
          required: ['source'],
          properties: {
            source: { type: 'string', enum: Object.keys(MAY_READ) },
            sourceID: optionalText(),
            page: wholeNumber(1, 10_000),
            pageSize: wholeNumber(1, 100),
          },
        },
        response: { 200: listAnswer },
      },
    },
    async (request) => {
      const caller = callerOf(request);
      const { source, sourceID, page, pageSize } = request.query;
      if (!MAY_READ[source](await portalUserOf(db, caller))) {
        throw forbidden('You are not authorized to view these deliveries.');
      }
      return platform.listDeliveries(caller.tenantName, {
        source,
        ...(sourceID?.trim() ? { sourceID: sourceID.trim() } : {}),
        ...(page ? { page: String(page) } : {}),
        ...(pageSize ? { pageSize: String(pageSize) } : {}),
      });
    },
  );
}
