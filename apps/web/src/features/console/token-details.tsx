import { Badge, Box, Button, Collapsible, HStack, Stack, Text } from '@chakra-ui/react';
import { useMemo } from 'react';
import type { ApiDescription } from '@/description/api-model';
import { platformRoles } from '@/description/platform-roles';
import { DateTime } from '@/ui/date-time';
import { DetailList, type DetailRow } from '@/ui/detail-list';
import { summarizeToken } from './lib/token-summary';

export interface TokenDetailsProps {
  readonly description: ApiDescription;
  /** Where requests go, shown as developers paste it into their own code. */
  readonly baseApiUrl: string;
  readonly marketplaceId: string;
  readonly token: string;
  readonly impersonating: boolean;
  readonly onCopyToken: () => void;
}

function RoleBadges({ roles, palette }: { roles: readonly string[]; palette: string }) {
  if (roles.length === 0) return <Text color="fg.muted">None</Text>;
  return (
    <HStack gap="1" wrap="wrap">
      {roles.map((role) => (
        <Badge key={role} size="sm" variant="subtle" colorPalette={palette}>
          {role}
        </Badge>
      ))}
    </HStack>
  );
}

/**
 * The console's connection settings as the token carries them: base API URL, marketplace, client, user, expiry,
 * roles and custom roles. Developers check these first when a request answers 401 or 403.
 */
export function TokenDetails(props: TokenDetailsProps) {
  const { description, baseApiUrl, marketplaceId, token, impersonating, onCopyToken } = props;
  const known = useMemo(() => platformRoles(description), [description]);
  const summary = summarizeToken(token, known);
  const rows: DetailRow[] = [
    ['Token', impersonating ? 'Impersonation token' : 'Developer token'],
    ['Base API URL', baseApiUrl],
    ['Marketplace ID', marketplaceId],
    ['Client ID', summary.clientId ?? 'N/A'],
    ['Username', summary.username ?? 'N/A'],
    ['Expires', <DateTime key="expires" value={summary.expiresAt} precision="second" fallback="N/A" />],
  ];
  return (
    <Collapsible.Root>
      <Collapsible.Trigger asChild>
        <Button size="xs" variant="outline">
          Connection and token
        </Button>
      </Collapsible.Trigger>
      <Collapsible.Content>
        <Box borderWidth="1px" borderColor="border" rounded="md" p="3" mt="2">
          <Stack gap="3" fontSize="sm">
            <DetailList rows={rows} orientation="horizontal" />
            <Stack gap="1" aria-label="Platform roles" role="group">
              <Text fontWeight="medium">Platform roles</Text>
              <RoleBadges roles={summary.roles} palette="blue" />
            </Stack>
            <Stack gap="1" aria-label="Custom roles" role="group">
              <Text fontWeight="medium">Custom roles</Text>
              <RoleBadges roles={summary.customRoles} palette="purple" />
            </Stack>
            <Box>
              <Button size="xs" variant="outline" onClick={onCopyToken}>
                Copy token
              </Button>
            </Box>
          </Stack>
        </Box>
      </Collapsible.Content>
    </Collapsible.Root>
  );
}
