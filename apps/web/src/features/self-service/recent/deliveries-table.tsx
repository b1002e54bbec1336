import { Table } from '@chakra-ui/react';
import { DateTime } from '@/ui/date-time';
import type { Delivery } from '../sync-tools/sync-types';

/** Deliveries with the receiver's answer (status code, attempts, last duration); the last error on hover. */
export function DeliveriesTable(props: { deliveries: readonly Delivery[]; label: string; maxH: string }) {
  const { deliveries, label, maxH } = props;
  return (
    <Table.ScrollArea borderWidth="1px" rounded="l2" maxH={maxH} tabIndex={0} role="region" aria-label={label}>
      <Table.Root size="sm" stickyHeader>
        <Table.Header>
          <Table.Row>
            <Table.ColumnHeader>Sent</Table.ColumnHeader>
            <Table.ColumnHeader>Payload</Table.ColumnHeader>
            <Table.ColumnHeader>Target</Table.ColumnHeader>
            <Table.ColumnHeader>Status</Table.ColumnHeader>
            <Table.ColumnHeader>Response code</Table.ColumnHeader>
            <Table.ColumnHeader>Attempts</Table.ColumnHeader>
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {deliveries.map((delivery) => (
            <Table.Row key={delivery.ID}>
              <Table.Cell whiteSpace="nowrap">
                <DateTime value={delivery.DateCreated} />
              </Table.Cell>
              <Table.Cell>
                {delivery.PayloadKind}
                {delivery.ItemCount > 0 ? ` (${delivery.ItemCount} items)` : ''}
              </Table.Cell>
              <Table.Cell wordBreak="break-all">
                {delivery.TargetKind}: {delivery.Target}
              </Table.Cell>
              <Table.Cell title={delivery.LastError ?? undefined}>{delivery.Status}</Table.Cell>
              <Table.Cell>{delivery.LastStatusCode ?? '—'}</Table.Cell>
              <Table.Cell>
                {delivery.Attempts}
                {delivery.LastDurationMs !== null ? ` (${delivery.LastDurationMs} ms)` : ''}
              </Table.Cell>
            </Table.Row>
          ))}
        </Table.Body>
      </Table.Root>
    </Table.ScrollArea>
  );
}
