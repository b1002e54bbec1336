import { Button, Menu, Portal } from '@chakra-ui/react';
import { useAuth } from 'react-oidc-context';
import { usePortalContext } from '@/app/portal/portal-context';

/** The signed-in user's name, opening Manage account (identity provider's page) and Logout. */
export function UserMenu() {
  const { me } = usePortalContext();
  const auth = useAuth();
  const accountUrl = `${window.location.origin}/identity/account?returnTo=${encodeURIComponent(window.location.href)}`;
  return (
    <Menu.Root>
      <Menu.Trigger asChild>
        <Button variant="ghost" size="sm" maxW="48">
          {me.Name || me.Email}
        </Button>
      </Menu.Trigger>
      <Portal>
        <Menu.Positioner>
          <Menu.Content>
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
