import { Box, Card, SimpleGrid, Table, Text, chakra } from '@chakra-ui/react';
import { useRef, type KeyboardEvent } from 'react';
import { fieldLabel } from '@/forms/field-model';
import { displayName } from '@/lib/display-name';
import type { Item } from '../lib/admin-api';
import type { ListColumn } from '../lib/columns';
import { formatValue } from '../lib/format-value';
import { ExtraCells, ExtraHeaders, extraAt, type ExtraListColumn } from './extra-columns';

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
  /** Table only: columns a page adds before and after the fields (an assignment page's, see extra-columns). */
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

export function ListTable(props: ListViewProps) {
  const { items, columns, rowHref, onOpen, sort, sortable, onSort, extraColumns } = props;
  const { container, onKeyDown } = useRowKeys(onOpen);
  const leading = extraAt(extraColumns, 'start');
  const trailing = extraAt(extraColumns, 'end');
  return (
    <Box ref={container} overflowX="auto" borderWidth="1px" rounded="l2">
      <Table.Root size="sm" interactive>
        <Table.Header>
          <Table.Row>
            <ExtraHeaders columns={leading} />
            {columns.map((column) => {
              const direction = ariaSort(sort, column.field);
              const label = fieldLabel(column.field);
              return (
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
                </Table.ColumnHeader>
              );
            })}
            <ExtraHeaders columns={trailing} />
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {items.map((item, index) => {
            const href = rowHref(item);
            return (
              <Table.Row
                key={typeof item.ID === 'string' ? item.ID : index}
                data-row=""
                tabIndex={0}
                aria-label={href ? `Open ${displayName(item)}` : displayName(item)}
                cursor={href ? 'pointer' : undefined}
                onClick={() => href && onOpen(href)}
                onKeyDown={(event) => onKeyDown(event, href)}
                _focusVisible={{ outline: '2px solid', outlineColor: 'blue.focusRing', outlineOffset: '-2px' }}
              >
                <ExtraCells columns={leading} item={item} />
                {columns.map((column) => (
                  <Table.Cell key={column.field} maxW="20rem" truncate>
                    {formatValue(item[column.field], column)}
                  </Table.Cell>
                ))}
                <ExtraCells columns={trailing} item={item} />
              </Table.Row>
            );
          })}
        </Table.Body>
      </Table.Root>
    </Box>
  );
}

/** Cards, 1 to 4 a row by screen width (spec 2 §9). */
export function ListGrid(props: ListViewProps) {
  const { items, columns, rowHref, onOpen } = props;
  const { container, onKeyDown } = useRowKeys(onOpen);
  return (
    <SimpleGrid ref={container} columns={{ base: 1, md: 2, lg: 3, '2xl': 4 }} gap="3">
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
              <Card.Title wordBreak="break-word">{displayName(item)}</Card.Title>
              {columns.map((column) => (
                <Text key={column.field} fontSize="sm" truncate>
                  <Text as="span" color="fg.muted">
                    {fieldLabel(column.field)}:{' '}
                  </Text>
                  {formatValue(item[column.field], column)}
                </Text>
              ))}
            </Card.Body>
          </Card.Root>
        );
      })}
    </SimpleGrid>
  );
}
