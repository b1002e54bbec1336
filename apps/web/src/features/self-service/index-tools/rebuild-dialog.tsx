import { Button, Stack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { useAuth } from 'react-oidc-context';
import { getIdentityToken } from '@/auth/oidc-settings';
import type { SearchIndex } from '@/services/portal';
import { isPortalError } from '@/services/portal-error';
import { AppDialog } from '@/ui/app-dialog';
import { notifyError } from '@/ui/notify-error';
import { toaster, TOAST_DURATION_MS } from '@/ui/toaster';
import { Captcha, CAPTCHA_CHALLENGE_URL } from '../captcha/captcha';
import { useRebuildIndex } from './index-api';

export interface RebuildDialogProps {
  index: SearchIndex;
  onClose: () => void;
  /** The platform accepted the rebuild; `created` is the new index when the answer names it. */
  onStarted: (created: SearchIndex | undefined) => void;
}

/** Confirms a rebuild of the active index; Start enables once the captcha is solved (spec 1 §2, §5). */
export function RebuildDialog({ index, onClose, onStarted }: RebuildDialogProps) {
  const auth = useAuth();
  const rebuild = useRebuildIndex(index.Type);
  const [token, setToken] = useState<string>();
  // A new key after every attempt gives a fresh captcha (spec 1 §4); a used answer is refused anyway.
  const [attempt, setAttempt] = useState(0);

  const start = () => {
    if (!token) return;
    rebuild.mutate(
      { indexId: index.IndexID, captchaToken: token, userId: auth.user?.profile.sub ?? '' },
      {
        onSuccess: (created) => onStarted(typeof created?.IndexID === 'string' ? created : undefined),
        onError: (error) => {
          if (isPortalError(error) && error.status === 403) {
            toaster.create({
              type: 'error',
              title: 'Recaptcha Error',
              description: error.message,
              duration: TOAST_DURATION_MS,
              closable: true,
            });
          } else {
            notifyError(error);
          }
        },
        onSettled: () => {
          setToken(undefined);
          setAttempt((count) => count + 1);
        },
      },
    );
  };

  return (
    <AppDialog
      open
      onOpenChange={(details) => !details.open && onClose()}
      size="md"
      title={`Rebuild the ${index.Type.toLowerCase()} index`}
      footer={
        <>
          <Button variant="outline" onClick={onClose}>
            Cancel
          </Button>
          <Button colorPalette="blue" disabled={!token} loading={rebuild.isPending} onClick={start}>
            Start
          </Button>
        </>
      }
    >
      <Stack gap="4">
        <Text>
          A new index is built from every {index.Type === 'Products' ? 'product' : 'order'} of the marketplace. The
          active index keeps answering searches until the new one replaces it; if too many documents are rejected, the
          build fails and the active index stays.
        </Text>
        <Text color="fg.muted" fontSize="sm">
          A marketplace can rebuild each index 3 times an hour and 5 times a week.
        </Text>
        <Captcha key={attempt} challengeUrl={CAPTCHA_CHALLENGE_URL} getToken={getIdentityToken} onChange={setToken} />
      </Stack>
    </AppDialog>
  );
}
