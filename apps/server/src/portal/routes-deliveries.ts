import type { FastifyInstance } from 'fastify';
import type { DeliverySource } from '@portal/contracts';
import { callerOf } from './auth.ts';
import { portalUserOf, type PortalUser } from './portal-user.ts';
import { badRequest, forbidden } from './problems.ts';
import { queryInteger, queryText, type PortalServices, type RawQuery } from './services.ts';

/** Who may read which part of the delivery log: the people who may use the tool that sent it. */
const MAY_READ: Readonly<Record<DeliverySource, (user: PortalUser) => boolean>> = {
  Webhook: (user) => ['FullAccess', 'WebhookAdmin', 'WebhookReader'].some((role) => user.OcRoles.includes(role)),
  Sync: (user) => user.ScPermissionGrants.SyncAdmin,
  StagingRestore: (user) => user.ScPermissionGrants.StagingRestoreAdmin,
};

const isSource = (value: string | undefined): value is DeliverySource =>
  value !== undefined && Object.prototype.hasOwnProperty.call(MAY_READ, value);

/**
 * `GET /deliveries?source=Webhook|Sync|StagingRestore&sourceID=&page=&pageSize=`: the marketplace's
 * delivery log (newest first, each delivery with its attempts) for the tool pages. Webhook
 * deliveries need a platform role that reads webhooks; syncs need SyncAdmin; post-restore
 * notifications need StagingRestoreAdmin.
 */
export function registerDeliveryRoutes(app: FastifyInstance, { db, platform }: PortalServices): void {
  app.get<{ Querystring: RawQuery }>('/deliveries', async (request) => {
    const caller = callerOf(request);
    const source = queryText(request.query, 'source');
    if (!isSource(source)) {
      const message = 'source must be Webhook, Sync or StagingRestore.';
      throw badRequest(message, [{ field: 'source', message }]);
    }
    if (!MAY_READ[source](await portalUserOf(db, caller))) {
      throw forbidden('You are not authorized to view these deliveries.');
    }
    const sourceId = queryText(request.query, 'sourceID');
    const page = queryInteger(request.query, 'page', 1, 10_000);
    const pageSize = queryInteger(request.query, 'pageSize', 1, 100);
    return platform.listDeliveries(caller.tenantName, {
      source,
      ...(sourceId ? { sourceID: sourceId } : {}),
      ...(page ? { page: String(page) } : {}),
      ...(pageSize ? { pageSize: String(pageSize) } : {}),
    });
  });
}
