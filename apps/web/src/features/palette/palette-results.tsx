import { Box, Text } from '@chakra-ui/react';
import type { PaletteEntry } from './local-entries';
import type { PaletteGroup } from './palette-groups';

export interface PaletteResultsProps {
  listboxId: string;
  groups: readonly PaletteGroup[];
  activeKey: string | undefined;
  optionId: (entry: PaletteEntry) => string;
  onHover: (entry: PaletteEntry) => void;
  onChoose: (entry: PaletteEntry) => void;
}

/**
 * The palette's listbox: one group per kind, headed by its label (the APG's grouped listbox: `ul role=group`
 * labelled by a presentation item). Focus stays in the input; the active option is named by aria-activedescendant.
 */
export function PaletteResults({ listboxId, groups, activeKey, optionId, onHover, onChoose }: PaletteResultsProps) {
  return (
    <Box as="ul" role="listbox" id={listboxId} aria-label="Results" listStyleType="none" m="0" p="0">
      {groups.map((group) => {
        const headingId = `${listboxId}-${group.id}`;
        return (
          <li key={group.id} role="presentation">
            <Box as="ul" role="group" aria-labelledby={headingId} listStyleType="none" m="0" p="0" pb="2">
              <Box
                as="li"
                role="presentation"
                id={headingId}
                px="3"
                py="1"
                fontSize="xs"
                fontWeight="semibold"
                color="fg.muted"
                textTransform="uppercase"
                letterSpacing="wide"
              >
                {group.label}
              </Box>
              {group.entries.map((entry) => {
                const active = entry.key === activeKey;
                return (
                  <Box
                    as="li"
                    key={entry.key}
                    id={optionId(entry)}
                    role="option"
                    aria-selected={active}
                    px="3"
                    py="1.5"
                    rounded="l2"
                    cursor="pointer"
                    bg={active ? 'blue.subtle' : undefined}
                    color={active ? 'blue.fg' : undefined}
                    onMouseMove={() => onHover(entry)}
                    // mousedown would move focus out of the input first; click keeps the combobox pattern intact.
                    onMouseDown={(event) => event.preventDefault()}
                    onClick={() => onChoose(entry)}
                  >
                    <Text fontSize="sm" fontWeight="medium" truncate>
                      {entry.title}
                    </Text>
                    <Text fontSize="xs" color={active ? 'blue.fg' : 'fg.muted'} truncate>
                      {entry.subtitle}
                    </Text>
                  </Box>
                );
              })}
            </Box>
          </li>
        );
      })}
    </Box>
  );
}
