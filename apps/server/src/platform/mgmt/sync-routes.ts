import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/database.ts';
import { notFound, validation } from '../engine/errors.ts';
import type { SyncQueue } from '../sync/jobs.ts';
import { entitySyncModels } from '../sync/metadata.ts';
import { entitySyncRequest, orderSyncRequest, productSyncRequest, type SyncRequest } from '../sync/requests.ts';
import { getSyncRun, listSyncRuns, startSync } from '../sync/runs.ts';

export interface SyncRouteDeps {
  db: Db;
  syncQueue?: SyncQueue | undefined;
  /** 404 NotFound unless the marketplace exists. */
  requireMarketplace(id: string): Promise<unknown>;
}

type Params = { marketplaceID: string };

/** Who asked (the portal passes the portal user's e-mail), for the run's record. */
function requestedBy(body: unknown): string | null {
  const value = typeof body === 'object' && body !== null ? (body as { RequestedBy?: unknown }).RequestedBy : undefined;
  return typeof value === 'string' && value.length <= 200 ? value : null;
}

const KINDS = ['Product', 'Order', 'Entity'];

/**
 * Syncs for the portal service (ARCHITECTURE §4.6): entity sync metadata, starting product, order
 * and entity syncs (202 with the queued run), and the runs with their delivery counts.
 */
export function registerSyncRoutes(app: FastifyInstance, deps: SyncRouteDeps): void {
  const { db } = deps;
  const base = '/marketplaces/:marketplaceID';

  async function start(marketplaceId: string, request: SyncRequest, body: unknown) {
    const run = await startSync(db, marketplaceId, request, requestedBy(body));
    await deps.syncQueue?.(run.ID);
    return run;
  }

  app.get<{ Params: Params }>(`${base}/entitysyncmetadata`, async (request) => {
    await deps.requireMarketplace(request.params.marketplaceID);
    return { EntitySyncModels: entitySyncModels() };
  });

  app.post<{ Params: Params }>(`${base}/syncs/catalog`, async (request, reply) => {
    const id = request.params.marketplaceID;
    await deps.requireMarketplace(id);
    const sync = await productSyncRequest(db, id, request.body);
    return reply.code(202).send(await start(id, sync, request.body));
  });

  app.post<{ Params: Params }>(`${base}/syncs/orders`, async (request, reply) => {
    const id = request.params.marketplaceID;
    await deps.requireMarketplace(id);
    return reply.code(202).send(await start(id, orderSyncRequest(request.body), request.body));
  });

  app.post<{ Params: Params & { entity: string } }>(`${base}/syncs/entities/:entity`, async (request, reply) => {
    const id = request.params.marketplaceID;
    await deps.requireMarketplace(id);
    const sync = await entitySyncRequest(db, id, request.params.entity, request.body);
    return reply.code(202).send(await start(id, sync, request.body));
  });

  app.get<{ Params: Params; Querystring: { kind?: string; pageSize?: string } }>(`${base}/syncs`, async (request) => {
    await deps.requireMarketplace(request.params.marketplaceID);
    const { kind, pageSize } = request.query;
    if (kind !== undefined && !KINDS.includes(kind)) {
      throw validation(`kind must be one of ${KINDS.join(', ')}.`, { Property: 'kind' });
    }
    const limit = pageSize === undefined ? 10 : Number(pageSize);
    if (!Number.isInteger(limit) || limit < 1 || limit > 100) {
      throw validation('pageSize must be a whole number from 1 to 100.', { Property: 'pageSize' });
    }
    return { Items: await listSyncRuns(db, request.params.marketplaceID, kind, limit) };
  });

  app.get<{ Params: Params & { runID: string } }>(`${base}/syncs/:runID`, async (request) => {
    await deps.requireMarketplace(request.params.marketplaceID);
    const run = await getSyncRun(db, request.params.marketplaceID, request.params.runID);
    if (!run) throw notFound('SyncRun', request.params.runID);
    return run;
  });
}
