import { DateTime } from '@/ui/date-time';
import type { Item } from '../lib/admin-api';
import type { ListColumn } from '../lib/columns';
import { formatCell } from '../lib/format-value';

/**
 * A list cell: a date-time field as the day in UTC (spec 2 §2) with the user's own time on hover (ui/date-time),
 * anything else as format-value writes it.
 */
export function CellValue({ item, column }: { item: Item; column: ListColumn }) {
  const value = item[column.field];
  if (column.format === 'date-time' && column.display === undefined && typeof value === 'string' && value !== '') {
    return <DateTime value={value} precision="date" />;
  }
  return <>{formatCell(item, column)}</>;
}
