import { Badge, Button, Card, DataList, Stack, Table, Text, useBreakpointValue, Wrap } from '@chakra-ui/react';
import { GRANTS, type RoleGroup } from '@/services/portal';
import { grantDescription } from './grant-descriptions';
import { RoleTags } from './role-tags';

export { NO_ROLES_TEXT } from './role-tags';

export interface RoleTableProps {
  groups: readonly RoleGroup[];
  /** Without it the list is view-only: no Edit buttons at all. */
  onEdit?: (group: RoleGroup) => void;
}

function GroupName({ group }: { group: RoleGroup }) {
  return (
    <Stack gap="0">
      <Text fontWeight="medium">{group.Name}</Text>
      <Text fontSize="xs" color="fg.muted">
        {group.Id}
      </Text>
    </Stack>
  );
}

function Grants({ group }: { group: RoleGroup }) {
  const grants = GRANTS.filter((grant) => group[grant]);
  return (
    <Wrap gap="1">
      {grants.length === 0 ? (
        <Text color="fg.muted">None</Text>
      ) : (
        grants.map((grant) => (
          <Badge key={grant} colorPalette="blue" variant="subtle" title={grantDescription(grant)}>
            {grant}
          </Badge>
        ))
      )}
    </Wrap>
  );
}

function Members({ group }: { group: RoleGroup }) {
  if (group.Members.length === 0) return <Text color="fg.muted">None</Text>;
  return (
    <Stack gap="0">
      {group.Members.map((email) => (
        <Text key={email} overflowWrap="anywhere">
          {email}
        </Text>
      ))}
    </Stack>
  );
}

function EditButton({ group, onEdit }: { group: RoleGroup; onEdit: (group: RoleGroup) => void }) {
  return (
    <Button size="sm" variant="outline" onClick={() => onEdit(group)} aria-label={`Edit ${group.Name}`}>
      Edit
    </Button>
  );
}

function GroupsTable({ groups, onEdit }: RoleTableProps) {
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
          {groups.map((group) => (
            <Table.Row key={group.Id} data-testid={`role-group-${group.Id}`} verticalAlign="top">
              <Table.Cell>
                <GroupName group={group} />
              </Table.Cell>
              {/* Roles get the room: their names are what a reader compares between groups. */}
              <Table.Cell minW="64" maxW="md">
                <RoleTags roles={group.OcRoles} groupName={group.Name} />
              </Table.Cell>
              <Table.Cell>
                <Grants group={group} />
              </Table.Cell>
              <Table.Cell>
                <Members group={group} />
              </Table.Cell>
              {onEdit && (
                <Table.Cell textAlign="end">
                  <EditButton group={group} onEdit={onEdit} />
                </Table.Cell>
              )}
            </Table.Row>
          ))}
        </Table.Body>
      </Table.Root>
    </Table.ScrollArea>
  );
}

/** On a phone five columns scroll sideways; each group becomes a card whose tags and emails wrap. */
function GroupCards({ groups, onEdit }: RoleTableProps) {
  return (
    <Stack as="ul" gap="3" listStyleType="none" m="0" p="0" aria-label="Role groups">
      {groups.map((group) => (
        <Card.Root as="li" key={group.Id} size="sm" data-testid={`role-group-${group.Id}`}>
          <Card.Body gap="3">
            <GroupName group={group} />
            <DataList.Root size="sm">
              <DataList.Item>
                <DataList.ItemLabel>Platform roles</DataList.ItemLabel>
                <DataList.ItemValue>
                  <RoleTags roles={group.OcRoles} groupName={group.Name} />
                </DataList.ItemValue>
              </DataList.Item>
              <DataList.Item>
                <DataList.ItemLabel>Grants</DataList.ItemLabel>
                <DataList.ItemValue>
                  <Grants group={group} />
                </DataList.ItemValue>
              </DataList.Item>
              <DataList.Item>
                <DataList.ItemLabel>Members</DataList.ItemLabel>
                <DataList.ItemValue>
                  <Members group={group} />
                </DataList.ItemValue>
              </DataList.Item>
            </DataList.Root>
            {onEdit && (
              <div>
                <EditButton group={group} onEdit={onEdit} />
              </div>
            )}
          </Card.Body>
        </Card.Root>
      ))}
    </Stack>
  );
}

/**
 * The role groups with their platform roles by name, grants and members: a table from md up, cards below it. Only
 * one of the two is rendered, so each group and its Edit button exist once on the page.
 */
export function RoleTable(props: RoleTableProps) {
  const layout = useBreakpointValue({ base: 'cards', md: 'table' } as const, { ssr: false });
  return layout === 'cards' ? <GroupCards {...props} /> : <GroupsTable {...props} />;
}
