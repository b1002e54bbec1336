import { Box, Heading, Stack, Text } from '@chakra-ui/react';

/** Stands in for a page that a later issue builds, so the route, navigation and heading already exist. */
export function PlaceholderPage({ name }: { name: string }) {
  return (
    <Stack gap="6">
      <Heading as="h1" size="2xl">
        {name}
      </Heading>
      <Box borderWidth="1px" borderStyle="dashed" borderColor="border.emphasized" rounded="l3" px="6" py="10">
        <Text color="fg.muted" textAlign="center">
          This page is not available yet.
        </Text>
      </Box>
    </Stack>
  );
}
