import { formatOrderStatus } from '@/lib/order-status';

// How list cells and read-only fields show a value: dates as day, short month and year in UTC (spec 2 §2),
// flags as Yes/No, order statuses with the spec's formatter, objects as compact JSON.

const DATE = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' });

/**
 * @example
 * formatDate('2024-03-05T23:30:00Z'); // '5 Mar 2024'
 */
export function formatDate(value: string): string {
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? value : DATE.format(date);
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
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}
