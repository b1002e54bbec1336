import { DataList, Heading, Stack } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import type { Item } from '../lib/admin-api';
import { formatDate } from '../lib/format-value';
import { currencyOf, formatMoney } from './money';
import { OrderStatusBadge } from './order-status-badge';

/** Label and value rows; values may be elements (a status badge). Rows without a value are left out. */
export function SummaryList({ title, rows }: { title: string; rows: readonly (readonly [string, ReactNode])[] }) {
  const shown = rows.filter(([, value]) => value !== null && value !== '' && value !== undefined);
  return (
    <Stack as="section" gap="2" aria-label={title}>
      <Heading as="h2" size="md">
        {title}
      </Heading>
      <DataList.Root size="sm" orientation="horizontal">
        {shown.map(([label, value]) => (
          <DataList.Item key={label}>
            <DataList.ItemLabel>{label}</DataList.ItemLabel>
            <DataList.ItemValue>{value}</DataList.ItemValue>
          </DataList.Item>
        ))}
      </DataList.Root>
    </Stack>
  );
}

/** A date-time field as day, short month and year in UTC; null when unset. */
export function dateOf(value: unknown): string | null {
  return typeof value === 'string' && value !== '' ? formatDate(value) : null;
}

/** The money and milestones of an order, in its currency. */
export function OrderSummary({ order }: { order: Item }) {
  const currency = currencyOf(order);
  const money = (name: string) => formatMoney(order[name], currency);
  return (
    <SummaryList
      title="Order summary"
      rows={[
        ['Status', <OrderStatusBadge key="status" status={order.Status} />],
        ['Subtotal', money('Subtotal')],
        ['Shipping', money('ShippingCost')],
        ['Tax', money('TaxCost')],
        ['Promotion discount', money('PromotionDiscount')],
        ['Total', money('Total')],
        ['Currency', currency],
        ['Created', dateOf(order.DateCreated)],
        ['Submitted', dateOf(order.DateSubmitted)],
        ['Completed', dateOf(order.DateCompleted)],
        ['Canceled', dateOf(order.DateCanceled)],
      ]}
    />
  );
}
