import { track } from '@/lib/analytics';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { getIdentityToken } from '@/auth/oidc-settings';
import { createPortalClient, type CaptchaAnswer } from '@/services/portal';
import { runsPollInterval } from './sync-model';
import type { Delivery, EntitySyncModel, SyncRun } from './sync-types';

// The same identity-token source the render gate uses: no second sign-in or token flow.
const { http } = createPortalClient({ getToken: getIdentityToken });

const runsQueryKey = ['portal', 'sync-runs'] as const;

/** `GET /entitysyncmetadata` (spec 1 §7): the entities an entity sync offers; fixed per server, so read once. */
export function useEntitySyncModels(enabled: boolean) {
  return useQuery({
    queryKey: ['portal', 'entity-sync-metadata'],
    queryFn: async () =>
      (await http.get<{ EntitySyncModels: EntitySyncModel[] }>('/entitysyncmetadata')).EntitySyncModels,
    enabled,
    staleTime: Infinity,
  });
}

/** A sync trigger: the path under the portal service and the fields besides the captcha. */
export interface SyncTrigger {
  path: string;
  fields: Record<string, unknown>;
  captchaToken: string;
}

/**
 * `POST /synchronizecatalog`, `/synchronizeorders` or an entity's Route; answers the queued run, which the recent
 * runs then show.
 */
export function useTriggerSync() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ path, fields, captchaToken }: SyncTrigger) =>
      http.post<SyncRun>(`/${path.replace(/^\//, '')}`, {
        ...fields,
        Recaptcha: { Token: captchaToken },
      } satisfies CaptchaAnswer),
    onMutate: () => track('self-service.sync'),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: runsQueryKey }),
  });
}

/** `GET /syncs`: the marketplace's recent sync runs, every 2 s while one runs. */
export function useSyncRuns(enabled: boolean) {
  return useQuery({
    queryKey: runsQueryKey,
    queryFn: async () => (await http.get<{ Items: SyncRun[] }>('/syncs')).Items,
    enabled,
    refetchInterval: (query) => runsPollInterval(query.state.data),
  });
}

/** `GET /deliveries?source=Sync&sourceID=`: one run's deliveries, read again while the run is still going. */
export function useRunDeliveries(runId: string, running: boolean) {
  return useQuery({
    queryKey: ['portal', 'sync-deliveries', runId],
    queryFn: async () =>
      (await http.get<{ Items: Delivery[] }>('/deliveries', { source: 'Sync', sourceID: runId, pageSize: 100 })).Items,
    refetchInterval: running ? 2_000 : false,
  });
}
