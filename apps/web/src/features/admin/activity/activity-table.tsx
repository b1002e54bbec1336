import { Badge, Table, Text } from '@chakra-ui/react';
import type { ChangeRecord } from '@portal/contracts';
import { AppLink } from '@/ui/app-link';
import { ChangeActorName, ChangeTime } from '../history/record-parts';
import { recordItemHref } from '../history/resource-ref';

function ItemCell({ record }: { record: ChangeRecord }) {
  const href = recordItemHref(record);
  const name = [...record.ParentIDs, record.ResourceID].join(' / ');
  return (
    <>
      <Text fontSize="xs" color="fg.muted">
        {record.ResourceType}
      </Text>
      {href ? (
        <AppLink to={href} color="blue.fg" textDecoration="underline" wordBreak="break-all">
          {name}
        </AppLink>
      ) : (
        <Text wordBreak="break-all">{name}</Text>
      )}
    </>
  );
}

/** The changed fields by name ("3 fields" past a few); the item's History shows old and new. */
function fieldsSummary(record: ChangeRecord): string {
  const paths = record.Changes.map((change) => change.Path);
  if (paths.length === 0) return '—';
  return paths.length <= 3 ? paths.join(', ') : `${paths.slice(0, 3).join(', ')} and ${paths.length - 3} more`;
}

/** The marketplace's records, newest first: when, who, what, which item (linked), through which client. */
export function ActivityTable({ records }: { records: readonly ChangeRecord[] }) {
  return (
    <Table.ScrollArea borderWidth="1px" rounded="l3">
      <Table.Root size="sm" aria-label="Changes, newest first">
        <Table.Header>
          <Table.Row>
            <Table.ColumnHeader>When</Table.ColumnHeader>
            <Table.ColumnHeader>Who</Table.ColumnHeader>
            <Table.ColumnHeader>Change</Table.ColumnHeader>
            <Table.ColumnHeader>Item</Table.ColumnHeader>
            <Table.ColumnHeader>Fields</Table.ColumnHeader>
            <Table.ColumnHeader>Client</Table.ColumnHeader>
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {records.map((record) => (
            <Table.Row key={record.ID}>
              <Table.Cell whiteSpace="nowrap">
                <ChangeTime time={record.Time} />
              </Table.Cell>
              <Table.Cell>
                <ChangeActorName actor={record.Actor} />
                {record.ImpersonatorID && (
                  <Text fontSize="xs" color="fg.muted">
                    impersonated by {record.ImpersonatorID}
                  </Text>
                )}
              </Table.Cell>
              <Table.Cell>
                <Badge colorPalette={record.Kind === 'Delete' ? 'red' : record.Kind === 'Create' ? 'green' : 'gray'}>
                  {record.Kind}
                </Badge>
                <Text fontSize="xs" color="fg.muted">
                  {record.OperationID}
                </Text>
              </Table.Cell>
              <Table.Cell>
                <ItemCell record={record} />
              </Table.Cell>
              <Table.Cell fontSize="xs">{fieldsSummary(record)}</Table.Cell>
              <Table.Cell fontSize="xs" wordBreak="break-all">
                {record.ClientID}
              </Table.Cell>
            </Table.Row>
          ))}
        </Table.Body>
      </Table.Root>
    </Table.ScrollArea>
  );
}
