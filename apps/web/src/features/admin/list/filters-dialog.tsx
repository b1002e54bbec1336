import {
  Button,
  CloseButton,
  Dialog,
  Field,
  HStack,
  IconButton,
  Input,
  NativeSelect,
  Portal,
  Stack,
  Text,
} from '@chakra-ui/react';
import { useState } from 'react';
import { fieldLabel } from '@/forms/field-model';
import type { ListColumn } from '../lib/columns';
import {
  FILTER_OPERATORS,
  fromFilterValue,
  toFilterValue,
  type FilterOperator,
  type FilterRow,
} from '../lib/filter-syntax';

/**
 * The Filters button and its dialog: one row per field (field, operator, value), written to the URL in the
 * platform's filter syntax when applied.
 */
export function FiltersDialog(props: {
  fields: readonly ListColumn[];
  filters: Readonly<Record<string, string>>;
  onApply: (filters: Record<string, string>) => void;
}) {
  const { fields, filters, onApply } = props;
  const [open, setOpen] = useState(false);
  const [rows, setRows] = useState<FilterRow[]>([]);
  const count = Object.keys(filters).length;

  const openDialog = () => {
    setRows(Object.entries(filters).map(([field, value]) => fromFilterValue(field, value)));
    setOpen(true);
  };
  const used = new Set(rows.map((row) => row.field));
  const firstFree = fields.find((field) => !used.has(field.field));
  const update = (index: number, change: Partial<FilterRow>) =>
    setRows(rows.map((row, i) => (i === index ? { ...row, ...change } : row)));
  const apply = () => {
    const next: Record<string, string> = {};
    for (const row of rows) {
      const value = toFilterValue(row);
      if (value !== '') next[row.field] = value;
    }
    onApply(next);
    setOpen(false);
  };

  return (
    <Dialog.Root open={open} onOpenChange={(details) => setOpen(details.open)} size="lg">
      <Button variant="outline" size="sm" onClick={openDialog}>
        {count > 0 ? `Filters (${count})` : 'Filters'}
      </Button>
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content>
            <Dialog.Header>
              <Dialog.Title>Filters</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>
              <Stack gap="3">
                {rows.length === 0 && <Text color="fg.muted">No filters. Add one to narrow the list.</Text>}
                {rows.map((row, index) => (
                  <HStack key={row.field} align="flex-end" wrap="wrap" gap="2">
                    <Field.Root flex="1 1 10rem">
                      <Field.Label>Field</Field.Label>
                      <NativeSelect.Root size="sm">
                        <NativeSelect.Field
                          value={row.field}
                          onChange={(event) => update(index, { field: event.target.value })}
                        >
                          {fields
                            .filter((field) => field.field === row.field || !used.has(field.field))
                            .map((field) => (
                              <option key={field.field} value={field.field}>
                                {fieldLabel(field.field)}
                              </option>
                            ))}
                        </NativeSelect.Field>
                        <NativeSelect.Indicator />
                      </NativeSelect.Root>
                    </Field.Root>
                    <Field.Root flex="1 1 9rem">
                      <Field.Label>Operator</Field.Label>
                      <NativeSelect.Root size="sm">
                        <NativeSelect.Field
                          value={row.operator}
                          onChange={(event) => update(index, { operator: event.target.value as FilterOperator })}
                        >
                          {FILTER_OPERATORS.map((operator) => (
                            <option key={operator.id} value={operator.id}>
                              {operator.label}
                            </option>
                          ))}
                        </NativeSelect.Field>
                        <NativeSelect.Indicator />
                      </NativeSelect.Root>
                    </Field.Root>
                    <Field.Root flex="2 1 10rem">
                      <Field.Label>Value</Field.Label>
                      <Input
                        size="sm"
                        value={row.value}
                        onChange={(event) => update(index, { value: event.target.value })}
                      />
                    </Field.Root>
                    <IconButton
                      size="sm"
                      variant="ghost"
                      aria-label={`Remove the ${fieldLabel(row.field)} filter`}
                      onClick={() => setRows(rows.filter((_, i) => i !== index))}
                    >
                      ✕
                    </IconButton>
                  </HStack>
                ))}
                <HStack>
                  <Button
                    size="sm"
                    variant="outline"
                    disabled={!firstFree}
                    onClick={() =>
                      firstFree && setRows([...rows, { field: firstFree.field, operator: 'equals', value: '' }])
                    }
                  >
                    Add filter
                  </Button>
                </HStack>
              </Stack>
            </Dialog.Body>
            <Dialog.Footer>
              <Button variant="ghost" onClick={() => setRows([])}>
                Clear all
              </Button>
              <Button onClick={apply}>Apply filters</Button>
            </Dialog.Footer>
            <Dialog.CloseTrigger asChild>
              <CloseButton size="sm" aria-label="Close filters" />
            </Dialog.CloseTrigger>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
