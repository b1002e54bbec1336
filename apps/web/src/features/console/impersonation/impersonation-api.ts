import { useQuery } from '@tanstack/react-query';
import { getIdentityToken } from '@/auth/oidc-settings';
import { createPortalClient } from '@/services/portal';
import type { ImpersonationContext } from '../lib/impersonation-state';

// The same identity-token source the render gate and the roles page use: no second sign-in or token flow.
const portal = createPortalClient({ getToken: getIdentityToken });

/** Spec §9: platform tokens are refreshed silently in the background at this interval. */
export const TOKEN_REFRESH_MS = 1_199_000;

/**
 * The impersonation token for the active context; idle (no request) while impersonation is off or paused. The key
 * holds the marketplace, client and username, so a changed context fetches a new token.
 */
export function useImpersonationToken(marketplaceId: string, context: ImpersonationContext | null) {
  return useQuery({
    queryKey: ['portal', 'impersonation-token', marketplaceId, context?.ClientId ?? '', context?.Username ?? ''],
    queryFn: () => {
      if (context === null) throw new Error('No impersonation context.');
      return portal.getImpersonationToken(context.ClientId, context.Username);
    },
    enabled: context !== null,
    staleTime: TOKEN_REFRESH_MS,
    refetchInterval: TOKEN_REFRESH_MS,
  });
}

/** Spec §5: the client list needs a search term, so no request is made for a blank one. */
export function useApiClientSearch(marketplaceId: string, term: string) {
  const search = term.trim();
  return useQuery({
    queryKey: ['portal', 'apiclients', marketplaceId, search],
    queryFn: () => portal.listApiClients({ search }),
    enabled: search !== '',
  });
}

/** Spec §5: users of a client show only after a search term is entered. */
export function useClientUserSearch(marketplaceId: string, clientId: string | null, term: string) {
  const search = term.trim();
  return useQuery({
    queryKey: ['portal', 'apiclient-users', marketplaceId, clientId ?? '', search],
    queryFn: () => portal.listApiClientUsers(clientId ?? '', { search }),
    enabled: clientId !== null && search !== '',
  });
}
