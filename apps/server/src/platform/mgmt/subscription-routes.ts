import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/database.ts';
import type { SubscriptionRunQueue } from '../subscriptions/jobs.ts';
import { listRuns, requestManualRun } from '../subscriptions/runs.ts';

export interface SubscriptionRouteDeps {
  db: Db;
  runQueue?: SubscriptionRunQueue | undefined;
  /** 404 NotFound unless the marketplace exists. */
  requireMarketplace(id: string): Promise<unknown>;
}

/**
 * The subscription job for the portal service (ARCHITECTURE §4.6): `POST .../subscriptions/runs`
 * queues a manual run within the hourly limit (202 with HourlyJobsRemaining), `GET` lists recent runs.
 */
export function registerSubscriptionRoutes(app: FastifyInstance, deps: SubscriptionRouteDeps): void {
  const path = '/marketplaces/:marketplaceID/subscriptions/runs';

  app.post<{ Params: { marketplaceID: string } }>(path, async (request, reply) => {
    await deps.requireMarketplace(request.params.marketplaceID);
    const by = (request.body as { RequestedBy?: unknown } | undefined)?.RequestedBy;
    const result = await requestManualRun(
      deps.db,
      request.params.marketplaceID,
      typeof by === 'string' && by.length <= 200 ? by : null,
    );
    await deps.runQueue?.(result.RunID);
    return reply.code(202).send(result);
  });

  app.get<{ Params: { marketplaceID: string } }>(path, async (request) => {
    await deps.requireMarketplace(request.params.marketplaceID);
    return listRuns(deps.db, request.params.marketplaceID);
  });
}
