import { Fieldset, Text } from '@chakra-ui/react';
import { Controller, type Control } from 'react-hook-form';
import { CheckboxList } from '@/ui/checkbox-list';
import { FieldLegend } from './field-legend';
import type { FormField } from './field-model';
import { errorAt, type FormErrors } from './form-errors';
import type { FormValues } from './normalize';
import { validateField } from './validate';

// MULTI-SELECT FIELD
// A list of enum values (`control: 'multiselect'`) as a checkbox per option: the choices form a set, so the user
// sees all of them and what is chosen at once, and none can be picked twice. Long lists (the security profile's
// roles run to about ninety) get a filter box; chosen options stay chosen while filtered out of view.

/** Above this many options a filter box is shown. */
export const MULTISELECT_FILTER_MIN_OPTIONS = 8;

export interface MultiSelectFieldProps {
  readonly field: FormField;
  readonly control: Control<FormValues>;
  readonly errors: FormErrors;
}

function chosenOf(value: unknown): string[] {
  return Array.isArray(value) ? value.filter((entry): entry is string => typeof entry === 'string') : [];
}

function Options(props: {
  field: FormField;
  value: unknown;
  onChange: (value: string[]) => void;
  onBlur: () => void;
  name: string;
}) {
  const { field, value, onChange, onBlur, name } = props;
  const options = (field.options ?? []).map(String);
  const chosen = chosenOf(value);
  // Newly chosen options go last so the item's own order survives an edit (see normalize).
  const toggle = (option: string, checked: boolean) =>
    onChange(checked ? [...chosen.filter((entry) => entry !== option), option] : chosen.filter((e) => e !== option));
  return (
    <CheckboxList
      options={options}
      chosen={chosen}
      onToggle={toggle}
      filterLabel={options.length > MULTISELECT_FILTER_MIN_OPTIONS ? `Filter ${field.label}` : undefined}
      emptyText="No options match."
      name={name}
      onBlur={onBlur}
    />
  );
}

/** A searchable checkbox list holding the chosen enum values. */
export function MultiSelectField({ field, control, errors }: MultiSelectFieldProps) {
  const error = errorAt(errors, field.path);
  return (
    <Controller
      name={field.path}
      control={control}
      rules={{ validate: (value) => validateField(field, value) ?? true }}
      render={({ field: input }) => (
        <Fieldset.Root invalid={error !== undefined}>
          <FieldLegend field={field}>
            {' '}
            <Text as="span" color="fg.muted" fontWeight="normal">
              ({chosenOf(input.value).length} selected)
            </Text>
          </FieldLegend>
          {field.helpText && <Fieldset.HelperText>{field.helpText}</Fieldset.HelperText>}
          <Fieldset.Content>
            <Options
              field={field}
              value={input.value}
              onChange={input.onChange}
              onBlur={input.onBlur}
              name={input.name}
            />
          </Fieldset.Content>
          {error && <Fieldset.ErrorText>{error}</Fieldset.ErrorText>}
        </Fieldset.Root>
      )}
    />
  );
}
