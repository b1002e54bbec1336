import { Button, Heading, Stack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { getIdentityToken } from '@/auth/oidc-settings';
import { isPortalError } from '@/services/portal-error';
import { AppDialog } from '@/ui/app-dialog';
import { notifyError } from '@/ui/notify-error';
import { Captcha, CAPTCHA_CHALLENGE_URL } from '../captcha/captcha';
import { useRunStagingRestore } from './staging-restore-api';
import { restoredText, STAGING_TEXTS } from './staging-restore-model';
import { stagingToast } from './webhook-form';

/**
 * Runs the weekly restore now (org admins with StagingRestoreAdmin), so its effect and the post-restore
 * notification can be seen without waiting for Sunday. A confirmation dialog holds the captcha: the restore
 * replaces Staging's data.
 */
export function RestoreNow() {
  const [open, setOpen] = useState(false);
  return (
    <Stack as="section" aria-labelledby="restore-now-heading" gap="3" maxW="2xl">
      <Heading as="h3" size="md" id="restore-now-heading">
        {STAGING_TEXTS.restoreTitle}
      </Heading>
      <Text color="fg.muted">{STAGING_TEXTS.restoreText}</Text>
      <Button alignSelf="flex-start" colorPalette="red" variant="outline" onClick={() => setOpen(true)}>
        Restore from Production now
      </Button>
      {open && <RestoreDialog onClose={() => setOpen(false)} />}
    </Stack>
  );
}

function RestoreDialog({ onClose }: { onClose: () => void }) {
  const restore = useRunStagingRestore();
  const [token, setToken] = useState<string>();
  // A new key after every attempt gives a fresh captcha (spec 1 §4); a used answer is refused anyway.
  const [attempt, setAttempt] = useState(0);

  const start = () => {
    if (!token) return;
    restore.mutate(token, {
      onSuccess: (summary) => {
        stagingToast('success', STAGING_TEXTS.restored, restoredText(summary));
        onClose();
      },
      onError: (error) => {
        if (isPortalError(error) && error.status === 403)
          stagingToast('error', STAGING_TEXTS.captchaError, error.message);
        else notifyError(error);
      },
      onSettled: () => {
        setToken(undefined);
        setAttempt((count) => count + 1);
      },
    });
  };

  return (
    <AppDialog
      open
      onOpenChange={(details) => !details.open && !restore.isPending && onClose()}
      size="md"
      title="Restore Staging from Production?"
      busy={restore.isPending}
      footer={
        <>
          <Button variant="outline" onClick={onClose} disabled={restore.isPending}>
            Cancel
          </Button>
          <Button colorPalette="red" disabled={!token} loading={restore.isPending} onClick={start}>
            Restore
          </Button>
        </>
      }
    >
      <Stack gap="4">
        <Text>{STAGING_TEXTS.restoreConfirm}</Text>
        <Captcha key={attempt} challengeUrl={CAPTCHA_CHALLENGE_URL} getToken={getIdentityToken} onChange={setToken} />
      </Stack>
    </AppDialog>
  );
}
