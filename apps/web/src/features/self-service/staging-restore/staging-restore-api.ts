import { track } from '@/lib/analytics';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { getIdentityToken } from '@/auth/oidc-settings';
import { createPortalClient, type CaptchaAnswer } from '@/services/portal';
import { isPortalError } from '@/services/portal-error';
import type { Delivery } from '../sync-tools/sync-types';
import type { RestoreSummary, StagingRestoreWebhook } from './staging-restore-model';

// The same identity-token source the render gate uses: no second sign-in or token flow.
const { http } = createPortalClient({ getToken: getIdentityToken });

const webhookKey = ['portal', 'staging-restore-webhook'] as const;
const deliveriesKey = ['portal', 'staging-restore-deliveries'] as const;

/** `GET /stagingrestorewebhook`: the saved webhook, or null while none is saved (the service answers 404). */
export function useStagingWebhook(enabled: boolean) {
  return useQuery({
    queryKey: webhookKey,
    queryFn: async (): Promise<StagingRestoreWebhook | null> => {
      try {
        return await http.get<StagingRestoreWebhook>('/stagingrestorewebhook');
      } catch (error) {
        if (isPortalError(error) && error.status === 404) return null;
        throw error;
      }
    },
    enabled,
    retry: false,
  });
}

/** `PUT /stagingrestorewebhook` (body URL, HashKey). */
export function useSaveStagingWebhook() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (webhook: StagingRestoreWebhook) => http.put<StagingRestoreWebhook>('/stagingrestorewebhook', webhook),
    onSuccess: (saved) => queryClient.setQueryData(webhookKey, saved),
  });
}

/** `DELETE /stagingrestorewebhook`. */
export function useDeleteStagingWebhook() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => http.delete('/stagingrestorewebhook'),
    onSuccess: () => queryClient.setQueryData(webhookKey, null),
  });
}

/** `POST /stagingrestorewebhook/test`: sends a signed sample now and answers its delivery. */
export function useTestStagingWebhook() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => http.post<Delivery>('/stagingrestorewebhook/test'),
    onMutate: () => track('self-service.staging-test'),
    onSettled: () => queryClient.invalidateQueries({ queryKey: deliveriesKey }),
  });
}

/** `POST /stagingrestore` with a captcha answer: copies the organization's Production marketplace into Staging now. */
export function useRunStagingRestore() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (captchaToken: string) =>
      http.post<RestoreSummary>('/stagingrestore', { Recaptcha: { Token: captchaToken } } satisfies CaptchaAnswer),
    onMutate: () => track('self-service.staging-restore'),
    onSettled: () => queryClient.invalidateQueries({ queryKey: deliveriesKey }),
  });
}

/** `GET /deliveries?source=StagingRestore`: recent post-restore notifications, read again while one is on its way. */
export function useRestoreDeliveries(enabled: boolean) {
  return useQuery({
    queryKey: deliveriesKey,
    queryFn: async () =>
      (await http.get<{ Items: Delivery[] }>('/deliveries', { source: 'StagingRestore', pageSize: 20 })).Items,
    enabled,
    refetchInterval: (query) =>
      query.state.data?.some((delivery) => ['Pending', 'Sending', 'Retrying'].includes(delivery.Status))
        ? 2_000
        : false,
  });
}
