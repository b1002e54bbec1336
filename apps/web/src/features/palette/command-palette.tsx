import { Box, CloseButton, Dialog, Input, Kbd, Portal, Text } from '@chakra-ui/react';
import { useId, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { usePortalContext } from '@/app/portal/portal-context';
import { withKeptQuery } from '@/lib/keep-query';
import { localOperations, localPages, type PaletteEntry } from './local-entries';
import { flatEntries, paletteGroups } from './palette-groups';
import { PaletteResults } from './palette-results';
import { usePaletteSearch } from './search-api';
import { paletteStatus } from './palette-status';

export interface CommandPaletteProps {
  open: boolean;
  onClose: () => void;
}

/**
 * "Find anything from anywhere" (issue 24): one input, results grouped by kind as you type (the marketplace's items
 * from the portal service, the portal's pages and console operations from here), arrows to move, Enter to open,
 * Esc to close.
 */
export function CommandPalette({ open, onClose }: CommandPaletteProps) {
  const { me, roles, description, marketplace } = usePortalContext();
  const navigate = useNavigate();
  const { search } = useLocation();
  const inputRef = useRef<HTMLInputElement>(null);
  const baseId = useId().replace(/:/g, '');
  const [typed, setTyped] = useState('');
  const [activeKey, setActiveKey] = useState<string>();

  const local = useMemo(() => {
    const context = {
      me,
      roles,
      description,
      environment: marketplace.OcEnvironment,
      hosted: marketplace.Kind !== 'Connected',
    };
    return { pages: localPages(context), operations: localOperations(context) };
  }, [me, roles, description, marketplace.OcEnvironment, marketplace.Kind]);
  const server = usePaletteSearch(typed);
  const groups = useMemo(
    () => paletteGroups(local, typed.trim() ? server.data : undefined, typed),
    [local, server.data, typed],
  );
  const entries = flatEntries(groups);
  // The active line follows its key while results change; when it is gone, the first line is active.
  const active = entries.find((entry) => entry.key === activeKey) ?? entries[0];
  const optionId = (entry: PaletteEntry) => `${baseId}-option-${entries.indexOf(entry)}`;
  const listboxId = `${baseId}-listbox`;

  const choose = (entry: PaletteEntry) => {
    onClose();
    void navigate(withKeptQuery(entry.href, search));
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (entries.length === 0 || !active) return;
    const index = entries.indexOf(active);
    const move = (to: number) => {
      event.preventDefault();
      const next = entries[(to + entries.length) % entries.length];
      setActiveKey(next?.key);
      if (next) document.getElementById(optionId(next))?.scrollIntoView({ block: 'nearest' });
    };
    if (event.key === 'ArrowDown') move(index + 1);
    else if (event.key === 'ArrowUp') move(index - 1);
    else if (event.key === 'Home' && event.ctrlKey) move(0);
    else if (event.key === 'End' && event.ctrlKey) move(entries.length - 1);
    else if (event.key === 'Enter') {
      event.preventDefault();
      choose(active);
    }
  };

  const status = paletteStatus({
    typed,
    count: entries.length,
    loading: server.isFetching || server.settling,
    answer: server.data,
    failed: server.isError,
  });

  return (
    <Dialog.Root
      open={open}
      onOpenChange={(details) => !details.open && onClose()}
      initialFocusEl={() => inputRef.current}
      placement="top"
      size="lg"
      onExitComplete={() => setTyped('')}
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content aria-label="Find anything">
            <Dialog.Header pb="2">
              <Dialog.Title fontSize="md">Find anything</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body pt="0" pb="4">
              <Input
                ref={inputRef}
                role="combobox"
                aria-label="Search the marketplace, pages and operations"
                aria-expanded={entries.length > 0}
                aria-controls={listboxId}
                aria-autocomplete="list"
                aria-activedescendant={active ? optionId(active) : undefined}
                autoComplete="off"
                spellCheck={false}
                placeholder="An ID, a name, an e-mail, a page or 'create product'"
                value={typed}
                onChange={(event) => {
                  setTyped(event.target.value);
                  setActiveKey(undefined);
                }}
                onKeyDown={onKeyDown}
              />
              <Text role="status" aria-live="polite" fontSize="xs" color="fg.muted" mt="2" minH="4">
                {status}
              </Text>
              <Box mt="2" maxH={{ base: 'none', md: '60vh' }} overflowY="auto">
                <PaletteResults
                  listboxId={listboxId}
                  groups={groups}
                  activeKey={active?.key}
                  optionId={optionId}
                  onHover={(entry) => setActiveKey(entry.key)}
                  onChoose={choose}
                />
              </Box>
              <Text fontSize="xs" color="fg.muted" mt="3" hideBelow="md">
                <Kbd>↑</Kbd> <Kbd>↓</Kbd> to move, <Kbd>Enter</Kbd> to open, <Kbd>Esc</Kbd> to close
              </Text>
            </Dialog.Body>
            <Dialog.CloseTrigger asChild>
              <CloseButton size="sm" aria-label="Close" />
            </Dialog.CloseTrigger>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
