import { Box, Button, Heading, HStack, Spinner, Stack, Text } from '@chakra-ui/react';
import { useQueryClient } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { canManageFromList } from '@/access/access';
import { usePortalContext } from '@/app/portal/portal-context';
import { singularOf } from '@/forms/pickers/id-field-target';
import { toaster } from '@/ui/toaster';
import { errorMessagesOf, useAdminApi } from '../lib/admin-api';
import { PaginationBar } from '../list/pagination-bar';
import { deleteCall, reachableLevels, type AssignmentRecord } from './assignment-pairs';
import { AssignmentDialog } from './assignment-dialog';
import { AssignmentTable, columnLabel } from './assignment-table';
import { PlatformErrorAlert } from './platform-error-alert';
import { SwitcherBar, useSwitchedContext } from './switcher-bar';
import { belongsToTab, type AssignmentTabBinding, type TabContext } from './tab-binding';
import { ASSIGNMENT_PAGE_SIZE, useAssignmentPage, usePartyNames, useUrlPage } from './use-assignments';

/** Empty texts of spec 2 §2, as the list page says them. */
const NOTHING_YET = 'Nothing here yet. Try creating a new item first.';
const NO_DATA = 'No Data';

/** What one record is of: the tab's single other side ('User Group'), else the pair's resource ('Product'). */
export function assignmentNoun(binding: AssignmentTabBinding): string {
  const [only] = binding.otherFields;
  if (binding.otherFields.length === 1 && only) return columnLabel(only);
  return columnLabel(`${singularOf(binding.pair.resourceId)}ID`);
}

/**
 * An assignment tab's list, after the switcher's choice where the route lacks a parent: 'Create Assignment' in
 * the header, a page of records with the other side by name, the level and configurable fields, edit and delete
 * per row, and the list page's pagination (`p` in the URL).
 */
export function AssignmentListPanel(props: { binding: AssignmentTabBinding; routeContext: TabContext }) {
  const { binding, routeContext } = props;
  const switched = useSwitchedContext(binding.switcher, routeContext);
  const switcherBar = binding.switcher && (
    <SwitcherBar switcher={binding.switcher} context={routeContext} ownerResourceId={binding.pair.resourceId} />
  );
  if (switched) return <AssignmentRecords binding={binding} context={switched} switcherBar={switcherBar} />;
  return (
    <Stack gap="4" minW="0">
      <Heading as="h2" size="lg">
        {binding.label}
      </Heading>
      {switcherBar}
    </Stack>
  );
}

function AssignmentRecords(props: { binding: AssignmentTabBinding; context: TabContext; switcherBar: ReactNode }) {
  const { binding, context, switcherBar } = props;
  const { roles, marketplace } = usePortalContext();
  const api = useAdminApi();
  const queryClient = useQueryClient();
  const [page, setPage] = useUrlPage();
  const [errors, setErrors] = useState<string[]>([]);
  const [dialog, setDialog] = useState<{ record: AssignmentRecord | null } | null>(null);
  const { pair } = binding;
  const list = useAssignmentPage(binding, context, page, ASSIGNMENT_PAGE_SIZE);
  const records = ((list.data?.Items ?? []) as AssignmentRecord[]).filter((record) => belongsToTab(binding, record));
  const configurable = pair.configurableFields.filter((field) => !binding.otherFields.includes(field));
  const lookedUp = [...binding.otherFields, ...configurable.filter((field) => field.endsWith('ID'))];
  const names = usePartyNames(pair, lookedUp, records, context);
  const canManage = canManageFromList(roles, pair.list);
  const noun = assignmentNoun(binding);
  const meta = list.data?.Meta;
  const total = meta?.TotalCount ?? 0;

  const remove = async (record: AssignmentRecord) => {
    setErrors([]);
    const call = deleteCall(pair, record, context);
    if (!call) {
      setErrors(['This assignment cannot be deleted here.']);
      return;
    }
    try {
      await api.remove(call.operation, call.params, call.query);
    } catch (error) {
      setErrors(errorMessagesOf(error));
      return;
    }
    await queryClient.invalidateQueries({ queryKey: ['platform', marketplace.Id, 'list'] });
    toaster.create({ type: 'success', title: `${noun} Assignment deleted` });
  };

  return (
    <Stack gap="4" minW="0">
      <HStack justify="space-between" wrap="wrap" gap="3">
        <Heading as="h2" size="lg">
          {binding.label}
        </Heading>
        {canManage && pair.save && (
          <Button size="sm" onClick={() => setDialog({ record: null })}>
            Create Assignment
          </Button>
        )}
      </HStack>
      {switcherBar}
      {/* A refused list (the roles lack a reader role) says why, as the platform words it. */}
      <PlatformErrorAlert messages={list.isError ? [...errorMessagesOf(list.error), ...errors] : errors} />
      {list.isPending ? (
        <HStack color="fg.muted">
          <Spinner size="sm" /> <Text>Loading {binding.label.toLowerCase()}…</Text>
        </HStack>
      ) : records.length === 0 ? (
        <Box borderWidth="1px" borderStyle="dashed" rounded="l2" px="6" py="8" textAlign="center">
          <Text color="fg.muted">
            {list.isError ? 'The list could not be loaded.' : canManage ? NOTHING_YET : NO_DATA}
          </Text>
        </Box>
      ) : (
        <AssignmentTable
          pair={pair}
          records={records}
          partyFields={binding.otherFields}
          configurableFields={configurable}
          showLevel={reachableLevels(pair).length > 1 && binding.level === null}
          context={context}
          names={names.data ?? new Map()}
          noun={noun}
          onEdit={canManage && configurable.length > 0 ? (record) => setDialog({ record }) : null}
          onDelete={canManage && pair.deletes.length > 0 ? remove : null}
        />
      )}
      <HStack justify="space-between" wrap="wrap" gap="2">
        <Text fontSize="sm" color="fg.muted" aria-live="polite">
          {meta ? `${total} ${total === 1 ? 'assignment' : 'assignments'}` : ''}
        </Text>
        <PaginationBar page={page} totalPages={meta?.TotalPages ?? 0} onPage={setPage} />
      </HStack>
      {dialog && (
        <AssignmentDialog
          binding={binding}
          context={context}
          record={dialog.record}
          open
          onOpenChange={(open) => !open && setDialog(null)}
        />
      )}
    </Stack>
  );
}
