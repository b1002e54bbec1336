import type { TokenSource } from '@/services/http';

/**
 * What the captcha takes, and the widget it loads lazily: a module of its own, so the widget need not
 * import captcha.tsx, which imports the widget.
 */
export interface CaptchaProps {
  challengeUrl: string;
  /** Sent as a bearer token with the challenge request. */
  getToken?: TokenSource;
  /** The answer to send as `Recaptcha.Token`, or undefined while none is ready (or after it expired). */
  onChange: (token: string | undefined) => void;
}
