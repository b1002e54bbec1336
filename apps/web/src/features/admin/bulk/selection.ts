// BULK SELECTION
// Which rows of a list the bulk bar acts on (issue 24): rows ticked one by one or a page at a time, or 'Select all N
// matching', every item the list's search and filters match across its pages. A selection belongs to one scope
// (route, search, filters): changing any of them clears it, since the rows it named may no longer be listed.
// Paging keeps it: ticking rows on page 1 and page 2 selects both.

export interface BulkSelection {
  /** The route, search and filters the selection was made under; see {@link selectionScope}. */
  readonly scope: string;
  /** Rows ticked one by one (or a page at a time); empty while `allMatching`. */
  readonly ids: ReadonlySet<string>;
  /** Every matching item across pages, less `excluded` (rows unticked afterwards). */
  readonly allMatching: boolean;
  readonly excluded: ReadonlySet<string>;
}

const NONE: ReadonlySet<string> = new Set();

/**
 * The scope of a list's selection: what decides which items the list holds, but not its page or sort.
 *
 * @example
 * selectionScope({ buyerID: 'b1' }, { search: 'shoe', filters: { Active: 'true' } });
 * // '{"route":{"buyerID":"b1"},"search":"shoe","filters":{"Active":"true"}}'
 */
export function selectionScope(
  route: Readonly<Record<string, string>>,
  state: { readonly search: string; readonly filters: Readonly<Record<string, string>> },
): string {
  const sorted = (record: Readonly<Record<string, string>>) =>
    Object.fromEntries(Object.entries(record).sort(([a], [b]) => a.localeCompare(b)));
  return JSON.stringify({ route: sorted(route), search: state.search, filters: sorted(state.filters) });
}

export function emptySelection(scope: string): BulkSelection {
  return { scope, ids: NONE, allMatching: false, excluded: NONE };
}

/** The selection under `scope`: itself when made there, else empty (the search or filters changed). */
export function inScope(selection: BulkSelection, scope: string): BulkSelection {
  return selection.scope === scope ? selection : emptySelection(scope);
}

function withIds(ids: ReadonlySet<string>, changed: readonly string[], add: boolean): ReadonlySet<string> {
  const next = new Set(ids);
  for (const id of changed) {
    if (add) next.add(id);
    else next.delete(id);
  }
  return next;
}

/**
 * Ticks (`on`) or unticks rows: one row's box, or every row of the page ('Select all on this page'). Under 'all
 * matching' an untick excludes the row, a tick takes it back.
 */
export function selectRows(selection: BulkSelection, ids: readonly string[], on: boolean): BulkSelection {
  if (selection.allMatching) return { ...selection, excluded: withIds(selection.excluded, ids, !on) };
  return { ...selection, ids: withIds(selection.ids, ids, on) };
}

/** 'Select all N matching': every item the list's scope matches, across its pages. */
export function selectAllMatching(selection: BulkSelection): BulkSelection {
  return { scope: selection.scope, ids: NONE, allMatching: true, excluded: NONE };
}

export function clearSelection(selection: BulkSelection): BulkSelection {
  return emptySelection(selection.scope);
}

export function isSelected(selection: BulkSelection, id: string): boolean {
  return selection.allMatching ? !selection.excluded.has(id) : selection.ids.has(id);
}

/**
 * How many items the selection holds, `total` being how many the list matches.
 *
 * @example
 * selectedCount(selectAllMatching(emptySelection('s')), 240); // 240
 */
export function selectedCount(selection: BulkSelection, total: number): number {
  return selection.allMatching ? Math.max(0, total - selection.excluded.size) : selection.ids.size;
}

/** After a run: only the rows that failed stay selected, so they can be retried. */
export function keepOnly(selection: BulkSelection, ids: readonly string[]): BulkSelection {
  return { scope: selection.scope, ids: new Set(ids), allMatching: false, excluded: NONE };
}

/** How many selected items a second, typed confirmation guards: 'Select all N matching' above a thousand. */
export const TYPED_CONFIRM_ABOVE = 1000;

/** Whether acting on the selection needs the number typed: all matching, and more than {@link TYPED_CONFIRM_ABOVE}. */
export function needsTypedConfirm(selection: BulkSelection, count: number): boolean {
  return selection.allMatching && count > TYPED_CONFIRM_ABOVE;
}
