import { Alert } from '@chakra-ui/react';
import { AppLink } from '@/ui/app-link';
import { DELIVERY_CONFIGURATIONS_PATH } from './delivery-configs';

/** In place of the captcha and Submit while the marketplace has nowhere a sync could send its items. */
export function NoDeliveryConfiguration() {
  return (
    <Alert.Root status="info" role="note" aria-label="No delivery configuration">
      <Alert.Indicator />
      <Alert.Description>
        This marketplace has no delivery configuration, so a sync has nowhere to send its items: add one under{' '}
        <AppLink to={DELIVERY_CONFIGURATIONS_PATH} color="blue.fg" textDecoration="underline">
          Delivery Configurations
        </AppLink>{' '}
        first.
      </Alert.Description>
    </Alert.Root>
  );
}
