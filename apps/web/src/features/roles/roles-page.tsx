import { Alert, Heading, HStack, Spinner, Stack, Text } from '@chakra-ui/react';
import { useMemo, useState } from 'react';
import { usePortalContext } from '@/app/portal/portal-context';
import type { RoleGroupId } from '@/services/portal';
import { describeError } from '@/services/portal-error';
import { useErrorToast } from '@/ui/notify-error';
import { RoleEditDialog } from './role-edit-dialog';
import { allowedRoles, canEditRoleGroups, canManageMembers } from './role-rules';
import { RoleTable } from './role-table';
import { useRoleGroups } from './roles-api';

export const VIEW_ONLY_TEXT =
  'You are only permitted to view application roles. Contact one of your Organization administrators for change requests.';

/** The role-group permission editor (spec 1 §2 "Roles page"). */
export function RolesPage() {
  const { me, description } = usePortalContext();
  const groups = useRoleGroups();
  useErrorToast(groups.error);
  const [editingId, setEditingId] = useState<RoleGroupId>();
  const allowed = useMemo(() => allowedRoles(description), [description]);
  const editable = canEditRoleGroups(me);
  // Read from the live list so member changes made in the dialog show at once.
  const editing = groups.data?.Items.find((group) => group.Id === editingId);

  return (
    <Stack gap="6">
      <Heading as="h1" size="2xl">
        Roles
      </Heading>
      <Text color="fg.muted">Role groups decide which platform roles and portal grants their members receive.</Text>
      {!editable && (
        <Alert.Root status="warning">
          <Alert.Indicator />
          <Alert.Title>{VIEW_ONLY_TEXT}</Alert.Title>
        </Alert.Root>
      )}
      {groups.isPending && (
        <HStack role="status" gap="3">
          <Spinner size="sm" />
          <Text color="fg.muted">Loading role groups...</Text>
        </HStack>
      )}
      {groups.isError && (
        <Alert.Root status="error" role="alert">
          <Alert.Indicator />
          <Alert.Content>
            <Alert.Title>{describeError(groups.error).title}</Alert.Title>
            <Alert.Description>{describeError(groups.error).message}</Alert.Description>
          </Alert.Content>
        </Alert.Root>
      )}
      {groups.data && (
        <RoleTable groups={groups.data.Items} onEdit={editable ? (group) => setEditingId(group.Id) : undefined} />
      )}
      {editing && (
        <RoleEditDialog
          key={editing.Id}
          group={editing}
          allowed={allowed}
          manageMembers={canManageMembers(me)}
          onClose={() => setEditingId(undefined)}
        />
      )}
    </Stack>
  );
}
