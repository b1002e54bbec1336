import { Alert, Box, HStack, SimpleGrid, Spinner, Stack, Text } from '@chakra-ui/react';
import { useMemo, useState } from 'react';
import { usePortalContext } from '@/app/portal/portal-context';
import type { SearchIndexType } from '@/services/portal';
import { describeError } from '@/services/portal-error';
import { useIndexErrors, useSearchIndexes } from './index-api';
import { IndexCard } from './index-card';
import { IndexErrors } from './index-errors';
import { IndexInfo } from './index-info';
import {
  canRebuild,
  canViewIndexes,
  EMPTY_TEXTS,
  INDEX_TEXTS,
  isInProgress,
  oldIndexes,
  type RebuildStart,
  selectedIndex,
  startedBuild,
  visibleIndexes,
} from './index-model';
import { RebuildDialog } from './rebuild-dialog';
import { RebuildProgress } from './rebuild-progress';

/** One tab of Index tools: the index cards, the selected index's info and errors, and Rebuild. */
export function IndexTab({ type }: { type: SearchIndexType }) {
  const { me, roles } = usePortalContext();
  const allowed = canViewIndexes(type, me, roles);
  const list = useSearchIndexes(type, allowed);
  const [chosenId, setChosenId] = useState<string>();
  const [rebuilding, setRebuilding] = useState(false);
  // The rebuild this user started, followed until it ends.
  const [rebuildStart, setRebuildStart] = useState<RebuildStart>();

  const indexes = useMemo(() => list.data ?? [], [list.data]);
  const cards = useMemo(() => visibleIndexes(indexes), [indexes]);
  const selected = selectedIndex(cards, chosenId);
  const active = indexes.find((index) => index.IsActiveIndex);
  const admin = canRebuild(me);
  const pollErrors = admin && selected !== undefined && selected.IsActiveIndex;
  const selectedErrors = useIndexErrors(selected, pollErrors);
  // The active card's look depends on its errors even while another card is selected.
  const activeErrors = useIndexErrors(active, pollErrors);

  if (!allowed) {
    return (
      <Alert.Root status="warning" mt="4">
        <Alert.Indicator />
        <Alert.Title>{INDEX_TEXTS.unauthorized}</Alert.Title>
      </Alert.Root>
    );
  }
  if (list.isPending) {
    return (
      <HStack role="status" gap="2" mt="4">
        <Spinner size="sm" />
        <Text color="fg.muted">Loading search indexes...</Text>
      </HStack>
    );
  }
  if (list.isError) {
    const { title, message } = describeError(list.error);
    return (
      <Alert.Root status="error" role="alert" mt="4">
        <Alert.Indicator />
        <Alert.Content>
          <Alert.Title>{title}</Alert.Title>
          <Alert.Description>{message}</Alert.Description>
        </Alert.Content>
      </Alert.Root>
    );
  }
  if (!selected) {
    return (
      <Box borderWidth="1px" borderStyle="dashed" borderColor="border.emphasized" rounded="l3" px="6" py="10" mt="4">
        <Text color="fg.muted" textAlign="center">
          {EMPTY_TEXTS[type]}
        </Text>
      </Box>
    );
  }

  const hasErrors = (index: typeof selected) =>
    (index.RejectedCount ?? 0) > 0 ||
    (index.IndexID === active?.IndexID && (activeErrors.data?.length ?? 0) > 0) ||
    (index.IndexID === selected.IndexID && (selectedErrors.data?.length ?? 0) > 0);

  return (
    <Stack gap="5" mt="4">
      {rebuildStart && <RebuildProgress build={startedBuild(indexes, rebuildStart)} />}
      <SimpleGrid columns={{ base: 1, md: 2, xl: 3 }} gap="4">
        {cards.map((index) => (
          <IndexCard
            key={index.IndexID}
            index={index}
            hasErrors={hasErrors(index)}
            selected={index.IndexID === selected.IndexID}
            onSelect={() => setChosenId(index.IndexID)}
            onRebuild={index.IsActiveIndex && admin ? () => setRebuilding(true) : undefined}
            rebuildBlocked={indexes.some((other) => isInProgress(other.Status))}
          />
        ))}
      </SimpleGrid>
      <IndexInfo index={selected} old={oldIndexes(indexes)} />
      <IndexErrors index={selected} errors={selectedErrors.data} loading={selectedErrors.isPending} />
      {rebuilding && active && (
        <RebuildDialog
          index={active}
          onClose={() => setRebuilding(false)}
          onStarted={(created) => {
            setRebuildStart({ indexId: created?.IndexID, knownIds: new Set(indexes.map((index) => index.IndexID)) });
            setRebuilding(false);
          }}
        />
      )}
    </Stack>
  );
}
