import { track } from '@/lib/analytics';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { getIdentityToken } from '@/auth/oidc-settings';
import { createPortalClient, type SearchIndex, type SearchIndexType } from '@/services/portal';
import { ERROR_POLL_MS, listPollInterval } from './index-model';

// The same identity-token source the render gate uses: no second sign-in or token flow.
const portal = createPortalClient({ getToken: getIdentityToken });

export const searchIndexesQueryKey = (type: SearchIndexType) => ['portal', 'search-indexes', type] as const;
/**
 * The errors of one index as its card last showed it: a build that ends, or a count of rejected documents that
 * changes, names another key, so the panel reads the errors again instead of keeping the ones it read while the
 * index was still building (the card said 'Rejected 4' beside 'No schema errors found.' until a reload).
 */
export const indexErrorsQueryKey = (index: SearchIndex | undefined) =>
  [
    'portal',
    'search-index-errors',
    index?.IndexID ?? '',
    index?.Status ?? '',
    index?.RejectedCount ?? null,
    index?.DateCompleted ?? null,
  ] as const;

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
 * `GET /searchindexes/{id}/errors` of the index a card shows. Polled every 15 s only when `poll` holds (the active
 * index, for a user with IndexAdmin); otherwise read once per selection and again whenever the card's index
 * changes (see `indexErrorsQueryKey`).
 */
export function useIndexErrors(index: SearchIndex | undefined, poll: boolean) {
  const indexId = index?.IndexID;
  return useQuery({
    queryKey: indexErrorsQueryKey(index),
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
    onMutate: () => track('self-service.index-rebuild', { type }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: searchIndexesQueryKey(type) }),
  });
}
