import { useCallback, useState } from 'react';
import type { Item } from '../lib/admin-api';

export interface ShownItem {
  /** The item as the form shows it. */
  readonly data: Item | undefined;
  /** Bumped when the form takes another version of the item: part of the form's key, so it starts over with it. */
  readonly version: number;
  /** A different version read while the form had changes, waiting for the user (see `takeNewer`). */
  readonly newer: Item | undefined;
  /** Shows the newest version read, leaving the user's changes. */
  readonly takeNewer: () => void;
  /** Shows `data` at once (a save's answer), whatever the form holds. */
  readonly take: (data: Item | undefined) => void;
}

/**
 * The version of an item its form shows. A read answering the same item changes nothing (the query hands back
 * the same object then, by its structural sharing), so the form keeps its edit mode and whatever was typed; a
 * changed item replaces it at once when the form has no changes, and otherwise waits as `newer` for the user.
 * Keying the form on the query's update time instead started it over at every read (a reload's second read threw
 * the xp editor out of edit mode).
 */
export function useShownItem(data: Item | undefined, dirty: boolean): ShownItem {
  // `passed`: the query's item when another was taken (a save's answer is cached a moment after it is shown), so
  // that one does not count as a change.
  const [shown, setShown] = useState<{ data: Item | undefined; version: number; passed?: Item | undefined }>(() => ({
    data,
    version: 0,
  }));
  const changed = data !== undefined && data !== shown.data && data !== shown.passed;

  // Taken during render (React's way to adjust state to a prop), so the form never shows the replaced item.
  if (changed && !dirty) setShown({ data, version: shown.version + 1 });

  const take = useCallback(
    (next: Item | undefined) => setShown((current) => ({ data: next, version: current.version + 1, passed: data })),
    [data],
  );
  const takeNewer = useCallback(() => take(data), [take, data]);
  return { data: shown.data, version: shown.version, newer: changed && dirty ? data : undefined, takeNewer, take };
}
