import { useQuery } from '@tanstack/react-query';
import { usePortalContext } from '@/app/portal/portal-context';
import { requireOperation } from '@/description/api-model';
import { useAdminApi, type AdminApi, type Item } from '../admin/lib/admin-api';
import type { PreviewSubject } from './preview-evaluate';

// LIVE PREVIEW (data)
// The order as the platform's rules see it: the order, its line items (each with its Product), and the
// categories each product is assigned to in any catalog (for incategory). Read through the marketplace's API
// with the signed-in developer's token; orders are the marketplace's incoming ones.

const DIRECTION = 'Incoming';

/** Recent orders to preview on, newest first. */
export function usePreviewOrders() {
  const api = useAdminApi();
  const { description, marketplace } = usePortalContext();
  return useQuery({
    queryKey: ['platform', marketplace.Id, 'expression-preview', 'orders'],
    queryFn: async ({ signal }) => {
      const list = requireOperation(description, 'Orders.List');
      const page = await api.list(list, { direction: DIRECTION }, { pageSize: 20, sortBy: '!DateCreated' }, signal);
      return page.Items;
    },
  });
}

async function categoriesOf(
  api: AdminApi,
  description: ReturnType<typeof usePortalContext>['description'],
  productIds: readonly string[],
  signal: AbortSignal,
): Promise<Map<string, string[]>> {
  const found = new Map<string, string[]>();
  if (productIds.length === 0) return found;
  const catalogs = await api.list(requireOperation(description, 'Catalogs.List'), {}, { pageSize: 100 }, signal);
  const assignments = requireOperation(description, 'Categories.ListProductAssignments');
  for (const catalog of catalogs.Items) {
    for (const productId of productIds) {
      const page = await api.list(
        assignments,
        { catalogID: String(catalog.ID) },
        { productID: productId, pageSize: 100 },
        signal,
      );
      for (const link of page.Items) {
        found.set(productId, [...(found.get(productId) ?? []), String(link.CategoryID)]);
      }
    }
  }
  return found;
}

/** Everything the rules of one order look at, or nothing while no order is chosen. */
export function usePreviewSubject(orderId: string | null) {
  const api = useAdminApi();
  const { description, marketplace } = usePortalContext();
  return useQuery({
    queryKey: ['platform', marketplace.Id, 'expression-preview', 'subject', orderId],
    enabled: orderId !== null,
    queryFn: async ({ signal }): Promise<PreviewSubject> => {
      const params = { direction: DIRECTION, orderID: orderId ?? '' };
      const order = await api.get(requireOperation(description, 'Orders.Get'), params, signal);
      const lines = await api.list(requireOperation(description, 'LineItems.List'), params, { pageSize: 100 }, signal);
      const items: Item[] = lines.Items;
      const productIds = [...new Set(items.map((item) => item.ProductID).filter((id) => typeof id === 'string'))];
      const categories = await categoriesOf(api, description, productIds as string[], signal);
      return { order, items, categories, now: new Date() };
    },
  });
}
