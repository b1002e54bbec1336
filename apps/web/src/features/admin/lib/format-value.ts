import { formatOrderStatus } from '@/lib/order-status';
import { displayName, NO_DISPLAY_NAME } from '@/lib/display-name';
import { formatDateTime } from '@/ui/date-time';
import { scalarText } from '@/ui/json-view';
import { currencyOf, formatMoney } from '../orders/money';
import { customerText } from '../orders/order-customer';
import type { ListColumn } from './columns';

// How list cells and read-only fields show a value: dates as day, short month and year in UTC (spec 2 §2),
// flags as Yes/No, order statuses with the spec's formatter, money in the item's currency, and a nested object
// as its name and size on one line (never minified JSON; detail pages open it as a tree).

/**
 * A date in a cell: the portal's date format (ui/date-time) without the time, in UTC.
 *
 * @example
 * formatDate('2024-03-05T23:30:00Z'); // '5 Mar 2024'
 */
export function formatDate(value: string): string {
  return formatDateTime(value, { precision: 'date' });
}

/**
 * A nested object or list on one line: its name when it has one, and how much is inside.
 *
 * @example
 * nestedText({ FirstName: 'Ann', LastName: 'Lee', Email: 'a@x.example' }); // 'Ann Lee · 3 fields'
 * nestedText(['Shopper', 'OrderAdmin']); // 'Shopper, OrderAdmin'
 */
export function nestedText(value: object): string {
  const name = Array.isArray(value) ? NO_DISPLAY_NAME : displayName(value);
  const summary = scalarText(value);
  return name === NO_DISPLAY_NAME ? summary : `${name} · ${summary}`;
}

/**
 * A value as text for a cell.
 *
 * @example
 * formatValue(true); // 'Yes'
 * formatValue('2024-03-05T10:00:00Z', { format: 'date-time' }); // '5 Mar 2024'
 */
export function formatValue(value: unknown, column: { field?: string; format?: string } = {}): string {
  if (value === null || value === undefined || value === '') return '';
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  if (typeof value === 'string' && column.format === 'date-time') return formatDate(value);
  if (typeof value === 'string' && column.field === 'Status') return formatOrderStatus(value);
  if (typeof value === 'object') return Object.keys(value).length === 0 ? '' : nestedText(value);
  return String(value);
}

function productText(item: Readonly<Record<string, unknown>>, id: unknown): string {
  const product = item.Product;
  const name = typeof product === 'object' && product !== null ? (product as Record<string, unknown>).Name : null;
  const idText = typeof id === 'string' ? id : '';
  if (typeof name !== 'string' || name.trim() === '' || name === idText) return idText;
  return idText === '' ? name : `${name} (${idText})`;
}

/**
 * A list cell: the column's field formatted, or what a derived column reads from the whole item (an order's
 * customer, an amount in the item's currency, a line item's product name beside its ID).
 *
 * @example
 * formatCell({ Total: 12.5, Currency: 'EUR' }, { field: 'Total', type: 'number', display: 'money' }); // '€12.50'
 * formatCell({ ProductID: 'p1', Product: { Name: 'Tent' } }, { field: 'ProductID', type: 'string', display: 'product' });
 * // 'Tent (p1)'
 */
export function formatCell(item: Readonly<Record<string, unknown>>, column: ListColumn): string {
  const value = item[column.field];
  switch (column.display) {
    case 'customer':
      return customerText(item);
    case 'money':
      return value === null || value === undefined ? '' : formatMoney(value, currencyOf(item));
    case 'product':
      return productText(item, value);
    default:
      return formatValue(value, column);
  }
}
