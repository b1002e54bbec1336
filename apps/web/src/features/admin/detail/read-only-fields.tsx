import { DataList, Heading, Stack, Text } from '@chakra-ui/react';
import type { SchemaObject } from '@/description/openapi-types';
import { fieldLabel } from '@/forms/field-model';
import { DateTime } from '@/ui/date-time';
import { isBranch, isEmptyValue } from '@/ui/json-view';
import type { Item } from '../lib/admin-api';
import { formatValue } from '../lib/format-value';
import { NestedValue } from './nested-value';

function FieldValue({ name, value, format }: { name: string; value: unknown; format: unknown }) {
  if (isEmptyValue(value)) return <Text color="fg.muted">—</Text>;
  if (isBranch(value)) return <NestedValue label={fieldLabel(name)} value={value} />;
  if (format === 'date-time' && typeof value === 'string') return <DateTime value={value} />;
  return <>{formatValue(value, typeof format === 'string' ? { field: name, format } : { field: name })}</>;
}

/**
 * An item's fields without editing (orders, line items, payments, or a user whose roles only read). Nested
 * objects open as a tree; `heading` names the block when something else leads the page (an order's overview).
 */
export function ReadOnlyFields(props: {
  item: Item;
  schema: SchemaObject | null;
  hiddenFields?: readonly string[];
  heading?: string;
}) {
  const { item, schema, hiddenFields = [], heading } = props;
  const properties = schema?.properties ?? {};
  const names = (Object.keys(properties).length > 0 ? Object.keys(properties) : Object.keys(item)).filter(
    (name) => !hiddenFields.includes(name) && !/password/i.test(name),
  );
  const list =
    names.length === 0 ? (
      <Text color="fg.muted">No fields.</Text>
    ) : (
      <DataList.Root size="sm">
        {names.map((name) => (
          <DataList.Item key={name}>
            <DataList.ItemLabel>{fieldLabel(name)}</DataList.ItemLabel>
            <DataList.ItemValue wordBreak="break-word" minW="0">
              <FieldValue name={name} value={item[name]} format={properties[name]?.format} />
            </DataList.ItemValue>
          </DataList.Item>
        ))}
      </DataList.Root>
    );
  if (!heading) return list;
  return (
    <Stack as="section" gap="3" aria-label={heading}>
      <Heading as="h2" size="md">
        {heading}
      </Heading>
      {list}
    </Stack>
  );
}
