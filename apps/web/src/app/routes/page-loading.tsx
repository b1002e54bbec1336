import { HStack, Spinner, Text } from '@chakra-ui/react';

/** The main area while a page's code downloads (the router's hydrate fallback); the frame around it stays. */
export function PageLoading() {
  return (
    <HStack role="status" gap="3" py="4">
      <Spinner size="sm" color="blue.solid" />
      <Text color="fg.muted">Loading the page...</Text>
    </HStack>
  );
}
