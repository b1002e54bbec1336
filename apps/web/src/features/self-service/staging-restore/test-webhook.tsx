import { Alert, Button, Heading, Stack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { notifyError } from '@/ui/notify-error';
import { useTestStagingWebhook } from './staging-restore-api';
import { STAGING_TEXTS } from './staging-restore-model';
import { testOutcome, type TestOutcome } from './test-outcome';
import { stagingToast } from './webhook-form';

/**
 * 'Test Your Webhook' (spec 1 §2): a signed sample POSTed now. The service answers after the first attempt, so
 * the toast and the result line both say what the receiver did with it, never success beside a failure.
 */
export function TestWebhook() {
  const test = useTestStagingWebhook();
  // The last test's outcome, shown until the next test.
  const [outcome, setOutcome] = useState<TestOutcome>();
  const send = () =>
    test.mutate(undefined, {
      onSuccess: (sent) => {
        const next = testOutcome(sent);
        setOutcome(next);
        stagingToast(next.tone, next.toastTitle, next.toastDescription);
      },
      onError: (error) => {
        setOutcome(undefined);
        notifyError(error);
      },
    });
  return (
    <Stack as="section" aria-labelledby="test-webhook-heading" gap="3" maxW="2xl">
      <Heading as="h3" size="md" id="test-webhook-heading">
        {STAGING_TEXTS.testTitle}
      </Heading>
      <Text color="fg.muted">{STAGING_TEXTS.testText}</Text>
      <Button alignSelf="flex-start" variant="outline" colorPalette="blue" loading={test.isPending} onClick={send}>
        {STAGING_TEXTS.sendTest}
      </Button>
      {/* Always in the page so screen readers hear each new result. */}
      <div role="status" aria-live="polite" aria-label="Test request result">
        {outcome && (
          <Alert.Root status={outcome.tone} variant="subtle">
            <Alert.Indicator />
            <Alert.Title fontWeight="normal">{outcome.line}</Alert.Title>
          </Alert.Root>
        )}
      </div>
    </Stack>
  );
}
