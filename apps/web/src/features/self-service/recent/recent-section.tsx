import { Alert, Heading, HStack, Spinner, Stack, Text } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { describeError } from '@/services/portal-error';
import { formatDateTime } from '@/ui/date-time';

/** What the section needs of a query: react-query's result, narrowed to what it reads. */
export type RecentQuery<T> =
  | { isPending: true; isError: false; data: undefined; error: null }
  | { isPending: false; isError: true; data: T | undefined; error: unknown }
  | { isPending: false; isError: false; data: T; error: null };

/** A moment as text in the portal's one format (for labels; on screen prefer `<DateTime>`, which adds local time). */
export const when = (iso: string) => formatDateTime(iso);

/**
 * Beyond the spec, every self-service tool lists what it did recently (runs, deliveries) so an operator sees what
 * happened without a log file: one heading, then loading, the error, the empty text or the list.
 */
export function RecentSection<T>(props: {
  id: string;
  heading: string;
  query: RecentQuery<T>;
  loadingText: string;
  emptyText: string;
  isEmpty: (data: T) => boolean;
  children: (data: T) => ReactNode;
}) {
  const { id, heading, query, loadingText, emptyText, isEmpty, children } = props;
  return (
    <Stack as="section" aria-labelledby={id} gap="3">
      <Heading as="h3" size="md" id={id}>
        {heading}
      </Heading>
      {query.isPending ? (
        <HStack role="status" gap="2">
          <Spinner size="sm" />
          <Text color="fg.muted">{loadingText}</Text>
        </HStack>
      ) : query.isError ? (
        <Alert.Root status="error" role="alert">
          <Alert.Indicator />
          <Alert.Title>{describeError(query.error).message}</Alert.Title>
        </Alert.Root>
      ) : isEmpty(query.data) ? (
        <Text color="fg.muted">{emptyText}</Text>
      ) : (
        children(query.data)
      )}
    </Stack>
  );
}
