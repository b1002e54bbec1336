import { useInfiniteQuery } from '@tanstack/react-query';
import type { ChangeHistoryPage, ChangeHistoryQuery, ChangeRecord } from '@portal/contracts';
import { usePortalContext } from '@/app/portal/portal-context';
import { getIdentityToken } from '@/auth/oidc-settings';
import type { HttpClient, QueryParams } from '@/services/http';
import { createPortalClient } from '@/services/portal';

// The change history as the portal service relays it (issue 23): the marketplace's Activity (org admins and the
// AuditReader grant) and one item's History (whoever may read the item). Both answer the same keyset pages.

// The same identity-token source the render gate uses: no second sign-in or token flow.
const { http: portalHttp } = createPortalClient({ getToken: getIdentityToken });

/** What one item's History asks for; the resource type is the registry's name (`Products`). */
export type ResourceHistoryQuery = Pick<ChangeHistoryQuery, 'ResourceType' | 'ResourceID' | 'ParentIDs' | 'PageSize'>;

/** The query without empty values, so the URL carries only the filters in use. */
function queryParams(query: ChangeHistoryQuery): QueryParams {
  return Object.fromEntries(Object.entries(query).filter(([, value]) => value !== undefined && value !== ''));
}

/** `GET /change-history`: one page of the marketplace's records, newest first. */
export function readActivityPage(
  query: ChangeHistoryQuery,
  signal?: AbortSignal,
  http: HttpClient = portalHttp,
): Promise<ChangeHistoryPage> {
  return http.get<ChangeHistoryPage>('/change-history', queryParams(query), signal ? { signal } : {});
}

/** `GET /change-history/resource`: one page of one item's records, newest first. */
export function readResourceHistoryPage(
  query: ResourceHistoryQuery & { PageKey?: string },
  signal?: AbortSignal,
  http: HttpClient = portalHttp,
): Promise<ChangeHistoryPage> {
  return http.get<ChangeHistoryPage>('/change-history/resource', queryParams(query), signal ? { signal } : {});
}

type PageReader = (pageKey: string | undefined, signal: AbortSignal) => Promise<ChangeHistoryPage>;

/** Pages of records with 'Load more' through the previous page's key; records of every loaded page in one list. */
function useHistoryPages(key: readonly unknown[], readPage: PageReader, enabled: boolean) {
  const query = useInfiniteQuery({
    queryKey: key,
    queryFn: ({ pageParam, signal }) => readPage(pageParam, signal),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.Meta.NextPageKey ?? undefined,
    enabled,
    retry: false,
  });
  const records: ChangeRecord[] = query.data?.pages.flatMap((page) => page.Items) ?? [];
  return { ...query, records };
}

/** The Activity page's records for the filters in the URL. */
export function useActivity(filters: ChangeHistoryQuery, enabled: boolean) {
  const { marketplace } = usePortalContext();
  return useHistoryPages(
    ['portal', marketplace.Id, 'change-history', filters],
    (PageKey, signal) => readActivityPage({ ...filters, ...(PageKey ? { PageKey } : {}) }, signal),
    enabled,
  );
}

/** One item's History tab. */
export function useResourceHistory(resource: ResourceHistoryQuery, enabled: boolean) {
  const { marketplace } = usePortalContext();
  return useHistoryPages(
    ['portal', marketplace.Id, 'change-history', 'resource', resource],
    (PageKey, signal) => readResourceHistoryPage({ ...resource, ...(PageKey ? { PageKey } : {}) }, signal),
    enabled,
  );
}
