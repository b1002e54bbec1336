import { Alert } from '@chakra-ui/react';

/** The platform's messages (each `Errors[].Message`), one per line (spec 2 §8). */
export function PlatformErrorAlert({ messages }: { messages: readonly string[] }) {
  if (messages.length === 0) return null;
  return (
    <Alert.Root status="error" role="alert">
      <Alert.Indicator />
      <Alert.Content>
        {messages.map((message, index) => (
          <Alert.Title key={index}>{message}</Alert.Title>
        ))}
      </Alert.Content>
    </Alert.Root>
  );
}
