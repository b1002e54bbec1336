import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/database.ts';
import { validation } from '../engine/errors.ts';
import { listDeliveries } from '../delivery/log.ts';

export interface DeliveryRouteDeps {
  db: Db;
  /** 404 NotFound unless the marketplace exists. */
  requireMarketplace(id: string): Promise<unknown>;
}

const SOURCES = ['Webhook', 'Sync', 'StagingRestore'];

function whole(value: unknown, name: string, fallback: number, max: number): number {
  if (value === undefined || value === '') return fallback;
  const number = Number(value);
  if (!Number.isInteger(number) || number < 1 || number > max) {
    throw validation(`${name} must be a whole number from 1 to ${max}.`, { Property: name });
  }
  return number;
}

/** The delivery log of a marketplace (ARCHITECTURE §4.6): `GET .../deliveries?source=&sourceID=&page=&pageSize=`. */
export function registerDeliveryRoutes(app: FastifyInstance, deps: DeliveryRouteDeps): void {
  app.get<{ Params: { marketplaceID: string }; Querystring: Record<string, string | undefined> }>(
    '/marketplaces/:marketplaceID/deliveries',
    async (request) => {
      await deps.requireMarketplace(request.params.marketplaceID);
      const { source, sourceID, page, pageSize } = request.query;
      if (source !== undefined && !SOURCES.includes(source)) {
        throw validation(`source must be one of ${SOURCES.join(', ')}.`, { Property: 'source' });
      }
      return listDeliveries(deps.db, request.params.marketplaceID, {
        source,
        sourceId: sourceID || undefined,
        page: whole(page, 'page', 1, 10_000),
        pageSize: whole(pageSize, 'pageSize', 20, 100),
      });
    },
  );
}
