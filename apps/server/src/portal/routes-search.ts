import { SEARCH_DEFAULT_LIMIT, SEARCH_MAX_LIMIT, SEARCH_QUERY_MAX_LENGTH, type SearchAnswer } from '@portal/contracts';
import type { FastifyInstance } from 'fastify';
import { callerOf } from './auth.ts';
import { marketplaceFor } from './marketplace/resolve.ts';
import { portalUserOf } from './portal-user.ts';
import { passedOn, requiredText, wholeNumber } from './route-schemas.ts';
import { searchableKinds } from './search/kinds.ts';
import { KIND_TIME_BOX_MS, runSearch } from './search/run-search.ts';
import { createSearchReaders } from './search/search-readers.ts';
import type { PortalServices } from './services.ts';

export interface SearchRouteOptions {
  /** How long one kind may take (default 2 s); tests make it short. */
  timeBoxMs?: number;
}

/**
 * `GET /search?q=&limit=` (issue 24, the command palette): the caller's marketplace searched with the caller's own
 * platform roles, every kind they may read at once, hosted and connected alike.
 */
export function registerSearchRoutes(app: FastifyInstance, services: PortalServices, options: SearchRouteOptions = {}) {
  const timeBoxMs = options.timeBoxMs ?? KIND_TIME_BOX_MS;
  const readers = createSearchReaders({ policy: services.privateAddresses, timeBoxMs });

  app.get<{ Querystring: { q: string; limit?: number } }>(
    '/search',
    {
      schema: {
        querystring: {
          type: 'object',
          required: ['q'],
          properties: {
            q: requiredText(SEARCH_QUERY_MAX_LENGTH),
            limit: wholeNumber(1, SEARCH_MAX_LIMIT),
          },
        },
        response: { 200: passedOn },
      },
    },
    async (request): Promise<SearchAnswer> => {
      const caller = callerOf(request);
      const [user, marketplace] = await Promise.all([
        portalUserOf(services.db, caller),
        marketplaceFor(services, caller),
      ]);
      const kinds = searchableKinds(user.OcRoles);
      if (kinds.length === 0) return { Groups: [], TimedOut: [], Failed: [] };
      const read = await readers.readerFor(marketplace, caller, user.OcRoles);
      return runSearch({
        kinds,
        query: request.query.q.trim(),
        limit: request.query.limit ?? SEARCH_DEFAULT_LIMIT,
        roles: user.OcRoles,
        read,
        timeBoxMs,
        onKindError: (kind, error) => request.log.warn({ err: error, kind }, 'a palette search kind failed'),
      });
    },
  );
}
