import { Box, Button, Code, HStack, Stack, Table, Tabs, Text } from '@chakra-ui/react';
import {
  hasPayload,
  hasResponseData,
  NO_PAYLOAD_MESSAGE,
  NO_RESPONSE_MESSAGE,
  type RequestLogEntry,
} from './lib/request-log';
import { HistoryLink } from './history-link';
import { statusDot } from './lib/status-dot';
import { JsonView } from '@/ui/json-view';
import { VerbBadge } from './verb-badge';

export const EMPTY_LOG_MESSAGE = 'Choose an operation and send your first request.';

const DOT_COLORS = { success: 'green.500', warning: 'orange.400', danger: 'red.500' } as const;

export function StatusDot({ status }: { status: number }) {
  const dot = statusDot(status);
  return <Box as="span" display="inline-block" w="2" h="2" rounded="full" bg={DOT_COLORS[dot]} data-status={dot} />;
}

function formatSize(bytes: number): string {
  return bytes < 1024 ? `${bytes} B` : `${(bytes / 1024).toFixed(1)} KB`;
}

function EntryDetails({ entry, onCopyResponse }: { entry: RequestLogEntry; onCopyResponse: () => void }) {
  return (
    <Tabs.Root defaultValue="response" size="sm" minW="0">
      <Tabs.List>
        <Tabs.Trigger value="payload">Payload</Tabs.Trigger>
        <Tabs.Trigger value="response">Response</Tabs.Trigger>
      </Tabs.List>
      <Tabs.Content value="payload">
        {!hasPayload(entry) ? (
          <Text>{NO_PAYLOAD_MESSAGE}</Text>
        ) : (
          <Stack gap="3">
            {entry.request.query.length > 0 && (
              <Table.Root size="sm" aria-label="Query string parameters">
                <Table.Header>
                  <Table.Row>
                    <Table.ColumnHeader>Query string parameter</Table.ColumnHeader>
                    <Table.ColumnHeader>Value</Table.ColumnHeader>
                  </Table.Row>
                </Table.Header>
                <Table.Body>
                  {entry.request.query.map(([name, value], index) => (
                    <Table.Row key={index}>
                      <Table.Cell>{name}</Table.Cell>
                      <Table.Cell overflowWrap="anywhere">{value}</Table.Cell>
                    </Table.Row>
                  ))}
                </Table.Body>
              </Table.Root>
            )}
            {entry.request.body !== undefined && entry.request.body !== null && (
              <JsonView value={entry.request.body} label="Request body" />
            )}
          </Stack>
        )}
      </Tabs.Content>
      <Tabs.Content value="response">
        {hasResponseData(entry) ? (
          <Stack gap="2" align="flex-start" minW="0">
            <Button size="xs" variant="ghost" onClick={onCopyResponse}>
              Copy response
            </Button>
            <JsonView value={entry.response} label="Response body" />
          </Stack>
        ) : (
          <Text>{NO_RESPONSE_MESSAGE}</Text>
        )}
      </Tabs.Content>
    </Tabs.Root>
  );
}

export interface RequestLogPanelProps {
  readonly log: readonly RequestLogEntry[];
  readonly selectedId: string | null;
  readonly onSelect: (id: string) => void;
  readonly onCopyCurl: (entry: RequestLogEntry) => void;
  readonly onCopySdk: (entry: RequestLogEntry) => void;
  readonly onCopyResponse: (entry: RequestLogEntry) => void;
  readonly onSendAgain: (entry: RequestLogEntry) => void;
  /** Loads the request back into the form to change it before sending it again. */
  readonly onEdit: (entry: RequestLogEntry) => void;
}

/** Recent requests (newest first) and the selected one's payload and response (spec §2 right panel). */
export function RequestLogPanel(props: RequestLogPanelProps) {
  const { log, selectedId, onSelect, onCopyCurl, onCopySdk, onCopyResponse, onSendAgain, onEdit } = props;
  if (log.length === 0) return <Text color="fg.muted">{EMPTY_LOG_MESSAGE}</Text>;
  const selected = log.find((entry) => entry.id === selectedId) ?? log[0];
  return (
    <Stack gap="4">
      <Stack as="ul" aria-label="Request log" gap="1" listStyleType="none" maxH="72" overflowY="auto">
        {log.map((entry) => (
          <Box as="li" key={entry.id}>
            <Button
              size="xs"
              w="full"
              justifyContent="flex-start"
              variant={entry.id === selected?.id ? 'subtle' : 'ghost'}
              aria-pressed={entry.id === selected?.id}
              data-testid="request-log-entry"
              onClick={() => onSelect(entry.id)}
            >
              <VerbBadge method={entry.method} />
              <Code flex="1" textAlign="start" truncate>
                {entry.path}
              </Code>
              <StatusDot status={entry.status} />
              <Text as="span" data-testid="request-status">
                {entry.status === 0 ? 'No response' : entry.status}
              </Text>
              <Text as="span" color="fg.muted">
                {entry.durationMs} ms · {formatSize(entry.sizeBytes)}
              </Text>
            </Button>
          </Box>
        ))}
      </Stack>
      {selected && (
        <Stack gap="2">
          <HStack wrap="wrap">
            <Button size="xs" variant="outline" onClick={() => onCopyCurl(selected)}>
              Copy as cURL
            </Button>
            <Button size="xs" variant="outline" onClick={() => onCopySdk(selected)}>
              Copy as SDK call
            </Button>
            <Button size="xs" variant="outline" onClick={() => onEdit(selected)}>
              Edit request
            </Button>
            <Button size="xs" onClick={() => onSendAgain(selected)}>
              Send again
            </Button>
            <HistoryLink entry={selected} />
          </HStack>
          <EntryDetails entry={selected} onCopyResponse={() => onCopyResponse(selected)} />
        </Stack>
      )}
    </Stack>
  );
}
