import { useEffect, useState } from 'react';

/** Spec §9: option searches wait 300 ms, 500 ms inside modals and side panels. */
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
