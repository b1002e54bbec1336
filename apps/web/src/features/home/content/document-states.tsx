import { Alert, Button, Heading, HStack, Spinner, Stack, Text } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { describeError } from '@/services/portal-error';
import { AppLink } from '@/ui/app-link';
import { useErrorToast } from '@/ui/notify-error';

/** What a content page needs of its query: react-query's result, narrowed to what it reads. */
export interface DocumentQuery<T> {
  data: T | undefined;
  isPending: boolean;
  isError: boolean;
  error: unknown;
  refetch: () => unknown;
}

/**
 * The states every content page shares: loading, a failure with a retry, an address naming no document (a page of
 * its own with a way on, not an error toast), and the document.
 */
export function DocumentStates<T>(props: {
  query: DocumentQuery<T | null>;
  loadingText: string;
  notFound: { title: string; text: string; backTo: string; backText: string };
  children: (document: T) => ReactNode;
}) {
  const { query, loadingText, notFound, children } = props;
  useErrorToast(query.error);
  if (query.isPending) {
    return (
      <HStack role="status" gap="3">
        <Spinner size="sm" />
        <Text color="fg.muted">{loadingText}</Text>
      </HStack>
    );
  }
  if (query.isError) {
    const view = describeError(query.error);
    return (
      <Alert.Root status="error" role="alert">
        <Alert.Indicator />
        <Alert.Content>
          <Alert.Title>{view.title}</Alert.Title>
          <Alert.Description>{view.message}</Alert.Description>
        </Alert.Content>
        <Button size="sm" variant="outline" alignSelf="center" onClick={() => void query.refetch()}>
          Try again
        </Button>
      </Alert.Root>
    );
  }
  if (!query.data) {
    return (
      <Stack gap="3" align="flex-start">
        <Heading as="h1" size="2xl">
          {notFound.title}
        </Heading>
        <Text color="fg.muted">{notFound.text}</Text>
        <AppLink to={notFound.backTo} color="blue.fg">
          {notFound.backText}
        </AppLink>
      </Stack>
    );
  }
  return <>{children(query.data)}</>;
}
