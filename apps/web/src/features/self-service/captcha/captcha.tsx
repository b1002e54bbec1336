import { HStack, Spinner, Text } from '@chakra-ui/react';
import { lazy, Suspense } from 'react';
import type { CaptchaProps } from './captcha-props';

/** The portal service's captcha challenge (ALTCHA by default, ARCHITECTURE §5). */
export const CAPTCHA_CHALLENGE_URL = '/portal-api/captcha/challenge';

// The widget (about 35 KB compressed) downloads when the first form that needs it opens.
const AltchaWidget = lazy(() => import('./altcha-widget'));

/**
 * The captcha every self-service trigger needs before its button enables (spec 1 §4, §5). Give it a new `key`
 * after each attempt so it starts over, as spec 1 §4 asks.
 *
 * @example
 * <Captcha key={attempt} challengeUrl={CAPTCHA_CHALLENGE_URL} getToken={getIdentityToken} onChange={setToken} />
 */
export function Captcha(props: CaptchaProps) {
  return (
    <Suspense
      fallback={
        <HStack role="status" gap="2">
          <Spinner size="sm" />
          <Text color="fg.muted">Loading the captcha...</Text>
        </HStack>
      }
    >
      <AltchaWidget {...props} />
    </Suspense>
  );
}
