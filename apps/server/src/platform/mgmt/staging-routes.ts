import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/database.ts';
import {
  deleteStagingWebhook,
  notifyStagingWebhook,
  requireStaging,
  requireStagingWebhook,
  saveStagingWebhook,
} from '../delivery/staging-webhook.ts';
import { validation } from '../engine/errors.ts';
import { restoreStaging } from '../staging/restore.ts';

export interface StagingRouteDeps {
  db: Db;
  /** 404 NotFound unless the marketplace exists. */
  requireMarketplace(id: string): Promise<unknown>;
}

/**
 * The post-restore webhook of a Staging marketplace (ARCHITECTURE §4.6): GET (404 while none is
 * saved), PUT, DELETE, and POST `/test` sending a signed sample now (answers the delivery). Other
 * environments get a 404.
 */
export function registerStagingRoutes(app: FastifyInstance, deps: StagingRouteDeps): void {
  const path = '/marketplaces/:marketplaceID/stagingrestorewebhook';
  type Params = { Params: { marketplaceID: string } };

  async function staging(id: string) {
    await deps.requireMarketplace(id);
    await requireStaging(deps.db, id);
  }

  app.get<Params>(path, async (request) => {
    await staging(request.params.marketplaceID);
    return requireStagingWebhook(deps.db, request.params.marketplaceID);
  });

  app.put<Params>(path, async (request) => {
    await staging(request.params.marketplaceID);
    return saveStagingWebhook(deps.db, request.params.marketplaceID, request.body);
  });

  app.delete<Params>(path, async (request, reply) => {
    await staging(request.params.marketplaceID);
    await deleteStagingWebhook(deps.db, request.params.marketplaceID);
    return reply.code(204).send();
  });

  app.post<Params>(`${path}/test`, async (request) => {
    const id = request.params.marketplaceID;
    await staging(id);
    return notifyStagingWebhook(deps.db, id, {
      Event: 'StagingRestoreCompleted',
      Test: true,
      MarketplaceID: id,
      SourceMarketplaceID: null,
      Date: new Date().toISOString(),
    });
  });

  // The restore now: the caller names the Production marketplace (the platform does not know organizations;
  // the portal finds it among the organization's tenants). Both marketplaces' environments are checked inside.
  app.post<Params & { Body: { SourceMarketplaceID?: unknown } }>(
    '/marketplaces/:marketplaceID/stagingrestore',
    async (request) => {
      const source = request.body?.SourceMarketplaceID;
      if (typeof source !== 'string' || source === '') {
        throw validation('SourceMarketplaceID is required.', { Property: 'SourceMarketplaceID' });
      }
      await deps.requireMarketplace(request.params.marketplaceID);
      await deps.requireMarketplace(source);
      return restoreStaging(deps.db, request.params.marketplaceID, source);
    },
  );
}
