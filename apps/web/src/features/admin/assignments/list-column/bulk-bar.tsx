import { Alert, Button, CloseButton, HStack, List, Progress, Stack, Text } from '@chakra-ui/react';
import type { BulkProgress } from '../../bulk/bulk-run';
import type { AssignmentAction, BulkReport } from './use-assignment-actions';

const RUNNING: Record<AssignmentAction, string> = { assign: 'Assigning', unassign: 'Unassigning' };

/**
 * Acting on the selected rows at once: Assign and Unassign, a progress bar with Cancel while the calls run, and
 * the summary after: how many succeeded, and each failed row with the platform's reasons.
 */
export function BulkBar(props: {
  selected: number;
  progress: (BulkProgress & { action: AssignmentAction }) | null;
  report: BulkReport | null;
  onAssign: () => void;
  onUnassign: () => void;
  onCancel: () => void;
  onDismiss: () => void;
}) {
  const { selected, progress, report, onAssign, onUnassign, onCancel, onDismiss } = props;
  return (
    <Stack gap="3">
      <HStack gap="3" wrap="wrap">
        <Text fontSize="sm" color="fg.muted" aria-live="polite">
          {selected} selected
        </Text>
        <Button size="sm" disabled={selected === 0 || progress !== null} onClick={onAssign}>
          Assign selected
        </Button>
        <Button size="sm" variant="outline" disabled={selected === 0 || progress !== null} onClick={onUnassign}>
          Unassign selected
        </Button>
        {progress && (
          <HStack gap="3" flex="1" minW="16rem">
            <Progress.Root
              value={progress.total > 0 ? Math.round((progress.done / progress.total) * 100) : null}
              max={100}
              size="sm"
              flex="1"
              translations={{ value: () => `${RUNNING[progress.action]} selected rows` }}
            >
              <Progress.Track>
                <Progress.Range />
              </Progress.Track>
            </Progress.Root>
            <Text fontSize="sm" color="fg.muted" role="status" whiteSpace="nowrap">
              {progress.done} of {progress.total}
            </Text>
            <Button size="sm" variant="ghost" onClick={onCancel}>
              Cancel
            </Button>
          </HStack>
        )}
      </HStack>
      {report && (
        <Alert.Root status={report.failures.length > 0 ? 'warning' : 'success'} role="status">
          <Alert.Indicator />
          <Alert.Content>
            <Alert.Title>{report.text}</Alert.Title>
            {report.failures.length > 0 && (
              <Alert.Description>
                <List.Root gap="1" mt="1">
                  {report.failures.map((failure) => (
                    <List.Item key={failure.row.id}>
                      <strong>{failure.row.name}</strong> ({failure.row.id}): {failure.messages.join(' ')}
                    </List.Item>
                  ))}
                </List.Root>
              </Alert.Description>
            )}
          </Alert.Content>
          <CloseButton size="sm" aria-label="Dismiss summary" onClick={onDismiss} />
        </Alert.Root>
      )}
    </Stack>
  );
}
