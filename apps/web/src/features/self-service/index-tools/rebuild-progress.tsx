import { Alert, HStack, Progress, Spinner, Text } from '@chakra-ui/react';
import type { SearchIndex } from '@/services/portal';
import { buildSummary, isInProgress } from './index-model';

/** Live progress of the rebuild this user started, then its outcome with the final counts. */
export function RebuildProgress({ build }: { build: SearchIndex | undefined }) {
  if (!build) {
    return (
      <HStack role="status" gap="2">
        <Spinner size="sm" />
        <Text>Rebuild requested; waiting for the build to start...</Text>
      </HStack>
    );
  }
  if (isInProgress(build.Status)) {
    const percent = Math.round(build.PercentComplete);
    return (
      <Progress.Root value={build.Status === 'WaitingToBuild' ? null : percent} colorPalette="blue" size="sm">
        <HStack justify="space-between" mb="1">
          <Progress.Label>Rebuild in progress</Progress.Label>
          <Progress.ValueText>
            {build.Status === 'WaitingToBuild' ? 'Waiting to build' : `${percent}%`}
          </Progress.ValueText>
        </HStack>
        <Progress.Track>
          <Progress.Range />
        </Progress.Track>
      </Progress.Root>
    );
  }
  const summary = buildSummary(build);
  const succeeded = build.Status === 'Ready';
  return (
    <Alert.Root status={succeeded ? 'success' : 'error'} role="status">
      <Alert.Indicator />
      <Alert.Content>
        <Alert.Title>
          {succeeded ? 'Rebuild finished: the new index is active.' : `Rebuild ended ${build.Status}.`}
        </Alert.Title>
        {summary && <Alert.Description>{summary}</Alert.Description>}
      </Alert.Content>
    </Alert.Root>
  );
}
