import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/database.ts';
import { parseChangeQuery, readChanges } from '../history/read.ts';

export interface ChangeHistoryRouteDeps {
  db: Db;
  /** 404 NotFound unless the marketplace exists. */
  requireMarketplace(id: string): Promise<unknown>;
}

/**
 * The change history for the portal service (issue 23): one keyset page of a marketplace's records, newest first,
 * filtered by the ChangeHistoryQuery's names. Read-only: no route of any API updates or deletes a record.
 */
export function registerChangeHistoryRoutes(app: FastifyInstance, deps: ChangeHistoryRouteDeps): void {
  app.get<{ Params: { marketplaceID: string }; Querystring: Record<string, unknown> }>(
    '/marketplaces/:marketplaceID/changes',
    async (request) => {
      const query = parseChangeQuery(request.query);
      await deps.requireMarketplace(request.params.marketplaceID);
      return readChanges(deps.db, request.params.marketplaceID, query);
    },
  );
}
