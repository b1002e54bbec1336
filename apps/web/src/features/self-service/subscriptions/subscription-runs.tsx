import { Badge, Stack, Table, Text } from '@chakra-ui/react';
import { RecentSection, when } from '../recent/recent-section';
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
        <Table.ScrollArea
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
              {data.Items.map((run) => (
                <RunRow key={run.ID} run={run} />
              ))}
            </Table.Body>
          </Table.Root>
        </Table.ScrollArea>
      )}
    </RecentSection>
  );
}

function RunRow({ run }: { run: SubscriptionRun }) {
  const failures = run.Failed.map((failure) => `${failure.SubscriptionID}: ${failure.Message}`);
  return (
    <Table.Row>
      <Table.Cell whiteSpace="nowrap">
        {when(run.DateRequested)}
        {run.RequestedBy ? ` by ${run.RequestedBy}` : ''}
      </Table.Cell>
      <Table.Cell>{run.Trigger}</Table.Cell>
      <Table.Cell>
        <Badge colorPalette={RUN_PALETTE[run.Status]} variant="surface">
          {run.Status}
        </Badge>
      </Table.Cell>
      <Table.Cell>
        <Stack gap="0.5">
          <Text>{runSummary(run)}</Text>
          {[run.Error, ...failures]
            .filter((line): line is string => Boolean(line))
            .map((line) => (
              <Text key={line} fontSize="xs" color="red.700" _dark={{ color: 'red.300' }}>
                {line}
              </Text>
            ))}
        </Stack>
      </Table.Cell>
    </Table.Row>
  );
}
