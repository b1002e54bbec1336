import { IconButton, Menu, Portal } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { useAuth } from 'react-oidc-context';
import { PORTAL_CLAIMS, stringClaim } from '@/auth/claims';
import { getIdentityToken } from '@/auth/oidc-settings';
import { createInventoryClient, type Tenant } from '@/services/inventory';
import { AppLink } from '@/ui/app-link';

const inventory = createInventoryClient({ getToken: getIdentityToken });

/** The menu value of the Marketplaces page entry: a client-side link, not a tenant address to load. */
const MARKETPLACES_ITEM = 'marketplaces-page';

/**
 * Where choosing a tenant goes: its portal address when that is served from this origin, otherwise this portal
 * with the tenant in the query string (which signs in silently for it).
 */
export function tenantHref(tenant: Pick<Tenant, 'name' | 'annotations'>, organization: string, origin: string): string {
  const fallback = `/?${new URLSearchParams({ organization, tenantName: tenant.name }).toString()}`;
  try {
    const url = new URL(tenant.annotations.URL, origin);
    return url.origin === origin ? `${url.pathname}${url.search}` : fallback;
  } catch {
    return fallback;
  }
}

/** Lists the organization's tenants; choosing one opens the portal for it. */
export function AppSwitcher() {
  const { user } = useAuth();
  const organization = stringClaim(user?.profile, PORTAL_CLAIMS.organizationId) ?? '';
  const current = stringClaim(user?.profile, PORTAL_CLAIMS.tenantName);
  const tenants = useQuery({
    queryKey: ['inventory', 'tenants', organization],
    queryFn: () => inventory.listTenants({ organizationId: organization, pagesize: 100 }),
    enabled: organization !== '',
  });
  return (
    <Menu.Root onSelect={({ value }) => value !== MARKETPLACES_ITEM && window.location.assign(value)}>
      <Menu.Trigger asChild>
        <IconButton aria-label="Switch tenant" variant="ghost" size="sm">
          <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true" fill="currentColor">
            <path d="M4 4h4v4H4zm6 0h4v4h-4zm6 0h4v4h-4zM4 10h4v4H4zm6 0h4v4h-4zm6 0h4v4h-4zM4 16h4v4H4zm6 0h4v4h-4zm6 0h4v4h-4z" />
          </svg>
        </IconButton>
      </Menu.Trigger>
      <Portal>
        <Menu.Positioner>
          <Menu.Content>
            <Menu.ItemGroup>
              <Menu.ItemGroupLabel>Tenants</Menu.ItemGroupLabel>
              {tenants.isPending && (
                <Menu.Item value="" disabled>
                  Loading...
                </Menu.Item>
              )}
              {tenants.isError && (
                <Menu.Item value="" disabled>
                  Tenants could not be loaded
                </Menu.Item>
              )}
              {tenants.data?.items.map((tenant) => (
                <Menu.Item
                  key={tenant.id}
                  value={tenantHref(tenant, organization, window.location.origin)}
                  fontWeight={tenant.name === current ? 'semibold' : undefined}
                >
                  {tenant.displayName || tenant.name}
                </Menu.Item>
              ))}
            </Menu.ItemGroup>
            <Menu.Separator />
            <Menu.Item value={MARKETPLACES_ITEM} asChild>
              <AppLink to="/marketplaces">Marketplaces</AppLink>
            </Menu.Item>
          </Menu.Content>
        </Menu.Positioner>
      </Portal>
    </Menu.Root>
  );
}
