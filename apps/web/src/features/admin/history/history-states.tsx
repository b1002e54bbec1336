import { Alert, Button, Spinner, Text } from '@chakra-ui/react';
import { describeError, isPortalError } from '@/services/portal-error';

// What the History tab and the Activity page show around their records: loading, refusals, the connected case and
// the 'Load more' button. One wording for both.

/** Why a connected marketplace has no change history (issue 21 and 23): one sentence. */
export const CONNECTED_HISTORY_TEXT =
  'Change history is not available for connected marketplaces: only marketplaces the platform hosts record their changes.';

export function ConnectedHistoryNotice() {
  return (
    <Alert.Root status="info">
      <Alert.Indicator />
      <Alert.Title>{CONNECTED_HISTORY_TEXT}</Alert.Title>
    </Alert.Root>
  );
}

/** A failed read: a refusal says so, anything else says what went wrong. */
export function HistoryError({ error }: { error: unknown }) {
  const status = isPortalError(error) ? error.status : undefined;
  const text =
    status === 403
      ? 'You do not have access to this change history.'
      : status === 409
        ? CONNECTED_HISTORY_TEXT
        : `The change history could not be loaded: ${describeError(error).message}`;
  return (
    <Alert.Root status={status === 409 ? 'info' : 'error'} role="alert">
      <Alert.Indicator />
      <Alert.Title>{text}</Alert.Title>
    </Alert.Root>
  );
}

export function HistoryLoading() {
  return <Spinner size="sm" aria-label="Loading the change history" />;
}

/** 'Load more' while the last page named a next one. */
export function LoadMore(props: { hasMore: boolean; loading: boolean; onLoad: () => void; shown: number }) {
  if (!props.hasMore) {
    return props.shown > 0 ? (
      <Text fontSize="sm" color="fg.muted">
        All {props.shown} {props.shown === 1 ? 'change' : 'changes'} shown.
      </Text>
    ) : null;
  }
  return (
    <Button size="sm" variant="outline" alignSelf="flex-start" loading={props.loading} onClick={props.onLoad}>
      Load more
    </Button>
  );
}
