import { Box, Card, SimpleGrid, Table, Text, chakra, type SystemStyleObject } from '@chakra-ui/react';
import { memo, useRef, type KeyboardEvent } from 'react';
import { displayName } from '@/lib/display-name';
import type { Item } from '../lib/admin-api';
import { columnLabel, type ListColumn } from '../lib/columns';
import { CellValue } from './cell-value';
import {
  ExtraCardParts,
  ExtraCells,
  ExtraGridHeader,
  ExtraHeaders,
  extraLayout,
  type ExtraListColumn,
} from './extra-columns';

export interface ListViewProps {
  items: readonly Item[];
  columns: readonly ListColumn[];
  /** Null for a list whose rows open nothing. */
  rowHref: (item: Item) => string | null;
  onOpen: (href: string) => void;
  /** Table only: the current sort and the fields the list operation can sort by. */
  sort?: string;
  sortable?: ReadonlySet<string>;
  onSort?: (field: string) => void;
  /** Columns a page adds before and after the fields (an assignment page's, see extra-columns); cards show them too. */
  extraColumns?: readonly ExtraListColumn[];
}

/** Arrow keys move between rows (or cards), Enter opens the focused one. */
function useRowKeys(onOpen: (href: string) => void) {
  const container = useRef<HTMLDivElement | null>(null);
  const onKeyDown = (event: KeyboardEvent<HTMLElement>, href: string | null) => {
    if (event.key === 'Enter' && href) {
      event.preventDefault();
      onOpen(href);
      return;
    }
    if (event.key !== 'ArrowDown' && event.key !== 'ArrowUp') return;
    const rows = [...(container.current?.querySelectorAll<HTMLElement>('[data-row]') ?? [])];
    const index = rows.indexOf(event.currentTarget);
    const next = rows[index + (event.key === 'ArrowDown' ? 1 : -1)];
    if (next) {
      event.preventDefault();
      next.focus();
    }
  };
  return { container, onKeyDown };
}

function ariaSort(sort: string | undefined, field: string): 'ascending' | 'descending' | undefined {
  if (sort === field) return 'ascending';
  if (sort === `!${field}`) return 'descending';
  return undefined;
}

// The body's rows and cells are plain elements styled once from the table's root (the table recipe's sm line cell
// plus the list's own truncation and focus ring): a Chakra component per cell computes its styles on every render,
// which made 100 rows one long task (bench/admin-list.ts).
const BODY_STYLES: SystemStyleObject = {
  '& tbody tr': { bg: 'bg' },
  '& tbody tr[data-href]': { cursor: 'pointer' },
  '& tbody tr:focus-visible': { outline: '2px solid', outlineColor: 'blue.focusRing', outlineOffset: '-2px' },
  '& tbody td': { textAlign: 'start', px: '2', py: '2', borderBottomWidth: '1px' },
  // Field cells only: a page's extra cells (an assignment's buttons) are not cut short.
  '& tbody td[data-field]': { maxW: '20rem', overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' },
};

function ListTableView(props: ListViewProps) {
  const { items, columns, rowHref, onOpen, sort, sortable, onSort, extraColumns } = props;
  const { container, onKeyDown } = useRowKeys(onOpen);
  const { leading, trailing, afterField } = extraLayout(
    extraColumns,
    columns.map((column) => column.field),
  );
  return (
    <Box ref={container} overflowX="auto" borderWidth="1px" rounded="l2">
      <Table.Root size="sm" interactive css={BODY_STYLES}>
        <Table.Header>
          <Table.Row>
            <ExtraHeaders columns={leading} />
            {columns.map((column) => {
              const direction = ariaSort(sort, column.field);
              const label = columnLabel(column);
              return [
                <Table.ColumnHeader key={column.field} aria-sort={direction} whiteSpace="nowrap">
                  {sortable?.has(column.field) && onSort ? (
                    <chakra.button
                      type="button"
                      onClick={() => onSort(column.field)}
                      fontWeight="inherit"
                      cursor="pointer"
                      _focusVisible={{ outline: '2px solid', outlineColor: 'blue.focusRing' }}
                    >
                      {label}
                      <span aria-hidden="true">
                        {direction === 'ascending' ? ' ▲' : direction === 'descending' ? ' ▼' : ''}
                      </span>
                    </chakra.button>
                  ) : (
                    label
                  )}
                </Table.ColumnHeader>,
                <ExtraHeaders key={`${column.field}:after`} columns={afterField(column.field)} />,
              ];
            })}
            <ExtraHeaders columns={trailing} />
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {items.map((item, index) => {
            const href = rowHref(item);
            return (
              <tr
                key={typeof item.ID === 'string' ? item.ID : index}
                data-row=""
                data-href={href ? '' : undefined}
                tabIndex={0}
                aria-label={href ? `Open ${displayName(item)}` : displayName(item)}
                onClick={() => href && onOpen(href)}
                onKeyDown={(event) => onKeyDown(event, href)}
              >
                <ExtraCells columns={leading} item={item} />
                {columns.map((column) => [
                  <td key={column.field} data-field="">
                    <CellValue item={item} column={column} />
                  </td>,
                  <ExtraCells key={`${column.field}:after`} columns={afterField(column.field)} item={item} />,
                ])}
                <ExtraCells columns={trailing} item={item} />
              </tr>
            );
          })}
        </Table.Body>
      </Table.Root>
    </Box>
  );
}

/**
 * The list as a table. Memoised: a change of the URL (the next page, a sort) re-renders the page at once, while the
 * rows stay those of the previous page until the new ones arrive, so they need not render twice.
 */
export const ListTable = memo(ListTableView);

/** Cards, 1 to 4 a row by screen width (spec 2 §9). */
function ListGridView(props: ListViewProps) {
  const { items, columns, rowHref, onOpen, extraColumns } = props;
  const { container, onKeyDown } = useRowKeys(onOpen);
  const { leading, trailing, afterField } = extraLayout(
    extraColumns,
    columns.map((column) => column.field),
  );
  return (
    <SimpleGrid ref={container} columns={{ base: 1, md: 2, lg: 3, '2xl': 4 }} gap="3">
      <ExtraGridHeader columns={leading} />
      {items.map((item, index) => {
        const href = rowHref(item);
        return (
          <Card.Root
            key={typeof item.ID === 'string' ? item.ID : index}
            data-row=""
            tabIndex={0}
            size="sm"
            cursor={href ? 'pointer' : undefined}
            onClick={() => href && onOpen(href)}
            onKeyDown={(event) => onKeyDown(event, href)}
            _hover={href ? { borderColor: 'border.emphasized' } : undefined}
            _focusVisible={{ outline: '2px solid', outlineColor: 'blue.focusRing' }}
          >
            <Card.Body gap="1">
              <ExtraCardParts columns={leading} item={item} />
              <Card.Title wordBreak="break-word">{displayName(item)}</Card.Title>
              {columns.map((column) => [
                <Text key={column.field} fontSize="sm" truncate>
                  <Text as="span" color="fg.muted">
                    {columnLabel(column)}:{' '}
                  </Text>
                  <CellValue item={item} column={column} />
                </Text>,
                <ExtraCardParts key={`${column.field}:after`} columns={afterField(column.field)} item={item} />,
              ])}
              <ExtraCardParts columns={trailing} item={item} />
            </Card.Body>
          </Card.Root>
        );
      })}
    </SimpleGrid>
  );
}

/** The list as cards; memoised like {@link ListTable}. */
export const ListGrid = memo(ListGridView);
