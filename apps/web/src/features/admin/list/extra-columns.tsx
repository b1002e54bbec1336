import { Box, Table, Text } from '@chakra-ui/react';
import type { KeyboardEvent, MouseEvent, ReactNode } from 'react';
import type { Item } from '../lib/admin-api';

// EXTRA COLUMNS
// The list table's slot for columns a page adds beside the item's fields: an assignment page's selection
// checkboxes (first) and its Assignment column (last), see assignments/list-column. Their cells hold controls, so
// a click or a key pressed there stays in the cell instead of opening the row.

export interface ExtraListColumn {
  readonly key: string;
  /** First, last, or right after a field's column (the rest of the row falls behind it when that field is hidden). */
  readonly placement: 'start' | 'end' | { readonly afterField: string };
  /** The header cell's content: a label or a control ('Select all on this page'). */
  readonly header: ReactNode;
  readonly cell: (item: Item) => ReactNode;
  /** Said before the cell in a grid card, which has no header row ('Price: $20.00'). */
  readonly cardLabel?: string;
  /** Cells that only show a value (a product's price, see merchandise/): a click there opens the row as usual. */
  readonly passive?: boolean;
}

function keepInCell(event: MouseEvent | KeyboardEvent) {
  event.stopPropagation();
}

export function ExtraHeaders({ columns }: { columns: readonly ExtraListColumn[] }) {
  return columns.map((column) => (
    <Table.ColumnHeader key={column.key} whiteSpace="nowrap">
      {column.header}
    </Table.ColumnHeader>
  ));
}

export function ExtraCells({ columns, item }: { columns: readonly ExtraListColumn[]; item: Item }) {
  return columns.map((column) => (
    <td
      key={column.key}
      data-extra-column={column.key}
      onClick={column.passive ? undefined : keepInCell}
      onKeyDown={column.passive ? undefined : keepInCell}
    >
      {column.cell(item)}
    </td>
  ));
}

/** The same columns in a grid card: each cell's content as a line of the card. */
export function ExtraCardParts({ columns, item }: { columns: readonly ExtraListColumn[]; item: Item }) {
  return columns.map((column) => (
    <Box
      key={column.key}
      data-extra-column={column.key}
      fontSize="sm"
      onClick={column.passive ? undefined : keepInCell}
      onKeyDown={column.passive ? undefined : keepInCell}
    >
      {column.cardLabel && (
        <Text as="span" color="fg.muted">
          {column.cardLabel}:{' '}
        </Text>
      )}
      {column.cell(item)}
    </Box>
  ));
}

/** The grid has no header row: the leading columns' header controls ('Select all on this page') span its top. */
export function ExtraGridHeader({ columns }: { columns: readonly ExtraListColumn[] }) {
  if (columns.length === 0) return null;
  return (
    <Box gridColumn="1 / -1" display="flex" gap="3" alignItems="center">
      {columns.map((column) => (
        <Box key={column.key}>{column.header}</Box>
      ))}
    </Box>
  );
}

const NONE: readonly ExtraListColumn[] = [];

/**
 * Where each extra column goes among the shown fields: leading, trailing, and after a field. A column placed after
 * a field the table does not show goes with the trailing ones, in the page's order.
 */
export function extraLayout(columns: readonly ExtraListColumn[] | undefined, shownFields: readonly string[]) {
  const leading: ExtraListColumn[] = [];
  const trailing: ExtraListColumn[] = [];
  const after = new Map<string, ExtraListColumn[]>();
  for (const column of columns ?? []) {
    const { placement } = column;
    if (placement === 'start') leading.push(column);
    else if (placement === 'end' || !shownFields.includes(placement.afterField)) trailing.push(column);
    else after.set(placement.afterField, [...(after.get(placement.afterField) ?? []), column]);
  }
  return { leading, trailing, afterField: (field: string) => after.get(field) ?? NONE };
}
