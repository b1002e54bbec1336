import { Alert, Box, Spinner, Table, Text } from '@chakra-ui/react';
import type { SearchIndex, SearchIndexError } from '@/services/portal';
import { AppLink } from '@/ui/app-link';
import { DateTime } from '@/ui/date-time';
import { errorNotice, INDEX_TEXTS, THING_ID_LABEL, thingPath } from './index-model';

export interface IndexErrorsProps {
  index: SearchIndex;
  errors: readonly SearchIndexError[] | undefined;
  loading: boolean;
}

/** The selected index's rejected documents, under the banner or text its state calls for (spec 1 §2). */
export function IndexErrors({ index, errors, loading }: IndexErrorsProps) {
  if (loading || !errors) {
    return (
      <Box role="status" display="flex" gap="2" alignItems="center">
        <Spinner size="sm" />
        <Text color="fg.muted">Loading errors...</Text>
      </Box>
    );
  }
  const notice = errorNotice(index, errors.length);
  return (
    <Box display="flex" flexDirection="column" gap="4">
      {notice === 'active-errors' && (
        <Alert.Root status="warning">
          <Alert.Indicator />
          <Alert.Content>
            <Alert.Title>{INDEX_TEXTS.activeErrorsTitle}</Alert.Title>
            <Alert.Description>{INDEX_TEXTS.activeErrorsBody}</Alert.Description>
          </Alert.Content>
        </Alert.Root>
      )}
      {notice === 'failed' && (
        <Alert.Root status="error">
          <Alert.Indicator />
          <Alert.Content>
            <Alert.Title>{INDEX_TEXTS.failedTitle}</Alert.Title>
            <Alert.Description>{INDEX_TEXTS.failedBody}</Alert.Description>
          </Alert.Content>
        </Alert.Root>
      )}
      {notice === 'failed-without-errors' && (
        <Alert.Root status="error">
          <Alert.Indicator />
          <Alert.Title>{INDEX_TEXTS.failedWithoutErrors}</Alert.Title>
        </Alert.Root>
      )}
      {notice === 'no-errors' && <Text color="fg.muted">{INDEX_TEXTS.noErrors}</Text>}
      {errors.length > 0 && <ErrorTable index={index} errors={errors} />}
    </Box>
  );
}

// About three rows and the header: more rows scroll (spec 1 §9 "Error table scrolls above 3 rows").
const THREE_ROWS_HEIGHT = '11rem';

function ErrorTable({ index, errors }: { index: SearchIndex; errors: readonly SearchIndexError[] }) {
  const scrolls = errors.length > 3;
  return (
    <Table.ScrollArea
      borderWidth="1px"
      rounded="l2"
      maxH={scrolls ? THREE_ROWS_HEIGHT : undefined}
      overflowY={scrolls ? 'auto' : undefined}
      // A scrolling region must be reachable by keyboard to scroll it.
      tabIndex={scrolls ? 0 : undefined}
      role={scrolls ? 'region' : undefined}
      aria-label={scrolls ? 'Index errors' : undefined}
    >
      <Table.Root size="sm" stickyHeader>
        <Table.Header>
          <Table.Row>
            <Table.ColumnHeader>{THING_ID_LABEL[index.Type]}</Table.ColumnHeader>
            <Table.ColumnHeader>Local DateTime</Table.ColumnHeader>
            <Table.ColumnHeader>Error Message</Table.ColumnHeader>
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {errors.map((error) => (
            <Table.Row key={`${error.ThingID}:${error.FailedOn}`}>
              <Table.Cell>
                <AppLink to={thingPath(index.Type, error.ThingID)} color="blue.fg">
                  {error.ThingID}
                </AppLink>
              </Table.Cell>
              <Table.Cell whiteSpace="nowrap">
                {/* The spec names this column "Local DateTime": the user's time, UTC on hover. */}
                <DateTime value={error.FailedOn} zone="local" precision="second" />
              </Table.Cell>
              <Table.Cell>{error.ErrorText}</Table.Cell>
            </Table.Row>
          ))}
        </Table.Body>
      </Table.Root>
    </Table.ScrollArea>
  );
}
