import { Text } from '@chakra-ui/react';
import type { SchemaObject } from '@/description/openapi-types';
import { fieldLabel } from '@/forms/field-model';
import { DetailList, type DetailRow } from '@/ui/detail-list';
import type { Item } from '../lib/admin-api';
import { formatValue } from '../lib/format-value';

/** An item's fields without editing (orders, line items, payments, or a user whose roles only read). */
export function ReadOnlyFields(props: { item: Item; schema: SchemaObject | null; hiddenFields?: readonly string[] }) {
  const { item, schema, hiddenFields = [] } = props;
  const properties = schema?.properties ?? {};
  const names = Object.keys(properties).length > 0 ? Object.keys(properties) : Object.keys(item);
  const rows: DetailRow[] = names
    .filter((name) => !hiddenFields.includes(name) && !/password/i.test(name))
    .map((name) => {
      const format = properties[name]?.format;
      const text = formatValue(item[name], typeof format === 'string' ? { field: name, format } : { field: name });
      return [fieldLabel(name), text === '' || text === '{}' ? '—' : text];
    });
  if (rows.length === 0) return <Text color="fg.muted">No fields.</Text>;
  return <DetailList rows={rows} />;
}
