import { Alert, Button, CloseButton, HStack, List, Progress, Stack, Text } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import type { BulkReport, BulkRunProgress } from './use-bulk-run';

/** The selection line: how many rows, and the step to every matching item across pages or back. */
export interface BulkSelectionLine {
  readonly count: number;
  /** The list's matching items across pages, when more than this page shows; 'Select all N matching' offers them. */
  readonly offerAllMatching: number | null;
  readonly allMatching: boolean;
  readonly onSelectAllMatching: () => void;
  readonly onClear: () => void;
}

function RunProgress({ progress, onCancel }: { progress: BulkRunProgress; onCancel: () => void }) {
  const { label, done, total } = progress;
  return (
    <HStack gap="3" flex="1" minW={{ base: 'full', md: '16rem' }}>
      <Progress.Root
        value={total ? Math.round((done / total) * 100) : null}
        max={100}
        size="sm"
        flex="1"
        translations={{ value: () => label }}
      >
        <Progress.Track>
          <Progress.Range />
        </Progress.Track>
      </Progress.Root>
      <Text fontSize="sm" color="fg.muted" role="status" whiteSpace="nowrap">
        {total === null ? 'Reading…' : `${done} of ${total}`}
      </Text>
      <Button size="sm" variant="ghost" onClick={onCancel}>
        Cancel
      </Button>
    </HStack>
  );
}

/** The summary of the last run: how many succeeded, and each failed row with the platform's reasons. */
export function BulkSummary({ report, onDismiss }: { report: BulkReport; onDismiss: () => void }) {
  return (
    <Alert.Root status={report.failures.length > 0 ? 'warning' : 'success'} role="status">
      <Alert.Indicator />
      <Alert.Content>
        <Alert.Title>{report.text}</Alert.Title>
        {report.failures.length > 0 && (
          <Alert.Description>
            <List.Root gap="1" mt="1">
              {report.failures.map((failure) => (
                <List.Item key={failure.row.id} wordBreak="break-word">
                  <strong>{failure.row.name}</strong> ({failure.row.id}): {failure.messages.join(' ')}
                </List.Item>
              ))}
            </List.Root>
          </Alert.Description>
        )}
      </Alert.Content>
      <CloseButton size="sm" aria-label="Dismiss summary" onClick={onDismiss} />
    </Alert.Root>
  );
}

/**
 * Acting on the selected rows at once (issue 24): the count, 'Select all N matching', the actions (`children`,
 * disabled by the caller while nothing is selected or a run goes on), a progress bar with Cancel while the calls
 * run, and the summary after.
 */
export function BulkBar(props: {
  selection: BulkSelectionLine;
  progress: BulkRunProgress | null;
  report: BulkReport | null;
  onCancel: () => void;
  onDismiss: () => void;
  children: ReactNode;
}) {
  const { selection, progress, report, onCancel, onDismiss, children } = props;
  return (
    <Stack gap="3" role="region" aria-label="Bulk actions">
      <HStack gap="2" wrap="wrap" borderWidth="1px" rounded="l2" px="3" py="2" bg="bg.subtle">
        <Text fontSize="sm" fontWeight="medium" aria-live="polite" me="1">
          {selection.allMatching ? `All ${selection.count} matching selected` : `${selection.count} selected`}
        </Text>
        {!selection.allMatching && selection.offerAllMatching !== null && (
          <Button size="xs" variant="plain" colorPalette="blue" onClick={selection.onSelectAllMatching}>
            Select all {selection.offerAllMatching} matching
          </Button>
        )}
        {selection.count > 0 && (
          <Button size="xs" variant="plain" onClick={selection.onClear} disabled={progress !== null}>
            Clear selection
          </Button>
        )}
        <HStack gap="2" wrap="wrap">
          {children}
        </HStack>
        {progress && <RunProgress progress={progress} onCancel={onCancel} />}
      </HStack>
      {report && <BulkSummary report={report} onDismiss={onDismiss} />}
    </Stack>
  );
}
