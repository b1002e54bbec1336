import { useCallback, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import {
  availableColumns,
  browserStorage,
  columnsStorageKey,
  defaultColumns,
  readColumns,
  writeColumns,
  type ListColumn,
} from '../lib/columns';
import { readListState, writeListState, type ListUrlState } from '../lib/list-url-state';
import type { SchemaObject } from '@/description/openapi-types';

/** The state after a change: any change but the page's own goes back to page 1. */
export function applyListChange(before: ListUrlState, change: Partial<ListUrlState>): ListUrlState {
  return { ...before, ...change, page: change.page ?? 1 };
}

/** The list state in the URL and a setter that writes a change (page back to 1 unless the page itself changes). */
export function useListUrlState(): [
  ListUrlState,
  (change: Partial<ListUrlState>, options?: { replace?: boolean }) => void,
] {
  const [searchParams, setSearchParams] = useSearchParams();
  const state = useMemo(() => readListState(searchParams), [searchParams]);
  const update = useCallback(
    (change: Partial<ListUrlState>, options: { replace?: boolean } = {}) => {
      setSearchParams(
        (current) => {
          return writeListState(current, applyListChange(readListState(current), change));
        },
        { replace: options.replace ?? false },
      );
    },
    [setSearchParams],
  );
  return [state, update];
}

/** The columns on offer, those shown, and a setter that keeps the choice per marketplace and collection. */
export function useListColumns(marketplaceId: string, collectionKey: string, itemSchema: SchemaObject | null) {
  const available = useMemo(() => availableColumns(itemSchema), [itemSchema]);
  const key = columnsStorageKey(marketplaceId, collectionKey);
  const [stored, setStored] = useState<string[] | null>(() => readColumns(browserStorage(), key, available));
  const chosen = useMemo(() => stored ?? defaultColumns(available), [stored, available]);
  const setChosen = (fields: string[] | null) => {
    writeColumns(browserStorage(), key, fields);
    setStored(fields);
  };
  // In the chosen order: defaults lead with ID and Name, and a column the user adds goes last. The same array
  // until the choice changes, so the memoised table does not re-render for nothing.
  const shown: ListColumn[] = useMemo(
    () => chosen.flatMap((field) => available.filter((column) => column.field === field)),
    [chosen, available],
  );
  return { available, chosen, shown, setChosen };
}

export type ListView = 'table' | 'grid';
const VIEW_KEY = 'admin-list-view';

/** Table or grid, remembered for every list of this browser. */
export function useListView(): [ListView, (view: ListView) => void] {
  const [view, setView] = useState<ListView>(() => (browserStorage()?.getItem(VIEW_KEY) === 'grid' ? 'grid' : 'table'));
  const change = (next: ListView) => {
    try {
      browserStorage()?.setItem(VIEW_KEY, next);
    } catch {
      // Not remembered: a preference only.
    }
    setView(next);
  };
  return [view, change];
}
