import { Input } from '@chakra-ui/react';
import { useEffect, useRef, useState } from 'react';

/** How long typing pauses before the list searches (spec 2 §9). */
export const SEARCH_DEBOUNCE_MS = 300;

function typingElsewhere(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  return target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName);
}

/** The list's search box: writes `s` after a pause or on Enter; `/` anywhere on the page focuses it. */
export function SearchBox({
  value,
  label,
  onSearch,
}: {
  value: string;
  label: string;
  onSearch: (search: string) => void;
}) {
  const [draft, setDraft] = useState(value);
  const [shownValue, setShownValue] = useState(value);
  const input = useRef<HTMLInputElement>(null);
  // Back and forward change the URL under the box: follow it (adjusting state during render, not in an effect).
  if (shownValue !== value) {
    setShownValue(value);
    setDraft(value);
  }
  useEffect(() => {
    if (draft === value) return undefined;
    const timer = window.setTimeout(() => onSearch(draft.trim()), SEARCH_DEBOUNCE_MS);
    return () => window.clearTimeout(timer);
  }, [draft, value, onSearch]);
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== '/' || event.ctrlKey || event.metaKey || event.altKey || typingElsewhere(event.target)) return;
      event.preventDefault();
      input.current?.focus();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);
  return (
    <Input
      ref={input}
      type="search"
      size="sm"
      maxW={{ base: 'full', md: '20rem' }}
      aria-label={label}
      placeholder="Search (press / to focus)"
      value={draft}
      onChange={(event) => setDraft(event.target.value)}
      onKeyDown={(event) => {
        if (event.key === 'Enter') onSearch(draft.trim());
      }}
    />
  );
}
