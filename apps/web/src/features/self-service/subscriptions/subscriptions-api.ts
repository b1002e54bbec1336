import { track } from '@/lib/analytics';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useMemo } from 'react';
import { usePortalContext } from '@/app/portal/portal-context';
import { getIdentityToken } from '@/auth/oidc-settings';
import { createPlatformClient } from '@/services/platform';
import { createPortalClient } from '@/services/portal';
import { isPortalError } from '@/services/portal-error';
import {
  subscriptionRunsPollInterval,
  type SubscriptionJobResult,
  type SubscriptionRunList,
} from './subscriptions-model';

const { http } = createPortalClient({ getToken: getIdentityToken });
const runsQueryKey = ['portal', 'subscription-runs'] as const;

/**
 * `GET {CoreApiUrl}/v1/integrations/subscription` with the developer token (spec 1 §7): whether the integration is
 * Active. A marketplace without one (404) has no Active integration; any other failure is an error.
 */
export function useSubscriptionIntegrationActive(enabled: boolean) {
  const { platformBaseUrl, developerToken, marketplace } = usePortalContext();
  const platform = useMemo(
    () => createPlatformClient({ baseUrl: platformBaseUrl, getToken: () => developerToken }),
    [platformBaseUrl, developerToken],
  );
  return useQuery({
    queryKey: ['platform', marketplace.Id, 'subscription-integration'],
    queryFn: async () => {
      try {
        return (await platform.getSubscriptionIntegration()).Active === true;
      } catch (error) {
        if (isPortalError(error) && error.status === 404) return false;
        throw error;
      }
    },
    enabled,
    retry: false,
  });
}

/** `GET /subscriptionruns`: recent runs and the runs left this hour, every 2 s while one is going. */
export function useSubscriptionRuns(enabled: boolean) {
  return useQuery({
    queryKey: runsQueryKey,
    queryFn: () => http.get<SubscriptionRunList>('/subscriptionruns'),
    enabled,
    refetchInterval: (query) => subscriptionRunsPollInterval(query.state.data),
  });
}

/** `POST /processsubscriptions` with the captcha answer and the user's subject (spec 1 §7). */
export function useProcessSubscriptions() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { captchaToken: string; userId: string }) =>
      http.post<SubscriptionJobResult>('/processsubscriptions', {
        Recaptcha: { Token: input.captchaToken },
        id: input.userId,
      }),
    onMutate: () => track('self-service.subscription-run'),
    onSettled: () => queryClient.invalidateQueries({ queryKey: runsQueryKey }),
  });
}
