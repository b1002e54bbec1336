import { queryOptions } from '@tanstack/react-query';
import type { ApiDescription } from './api-model';
import { loadDescription, type LoadDescriptionOptions } from './description-cache';
import { buildApiDescription } from './index-description';

/**
 * Loads (cache or network), dereferences and indexes a platform's API description: the whole pipeline.
 *
 * @example
 * const api = await loadApiDescription({ baseUrl: marketplace.CoreApiUrl, fetchJson: platform.getJson });
 */
export async function loadApiDescription(options: LoadDescriptionOptions): Promise<ApiDescription> {
  const { document } = await loadDescription(options);
  return buildApiDescription(document);
}

/**
 * Query options for the render gate: one load per base URL for the life of the page, since a new platform
 * build is only picked up on the next page load (when `/env` reports it).
 *
 * @example
 * const { data: api } = useQuery(apiDescriptionQueryOptions({ baseUrl, fetchJson }));
 */
export function apiDescriptionQueryOptions(options: LoadDescriptionOptions) {
  return queryOptions({
    queryKey: ['api-description', options.baseUrl.replace(/\/+$/, '')] as const,
    queryFn: () => loadApiDescription(options),
    staleTime: Infinity,
    gcTime: Infinity,
    // A document the portal cannot read will not become readable by asking again at once.
    retry: false,
  });
}
