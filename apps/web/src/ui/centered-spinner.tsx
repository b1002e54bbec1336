import { Center, Spinner, Stack, Text } from '@chakra-ui/react';

/** A full-page spinner with a visible label, used while signing in and while the portal loads. */
export function CenteredSpinner({ label }: { label: string }) {
  return (
    <Center minH="100dvh" role="status" aria-live="polite">
      <Stack align="center" gap="3">
        <Spinner size="lg" color="blue.solid" />
        <Text color="fg.muted">{label}</Text>
      </Stack>
    </Center>
  );
}
