import { Box, Button, Menu, Portal } from '@chakra-ui/react';
import { useAuth } from 'react-oidc-context';
import { usePortalContext } from '@/app/portal/portal-context';
import { AppLink } from '@/ui/app-link';

/** Up to two initials of a name ("Riley Chen" -> "RC"), or the first letter of an e-mail address. */
export function initialsOf(name: string): string {
  const words = name.split(/[\s@._-]+/).filter(Boolean);
  const letters = (words.length > 1 && !name.includes('@') ? [words[0], words.at(-1)] : [words[0]])
    .map((word) => word?.charAt(0) ?? '')
    .join('');
  return letters.toUpperCase() || '?';
}

/**
 * The signed-in user's name, opening Product usage (organization admins), Manage account (identity provider's page)
 * and Logout. Below md (phones and
 * small tablets) the name gives way to initials so the marketplace's name fits; the button keeps the full name as
 * its label.
 */
export function UserMenu() {
  const { me } = usePortalContext();
  const name = me.Name || me.Email;
  const auth = useAuth();
  const accountUrl = `${window.location.origin}/identity/account?returnTo=${encodeURIComponent(window.location.href)}`;
  return (
    <Menu.Root>
      <Menu.Trigger asChild>
        <Button variant="ghost" size="sm" maxW="48" px={{ base: '1', md: '3' }} aria-label={name} title={name}>
          <Box
            as="span"
            hideFrom="md"
            aria-hidden="true"
            display="inline-flex"
            alignItems="center"
            justifyContent="center"
            boxSize="7"
            rounded="full"
            bg="bg.emphasized"
            fontSize="xs"
            fontWeight="semibold"
          >
            {initialsOf(name)}
          </Box>
          <Box as="span" hideBelow="md" truncate>
            {name}
          </Box>
        </Button>
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
