import { Button, Field, Input, NativeSelect, Stack } from '@chakra-ui/react';
import { useState } from 'react';
import type { SchemaObject } from '@/description/openapi-types';
import { AppDialog } from '@/ui/app-dialog';
import type { XpType } from './infer-xp-schema';

const TYPES: readonly XpType[] = ['string', 'number', 'integer', 'boolean', 'object', 'array'];
// Array items cannot be arrays (spec 2 §3).
const ITEM_TYPES: readonly XpType[] = TYPES.filter((type) => type !== 'array');

/** The schema of a new property; objects start empty (edited as JSON until they have properties). */
export function propertySchema(type: XpType, itemType: XpType | ''): SchemaObject {
  const of = (kind: XpType): SchemaObject => (kind === 'object' ? { type: 'object', properties: {} } : { type: kind });
  return type === 'array' ? { type: 'array', items: of(itemType === '' ? 'string' : itemType) } : of(type);
}

/**
 * Why a name cannot be added, or undefined. Dots would read as nesting in the form's paths.
 *
 * @example
 * propertyNameProblem('Size', ['Size']); // 'A property named Size already exists.'
 */
export function propertyNameProblem(name: string, existing: readonly string[]): string | undefined {
  if (existing.includes(name)) return `A property named ${name} already exists.`;
  if (!/^[A-Za-z0-9_-]+$/.test(name)) return 'Use letters, digits, _ or - only.';
  return undefined;
}

function TypeSelect(props: {
  label: string;
  value: string;
  options: readonly XpType[];
  onChange: (v: string) => void;
}) {
  const { label, value, options, onChange } = props;
  return (
    <Field.Root required>
      <Field.Label>
        {label}
        <Field.RequiredIndicator />
      </Field.Label>
      <NativeSelect.Root>
        <NativeSelect.Field value={value} onChange={(event) => onChange(event.target.value)}>
          <option value="">Select…</option>
          {options.map((option) => (
            <option key={option} value={option}>
              {option}
            </option>
          ))}
        </NativeSelect.Field>
        <NativeSelect.Indicator />
      </NativeSelect.Root>
    </Field.Root>
  );
}

/** 'Add Property': a name and a type, and an item type for arrays (spec 2 §4, §5). */
export function AddPropertyDialog(props: {
  existing: readonly string[];
  onAdd: (name: string, schema: SchemaObject) => void;
}) {
  const { existing, onAdd } = props;
  const [open, setOpen] = useState(false);
  const [name, setName] = useState('');
  const [type, setType] = useState<XpType | ''>('string');
  const [itemType, setItemType] = useState<XpType | ''>('');
  const trimmed = name.trim();
  const problem = trimmed === '' ? undefined : propertyNameProblem(trimmed, existing);
  const complete = trimmed !== '' && type !== '' && (type !== 'array' || itemType !== '');
  const reset = () => {
    setName('');
    setType('string');
    setItemType('');
  };
  const add = () => {
    if (!complete || problem) return;
    onAdd(trimmed, propertySchema(type, itemType));
    setOpen(false);
    reset();
  };
  return (
    <AppDialog
      open={open}
      onOpenChange={(details) => {
        setOpen(details.open);
        if (!details.open) reset();
      }}
      title="Add Property"
      trigger={
        <Button type="button" size="sm" variant="outline" onClick={() => setOpen(true)}>
          Add Property
        </Button>
      }
      onSubmit={add}
      footer={
        <>
          <Button type="button" variant="outline" onClick={() => setOpen(false)}>
            Cancel
          </Button>
          <Button type="submit" disabled={!complete || problem !== undefined}>
            Add
          </Button>
        </>
      }
    >
      <Stack gap="4">
        <Field.Root required invalid={problem !== undefined}>
          <Field.Label>
            Name
            <Field.RequiredIndicator />
          </Field.Label>
          <Input value={name} onChange={(event) => setName(event.target.value)} autoComplete="off" />
          {problem && <Field.ErrorText>{problem}</Field.ErrorText>}
        </Field.Root>
        <TypeSelect label="Type" value={type} options={TYPES} onChange={(v) => setType(v as XpType)} />
        {type === 'array' && (
          <TypeSelect
            label="Item type"
            value={itemType}
            options={ITEM_TYPES}
            onChange={(v) => setItemType(v as XpType)}
          />
        )}
      </Stack>
    </AppDialog>
  );
}
