import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/database.ts';
import { validation } from '../engine/errors.ts';
import type { BuildQueue } from '../search/jobs.ts';
import { listIndexErrors, listIndexes, requireIndexType } from '../search/listing.ts';
import { isSearchIndexType, SEARCH_INDEX_TYPES } from '../search/model.ts';
import { requestRebuild } from '../search/rebuild.ts';

export interface SearchRouteDeps {
  db: Db;
  buildQueue?: BuildQueue | undefined;
  /** 404 NotFound unless the marketplace exists. */
  requireMarketplace(id: string): Promise<unknown>;
}

/**
 * Search index status, errors and rebuild for the portal service (ARCHITECTURE §4.6):
 * `GET .../searchindexes?type=`, `GET .../searchindexes/{id}/errors`, `POST .../searchindexes/{id}/rebuild`.
 */
export function registerSearchIndexRoutes(app: FastifyInstance, deps: SearchRouteDeps): void {
  const { db } = deps;
  const base = '/marketplaces/:marketplaceID/searchindexes';

  app.get<{ Params: { marketplaceID: string }; Querystring: { type?: unknown } }>(base, async (request) => {
    await deps.requireMarketplace(request.params.marketplaceID);
    const { type } = request.query;
    if (!isSearchIndexType(type)) {
      throw validation(`type must be one of ${SEARCH_INDEX_TYPES.join(', ')}.`, { Property: 'type' });
    }
    return { SearchIndexes: await listIndexes(db, request.params.marketplaceID, type) };
  });

  app.get<{ Params: { marketplaceID: string; indexID: string } }>(`${base}/:indexID/errors`, async (request) => {
    await deps.requireMarketplace(request.params.marketplaceID);
    const { marketplaceID, indexID } = request.params;
    const type = await requireIndexType(db, marketplaceID, indexID);
    return { IndexID: indexID, Type: type, SearchIndexErrors: await listIndexErrors(db, marketplaceID, indexID) };
  });

  app.post<{ Params: { marketplaceID: string; indexID: string } }>(
    `${base}/:indexID/rebuild`,
    async (request, reply) => {
      await deps.requireMarketplace(request.params.marketplaceID);
      // Asked for by a portal user with the permission; the portal service checked it and the captcha.
      const created = await requestRebuild(db, request.params.marketplaceID, request.params.indexID);
      await deps.buildQueue?.(created.IndexID);
      return reply.code(202).send(created);
    },
  );
}
