import { useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { usePortalContext } from '@/app/portal/portal-context';
import type { ApiOperation } from '@/description/api-model';
import { RowCheckbox, SelectAllCheckbox } from '../assignments/list-column/assignment-cells';
import type { CatalogueCollection } from '../catalogue/catalogue';
import { useAdminApi, type Item } from '../lib/admin-api';
import type { ExtraListColumn } from '../list/extra-columns';
import { bulkActionsFor, hasBulkActions } from './bulk-actions';
import { BulkBar } from './bulk-bar';
import { BulkActionButtons, type SwitcherBulk } from './bulk-action-buttons';
import { BulkFlow, useBulkFlow } from './bulk-flow';
import { readMatchingItems } from './read-pages';
import {
  clearSelection,
  emptySelection,
  inScope,
  isSelected,
  keepOnly,
  selectAllMatching,
  selectedCount,
  selectionScope,
  selectRows,
  type BulkSelection,
} from './selection';
import { rowOfItem, useBulkRun } from './use-bulk-run';

export interface ListBulk {
  /** The selection column, or none when the user may do nothing to many rows at once. */
  readonly columns: readonly ExtraListColumn[];
  readonly panel: ReactNode;
  /** An assignment page's run ended: only its failed rows stay selected. */
  readonly keepFailed: (failedIds: readonly string[]) => void;
}

/**
 * Row selection and the bulk bar of a list page (issue 24), for a list whose resource the user may delete,
 * patch or save, or assign: a box per row, 'Select all on this page', 'Select all N matching' across pages (the
 * list's search and filters), and the actions of {@link bulkActionsFor}; an assignment page's Assign and
 * Unassign selected join the same bar (`switcher`).
 */
export function useListBulk(input: {
  collection: CatalogueCollection;
  operation: ApiOperation;
  route: Readonly<Record<string, string>>;
  state: { readonly search: string; readonly filters: Readonly<Record<string, string>> };
  /** The list's query; 'all matching' reads it page by page. */
  query: Readonly<Record<string, string | number>>;
  items: readonly Item[];
  total: number;
  switcher: SwitcherBulk | null;
}): ListBulk {
  const { collection, operation, route, state, query, items, total, switcher } = input;
  const { description, roles } = usePortalContext();
  const api = useAdminApi();
  const plan = useMemo(
    () => bulkActionsFor(description, collection, roles, route),
    [description, collection, roles, route],
  );
  const scope = selectionScope(route, state);
  const [stored, setSelection] = useState<BulkSelection>(() => emptySelection(scope));
  const selection = inScope(stored, scope);
  const update = (change: (current: BulkSelection) => BulkSelection) =>
    setSelection((current) => change(inScope(current, scope)));
  const keepFailed = (failedIds: readonly string[]) => update((current) => keepOnly(current, failedIds));
  const runner = useBulkRun(keepFailed);
  // Rows ticked on earlier pages are acted on by the item last seen of them.
  const seen = useRef(new Map<string, Item>());
  useEffect(() => {
    for (const item of items) if (typeof item.ID === 'string') seen.current.set(item.ID, item);
  }, [items]);

  const count = selectedCount(selection, total);
  const selectedItems = async (signal: AbortSignal): Promise<readonly Item[]> => {
    if (!selection.allMatching) {
      return [...selection.ids].flatMap((id) => {
        const item = seen.current.get(id);
        return item ? [item] : [];
      });
    }
    const { page: _page, pageSize: _pageSize, ...matching } = query;
    const all = await readMatchingItems(api, operation, { ...route }, matching, signal);
    return all.filter((item) => typeof item.ID === 'string' && !selection.excluded.has(item.ID));
  };
  const flow = useBulkFlow({ plan, collection, route, api, count, selection, selectedItems, run: runner.run });

  const enabled = hasBulkActions(plan) || switcher !== null;
  if (!enabled) return { columns: [], panel: null, keepFailed };

  const pageIds = items.flatMap((item) => (typeof item.ID === 'string' ? [item.ID] : []));
  const onPage = pageIds.filter((id) => isSelected(selection, id)).length;
  const column: ExtraListColumn = {
    key: 'bulk-selection',
    placement: 'start',
    header: (
      <SelectAllCheckbox
        selected={onPage}
        total={pageIds.length}
        onChange={(on) => update((current) => selectRows(current, pageIds, on))}
      />
    ),
    cell: (item) => {
      if (typeof item.ID !== 'string') return null;
      const id = item.ID;
      return (
        <RowCheckbox
          name={rowOfItem(item).name}
          checked={isSelected(selection, id)}
          onChange={(on) => update((current) => selectRows(current, [id], on))}
        />
      );
    },
  };
  const progress = runner.progress ?? switcher?.progress ?? null;
  const report = runner.report ?? switcher?.report ?? null;
  const everyPageRowSelected = pageIds.length > 0 && onPage === pageIds.length;
  const panel = (count > 0 || progress || report) && (
    <>
      <BulkBar
        selection={{
          count,
          allMatching: selection.allMatching,
          offerAllMatching: everyPageRowSelected && total > pageIds.length ? total : null,
          onSelectAllMatching: () => update(selectAllMatching),
          onClear: () => update(clearSelection),
        }}
        progress={progress}
        report={report}
        onCancel={() => (runner.progress ? runner.cancel() : switcher?.cancel())}
        onDismiss={() => {
          runner.dismiss();
          switcher?.dismiss();
        }}
      >
        <BulkActionButtons
          plan={plan}
          switcher={switcher}
          disabled={count === 0 || progress !== null}
          onChoose={flow.choose}
          onSwitcher={async (action) => {
            const rows = (await selectedItems(new AbortController().signal)).map(rowOfItem);
            if (action === 'assign') switcher?.assign(rows, keepFailed);
            else switcher?.unassign(rows, keepFailed);
          }}
        />
      </BulkBar>
      <BulkFlow flow={flow} collection={collection} route={route} count={count} />
    </>
  );
  return { columns: [column], panel, keepFailed };
}
