import { Fieldset } from '@chakra-ui/react';
import { CheckboxList } from '@/ui/checkbox-list';

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
  const unknown = selected.filter((role) => !allowed.includes(role));
  const toggle = (role: string, checked: boolean) =>
    onChange(checked ? [...selected, role] : selected.filter((value) => value !== role));

  return (
    <Fieldset.Root invalid={error !== undefined}>
      <Fieldset.Legend>Platform roles ({selected.length} selected)</Fieldset.Legend>
      <CheckboxList
        options={[...unknown, ...allowed]}
        chosen={selected}
        onToggle={toggle}
        filterLabel="Filter platform roles"
        filterPlaceholder="Filter roles"
        emptyText="No roles match."
      />
      {error && <Fieldset.ErrorText>{error}</Fieldset.ErrorText>}
    </Fieldset.Root>
  );
}
