import { Badge, Box, Button, HStack, Progress, Spinner, Stack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { describeError } from '@/services/portal-error';
import { DeliveriesTable } from '../recent/deliveries-table';
import { RecentSection, when } from '../recent/recent-section';
import { useRunDeliveries, useSyncRuns } from './sync-api';
import { isRunning, RUN_STATUS_LOOK, runParameters, runProgress } from './sync-model';
import type { SyncRun } from './sync-types';

/**
 * Beyond the spec: the marketplace's recent sync runs with their counts, live while a run goes on, and each
 * run's deliveries with the receiver's answer, so an operator sees what happened without a log file.
 */
export function SyncRuns() {
  return (
    <RecentSection
      id="sync-runs-heading"
      heading="Recent runs"
      query={useSyncRuns(true)}
      loadingText="Loading recent runs..."
      emptyText="No sync has run in this marketplace yet."
      isEmpty={(runs) => runs.length === 0}
    >
      {(runs) => (
        <Stack as="ul" gap="3" listStyleType="none" m="0" p="0">
          {runs.map((run) => (
            <RunItem key={run.ID} run={run} />
          ))}
        </Stack>
      )}
    </RecentSection>
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
  return <DeliveriesTable deliveries={deliveries.data} label={`Deliveries of ${run.Entity}`} maxH="64" />;
}
