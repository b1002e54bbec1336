import { Button, IconButton, Kbd, Text } from '@chakra-ui/react';
import { lazy, Suspense, useEffect, useState } from 'react';
import { SearchIcon } from './search-icon';

// The dialog and its tables (catalogue, console operations) load on first open, not with the home page.
const CommandPalette = lazy(async () => ({ default: (await import('./command-palette')).CommandPalette }));

const isMac = () => typeof navigator !== 'undefined' && /Mac|iPhone|iPad/.test(navigator.platform);

/** Ctrl+K (Cmd+K on a Mac) anywhere; '/' stays the lists' own search shortcut. */
export function isPaletteShortcut(event: Pick<KeyboardEvent, 'key' | 'ctrlKey' | 'metaKey' | 'altKey'>): boolean {
  return event.key.toLowerCase() === 'k' && (event.ctrlKey || event.metaKey) && !event.altKey;
}

/**
 * The top bar's search box (an icon button below 1536 px, where the top bar's links need the room) and the keyboard shortcut that opens the command palette
 * from any page.
 */
export function PaletteLauncher() {
  const [open, setOpen] = useState(false);
  const [loaded, setLoaded] = useState(false);

  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (!isPaletteShortcut(event)) return;
      // The browser's own Ctrl+K (focus its search bar) gives way to the portal's.
      event.preventDefault();
      setLoaded(true);
      setOpen((current) => !current);
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, []);

  const show = () => {
    setLoaded(true);
    setOpen(true);
  };
  const shortcut = isMac() ? '⌘K' : 'Ctrl+K';
  return (
    <>
      <Button
        variant="outline"
        size="sm"
        hideBelow="2xl"
        color="fg.muted"
        justifyContent="space-between"
        gap="2"
        aria-keyshortcuts="Control+K Meta+K"
        onClick={show}
      >
        <SearchIcon />
        <Text as="span" flex="1" textAlign="start" pe="2">
          Search
        </Text>
        <Kbd size="sm">{shortcut}</Kbd>
      </Button>
      <IconButton
        aria-label="Search"
        title={`Search (${shortcut})`}
        aria-keyshortcuts="Control+K Meta+K"
        variant="ghost"
        size={{ base: 'xs', sm: 'sm' }}
        hideFrom="2xl"
        onClick={show}
      >
        <SearchIcon />
      </IconButton>
      {loaded && (
        <Suspense fallback={null}>
          <CommandPalette open={open} onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </>
  );
}
