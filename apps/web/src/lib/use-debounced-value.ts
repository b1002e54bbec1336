import { useEffect, useState } from 'react';

/** Spec 1 §9 and spec 2 §9: option lists search 300 ms after typing stops, modals and side panels 500 ms. */
export const LIST_SEARCH_DEBOUNCE_MS = 300;
export const MODAL_SEARCH_DEBOUNCE_MS = 500;

/** The value once it has stopped changing for `delayMs`. */
export function useDebouncedValue<T>(value: T, delayMs: number): T {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setDebounced(value), delayMs);
    return () => clearTimeout(timer);
  }, [value, delayMs]);
  return debounced;
}
