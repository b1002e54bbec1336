import { Field, Input, Text } from '@chakra-ui/react';
import { useState } from 'react';
import type { ControlProps } from '@/forms/control-props';
import { standaloneIdField } from '@/forms/field-model';
import { IdPicker } from '@/forms/pickers/id-picker';
import { PickerScope } from '@/forms/pickers/picker-source';
import {
  assignValuesComplete,
  changeAssignValue,
  type AssignField,
  type AssignValues,
  type BulkAssignment,
} from './bulk-assign';
import { BulkDialog } from './bulk-dialog';

// ASSIGN DIALOG
// 'Assign to {what}': one ID picker (the admin forms' own) for every id the assignment record needs besides the
// rows (bulk-assign.ts), required ones marked; Assign stays off until they are chosen. A picker whose list hangs on
// an earlier answer (a buyer's user groups) lists that answer's items, and changing the answer clears it.

function FieldPicker(props: {
  field: AssignField;
  fields: readonly AssignField[];
  value: string;
  onChange: (value: string) => void;
}) {
  const { field, fields, value, onChange } = props;
  const control: ControlProps = {
    value,
    name: field.field,
    onBlur: () => {},
    onChange: (next) => onChange(String(next)),
  };
  const fallback = <Input size="sm" value={value} onChange={(event) => onChange(event.target.value)} />;
  const parents = fields.filter((each) => field.needs.includes(each.field)).map((each) => each.label);
  return (
    <Field.Root required={field.required}>
      <Field.Label>
        {field.label}
        <Field.RequiredIndicator
          fallback={
            <Text as="span" color="fg.muted" fontWeight="normal">
              (optional)
            </Text>
          }
        />
      </Field.Label>
      <IdPicker field={standaloneIdField(field.field, field.label)} control={control} fallback={fallback} />
      {parents.length > 0 && <Field.HelperText>Listed for the chosen {parents.join(' and ')}.</Field.HelperText>}
    </Field.Root>
  );
}

export function AssignDialog(props: {
  count: number;
  assignment: BulkAssignment;
  route: Readonly<Record<string, string>>;
  onCancel: () => void;
  onApply: (values: AssignValues) => void;
}) {
  const { count, assignment, route, onCancel, onApply } = props;
  const [values, setValues] = useState<AssignValues>({});
  const answered = Object.fromEntries(
    Object.entries(values)
      .map(([field, value]) => [field, value.trim()] as const)
      .filter(([, value]) => value !== ''),
  );
  return (
    <BulkDialog
      title={`Assign ${count} ${count === 1 ? 'item' : 'items'} to ${assignment.label}`}
      confirmLabel="Assign"
      disabled={!assignValuesComplete(assignment, values)}
      onCancel={onCancel}
      onConfirm={() => onApply(answered)}
    >
      <Text color="fg.muted" fontSize="sm">
        Each selected item gets its own assignment; saving one that exists again updates it.
        {assignment.oneOf && ' Choose at least one.'}
      </Text>
      {/* The answers are the parents of later lists (a user group is the chosen buyer's). */}
      <PickerScope ownerResourceId={assignment.pair.resourceId} params={{ ...route, ...answered }}>
        {assignment.fields.map((field) => (
          <FieldPicker
            key={field.field}
            field={field}
            fields={assignment.fields}
            value={values[field.field] ?? ''}
            onChange={(value) => setValues((current) => changeAssignValue(assignment, current, field.field, value))}
          />
        ))}
      </PickerScope>
    </BulkDialog>
  );
}
