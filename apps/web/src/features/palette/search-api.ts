import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { SEARCH_QUERY_MAX_LENGTH, type SearchAnswer } from '@portal/contracts';
import { usePortalContext } from '@/app/portal/portal-context';
import { getIdentityToken } from '@/auth/oidc-settings';
import { useDebouncedValue } from '@/lib/use-debounced-value';
import { createPortalClient } from '@/services/portal';
import type { HttpClient } from '@/services/http';

// The same identity-token source the render gate uses: no second sign-in or token flow.
const { http: portalHttp } = createPortalClient({ getToken: getIdentityToken });

/** Typing settles for this long before the palette asks the server (issue 24: results come as you type). */
export const PALETTE_DEBOUNCE_MS = 150;

/** `GET /search`: the marketplace's items matching `q`, grouped by kind, searched with the user's own roles. */
export function searchMarketplace(
  q: string,
  signal?: AbortSignal,
  http: HttpClient = portalHttp,
): Promise<SearchAnswer> {
  return http.get<SearchAnswer>('/search', { q }, signal ? { signal } : {});
}

/** The server's answer for what was typed, once typing settles; the previous answer stays while the next loads. */
export function usePaletteSearch(typed: string) {
  const { marketplace } = usePortalContext();
  const query = useDebouncedValue(typed.trim().slice(0, SEARCH_QUERY_MAX_LENGTH), PALETTE_DEBOUNCE_MS);
  const result = useQuery({
    queryKey: ['portal', marketplace.Id, 'search', query],
    queryFn: ({ signal }) => searchMarketplace(query, signal),
    enabled: query !== '',
    staleTime: 30_000,
    retry: false,
    placeholderData: keepPreviousData,
  });
  return { ...result, settledQuery: query, settling: query !== typed.trim().slice(0, SEARCH_QUERY_MAX_LENGTH) };
}
