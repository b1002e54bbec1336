import { Menu, Portal } from '@chakra-ui/react';
import { useAuth } from 'react-oidc-context';
import { usePortalContext } from '@/app/portal/portal-context';
import { AppLink } from '@/ui/app-link';
import type { OverlayProps } from './deferred-overlay';
import { UserMenuButton } from './user-menu-button';

/** The user menu itself, loaded on first approach of its button (see DeferredOverlay). */
export default function UserMenuOpen({ defaultOpen }: OverlayProps) {
  const { me } = usePortalContext();
  const auth = useAuth();
  const accountUrl = `${window.location.origin}/identity/account?returnTo=${encodeURIComponent(window.location.href)}`;
  return (
    <Menu.Root defaultOpen={defaultOpen}>
      <Menu.Trigger asChild>
        <UserMenuButton />
      </Menu.Trigger>
      <Portal>
        <Menu.Positioner>
          <Menu.Content>
            {me.IsOrganizationAdmin && (
              <Menu.Item value="usage" asChild>
                <AppLink to="/usage">Product usage</AppLink>
              </Menu.Item>
            )}
            <Menu.Item value="account" asChild>
              <a href={accountUrl}>Manage account</a>
            </Menu.Item>
            <Menu.Item value="logout" onSelect={() => void auth.signoutRedirect()}>
              Logout
            </Menu.Item>
          </Menu.Content>
        </Menu.Positioner>
      </Portal>
    </Menu.Root>
  );
}
