import { Box, Table } from '@chakra-ui/react';
import type { KeyboardEvent, MouseEvent, ReactNode } from 'react';
import type { Item } from '../lib/admin-api';

// EXTRA COLUMNS
// The list table's slot for columns a page adds beside the item's fields: an assignment page's selection
// checkboxes (first) and its Assignment column (last), see assignments/list-column. Their cells hold controls, so
// a click or a key pressed there stays in the cell instead of opening the row.

export interface ExtraListColumn {
  readonly key: string;
  readonly placement: 'start' | 'end';
  /** The header cell's content: a label or a control ('Select all on this page'). */
  readonly header: ReactNode;
  readonly cell: (item: Item) => ReactNode;
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

/** The columns of one placement, in the page's order. */
export function extraAt(columns: readonly ExtraListColumn[] | undefined, placement: 'start' | 'end') {
  return (columns ?? []).filter((column) => column.placement === placement);
}
