import { useQuery } from '@tanstack/react-query';
import { usePortalContext } from '@/app/portal/portal-context';
import { getOperation } from '@/description/api-model';
import type { CatalogueCollection } from '../catalogue/catalogue';
import { apiPathParams, type RouteParams } from '../catalogue/resolve-path';
import { useAdminApi, type Item } from './admin-api';

/** The query key of one item, shared by headers, breadcrumbs and the detail form so each item loads once. */
export function itemQueryKey(marketplaceId: string, operationId: string, params: RouteParams): unknown[] {
  return ['platform', marketplaceId, 'item', operationId, params];
}

/** One item of a collection through its Get operation; idle without an id (a new item). */
export function useItem(collection: CatalogueCollection, params: RouteParams, itemId: string | null) {
  const api = useAdminApi();
  const { description, marketplace } = usePortalContext();
  const operation = collection.operations.get ? getOperation(description, collection.operations.get) : undefined;
  const itemParams = collection.itemParam && itemId !== null ? { ...params, [collection.itemParam]: itemId } : params;
  return useQuery<Item>({
    queryKey: itemQueryKey(marketplace.Id, operation?.id ?? '', itemParams),
    queryFn: ({ signal }) => {
      if (!operation) throw new Error(`${collection.label} cannot be read one by one.`);
      return api.get(operation, apiPathParams(collection, itemParams), signal);
    },
    enabled: operation !== undefined && itemId !== null,
    retry: false,
  });
}
