import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { getIdentityToken } from '@/auth/oidc-settings';
import { createPortalClient, type SearchIndexType } from '@/services/portal';
import { ERROR_POLL_MS, listPollInterval } from './index-model';

// The same identity-token source the render gate uses: no second sign-in or token flow.
const portal = createPortalClient({ getToken: getIdentityToken });

export const searchIndexesQueryKey = (type: SearchIndexType) => ['portal', 'search-indexes', type] as const;
export const indexErrorsQueryKey = (indexId: string) => ['portal', 'search-index-errors', indexId] as const;

/** `GET /searchindexes?type=`, refreshed every 2 s while a build runs and every 15 s otherwise (spec 1 §4). */
export function useSearchIndexes(type: SearchIndexType, enabled: boolean) {
  return useQuery({
    queryKey: searchIndexesQueryKey(type),
    queryFn: async () => (await portal.listSearchIndexes(type)).SearchIndexes,
    enabled,
    refetchInterval: (query) => listPollInterval(query.state.data),
  });
}

/**
 * `GET /searchindexes/{id}/errors`. Polled every 15 s only when `poll` holds (the active index, for a user with
 * IndexAdmin); otherwise read once per selection.
 */
export function useIndexErrors(indexId: string | undefined, poll: boolean) {
  return useQuery({
    queryKey: indexErrorsQueryKey(indexId ?? ''),
    queryFn: async () => (await portal.listSearchIndexErrors(indexId ?? '')).SearchIndexErrors,
    enabled: indexId !== undefined,
    refetchInterval: poll ? ERROR_POLL_MS : false,
  });
}

/** `POST /searchindexes/{id}/rebuild` with the captcha answer and the user's subject; then the list reloads. */
export function useRebuildIndex(type: SearchIndexType) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { indexId: string; captchaToken: string; userId: string }) =>
      portal.rebuildSearchIndex(input.indexId, { Recaptcha: { Token: input.captchaToken }, id: input.userId }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: searchIndexesQueryKey(type) }),
  });
}
