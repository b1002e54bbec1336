import { Button, Heading, Stack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import type { Delivery } from '../sync-tools/sync-types';
import { notifyError } from '@/ui/notify-error';
import { useTestStagingWebhook } from './staging-restore-api';
import { STAGING_TEXTS } from './staging-restore-model';
import { stagingToast } from './webhook-form';

/** 'Test Your Webhook' (spec 1 §2): a signed sample POSTed now; the receiver's answer is shown beside it. */
export function TestWebhook() {
  const test = useTestStagingWebhook();
  // The last test's delivery: the receiver's answer, shown until the next test.
  const [delivery, setDelivery] = useState<Delivery>();
  const send = () =>
    test.mutate(undefined, {
      onSuccess: (sent) => {
        setDelivery(sent);
        stagingToast('success', STAGING_TEXTS.tested);
      },
      onError: notifyError,
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
      {delivery && (
        <Text role="status" aria-live="polite" aria-label="Test request result">
          Test request {delivery.Status.toLowerCase()}
          {delivery.LastStatusCode !== null ? `: the receiver answered ${delivery.LastStatusCode}` : ''}
          {delivery.LastError ? ` (${delivery.LastError})` : ''}.
        </Text>
      )}
    </Stack>
  );
}
