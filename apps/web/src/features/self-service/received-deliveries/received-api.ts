import { useQuery } from '@tanstack/react-query';
import type { ReceivedDetail, ReceivedList } from '@portal/contracts';
import { getIdentityToken } from '@/auth/oidc-settings';
import { createPortalClient } from '@/services/portal';

// The same identity-token source the render gate uses: no second sign-in or token flow.
const { http } = createPortalClient({ getToken: getIdentityToken });

/** How often the list is read again while the page is open: a sync's batches arrive within seconds. */
export const RECEIVED_POLL_MS = 5_000;

/** `GET /receiver/requests`: what the built-in receiver accepted for this marketplace, newest first. */
export function useReceivedDeliveries(enabled: boolean) {
  return useQuery({
    queryKey: ['portal', 'receiver', 'requests'],
    queryFn: () => http.get<ReceivedList>('/receiver/requests', { limit: 50 }),
    enabled,
    refetchInterval: RECEIVED_POLL_MS,
  });
}

/** `GET /receiver/requests/{id}`: one request with its headers and body, read when it is opened (it never changes). */
export function useReceivedDetail(id: string) {
  return useQuery({
    queryKey: ['portal', 'receiver', 'request', id],
    queryFn: () => http.get<ReceivedDetail>(`/receiver/requests/${encodeURIComponent(id)}`),
    staleTime: Infinity,
  });
}
