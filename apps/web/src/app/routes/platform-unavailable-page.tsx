import { Button, Heading, HStack, Stack, Text } from '@chakra-ui/react';
import { useIsFetching, useQueryClient } from '@tanstack/react-query';
import { usePortalContext } from '@/app/portal/portal-context';
import { AppLink } from '@/ui/app-link';
import { ErrorDescription, errorView } from '@/ui/notify-error';
import { PORTAL_SESSION_KEY } from '../portal-session';

/**
 * Shown in the frame, in place of a page that needs the platform, while a connected marketplace's platform could not
 * be reached when the portal loaded (issue 21): the platform's failure in the texts any failed call shows, a way to
 * try again, and the Marketplaces page, where an admin sees the last error and can fix the connection. The top bar
 * (tenant switcher included) stays usable.
 */
export function PlatformUnavailablePage({ error }: { error: unknown }) {
  const { marketplace } = usePortalContext();
  const queryClient = useQueryClient();
  const retrying = useIsFetching({ queryKey: PORTAL_SESSION_KEY }) > 0;
  const view = errorView(error);
  return (
    <Stack role="alert" gap="3" align="flex-start" maxW="2xl">
      <Heading as="h1" size="2xl">
        {marketplace.Name} could not be reached
      </Heading>
      <Text fontWeight="medium">{view.title}</Text>
      <Text color="fg.muted">
        <ErrorDescription view={view} />
      </Text>
      <Text color="fg.muted">
        The portal&apos;s own pages still work. Pages that read the marketplace open once its platform answers again.
      </Text>
      <HStack gap="4" wrap="wrap">
        <Button
          colorPalette="blue"
          onClick={() => void queryClient.refetchQueries({ queryKey: PORTAL_SESSION_KEY })}
          loading={retrying}
          loadingText="Trying again..."
        >
          Try again
        </Button>
        <AppLink to="/marketplaces" color="blue.fg">
          Check the connection on Marketplaces
        </AppLink>
      </HStack>
    </Stack>
  );
}
