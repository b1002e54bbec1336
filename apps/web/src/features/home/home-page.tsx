import { Heading, Stack, Text } from '@chakra-ui/react';

/** The landing page; the marketplace dashboard (info card, section tiles, cards) replaces the body later. */
export function HomePage() {
  return (
    <Stack gap="3">
      <Heading as="h1" size="2xl">
        Welcome to Marketplace Portal
      </Heading>
      <Text color="fg.muted" maxW="prose">
        Manage your marketplace, send requests to its API and troubleshoot common issues, all from one place.
      </Text>
    </Stack>
  );
}
