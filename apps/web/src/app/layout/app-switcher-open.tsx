import { Menu, Portal } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { useAuth } from 'react-oidc-context';
import { PORTAL_CLAIMS, stringClaim } from '@/auth/claims';
import { getIdentityToken } from '@/auth/oidc-settings';
import { createInventoryClient } from '@/services/inventory';
import { AppLink } from '@/ui/app-link';
import { SwitcherButton, tenantHref } from './app-switcher-button';
import type { OverlayProps } from './deferred-overlay';

const inventory = createInventoryClient({ getToken: getIdentityToken });

/** The menu value of the Marketplaces page entry: a client-side link, not a tenant address to load. */
const MARKETPLACES_ITEM = 'marketplaces-page';

/** The tenant switcher itself, loaded on first approach of its button (see DeferredOverlay). */
export default function AppSwitcherOpen({ defaultOpen }: OverlayProps) {
  const { user } = useAuth();
  const organization = stringClaim(user?.profile, PORTAL_CLAIMS.organizationId) ?? '';
  const current = stringClaim(user?.profile, PORTAL_CLAIMS.tenantName);
  const tenants = useQuery({
    queryKey: ['inventory', 'tenants', organization],
    queryFn: () => inventory.listTenants({ organizationId: organization, pagesize: 100 }),
    enabled: organization !== '',
  });
  return (
    <Menu.Root
      defaultOpen={defaultOpen}
      onSelect={({ value }) => value !== MARKETPLACES_ITEM && window.location.assign(value)}
    >
      <Menu.Trigger asChild>
        <SwitcherButton />
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
