import { Stack } from '@chakra-ui/react';
import { useMemo, useState, type ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import { canManageFromList } from '@/access/access';
import { usePortalContext } from '@/app/portal/portal-context';
import type { ApiDescription } from '@/description/api-model';
import { displayName } from '@/lib/display-name';
import type { CatalogueCollection } from '../../catalogue/catalogue';
import { errorMessagesOf, type Item } from '../../lib/admin-api';
import type { ExtraListColumn } from '../../list/extra-columns';
import { PlatformErrorAlert } from '../platform-error-alert';
import { AssignmentCell, RowCheckbox, SelectAllCheckbox } from './assignment-cells';
import { BulkBar } from './bulk-bar';
import { ConfirmUnassignDialog } from './confirm-unassign-dialog';
import {
  bindListAssignments,
  choiceFromUrl,
  isChosen,
  type ListAssignmentBinding,
  type SwitcherStep,
} from './list-assignment-binding';
import { SwitcherSteps } from './switcher-steps';
import { useAssignmentActions, type ActionRow } from './use-assignment-actions';
import { useMatchedRecords } from './use-matched-records';

/** What an assignment page adds to the list page: the switcher and bulk bar above, and its columns. */
export interface ListAssignments {
  readonly panel: ReactNode;
  /** Undefined until the switcher is chosen. */
  readonly columns: readonly ExtraListColumn[] | undefined;
}

function bindOrNull(api: ApiDescription, collection: CatalogueCollection): ListAssignmentBinding | null {
  try {
    return bindListAssignments(api, collection);
  } catch {
    // The catalogue walk test binds every declaration; a description that cannot serve one loses only the column.
    return null;
  }
}

function rowOf(item: Item): ActionRow | null {
  return typeof item.ID === 'string' ? { id: item.ID, name: displayName(item) } : null;
}

/**
 * The assignment page of a catalogue list that declares `assignmentSwitcher` (spec 2 §2 "Assignment pages"), or
 * null for any other list: a switcher ('Select a User Group to view Users', kept in the URL), then a selection
 * column and an Assignment column holding each row's record with the choice, per-row Assign and Unassign, and
 * the same for every selected row at once.
 */
export function useListAssignments(input: {
  collection: CatalogueCollection;
  route: Readonly<Record<string, string>>;
  items: readonly Item[];
}): ListAssignments | null {
  const { collection, route, items } = input;
  const { description, roles } = usePortalContext();
  const binding = useMemo(() => bindOrNull(description, collection), [description, collection]);
  const [searchParams, setSearchParams] = useSearchParams();
  const choice = useMemo(() => (binding ? choiceFromUrl(binding, searchParams) : {}), [binding, searchParams]);
  const matched = useMatchedRecords(binding, route, choice);
  const actions = useAssignmentActions(binding, route, choice, matched.data);
  const [selectedIds, setSelectedIds] = useState<ReadonlySet<string>>(new Set());
  const [confirm, setConfirm] = useState<{ rows: readonly ActionRow[]; bulk: boolean } | null>(null);
  if (!binding) return null;

  const chosen = isChosen(binding, choice);
  const canManage = canManageFromList(roles, binding.pair.list);
  const rows = items.map(rowOf).filter((row): row is ActionRow => row !== null);
  const selected = rows.filter((row) => selectedIds.has(row.id));
  const select = (ids: readonly string[], on: boolean) =>
    setSelectedIds((previous) => {
      const next = new Set(previous);
      for (const id of ids) {
        if (on) next.add(id);
        else next.delete(id);
      }
      return next;
    });

  const choose = (step: SwitcherStep, id: string) =>
    setSearchParams((current) => {
      const next = new URLSearchParams(current);
      // A later step belongs to the earlier ones (a user group to its buyer): a new choice clears them.
      const later = binding.steps.slice(binding.steps.indexOf(step));
      for (const each of later) next.delete(each.urlKey);
      if (id) next.set(step.urlKey, id);
      return next;
    });

  const configurable = binding.pair.configurableFields;
  const assignmentColumn: ExtraListColumn = {
    key: 'assignment',
    placement: 'end',
    header: 'Assignment',
    cell: (item) => {
      const row = rowOf(item);
      if (!row) return null;
      return (
        <AssignmentCell
          rowName={row.name}
          record={matched.data?.get(row.id)}
          configurableFields={configurable}
          loading={matched.isPending && matched.fetchStatus !== 'idle'}
          unknown={matched.isError}
          busy={actions.busy.has(row.id)}
          outcome={actions.outcomes.get(row.id)}
          onAssign={canManage ? () => void actions.run('assign', [row], false) : null}
          onUnassign={canManage ? () => setConfirm({ rows: [row], bulk: false }) : null}
        />
      );
    },
  };
  const selectionColumn: ExtraListColumn = {
    key: 'selection',
    placement: 'start',
    header: (
      <SelectAllCheckbox
        selected={selected.length}
        total={rows.length}
        onChange={(on) =>
          select(
            rows.map((row) => row.id),
            on,
          )
        }
      />
    ),
    cell: (item) => {
      const row = rowOf(item);
      return (
        row && <RowCheckbox name={row.name} checked={selectedIds.has(row.id)} onChange={(on) => select([row.id], on)} />
      );
    },
  };

  const panel = (
    <Stack gap="3">
      <SwitcherSteps binding={binding} route={route} choice={choice} onChoose={choose} />
      {matched.isError && <PlatformErrorAlert messages={errorMessagesOf(matched.error)} />}
      {chosen && canManage && (
        <BulkBar
          selected={selected.length}
          progress={actions.progress}
          report={actions.report}
          onAssign={() => void actions.run('assign', selected, true)}
          onUnassign={() => setConfirm({ rows: selected, bulk: true })}
          onCancel={actions.cancel}
          onDismiss={actions.dismissReport}
        />
      )}
      <ConfirmUnassignDialog
        noun={binding.noun}
        count={confirm?.rows.length ?? 0}
        open={confirm !== null}
        onCancel={() => setConfirm(null)}
        onConfirm={() => {
          if (confirm) void actions.run('unassign', confirm.rows, confirm.bulk);
          setConfirm(null);
        }}
      />
    </Stack>
  );
  const columns = chosen ? (canManage ? [selectionColumn, assignmentColumn] : [assignmentColumn]) : undefined;
  return { panel, columns };
}
