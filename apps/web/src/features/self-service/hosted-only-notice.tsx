import { Alert, Heading, Stack } from '@chakra-ui/react';
import { useId } from 'react';
import { hostedOnlyReason } from './self-service-tools';

/**
 * What a self-service tool shows on a connected marketplace instead of its form (issue 21): its title and one
 * sentence saying why it cannot run there. One component for every tool, chosen by the self-service route.
 */
export function HostedOnlyNotice({ title, marketplaceName }: { title: string; marketplaceName: string }) {
  const headingId = useId();
  return (
    <Stack as="section" aria-labelledby={headingId} gap="5">
      <Heading as="h2" id={headingId} size="xl">
        {title}
      </Heading>
      <Alert.Root status="info">
        <Alert.Indicator />
        <Alert.Title>{hostedOnlyReason(marketplaceName)}</Alert.Title>
      </Alert.Root>
    </Stack>
  );
}
