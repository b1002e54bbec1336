import { Alert, Code, Heading, HStack, Stack, Text } from '@chakra-ui/react';
import { usePortalContext } from '@/app/portal/portal-context';
import { AppLink } from '@/ui/app-link';
import { RecentSection } from '../recent/recent-section';
import { DELIVERY_CONFIGURATIONS_PATH } from '../sync-tools/delivery-configs';
import { useReceivedDeliveries } from './received-api';
import { ReceivedItem } from './received-item';
import { RECEIVED_TEXTS } from './received-model';

/**
 * `/self-service/received-deliveries`: what the receiver the product runs got for this marketplace (the demo
 * marketplace's delivery configuration sends its syncs there), newest first, read again every few seconds. Needs
 * SyncAdmin, as the server enforces; webhook calls show only to those who may read webhooks.
 */
export function ReceivedDeliveriesPage() {
  const { me } = usePortalContext();
  const allowed = me.ScPermissionGrants.SyncAdmin === true;
  const query = useReceivedDeliveries(allowed);
  return (
    <Stack gap="6">
      <Heading as="h2" size="xl">
        {RECEIVED_TEXTS.heading}
      </Heading>
      {allowed ? (
        <>
          <Stack gap="2">
            <Text color="fg.muted">
              The platform has a receiver of its own, so a sync can be seen arriving without a system of yours: a
              delivery configuration whose HTTP endpoint is the address below, signed with this marketplace&apos;s
              receiver key, sends here. The receiver checks the signature, answers 200 and keeps the newest{' '}
              {query.data?.Meta.Kept ?? 200} requests.
            </Text>
            {query.data && (
              <Text fontSize="sm" wordBreak="break-all">
                Receiver address: <Code>{query.data.Meta.ReceiverUrl}</Code>
              </Text>
            )}
            <HStack gap="4" wrap="wrap" fontSize="sm">
              <AppLink to="/self-service/sync-tools" color="blue.fg" textDecoration="underline">
                Run a sync
              </AppLink>
              <AppLink to={DELIVERY_CONFIGURATIONS_PATH} color="blue.fg" textDecoration="underline">
                Delivery Configurations
              </AppLink>
            </HStack>
          </Stack>
          <RecentSection
            id="received-heading"
            heading="Requests received, newest first"
            query={query}
            loadingText="Loading received deliveries..."
            emptyText={RECEIVED_TEXTS.empty}
            isEmpty={(list) => list.Items.length === 0}
          >
            {(list) => (
              <Stack as="ul" gap="3" listStyleType="none" m="0" p="0" aria-label="Received deliveries">
                {list.Items.map((item) => (
                  <ReceivedItem key={item.ID} item={item} />
                ))}
              </Stack>
            )}
          </RecentSection>
        </>
      ) : (
        <Alert.Root status="warning">
          <Alert.Indicator />
          <Alert.Title>{RECEIVED_TEXTS.unauthorized}</Alert.Title>
        </Alert.Root>
      )}
    </Stack>
  );
}
