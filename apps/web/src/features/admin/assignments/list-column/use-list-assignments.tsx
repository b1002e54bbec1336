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
import type { SwitcherBulk } from '../../bulk/bulk-action-buttons';
import { AssignmentCell } from './assignment-cells';
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

/**
 * What an assignment page adds to the list page: the switcher above, its column, and its bulk Assign and Unassign
 * selected, which the list's bulk bar shows beside its other actions (features/admin/bulk).
 */
export interface ListAssignments {
  readonly panel: ReactNode;
  /** Undefined until the switcher is chosen. */
  readonly columns: readonly ExtraListColumn[] | undefined;
  /** Null until the switcher is chosen, or when the roles allow no change. */
  readonly bulk: SwitcherBulk | null;
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
}): ListAssignments | null {
  const { collection, route } = input;
  const { description, roles } = usePortalContext();
  const binding = useMemo(() => bindOrNull(description, collection), [description, collection]);
  const [searchParams, setSearchParams] = useSearchParams();
  const choice = useMemo(() => (binding ? choiceFromUrl(binding, searchParams) : {}), [binding, searchParams]);
  const matched = useMatchedRecords(binding, route, choice);
  const actions = useAssignmentActions(binding, route, choice, matched.data);
  const [confirm, setConfirm] = useState<{
    rows: readonly ActionRow[];
    bulk: boolean;
    onDone?: (failedIds: readonly string[]) => void;
  } | null>(null);
  if (!binding) return null;

  const chosen = isChosen(binding, choice);
  const canManage = canManageFromList(roles, binding.pair.list);

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
  const panel = (
    <Stack gap="3">
      <SwitcherSteps binding={binding} route={route} choice={choice} onChoose={choose} />
      {matched.isError && <PlatformErrorAlert messages={errorMessagesOf(matched.error)} />}
      <ConfirmUnassignDialog
        noun={binding.noun}
        count={confirm?.rows.length ?? 0}
        open={confirm !== null}
        onCancel={() => setConfirm(null)}
        onConfirm={() => {
          if (confirm) void actions.run('unassign', confirm.rows, confirm.bulk).then(confirm.onDone);
          setConfirm(null);
        }}
      />
    </Stack>
  );
  const columns = chosen ? [assignmentColumn] : undefined;
  const progress = actions.progress;
  const bulk: SwitcherBulk | null =
    chosen && canManage
      ? {
          assign: (rows, onDone) => void actions.run('assign', rows, true).then(onDone),
          unassign: (rows, onDone) => setConfirm({ rows, bulk: true, onDone }),
          progress: progress && {
            label: `${progress.action === 'assign' ? 'Assigning' : 'Unassigning'} selected rows`,
            done: progress.done,
            total: progress.total,
          },
          report: actions.report,
          cancel: actions.cancel,
          dismiss: actions.dismissReport,
        }
      : null;
  return { panel, columns, bulk };
}
