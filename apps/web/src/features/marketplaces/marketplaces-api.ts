import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ConnectMarketplaceInput, EditMarketplaceInput } from '@portal/contracts';
import { getIdentityToken } from '@/auth/oidc-settings';
import { createPortalClient } from '@/services/portal';

// The same identity-token source the render gate uses: no second sign-in or token flow.
const portal = createPortalClient({ getToken: getIdentityToken });

export const marketplacesQueryKey = ['portal', 'marketplaces'] as const;
/** The prefix of the tenant switcher's query (app/layout/app-switcher.tsx: `['inventory', 'tenants', org]`). */
export const tenantsQueryKey = ['inventory', 'tenants'] as const;

/** `GET /marketplaces`: the organization's marketplaces and whether the caller may change them. */
export function useMarketplaces() {
  return useQuery({ queryKey: marketplacesQueryKey, queryFn: () => portal.listMarketplaces() });
}

/**
 * Refreshes the table and the tenant switcher after a change: a connected marketplace is a tenant too, so its name
 * and presence there follow every connect, rename and disconnect.
 */
function useRefresh() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: marketplacesQueryKey }),
      queryClient.invalidateQueries({ queryKey: tenantsQueryKey }),
    ]);
}

/** `POST /marketplaces`: connects a marketplace after the portal service's checks. */
export function useConnectMarketplace() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (input: ConnectMarketplaceInput) => portal.connectMarketplace(input),
    onSuccess: refresh,
  });
}

/** `PATCH /marketplaces/{id}`: a new name and/or a new secret. */
export function useEditMarketplace() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: ({ id, input }: { id: string; input: EditMarketplaceInput }) => portal.editMarketplace(id, input),
    onSuccess: refresh,
  });
}

/** `DELETE /marketplaces/{id}`: forgets a connected marketplace. */
export function useDisconnectMarketplace() {
  const refresh = useRefresh();
  return useMutation({ mutationFn: (id: string) => portal.disconnectMarketplace(id), onSuccess: refresh });
}
