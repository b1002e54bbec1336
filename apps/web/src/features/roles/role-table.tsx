import { Badge, Button, HStack, Icon, Portal, Stack, Table, Text, Tooltip, Wrap } from '@chakra-ui/react';
import { GRANTS, type RoleGroup } from '@/services/portal';

export const NO_ROLES_TEXT = 'No platform roles assigned';

function InfoIcon() {
  return (
    <Icon boxSize="4" color="fg.muted">
      <svg viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round">
        <circle cx="12" cy="12" r="10" />
        <path d="M12 16v-4M12 8h.01" />
      </svg>
    </Icon>
  );
}

/** The info icon is a focusable, labelled element so keyboard and screen-reader users get the tooltip text too. */
function NoRolesHint() {
  return (
    <Tooltip.Root openDelay={200}>
      <Tooltip.Trigger asChild>
        <span role="img" aria-label={NO_ROLES_TEXT} tabIndex={0} style={{ display: 'inline-flex' }}>
          <InfoIcon />
        </span>
      </Tooltip.Trigger>
      <Portal>
        <Tooltip.Positioner>
          <Tooltip.Content>{NO_ROLES_TEXT}</Tooltip.Content>
        </Tooltip.Positioner>
      </Portal>
    </Tooltip.Root>
  );
}

export interface RoleTableProps {
  groups: readonly RoleGroup[];
  /** Without it the table is view-only: no Edit column at all. */
  onEdit?: (group: RoleGroup) => void;
}

/** The role groups with their platform role count, grants and members. */
export function RoleTable({ groups, onEdit }: RoleTableProps) {
  return (
    <Table.ScrollArea borderWidth="1px" rounded="l3">
      <Table.Root size="sm" aria-label="Role groups">
        <Table.Header>
          <Table.Row>
            <Table.ColumnHeader>Name</Table.ColumnHeader>
            <Table.ColumnHeader>Platform roles</Table.ColumnHeader>
            <Table.ColumnHeader>Grants</Table.ColumnHeader>
            <Table.ColumnHeader>Members</Table.ColumnHeader>
            {onEdit && (
              <Table.ColumnHeader>
                <Text srOnly>Actions</Text>
              </Table.ColumnHeader>
            )}
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {groups.map((group) => {
            const grants = GRANTS.filter((grant) => group[grant]);
            return (
              <Table.Row key={group.Id} data-testid={`role-group-${group.Id}`}>
                <Table.Cell>
                  <Stack gap="0">
                    <Text fontWeight="medium">{group.Name}</Text>
                    <Text fontSize="xs" color="fg.muted">
                      {group.Id}
                    </Text>
                  </Stack>
                </Table.Cell>
                <Table.Cell>
                  <HStack gap="2">
                    <Text title={group.OcRoles.join(', ')}>{group.OcRoles.length}</Text>
                    {group.OcRoles.length === 0 && <NoRolesHint />}
                  </HStack>
                </Table.Cell>
                <Table.Cell>
                  <Wrap gap="1">
                    {grants.length === 0 ? (
                      <Text color="fg.muted">None</Text>
                    ) : (
                      grants.map((grant) => (
                        <Badge key={grant} colorPalette="blue" variant="subtle">
                          {grant}
                        </Badge>
                      ))
                    )}
                  </Wrap>
                </Table.Cell>
                <Table.Cell>
                  {group.Members.length === 0 ? (
                    <Text color="fg.muted">None</Text>
                  ) : (
                    <Stack gap="0">
                      {group.Members.map((email) => (
                        <Text key={email}>{email}</Text>
                      ))}
                    </Stack>
                  )}
                </Table.Cell>
                {onEdit && (
                  <Table.Cell textAlign="end">
                    <Button size="sm" variant="outline" onClick={() => onEdit(group)} aria-label={`Edit ${group.Name}`}>
                      Edit
                    </Button>
                  </Table.Cell>
                )}
              </Table.Row>
            );
          })}
        </Table.Body>
      </Table.Root>
    </Table.ScrollArea>
  );
}
