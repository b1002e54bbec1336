import { Card, DataList, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import type { SearchIndex } from '@/services/portal';
import { DateTime } from '@/ui/date-time';
import { buildSeconds, formatDuration, isInProgress } from './index-model';

/** Info cards beside the index cards: the selected index's build time and counts, and the old indexes kept. */
export function IndexInfo({ index, old }: { index: SearchIndex; old: readonly SearchIndex[] }) {
  const seconds = buildSeconds(index);
  const buildTime = isInProgress(index.Status)
    ? `In progress (${Math.round(index.PercentComplete)}%)`
    : seconds === undefined
      ? 'Not recorded'
      : formatDuration(seconds);
  return (
    <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
      <Card.Root as="section" aria-label="Build" size="sm" variant="subtle">
        <Card.Body>
          <Card.Title as="h3" fontSize="sm" mb="2">
            Build
          </Card.Title>
          <DataList.Root orientation="horizontal" size="sm">
            <Item label="Started" value={<DateTime value={index.DateCreated} />} />
            {index.DateCompleted && <Item label="Finished" value={<DateTime value={index.DateCompleted} />} />}
            <Item label="Build time" value={buildTime} />
            {index.DocumentCount != null && <Item label="Indexed" value={index.DocumentCount.toLocaleString()} />}
            {index.RejectedCount != null && <Item label="Rejected" value={index.RejectedCount.toLocaleString()} />}
          </DataList.Root>
        </Card.Body>
      </Card.Root>
      <Card.Root as="section" aria-label="Old indexes" size="sm" variant="subtle">
        <Card.Body>
          <Card.Title as="h3" fontSize="sm" mb="2">
            Old indexes
          </Card.Title>
          {old.length === 0 ? (
            <Text fontSize="sm" color="fg.muted">
              No old indexes are kept.
            </Text>
          ) : (
            <Stack gap="1" fontSize="sm">
              <Text>
                {old.length} old {old.length === 1 ? 'index is' : 'indexes are'} kept after newer builds replaced them.
              </Text>
              <Text color="fg.muted">
                Newest created <DateTime value={old[0]?.DateCreated} />
              </Text>
            </Stack>
          )}
        </Card.Body>
      </Card.Root>
    </SimpleGrid>
  );
}

function Item({ label, value }: { label: string; value: ReactNode }) {
  return (
    <DataList.Item>
      <DataList.ItemLabel>{label}</DataList.ItemLabel>
      <DataList.ItemValue>{value}</DataList.ItemValue>
    </DataList.Item>
  );
}
