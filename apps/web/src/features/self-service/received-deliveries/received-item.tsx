import { Badge, Box, Button, DataList, HStack, Spinner, Stack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import type { ReceivedSummary } from '@portal/contracts';
import { describeError } from '@/services/portal-error';
import { JsonView } from '@/ui/json-view';
import { when } from '../recent/recent-section';
import { useReceivedDetail } from './received-api';
import { bodyValue, KIND_LABEL, outcomeText, sizeText } from './received-model';

/** One received request: when, what kind, its delivery id and the receiver's answer; the body on demand. */
export function ReceivedItem({ item }: { item: ReceivedSummary }) {
  const [open, setOpen] = useState(false);
  const bodyId = `received-body-${item.ID}`;
  return (
    <Box as="li" borderWidth="1px" rounded="l2" p="3" aria-label={`${item.Summary}, ${when(item.DateReceived)}`}>
      <Stack gap="2">
        <HStack justify="space-between" wrap="wrap" gap="2">
          <HStack gap="2" wrap="wrap">
            <Badge colorPalette="blue" variant="surface">
              {KIND_LABEL[item.Kind]}
            </Badge>
            <Text fontWeight="medium">{item.Summary}</Text>
          </HStack>
          <Button
            size="xs"
            variant="outline"
            aria-expanded={open}
            aria-controls={open ? bodyId : undefined}
            onClick={() => setOpen(!open)}
          >
            {open ? 'Hide body' : 'Show body'}
          </Button>
        </HStack>
        <DataList.Root size="sm" orientation="horizontal">
          {[
            [
              'Received',
              <time key="received" dateTime={item.DateReceived}>
                {when(item.DateReceived)}
              </time>,
            ],
            ['Delivery ID', item.DeliveryID ?? 'none sent'],
            [
              'Status',
              <Text key="status" as="span" color={item.Outcome === 'Duplicate' ? 'orange.fg' : 'green.fg'}>
                {outcomeText(item)}
              </Text>,
            ],
            ['Size', `${sizeText(item.BodyBytes)}${item.BodyTruncated ? ' (only the start is kept)' : ''}`],
          ].map(([label, value]) => (
            <DataList.Item key={String(label)}>
              <DataList.ItemLabel>{label}</DataList.ItemLabel>
              <DataList.ItemValue wordBreak="break-all">{value}</DataList.ItemValue>
            </DataList.Item>
          ))}
        </DataList.Root>
        {open && <ReceivedBody id={item.ID} bodyId={bodyId} />}
      </Stack>
    </Box>
  );
}

function ReceivedBody({ id, bodyId }: { id: string; bodyId: string }) {
  const detail = useReceivedDetail(id);
  if (detail.isPending) return <Spinner size="sm" aria-label="Loading the body" />;
  if (detail.isError) return <Text color="fg.error">{describeError(detail.error).message}</Text>;
  const headers = Object.entries(detail.data.Headers);
  return (
    <Stack gap="2" id={bodyId}>
      {headers.length > 0 && (
        <Text fontSize="xs" color="fg.muted" wordBreak="break-all">
          {headers.map(([name, value]) => `${name}: ${value}`).join(' · ')}
        </Text>
      )}
      <JsonView value={bodyValue(detail.data)} label="Received body" />
    </Stack>
  );
}
