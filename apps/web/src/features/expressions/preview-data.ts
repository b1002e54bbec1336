import { categoriesWithAncestors } from '@portal/expressions';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { usePortalContext } from '@/app/portal/portal-context';
import { requireOperation, type ApiDescription, type ApiOperation } from '@/description/api-model';
import { useAdminApi, type AdminApi, type Item } from '../admin/lib/admin-api';
import type { PreviewSubject } from './preview-evaluate';

// LIVE PREVIEW (data)
// The order as the platform's rules see it: the order, its line items (each with its Product), and the
// categories each product is assigned to in any catalog (for incategory), and those with their ancestors in that
// catalog (for inparentcategory). Read through the marketplace's API
// with the signed-in developer's token; orders are the marketplace's incoming ones.

const DIRECTION = 'Incoming';

/** How many orders the preview's order picker offers at a time (the newest, or the newest that match a search). */
export const PREVIEW_ORDER_PAGE_SIZE = 20;

/**
 * Orders to preview on, newest first: the latest ones, or with `search` any order of the marketplace whose ID or
 * buyer matches (the platform searches every page, not only the newest).
 */
export function usePreviewOrders(search: string, enabled = true) {
  const api = useAdminApi();
  const { description, marketplace } = usePortalContext();
  const text = search.trim();
  return useQuery({
    queryKey: ['platform', marketplace.Id, 'expression-preview', 'orders', text],
    enabled,
    placeholderData: keepPreviousData,
    queryFn: async ({ signal }) => {
      const list = requireOperation(description, 'Orders.List');
      const query = { pageSize: PREVIEW_ORDER_PAGE_SIZE, sortBy: '!DateCreated', ...(text ? { search: text } : {}) };
      return api.list(list, { direction: DIRECTION }, query, signal);
    },
  });
}

/** Every item of a list, page by page (a catalog's categories may fill more than one page). */
async function listAll(
  api: AdminApi,
  operation: ApiOperation,
  params: Record<string, string>,
  query: Record<string, string | number>,
  signal: AbortSignal,
): Promise<Item[]> {
  const items: Item[] = [];
  for (let page = 1; ; page += 1) {
    const answer = await api.list(operation, params, { ...query, page, pageSize: 100 }, signal);
    items.push(...answer.Items);
    if (page >= answer.Meta.TotalPages) return items;
  }
}

interface PreviewCategories {
  direct: Map<string, string[]>;
  withAncestors: Map<string, string[]>;
}

const append = (map: Map<string, string[]>, key: string, values: readonly string[]) =>
  map.set(key, [...new Set([...(map.get(key) ?? []), ...values])]);

async function categoriesOf(
  api: AdminApi,
  description: ApiDescription,
  productIds: readonly string[],
  signal: AbortSignal,
): Promise<PreviewCategories> {
  const found: PreviewCategories = { direct: new Map(), withAncestors: new Map() };
  if (productIds.length === 0) return found;
  const catalogs = await api.list(requireOperation(description, 'Catalogs.List'), {}, { pageSize: 100 }, signal);
  const assignments = requireOperation(description, 'Categories.ListProductAssignments');
  for (const catalog of catalogs.Items) {
    const catalogID = String(catalog.ID);
    const links = new Map<string, string[]>();
    for (const productId of productIds) {
      const page = await api.list(assignments, { catalogID }, { productID: productId, pageSize: 100 }, signal);
      if (page.Items.length > 0)
        links.set(
          productId,
          page.Items.map((link) => String(link.CategoryID)),
        );
    }
    if (links.size === 0) continue;
    // Category IDs are unique only within a catalog: ancestors are walked in the catalog of the link.
    const categories = await listAll(
      api,
      requireOperation(description, 'Categories.List'),
      { catalogID },
      { depth: 'all' },
      signal,
    );
    const parentOf = new Map(
      categories.map((category) => [
        String(category.ID),
        typeof category.ParentID === 'string' && category.ParentID !== '' ? category.ParentID : null,
      ]),
    );
    for (const [productId, ids] of links) append(found.direct, productId, ids);
    for (const [productId, ids] of categoriesWithAncestors(links, parentOf))
      append(found.withAncestors, productId, ids);
  }
  return found;
}

/** Everything the rules of one order look at, read through the marketplace's API. */
export async function readPreviewSubject(
  api: AdminApi,
  description: ApiDescription,
  orderId: string,
  signal: AbortSignal,
): Promise<PreviewSubject> {
  const params = { direction: DIRECTION, orderID: orderId };
  const order = await api.get(requireOperation(description, 'Orders.Get'), params, signal);
  const lines = await api.list(requireOperation(description, 'LineItems.List'), params, { pageSize: 100 }, signal);
  const items: Item[] = lines.Items;
  const productIds = [...new Set(items.map((item) => item.ProductID).filter((id) => typeof id === 'string'))];
  const categories = await categoriesOf(api, description, productIds as string[], signal);
  return { order, items, categories, now: new Date() };
}

/** Everything the rules of one order look at, or nothing while no order is chosen. */
export function usePreviewSubject(orderId: string | null) {
  const api = useAdminApi();
  const { description, marketplace } = usePortalContext();
  return useQuery({
    queryKey: ['platform', marketplace.Id, 'expression-preview', 'subject', orderId],
    enabled: orderId !== null,
    queryFn: ({ signal }) => readPreviewSubject(api, description, orderId ?? '', signal),
  });
}
