import { Button, CloseButton, Dialog, HStack, Portal, Stack, Text } from '@chakra-ui/react';
import { useMemo, useState } from 'react';
import type { CatalogueCollection } from '../catalogue/catalogue';
import type { RouteParams } from '../catalogue/resolve-path';
import {
  filterFieldFor,
  fromFilterValue,
  newFilterRow,
  toFilterValue,
  xpFilterFields,
  type FilterField,
  type FilterRow,
} from '../lib/filter-syntax';
import { useXpSchema } from '../xp/use-xp-schema';
import { FilterRowEditor, XP_CHOICE } from './filter-row';

/**
 * The Filters button and its dialog: one row per field (field, operator, value; operators and value editors follow
 * the field's type), written to the URL in the platform's filter syntax when applied. xp properties are filtered by
 * name as text.
 */
export function FiltersDialog(props: {
  /** The list's collection and route, whose xp schema (read once the dialog opens, then cached) offers xp fields. */
  collection: CatalogueCollection;
  params: RouteParams;
  fields: readonly FilterField[];
  filters: Readonly<Record<string, string>>;
  onApply: (filters: Record<string, string>) => void;
}) {
  const { filters, onApply } = props;
  const [open, setOpen] = useState(false);
  const xp = useXpSchema(props.collection, props.params, open);
  const fields = useMemo(
    () => [...props.fields, ...xpFilterFields(xp.inference?.schema)],
    [props.fields, xp.inference],
  );
  const [rows, setRows] = useState<FilterRow[]>([]);
  const count = Object.keys(filters).length;

  const openDialog = () => {
    setRows(Object.entries(filters).map(([field, value]) => fromFilterValue(filterFieldFor(fields, field), value)));
    setOpen(true);
  };
  const used = new Set(rows.map((row) => row.field));
  const firstFree = fields.find((field) => !used.has(field.field));
  const apply = () => {
    const next: Record<string, string> = {};
    for (const row of rows) {
      if (row.field === XP_CHOICE) continue;
      const value = toFilterValue(filterFieldFor(fields, row.field).kind, row);
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
                  // Rows hold no state of their own, so the index keeps a row's inputs while its field is typed.
                  <FilterRowEditor
                    key={index}
                    row={row}
                    fields={fields}
                    used={used}
                    onChange={(next) => setRows(rows.map((current, i) => (i === index ? next : current)))}
                    onRemove={() => setRows(rows.filter((_, i) => i !== index))}
                  />
                ))}
                <HStack>
                  <Button
                    size="sm"
                    variant="outline"
                    disabled={!firstFree}
                    onClick={() => firstFree && setRows([...rows, newFilterRow(firstFree)])}
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
