import { Box, Field, Input, NativeSelect, Switch, Text, Textarea } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { utcInputHint } from '@/ui/date-time';
import { JsonEditor } from '@/ui/json-editor';
import type { ControlProps } from './control-props';
import type { FormField } from './field-model';
import { IdPicker } from './pickers/id-picker';

// FIELD CONTROL
// One Chakra control per single-value field kind (lists have their own components: array-field, multi-select-field).
// Controlled by the form through `value`/`onChange`/`onBlur` so react-hook-form
// owns the state and runs validation on blur.

/** Fills the ID-field slot; without one, identifier fields get the resource picker of `pickers/id-picker`. */
export type IdPickerSlot = (field: FormField, control: ControlProps) => ReactNode;

function text(value: unknown): string {
  return typeof value === 'string' ? value : '';
}

function Control({ field, control, invalid }: { field: FormField; control: ControlProps; invalid: boolean }) {
  const { value, onChange, onBlur, name } = control;
  const common = { name, onBlur, value: text(value) };
  switch (field.control) {
    case 'switch':
      return (
        <Switch.Root name={name} checked={value === true} onCheckedChange={(e) => onChange(e.checked)}>
          <Switch.HiddenInput onBlur={onBlur} />
          <Switch.Control>
            <Switch.Thumb />
          </Switch.Control>
        </Switch.Root>
      );
    case 'select':
      return (
        <NativeSelect.Root>
          <NativeSelect.Field {...common} onChange={(e) => onChange(e.target.value)}>
            <option value="">Select…</option>
            {(field.options ?? []).map((option) => (
              <option key={String(option)} value={String(option)}>
                {String(option)}
              </option>
            ))}
          </NativeSelect.Field>
          <NativeSelect.Indicator />
        </NativeSelect.Root>
      );
    case 'textarea':
      return <Textarea {...common} rows={4} onChange={(e) => onChange(e.target.value)} />;
    case 'json':
      return (
        <>
          {/* Only developers see this: users get a working JSON editor for shapes the engine does not know. */}
          {field.unhandled && import.meta.env.DEV && <Text color="fg.error">UNHANDLED INPUT TYPE</Text>}
          {/* The editor has no blur of its own; focus leaving it bubbles here, where validation runs. */}
          <Box onBlur={onBlur} w="full">
            <JsonEditor
              label={field.label}
              value={text(value)}
              onChange={onChange}
              invalid={invalid}
              minHeight="8rem"
            />
          </Box>
        </>
      );
    case 'number':
    case 'integer':
      return (
        <Input
          {...common}
          type="number"
          step={field.control === 'integer' ? 1 : 'any'}
          min={field.rules.minimum}
          max={field.rules.maximum}
          onChange={(e) => onChange(e.target.value)}
        />
      );
    default: {
      const type = { email: 'email', password: 'password', datetime: 'datetime-local' }[field.control as string];
      return <Input {...common} type={type ?? 'text'} onChange={(e) => onChange(e.target.value)} />;
    }
  }
}

/** A labelled control with its help text and error. */
export function FieldControl(props: {
  field: FormField;
  control: ControlProps;
  error: string | undefined;
  idPicker?: IdPickerSlot | undefined;
}) {
  const { field, control, error, idPicker } = props;
  // The box holds UTC in the browser's own rendering; below it the value reads in the portal's format, with the
  // user's time beside it, so a date typed in the wrong zone is caught before it is saved.
  const help =
    field.control === 'datetime'
      ? [field.helpText, utcInputHint(text(control.value)) || 'In UTC'].filter(Boolean).join(' · ')
      : field.helpText;
  return (
    <Field.Root invalid={error !== undefined} required={field.rules.required}>
      <Field.Label>
        {field.label}
        <Field.RequiredIndicator />
      </Field.Label>
      {field.idField ? (
        (idPicker?.(field, control) ?? (
          <IdPicker
            field={field}
            control={control}
            fallback={<Control field={field} control={control} invalid={error !== undefined} />}
          />
        ))
      ) : (
        <Control field={field} control={control} invalid={error !== undefined} />
      )}
      {help && <Field.HelperText>{help}</Field.HelperText>}
      {error && <Field.ErrorText>{error}</Field.ErrorText>}
    </Field.Root>
  );
}
