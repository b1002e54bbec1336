import { Heading, Stack, Text } from '@chakra-ui/react';
import { AppLink } from '@/ui/app-link';

export function NotFoundPage() {
  return (
    <Stack gap="3" align="flex-start">
      <Heading as="h1" size="2xl">
        Page not found
      </Heading>
      <Text color="fg.muted">There is no page at this address. It may have moved, or the link may be mistyped.</Text>
      <AppLink to="/" color="blue.fg">
        Go to the home page
      </AppLink>
    </Stack>
  );
}
