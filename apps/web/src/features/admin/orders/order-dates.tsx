import { DataList } from '@chakra-ui/react';
import { DateTime } from '@/ui/date-time';
import type { Item } from '../lib/admin-api';

// The milestones an order can have, in the order people ask about them; unset ones are left out.
const MILESTONES: readonly (readonly [label: string, field: string])[] = [
  ['Submitted', 'DateSubmitted'],
  ['Created', 'DateCreated'],
  ['Approved', 'DateApproved'],
  ['Declined', 'DateDeclined'],
  ['Completed', 'DateCompleted'],
  ['Canceled', 'DateCanceled'],
  ['Last updated', 'LastUpdated'],
];

/** The dates an order has, each in UTC with the local time on hover; 'Not submitted' for a cart. */
export function OrderDates({ order }: { order: Item }) {
  const set = MILESTONES.filter(([, field]) => typeof order[field] === 'string' && order[field] !== '');
  const rows = order.DateSubmitted ? set : [['Submitted', ''] as const, ...set];
  return (
    <DataList.Root size="sm" orientation="vertical" flexDirection="row" flexWrap="wrap" columnGap="8" rowGap="3">
      {rows.map(([label, field]) => (
        <DataList.Item key={label}>
          <DataList.ItemLabel>{label}</DataList.ItemLabel>
          <DataList.ItemValue>
            {field === '' ? 'Not submitted' : <DateTime value={order[field] as string} />}
          </DataList.ItemValue>
        </DataList.Item>
      ))}
    </DataList.Root>
  );
}
