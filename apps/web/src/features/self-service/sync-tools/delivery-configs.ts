import { useQuery } from '@tanstack/react-query';
import { usePortalContext } from '@/app/portal/portal-context';
import { createPlatformClient } from '@/services/platform';

/** Where the explorer lists the marketplace's delivery configurations (features/admin/catalogue). */
export const DELIVERY_CONFIGURATIONS_PATH = '/admin/delivery-configurations';

/**
 * Whether the marketplace has a delivery configuration a sync could send to: `GET /v1/integrations/deliveryconfig`
 * with the developer token, one item. `undefined` while unknown, and also when the token may not read them: the
 * tab then behaves as before and the server still says so after the captcha, rather than a guess blocking a sync.
 */
export function useHasDeliveryConfiguration(): boolean | undefined {
  const { platformBaseUrl, developerToken } = usePortalContext();
  const query = useQuery({
    queryKey: ['platform', 'delivery-configurations', 'any', platformBaseUrl, developerToken.slice(-16)],
    queryFn: async () => {
      const client = createPlatformClient({ baseUrl: platformBaseUrl, getToken: () => developerToken });
      return (await client.count('/integrations/deliveryconfig')) > 0;
    },
    retry: false,
    staleTime: 30_000,
  });
  return query.data;
}
