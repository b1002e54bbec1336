import { Badge, HStack, Stack, Table, Text } from '@chakra-ui/react';
import { DateTime } from '@/ui/date-time';
import { RecentSection } from '../recent/recent-section';
import type { useSubscriptionRuns } from './subscriptions-api';
import { RUN_PALETTE, runSummary, type SubscriptionRun } from './subscriptions-model';

/** Beyond the spec: the recent runs of the job (manual and hourly), what each did and why one failed. */
export function SubscriptionRuns({ runs }: { runs: ReturnType<typeof useSubscriptionRuns> }) {
  return (
    <RecentSection
      id="subscription-runs-heading"
      heading="Recent runs"
      query={runs}
      loadingText="Loading recent runs..."
      emptyText="The job has not run in this marketplace yet."
      isEmpty={(data) => data.Items.length === 0}
    >
      {(data) => (
        <>
          <RunCards runs={data.Items} />
          <RunTable runs={data.Items} />
        </>
      )}
    </RecentSection>
  );
}

// A phone has no room for four columns: the table scrolled sideways and cut each run's result off with nothing
// saying so. Below md the runs are cards whose text wraps; only one of the two is displayed (and so in the
// accessibility tree) at a time.

function RunCards({ runs }: { runs: readonly SubscriptionRun[] }) {
  return (
    <Stack as="ul" hideFrom="md" gap="2" listStyleType="none" m="0" p="0" aria-label="Recent subscription runs">
      {runs.map((run) => (
        <Stack as="li" key={run.ID} gap="1" borderWidth="1px" rounded="l2" p="3" fontSize="sm">
          <HStack justify="space-between" align="flex-start" gap="2">
            <Text>
              <DateTime value={run.DateRequested} />
              {run.RequestedBy ? ` by ${run.RequestedBy}` : ''} · {run.Trigger}
            </Text>
            <Badge colorPalette={RUN_PALETTE[run.Status]} variant="surface" flexShrink={0}>
              {run.Status}
            </Badge>
          </HStack>
          <RunResult run={run} />
        </Stack>
      ))}
    </Stack>
  );
}

function RunTable({ runs }: { runs: readonly SubscriptionRun[] }) {
  return (
    <Table.ScrollArea
      hideBelow="md"
      borderWidth="1px"
      rounded="l2"
      tabIndex={0}
      role="region"
      aria-label="Recent subscription runs"
    >
      <Table.Root size="sm">
        <Table.Header>
          <Table.Row>
            <Table.ColumnHeader>Requested</Table.ColumnHeader>
            <Table.ColumnHeader>Trigger</Table.ColumnHeader>
            <Table.ColumnHeader>Status</Table.ColumnHeader>
            <Table.ColumnHeader>Result</Table.ColumnHeader>
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {runs.map((run) => (
            <RunRow key={run.ID} run={run} />
          ))}
        </Table.Body>
      </Table.Root>
    </Table.ScrollArea>
  );
}

/** What a run did, and each failure's reason on its own line. */
function RunResult({ run }: { run: SubscriptionRun }) {
  const failures = run.Failed.map((failure) => `${failure.SubscriptionID}: ${failure.Message}`);
  return (
    <Stack gap="0.5">
      <Text>{runSummary(run)}</Text>
      {[run.Error, ...failures]
        .filter((line): line is string => Boolean(line))
        .map((line) => (
          <Text key={line} fontSize="xs" color="red.700" _dark={{ color: 'red.300' }} overflowWrap="anywhere">
            {line}
          </Text>
        ))}
    </Stack>
  );
}

function RunRow({ run }: { run: SubscriptionRun }) {
  return (
    <Table.Row>
      <Table.Cell whiteSpace="nowrap">
        <DateTime value={run.DateRequested} />
        {run.RequestedBy ? ` by ${run.RequestedBy}` : ''}
      </Table.Cell>
      <Table.Cell>{run.Trigger}</Table.Cell>
      <Table.Cell>
        <Badge colorPalette={RUN_PALETTE[run.Status]} variant="surface">
          {run.Status}
        </Badge>
      </Table.Cell>
      <Table.Cell>
        <RunResult run={run} />
      </Table.Cell>
    </Table.Row>
  );
}
