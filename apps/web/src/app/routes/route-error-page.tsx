import { Heading, Stack, Text } from '@chakra-ui/react';
import { useRouteError } from 'react-router';
import { AppLink } from '@/ui/app-link';

/** Shown inside the frame when a page throws, so navigation stays usable. */
export function RouteErrorPage() {
  const error = useRouteError();
  // Keep the details for developers; the user only needs to know what to do next.
  console.error(error);
  return (
    <Stack gap="3" align="flex-start">
      <Heading as="h1" size="2xl">
        Something went wrong
      </Heading>
      <Text color="fg.muted">This page could not be shown. Reload the page to try again.</Text>
      <AppLink to="/" color="blue.fg">
        Go to the home page
      </AppLink>
    </Stack>
  );
}
