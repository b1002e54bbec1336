import { Button, Stack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { getIdentityToken } from '@/auth/oidc-settings';
import { isPortalError } from '@/services/portal-error';
import { notifyError } from '@/ui/notify-error';
import { toaster, TOAST_DURATION_MS } from '@/ui/toaster';
import { Captcha, CAPTCHA_CHALLENGE_URL } from '../captcha/captcha';
import { useHasDeliveryConfiguration } from './delivery-configs';
import { NoDeliveryConfiguration } from './no-delivery-configuration';
import { useTriggerSync } from './sync-api';
import { SYNC_SUCCESS, SYNC_TEXTS, type SyncKind } from './sync-model';

const toast = (type: 'success' | 'error', title: string, description?: string) =>
  toaster.create({ type, title, description, duration: TOAST_DURATION_MS, closable: true });

/**
 * A sync tab's trigger state: the captcha answer, a key that gives a fresh captcha after every attempt (spec 1 §4),
 * and `submit`, which posts and shows the toasts of spec 1 §8 (403 'Recaptcha Error', 404 'Not Found', others as
 * every error). `onSuccess` resets the tab's form.
 */
export function useSyncSubmission(kind: SyncKind) {
  const trigger = useTriggerSync();
  const [token, setToken] = useState<string>();
  const [attempt, setAttempt] = useState(0);

  const submit = (path: string, fields: Record<string, unknown>, onSuccess: () => void) => {
    if (!token) return;
    trigger.mutate(
      { path, fields, captchaToken: token },
      {
        onSuccess: () => {
          toast('success', SYNC_SUCCESS[kind]);
          onSuccess();
        },
        onError: (error) => {
          if (isPortalError(error) && error.status === 403) toast('error', SYNC_TEXTS.captchaError, error.message);
          else if (isPortalError(error) && error.status === 404) toast('error', SYNC_TEXTS.notFound, error.message);
          else notifyError(error);
        },
        onSettled: () => {
          setToken(undefined);
          setAttempt((count) => count + 1);
        },
      },
    );
  };

  return { token, setToken, attempt, submit, pending: trigger.isPending };
}

export interface SyncSubmitProps {
  submission: ReturnType<typeof useSyncSubmission>;
  /** The form's own rules hold (spec 1 §5); the captcha is checked here. */
  valid: boolean;
}

/** The end of every sync tab: the captcha, the note that the tool is limited to administrators, and Submit. */
export function SyncSubmit({ submission, valid }: SyncSubmitProps) {
  // Said before the captcha: a sync with nowhere to send would be refused only after the captcha was spent.
  const hasConfiguration = useHasDeliveryConfiguration();
  if (hasConfiguration === false) return <NoDeliveryConfiguration />;
  return (
    <Stack gap="3" align="flex-start">
      <Captcha
        key={submission.attempt}
        challengeUrl={CAPTCHA_CHALLENGE_URL}
        getToken={getIdentityToken}
        onChange={submission.setToken}
      />
      <Text fontSize="sm" color="fg.muted">
        {SYNC_TEXTS.limitedTo}
      </Text>
      <Button type="submit" colorPalette="blue" disabled={!submission.token || !valid} loading={submission.pending}>
        Submit
      </Button>
    </Stack>
  );
}
