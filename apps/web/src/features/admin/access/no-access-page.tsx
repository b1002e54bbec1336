import { Button, Heading, Stack, Text } from '@chakra-ui/react';
import { AppLink } from '@/ui/app-link';

/**
 * 'Ann, Bob or Cy': the roles as one phrase, since holding any one of them opens the page.
 *
 * @example
 * anyOfPhrase(['FullAccess', 'ProductAdmin', 'ProductReader']); // 'FullAccess, ProductAdmin or ProductReader'
 */
export function anyOfPhrase(roles: readonly string[]): string {
  if (roles.length <= 1) return roles.join('');
  return `${roles.slice(0, -1).join(', ')} or ${roles[roles.length - 1] ?? ''}`;
}

/**
 * What an explorer page opened by URL shows when the token holds no role its data needs (issue 20): a heading, the
 * roles that would open it (role names as the Roles page and role groups write them, so an admin can grant one),
 * and the way back to the explorer's home. Nothing is requested from the platform.
 */
export function NoAccessPage({ label, roles }: { label: string; roles: readonly string[] }) {
  return (
    <Stack gap="4" align="flex-start" maxW="40rem">
      <Heading as="h1" size="2xl">
        You don't have access to {label}
      </Heading>
      <Text>
        {roles.length > 0
          ? `To open it, ask an organization admin for any one of these roles: ${anyOfPhrase(roles)}.`
          : 'No role opens this page in this marketplace.'}
      </Text>
      <Button asChild size="sm" variant="outline">
        <AppLink to="/admin" textDecoration="none">
          Back to the explorer's home
        </AppLink>
      </Button>
    </Stack>
  );
}
