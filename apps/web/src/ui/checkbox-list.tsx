import { Checkbox, Input, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { useState } from 'react';

export interface CheckboxListProps {
  readonly options: readonly string[];
  readonly chosen: readonly string[];
  readonly onToggle: (option: string, checked: boolean) => void;
  /** The filter box's accessible name, e.g. 'Filter platform roles'; no filter box when absent. */
  readonly filterLabel?: string | undefined;
  readonly filterPlaceholder?: string;
  /** Said when the filter hides every option. */
  readonly emptyText: string;
  /** Form name of the checkboxes, and a blur handler for forms that validate on blur. */
  readonly name?: string;
  readonly onBlur?: () => void;
}

/**
 * A set of choices as a filterable grid of checkboxes: every option and what is chosen stay visible at once, and
 * the filter only narrows the view, so chosen options stay chosen while hidden.
 */
export function CheckboxList(props: CheckboxListProps) {
  const { options, chosen, onToggle, filterLabel, filterPlaceholder, emptyText, name, onBlur } = props;
  const [filter, setFilter] = useState('');
  const term = filter.trim().toLowerCase();
  const shown = options.filter((option) => option.toLowerCase().includes(term));
  return (
    <Stack gap="2">
      {filterLabel !== undefined && (
        <Input
          size="sm"
          type="search"
          aria-label={filterLabel}
          placeholder={filterPlaceholder ?? 'Filter options'}
          value={filter}
          onChange={(event) => setFilter(event.target.value)}
        />
      )}
      <SimpleGrid columns={{ base: 1, sm: 2 }} gap="1" maxH="56" overflowY="auto" p="1" borderWidth="1px" rounded="l2">
        {shown.map((option) => (
          <Checkbox.Root
            key={option}
            size="sm"
            name={name}
            value={option}
            checked={chosen.includes(option)}
            onCheckedChange={(details) => onToggle(option, details.checked === true)}
          >
            <Checkbox.HiddenInput onBlur={onBlur} />
            <Checkbox.Control />
            <Checkbox.Label>{option}</Checkbox.Label>
          </Checkbox.Root>
        ))}
        {shown.length === 0 && <Text color="fg.muted">{emptyText}</Text>}
      </SimpleGrid>
    </Stack>
  );
}
