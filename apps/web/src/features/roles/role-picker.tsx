import { Checkbox, Fieldset, Input, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { useId, useState } from 'react';

export interface RolePickerProps {
  allowed: readonly string[];
  selected: readonly string[];
  onChange: (roles: string[]) => void;
  error?: string;
}

/**
 * A filterable checkbox list of the allowed platform roles. Selected roles the marketplace no longer allows stay
 * listed (and checked) so the user sees and can clear what validation complains about.
 */
export function RolePicker({ allowed, selected, onChange, error }: RolePickerProps) {
  const [filter, setFilter] = useState('');
  const filterId = useId();
  const term = filter.trim().toLowerCase();
  const unknown = selected.filter((role) => !allowed.includes(role));
  const options = [...unknown, ...allowed].filter((role) => role.toLowerCase().includes(term));
  const toggle = (role: string, checked: boolean) =>
    onChange(checked ? [...selected, role] : selected.filter((value) => value !== role));

  return (
    <Fieldset.Root invalid={error !== undefined}>
      <Fieldset.Legend>Platform roles ({selected.length} selected)</Fieldset.Legend>
      <Stack gap="2">
        <label htmlFor={filterId}>
          <Text srOnly>Filter platform roles</Text>
        </label>
        <Input
          id={filterId}
          size="sm"
          type="search"
          placeholder="Filter roles"
          value={filter}
          onChange={(event) => setFilter(event.target.value)}
        />
        <SimpleGrid
          columns={{ base: 1, sm: 2 }}
          gap="1"
          maxH="56"
          overflowY="auto"
          p="1"
          borderWidth="1px"
          rounded="l2"
        >
          {options.map((role) => (
            <Checkbox.Root
              key={role}
              size="sm"
              checked={selected.includes(role)}
              onCheckedChange={(details) => toggle(role, details.checked === true)}
            >
              <Checkbox.HiddenInput />
              <Checkbox.Control />
              <Checkbox.Label>{role}</Checkbox.Label>
            </Checkbox.Root>
          ))}
          {options.length === 0 && <Text color="fg.muted">No roles match.</Text>}
        </SimpleGrid>
      </Stack>
      {error && <Fieldset.ErrorText>{error}</Fieldset.ErrorText>}
    </Fieldset.Root>
  );
}
