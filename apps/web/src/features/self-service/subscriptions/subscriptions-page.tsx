import { Alert, Button, Heading, List, Stack, Text } from '@chakra-ui/react';
import { useEffect, useState } from 'react';
import { useAuth } from 'react-oidc-context';
import { usePortalContext } from '@/app/portal/portal-context';
import { getIdentityToken } from '@/auth/oidc-settings';
import { isPortalError } from '@/services/portal-error';
import { notifyError } from '@/ui/notify-error';
import { toaster, TOAST_DURATION_MS } from '@/ui/toaster';
import { Captcha, CAPTCHA_CHALLENGE_URL } from '../captcha/captcha';
import { SubscriptionRuns } from './subscription-runs';
import { useProcessSubscriptions, useSubscriptionIntegrationActive, useSubscriptionRuns } from './subscriptions-api';
import { limitNote, remainingText, SUBSCRIPTION_TEXTS, triggeredText } from './subscriptions-model';

const toast = (type: 'success' | 'error', title: string, description?: string) =>
  toaster.create({ type, title, description, duration: TOAST_DURATION_MS, closable: true });

/** `/self-service/subscriptions` (spec 1 §2 "Subscription tools"): run the subscription job now, with a captcha. */
export function SubscriptionsPage() {
  const { me } = usePortalContext();
  const allowed = me.ScPermissionGrants.SubscriptionAdmin === true;
  return (
    <Stack gap="6">
      <Heading as="h2" size="xl">
        Subscription tools
      </Heading>
      {allowed ? (
        <ProcessSubscriptions />
      ) : (
        <Alert.Root status="warning">
          <Alert.Indicator />
          <Alert.Title>{SUBSCRIPTION_TEXTS.unauthorized}</Alert.Title>
        </Alert.Root>
      )}
    </Stack>
  );
}

function ProcessSubscriptions() {
  const auth = useAuth();
  const active = useSubscriptionIntegrationActive(true);
  const runs = useSubscriptionRuns(true);
  const process = useProcessSubscriptions();
  const [token, setToken] = useState<string>();
  // A new key after every attempt gives a fresh captcha (spec 1 §4).
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    if (active.isError) toast('error', SUBSCRIPTION_TEXTS.statusFetchFailed);
  }, [active.isError]);

  const start = () => {
    if (!token) return;
    process.mutate(
      { captchaToken: token, userId: auth.user?.profile.sub ?? '' },
      {
        onSuccess: (result) => toast('success', triggeredText(result.HourlyJobsRemaining)),
        onError: (error) => {
          if (isPortalError(error) && error.status === 403)
            toast('error', SUBSCRIPTION_TEXTS.captchaError, error.message);
          else if (isPortalError(error) && error.status === 400)
            toast('error', SUBSCRIPTION_TEXTS.hourlyLimit, error.message);
          else notifyError(error);
        },
        onSettled: () => {
          setToken(undefined);
          setAttempt((count) => count + 1);
        },
      },
    );
  };

  const limit = runs.data?.HourlyLimit;
  const remaining = process.data?.HourlyJobsRemaining ?? runs.data?.HourlyJobsRemaining;
  return (
    <Stack gap="6">
      <Stack gap="4" maxW="2xl">
        <Text>Triggers the subscription integration job for your marketplace now instead of at the next hour.</Text>
        <List.Root gap="1" ps="5" color="fg.muted">
          <List.Item>{SUBSCRIPTION_TEXTS.activeIntegrationNote}</List.Item>
          <List.Item>{SUBSCRIPTION_TEXTS.dueNote}</List.Item>
          {limit !== undefined && <List.Item>{limitNote(limit)}</List.Item>}
        </List.Root>
        {remaining !== undefined && (
          <Text fontWeight="medium" role="status" aria-live="polite">
            {remainingText(remaining)}
          </Text>
        )}
        {active.data === false && (
          <Alert.Root status="info">
            <Alert.Indicator />
            <Alert.Title>{SUBSCRIPTION_TEXTS.notActive}</Alert.Title>
          </Alert.Root>
        )}
        <Captcha key={attempt} challengeUrl={CAPTCHA_CHALLENGE_URL} getToken={getIdentityToken} onChange={setToken} />
        <Button
          alignSelf="flex-start"
          colorPalette="blue"
          disabled={!token || active.data !== true}
          loading={process.isPending}
          onClick={start}
        >
          {SUBSCRIPTION_TEXTS.process}
        </Button>
      </Stack>
      <SubscriptionRuns runs={runs} />
    </Stack>
  );
}
