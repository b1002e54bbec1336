import { Badge, Box, HStack, Stack, Text } from '@chakra-ui/react';
import type { ChangeRecord } from '@portal/contracts';
import { usePortalContext } from '@/app/portal/portal-context';
import type { OwnerItem } from '../catalogue/resolve-path';
import { DeletedItem } from './deleted-item';
import { FieldChanges } from './field-changes';
import { useResourceHistory } from './history-api';
import { ConnectedHistoryNotice, HistoryError, HistoryLoading, LoadMore } from './history-states';
import { ChangeActorName, ChangeTime, changeSourceText } from './record-parts';
import { historyResource } from './resource-ref';

/** One record of an item: what kind of write, who, when, through which client, and the changed fields. */
export function HistoryEntry({ record }: { record: ChangeRecord }) {
  return (
    <Box as="li" borderWidth="1px" rounded="l3" p="3">
      <Stack gap="2">
        <HStack gap="2" wrap="wrap" fontSize="sm">
          <Badge colorPalette={record.Kind === 'Delete' ? 'red' : record.Kind === 'Create' ? 'green' : 'gray'}>
            {record.Kind}
          </Badge>
          <ChangeActorName actor={record.Actor} />
          <Text as="span" color="fg.muted">
            <ChangeTime time={record.Time} />
          </Text>
        </HStack>
        <Text fontSize="xs" color="fg.muted" wordBreak="break-word">
          {changeSourceText(record)}
        </Text>
        <FieldChanges changes={record.Changes} />
      </Stack>
    </Box>
  );
}

/** The History tab of an item (issue 23): its changes, newest first, with 'Load more'. */
export function HistoryTab({ owner }: { owner: OwnerItem }) {
  const { marketplace } = usePortalContext();
  const connected = marketplace.Kind === 'Connected';
  const resource = historyResource(owner.collection, owner.params, owner.itemId);
  const history = useResourceHistory(resource, !connected);
  if (connected) return <ConnectedHistoryNotice />;
  if (history.isPending) return <HistoryLoading />;
  if (history.isError) return <HistoryError error={history.error} />;
  const { records } = history;
  const newest = records[0];
  const singular = owner.collection.singular.toLowerCase();
  return (
    <Stack gap="4" maxW="3xl">
      {newest?.Kind === 'Delete' && newest.LastState && <DeletedItem owner={owner} lastState={newest.LastState} />}
      {records.length === 0 ? (
        <Text color="fg.muted">No changes to this {singular} have been recorded yet.</Text>
      ) : (
        <Stack
          as="ul"
          aria-label={`Changes to this ${singular}, newest first`}
          gap="3"
          listStyleType="none"
          m="0"
          p="0"
        >
          {records.map((record) => (
            <HistoryEntry key={record.ID} record={record} />
          ))}
        </Stack>
      )}
      <LoadMore
        hasMore={history.hasNextPage}
        loading={history.isFetchingNextPage}
        onLoad={() => void history.fetchNextPage()}
        shown={records.length}
      />
    </Stack>
  );
}
