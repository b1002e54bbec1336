import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { canCall } from '@/access/access';
import { usePortalContext } from '@/app/portal/portal-context';
import { getOperation, type ApiOperation } from '@/description/api-model';
import { useAdminApi, type AdminApi, type Item } from '../lib/admin-api';
import { pageScheduleIds } from './merchandise-values';

// PAGE PRICES
// A products page shows 20 prices without 20 requests: the default schedules of the whole page come back from ONE
// price schedule list call, `ID=a|b|c` (the platform's OR syntax). Inventory and pictures are on the products.

export const PRICE_SCHEDULES_LIST = 'PriceSchedules.List';

/** The platform's largest page: a page of products never names more schedules than this. */
const MAX_PAGE_SIZE = 100;

/**
 * The schedules with these IDs, by ID, in one list call (none when there are no IDs).
 *
 * @example
 * await fetchSchedulesById(api, listOperation, ['PS-1', 'PS-2']); // GET /v1/priceschedules?ID=PS-1|PS-2&pageSize=2
 */
export async function fetchSchedulesById(
  api: AdminApi,
  listOperation: ApiOperation,
  ids: readonly string[],
  signal?: AbortSignal,
): Promise<ReadonlyMap<string, Item>> {
  const asked = ids.slice(0, MAX_PAGE_SIZE);
  if (asked.length === 0) return new Map();
  const page = await api.list(listOperation, {}, { ID: asked.join('|'), pageSize: asked.length }, signal);
  return new Map(page.Items.flatMap((schedule) => (typeof schedule.ID === 'string' ? [[schedule.ID, schedule]] : [])));
}

/** The price schedule list operation when the user's roles may call it; prices are not offered otherwise. */
export function usePriceScheduleList(): ApiOperation | null {
  const { description, roles } = usePortalContext();
  const operation = getOperation(description, PRICE_SCHEDULES_LIST);
  return operation && canCall(roles, operation) ? operation : null;
}

/**
 * The default schedules of a page of products. Keyed under the lists' own query key, so saving any item (a price
 * schedule too) refreshes the prices with the lists.
 */
export function usePagePriceSchedules(products: readonly Item[], enabled: boolean) {
  const { marketplace } = usePortalContext();
  const api = useAdminApi();
  const listOperation = usePriceScheduleList();
  const ids = useMemo(() => pageScheduleIds(products), [products]);
  const query = useQuery({
    queryKey: ['platform', marketplace.Id, 'list', PRICE_SCHEDULES_LIST, 'by-id', ids],
    queryFn: ({ signal }) =>
      listOperation ? fetchSchedulesById(api, listOperation, ids, signal) : Promise.resolve(new Map<string, Item>()),
    enabled: enabled && listOperation !== null && ids.length > 0,
    staleTime: 30_000,
    retry: false,
  });
  return { schedules: query.data, isPending: query.isPending && query.fetchStatus !== 'idle', error: query.error };
}
