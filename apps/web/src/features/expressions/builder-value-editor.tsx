import { Box, Input, NativeSelect } from '@chakra-ui/react';
import type { ValueEditorProps } from 'react-querybuilder';
import { takesValue, type ExpressionField } from './expression-fields';
import { literalKind } from './expression-paths';
import { CategoryPickerFields, IdPickerField } from './id-picker-fields';

// VALUE EDITOR
// One Chakra input per kind of value: a number, true/false, a date and time (UTC), a list for `in`, text.
// A product ID compared with = or <>, and a category, are picked from the marketplace (id-picker-fields.tsx).
// The rule keeps the text as typed (dates as ISO 8601 UTC); `expression-paths.literalOf` reads it.

/** Fields that hold a product's ID: the product's own, and the line item's ProductID. */
const PRODUCT_ID_FIELDS = new Set(['LineItem.Product.ID', 'LineItem.ProductID']);

/** `2024-06-15T10:30:00.000Z` <-> the `datetime-local` input's `2024-06-15T10:30` (shown in UTC). */
const toLocalInput = (iso: string) => (iso.length >= 16 ? iso.slice(0, 16) : iso);
const fromLocalInput = (text: string) => (text === '' ? '' : `${text}:00.000Z`);

export function BuilderValueEditor(props: ValueEditorProps) {
  const { operator, value, handleOnChange, title, disabled, className } = props;
  const field = props.fieldData as unknown as ExpressionField & { name: string };
  const isValueField = field.model === 'Value';
  if (!isValueField && !takesValue(operator)) return null;
  const label = typeof title === 'string' && title !== '' ? title : 'Value';
  const common = { size: 'sm' as const, width: 'auto', disabled, className, 'aria-label': label };

  if (operator === 'in') {
    const list = Array.isArray(value) ? (value as string[]) : [];
    return (
      <Input
        {...common}
        placeholder="a, b, c"
        value={list.join(', ')}
        onChange={(e) =>
          handleOnChange(e.target.value === '' ? [] : e.target.value.split(',').map((entry) => entry.trim()))
        }
      />
    );
  }
  const text = typeof value === 'string' ? value : '';
  if (field.type === 'category') {
    return <CategoryPickerFields label={label} hideLabel value={text} onChange={handleOnChange} />;
  }
  if (PRODUCT_ID_FIELDS.has(field.name) && (operator === '=' || operator === 'not')) {
    return (
      <Box minW="14rem" className={className}>
        <IdPickerField name="ProductID" label={label} hideLabel value={text} onChange={handleOnChange} />
      </Box>
    );
  }
  const kind = literalKind(field, operator);
  if (kind === 'boolean' || (field.enumValues && kind === 'string' && operator !== 'containsText')) {
    const options = kind === 'boolean' ? ['true', 'false'] : (field.enumValues ?? []);
    return (
      <NativeSelect.Root size="sm" width="auto" disabled={disabled} className={className}>
        <NativeSelect.Field aria-label={label} value={text} onChange={(e) => handleOnChange(e.target.value)}>
          <option value="">Select…</option>
          {options.map((option) => (
            <option key={option} value={option}>
              {option}
            </option>
          ))}
        </NativeSelect.Field>
        <NativeSelect.Indicator />
      </NativeSelect.Root>
    );
  }
  if (kind === 'date') {
    return (
      <Input
        {...common}
        type="datetime-local"
        value={toLocalInput(text)}
        onChange={(e) => handleOnChange(fromLocalInput(e.target.value))}
      />
    );
  }
  if (kind === 'number') {
    return <Input {...common} type="number" step="any" value={text} onChange={(e) => handleOnChange(e.target.value)} />;
  }
  return <Input {...common} value={text} onChange={(e) => handleOnChange(e.target.value)} />;
}
