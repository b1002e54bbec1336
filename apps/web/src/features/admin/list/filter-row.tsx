import { Field, HStack, IconButton, Input, NativeSelect } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { fieldLabel } from '@/forms/field-model';
import {
  displayValue,
  filterFieldFor,
  newFilterRow,
  operatorsFor,
  type FilterField,
  type FilterRow,
} from '../lib/filter-syntax';

/** A field as the dialog and chips name it: xp paths as written, model fields as the forms label them. */
export function filterLabel(field: string): string {
  return field.startsWith(XP_CHOICE) ? field : fieldLabel(field);
}

/** The field select's choice that turns the row into an xp filter with a typed name. */
export const XP_CHOICE = 'xp.';

// Labelled by the Field.Label around it.
function Select(props: { value: string; onChange: (value: string) => void; children: ReactNode }) {
  return (
    <NativeSelect.Root size="sm">
      <NativeSelect.Field value={props.value} onChange={(event) => props.onChange(event.target.value)}>
        {props.children}
      </NativeSelect.Field>
      <NativeSelect.Indicator />
    </NativeSelect.Root>
  );
}

/** The value editor a field's type calls for: yes/no, a number, a date, an enum's values, or text. */
function ValueEditor({
  field,
  row,
  onChange,
}: {
  field: FilterField;
  row: FilterRow;
  onChange: (value: string) => void;
}) {
  if (field.kind === 'boolean' || field.kind === 'enum') {
    const values = field.kind === 'boolean' ? ['true', 'false'] : (field.values ?? []);
    return (
      <Select value={row.value} onChange={onChange}>
        {!values.includes(row.value) && <option value={row.value}>{row.value}</option>}
        {values.map((value) => (
          <option key={value} value={value}>
            {displayValue(field.kind, value)}
          </option>
        ))}
      </Select>
    );
  }
  const type = field.kind === 'number' ? 'number' : field.kind === 'date' ? 'date' : 'text';
  return (
    <Input
      size="sm"
      type={type}
      inputMode={field.kind === 'number' ? 'decimal' : undefined}
      value={row.value}
      onChange={(event) => onChange(event.target.value)}
    />
  );
}

/** One filter of the dialog: field (or an xp name), operator and value, the last two following the field's type. */
export function FilterRowEditor(props: {
  row: FilterRow;
  fields: readonly FilterField[];
  used: ReadonlySet<string>;
  onChange: (row: FilterRow) => void;
  onRemove: () => void;
}) {
  const { row, fields, used, onChange, onRemove } = props;
  const field = filterFieldFor(fields, row.field);
  // An xp property the schema offers is chosen in the select; any other is typed by name.
  const isXp = row.field.startsWith(XP_CHOICE) && !fields.some((option) => option.field === row.field);
  const name = filterLabel(row.field);
  const chooseField = (choice: string) =>
    onChange(
      choice === XP_CHOICE
        ? { field: XP_CHOICE, operator: 'equals', value: '' }
        : newFilterRow(filterFieldFor(fields, choice)),
    );
  return (
    <HStack align="flex-end" wrap="wrap" gap="2" borderBottomWidth="1px" pb="3">
      <Field.Root flex="1 1 10rem">
        <Field.Label>Field</Field.Label>
        <Select value={isXp ? XP_CHOICE : row.field} onChange={chooseField}>
          {fields
            .filter((option) => option.field === row.field || !used.has(option.field))
            .map((option) => (
              <option key={option.field} value={option.field}>
                {filterLabel(option.field)}
              </option>
            ))}
          <option value={XP_CHOICE}>Extended property (xp)…</option>
        </Select>
      </Field.Root>
      {isXp && (
        <Field.Root flex="1 1 10rem">
          <Field.Label>Property name</Field.Label>
          <Input
            size="sm"
            placeholder="xp.Color"
            value={row.field}
            onChange={(event) => {
              const typed = event.target.value.trim();
              onChange({ ...row, field: typed.startsWith(XP_CHOICE) ? typed : `${XP_CHOICE}${typed}` });
            }}
          />
        </Field.Root>
      )}
      <Field.Root flex="1 1 8rem">
        <Field.Label>Operator</Field.Label>
        <Select value={row.operator} onChange={(operator) => onChange({ ...row, operator })}>
          {operatorsFor(field.kind, row).map((operator) => (
            <option key={operator.id} value={operator.id}>
              {operator.label}
            </option>
          ))}
        </Select>
      </Field.Root>
      <Field.Root flex="2 1 10rem">
        <Field.Label>Value</Field.Label>
        <ValueEditor field={field} row={row} onChange={(value) => onChange({ ...row, value })} />
      </Field.Root>
      <IconButton size="sm" variant="ghost" aria-label={`Remove the ${name} filter`} onClick={onRemove}>
        ✕
      </IconButton>
    </HStack>
  );
}
