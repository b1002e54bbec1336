import { Alert, Heading, Stack, Tabs, Text } from '@chakra-ui/react';
import { usePortalContext } from '@/app/portal/portal-context';
import { AppLink } from '@/ui/app-link';
import { RECEIVED_DELIVERIES_PATH } from '../received-deliveries/received-model';
import { EntitySyncTab } from './entity-sync-form';
import { OrderSyncForm } from './order-sync-form';
import { ProductSyncForm } from './product-sync-form';
import { SYNC_TEXTS } from './sync-model';
import { SyncRuns } from './sync-runs';

const TABS = [
  { value: 'product', label: 'Product sync', Form: ProductSyncForm },
  { value: 'order', label: 'Order sync', Form: OrderSyncForm },
  { value: 'entity', label: 'Entity sync', Form: EntitySyncTab },
] as const;

/** `/self-service/sync-tools` (spec 1 §2 "Sync tools"): product, order and entity syncs, and the recent runs. */
export function SyncToolsPage() {
  const { me } = usePortalContext();
  const allowed = me.ScPermissionGrants.SyncAdmin === true;
  return (
    <Stack gap="6">
      <Heading as="h2" size="xl">
        Sync tools
      </Heading>
      <Tabs.Root defaultValue="product" variant="line" lazyMount unmountOnExit>
        <Tabs.List>
          {TABS.map((tab) => (
            <Tabs.Trigger key={tab.value} value={tab.value}>
              {tab.label}
            </Tabs.Trigger>
          ))}
        </Tabs.List>
        {TABS.map(({ value, Form }) => (
          <Tabs.Content key={value} value={value}>
            {allowed ? (
              <Form />
            ) : (
              <Alert.Root status="warning">
                <Alert.Indicator />
                <Alert.Title>{SYNC_TEXTS.unauthorized}</Alert.Title>
              </Alert.Root>
            )}
          </Tabs.Content>
        ))}
      </Tabs.Root>
      {allowed && (
        <Text fontSize="sm" color="fg.muted">
          The demo marketplace&apos;s delivery configuration sends to a receiver the platform runs, so you can see what
          a sync delivered:{' '}
          <AppLink to={RECEIVED_DELIVERIES_PATH} color="blue.fg" textDecoration="underline">
            View received deliveries
          </AppLink>
        </Text>
      )}
      {allowed && <SyncRuns />}
    </Stack>
  );
}
