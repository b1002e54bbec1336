import { Alert, Badge, Box, Button, HStack, Heading, Progress, Spinner, Stack, Table, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { describeError } from '@/services/portal-error';
import { useRunDeliveries, useSyncRuns } from './sync-api';
import { isRunning, RUN_STATUS_LOOK, runParameters, runProgress } from './sync-model';
import type { Delivery, SyncRun } from './sync-types';

const when = (iso: string) => new Date(iso).toLocaleString();

/**
 * Beyond the spec: the marketplace's recent sync runs with their counts, live while a run goes on, and each
 * run's deliveries with the receiver's answer, so an operator sees what happened without a log file.
 */
export function SyncRuns() {
  const runs = useSyncRuns(true);
  return (
    <Stack as="section" aria-labelledby="sync-runs-heading" gap="3">
      <Heading as="h3" size="md" id="sync-runs-heading">
        Recent runs
      </Heading>
      {runs.isPending ? (
        <HStack role="status" gap="2">
          <Spinner size="sm" />
          <Text color="fg.muted">Loading recent runs...</Text>
        </HStack>
      ) : runs.isError ? (
        <Alert.Root status="error" role="alert">
          <Alert.Indicator />
          <Alert.Title>{describeError(runs.error).message}</Alert.Title>
        </Alert.Root>
      ) : runs.data.length === 0 ? (
        <Text color="fg.muted">No sync has run in this marketplace yet.</Text>
      ) : (
        <Stack as="ul" gap="3" listStyleType="none" m="0" p="0">
          {runs.data.map((run) => (
            <RunItem key={run.ID} run={run} />
          ))}
        </Stack>
      )}
    </Stack>
  );
}

function RunItem({ run }: { run: SyncRun }) {
  const [open, setOpen] = useState(false);
  const look = RUN_STATUS_LOOK[run.Status];
  const progress = runProgress(run);
  const { Deliveries: deliveries } = run;
  const label = `${run.Entity} sync of ${when(run.DateCreated)}`;
  return (
    <Box as="li" borderWidth="1px" rounded="l2" p="3" aria-label={label}>
      <Stack gap="2">
        <HStack justify="space-between" wrap="wrap" gap="2">
          <HStack gap="2" wrap="wrap">
            <Text fontWeight="medium">{run.Entity}</Text>
            <Badge colorPalette={look.palette} variant="surface" aria-label={`Status: ${look.label}`}>
              {look.label}
            </Badge>
            <Text fontSize="sm" color="fg.muted">
              {when(run.DateCreated)}
              {run.RequestedBy ? ` by ${run.RequestedBy}` : ''}
            </Text>
          </HStack>
          <Button size="xs" variant="outline" aria-expanded={open} onClick={() => setOpen(!open)}>
            {open ? 'Hide deliveries' : 'Show deliveries'}
          </Button>
        </HStack>
        {runParameters(run) && (
          <Text fontSize="sm" color="fg.muted">
            {runParameters(run)}
          </Text>
        )}
        <Text fontSize="sm">
          {run.ItemCount} read in {run.BatchCount} {run.BatchCount === 1 ? 'batch' : 'batches'}, {run.ItemsDelivered}{' '}
          delivered · deliveries: {deliveries.Delivered} delivered, {deliveries.Failed} failed,{' '}
          {deliveries.NotDelivered} not delivered, {deliveries.Pending} pending
        </Text>
        {isRunning(run) && (
          <Progress.Root value={progress} size="sm" colorPalette="blue" maxW="md">
            {/* The track is the progressbar; its own name would be just the share. */}
            <Progress.Track aria-label={`${run.Entity} sync progress`}>
              <Progress.Range />
            </Progress.Track>
          </Progress.Root>
        )}
        {run.Error && (
          <Text fontSize="sm" color="red.700" _dark={{ color: 'red.300' }}>
            {run.Error}
          </Text>
        )}
        {open && <RunDeliveries run={run} />}
      </Stack>
    </Box>
  );
}

function RunDeliveries({ run }: { run: SyncRun }) {
  const deliveries = useRunDeliveries(run.ID, isRunning(run));
  if (deliveries.isPending) return <Spinner size="sm" aria-label="Loading deliveries" />;
  if (deliveries.isError) return <Text color="red.700">{describeError(deliveries.error).message}</Text>;
  if (deliveries.data.length === 0) return <Text color="fg.muted">No deliveries yet.</Text>;
  return (
    <Table.ScrollArea
      borderWidth="1px"
      rounded="l2"
      maxH="64"
      tabIndex={0}
      role="region"
      aria-label={`Deliveries of ${run.Entity}`}
    >
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
            <DeliveryRow key={delivery.ID} delivery={delivery} />
          ))}
        </Table.Body>
      </Table.Root>
    </Table.ScrollArea>
  );
}

function DeliveryRow({ delivery }: { delivery: Delivery }) {
  return (
    <Table.Row>
      <Table.Cell whiteSpace="nowrap">{when(delivery.DateCreated)}</Table.Cell>
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
  );
}
