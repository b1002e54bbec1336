import { Field, Input, NativeSelect, Textarea } from '@chakra-ui/react';
import { useState } from 'react';
import { fieldLabel } from '@/forms/field-model';
import { xpChange, type SettableField } from './bulk-actions';
import { BulkDialog } from './bulk-dialog';

// The dialogs that ask what a bulk action sets: a field's value or an xp value (assigning: assign-dialog.tsx).
// Each answers the change (or choice) on Apply; the list's bulk hook then builds one call per row.

function Select(props: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  options: string[];
  labelOf?: (option: string) => string;
}) {
  return (
    <Field.Root>
      <Field.Label>{props.label}</Field.Label>
      <NativeSelect.Root size="sm">
        <NativeSelect.Field value={props.value} onChange={(event) => props.onChange(event.target.value)}>
          {props.options.map((option) => (
            <option key={option} value={option}>
              {props.labelOf?.(option) ?? option}
            </option>
          ))}
        </NativeSelect.Field>
        <NativeSelect.Indicator />
      </NativeSelect.Root>
    </Field.Root>
  );
}

/** 'Set a field': a boolean or enum field of the write body, and its value. */
export function SetFieldDialog(props: {
  count: number;
  fields: readonly SettableField[];
  onCancel: () => void;
  onApply: (change: Record<string, unknown>, description: string) => void;
}) {
  const { count, fields, onCancel, onApply } = props;
  const [field, setField] = useState(fields[0]?.field ?? '');
  const chosen = fields.find((each) => each.field === field);
  const values = (chosen?.values ?? []).map(String);
  const [value, setValue] = useState(values[0] ?? '');
  const shownValue = values.includes(value) ? value : (values[0] ?? '');
  const typedValue = chosen?.values.find((each) => String(each) === shownValue);
  return (
    <BulkDialog
      title={`Set a field on ${count} ${count === 1 ? 'item' : 'items'}`}
      confirmLabel="Apply"
      disabled={!chosen || typedValue === undefined}
      onCancel={onCancel}
      onConfirm={() => chosen && onApply({ [chosen.field]: typedValue }, `${chosen.label} to ${shownValue}`)}
    >
      <Select
        label="Field"
        value={field}
        onChange={setField}
        options={fields.map((each) => each.field)}
        labelOf={fieldLabel}
      />
      <Select label="Value" value={shownValue} onChange={setValue} options={values} />
    </BulkDialog>
  );
}

/** 'Set an xp value': a dotted path and a JSON value, checked before Apply. */
export function SetXpDialog(props: {
  count: number;
  onCancel: () => void;
  onApply: (change: Record<string, unknown>, description: string) => void;
}) {
  const { count, onCancel, onApply } = props;
  const [path, setPath] = useState('');
  const [json, setJson] = useState('');
  const answer = xpChange(path, json);
  const touched = path !== '' || json !== '';
  return (
    <BulkDialog
      title={`Set an xp value on ${count} ${count === 1 ? 'item' : 'items'}`}
      confirmLabel="Apply"
      disabled={'error' in answer}
      onCancel={onCancel}
      onConfirm={() => 'change' in answer && onApply(answer.change, `xp.${path.trim()}`)}
    >
      <Field.Root>
        <Field.Label>Path</Field.Label>
        <Input size="sm" placeholder="Brand.Name" value={path} onChange={(event) => setPath(event.target.value)} />
      </Field.Root>
      <Field.Root invalid={touched && 'error' in answer}>
        <Field.Label>Value (JSON)</Field.Label>
        <Textarea
          size="sm"
          rows={3}
          placeholder='"Acme"'
          value={json}
          onChange={(event) => setJson(event.target.value)}
        />
        {touched && 'error' in answer && <Field.ErrorText>{answer.error}</Field.ErrorText>}
      </Field.Root>
    </BulkDialog>
  );
}
