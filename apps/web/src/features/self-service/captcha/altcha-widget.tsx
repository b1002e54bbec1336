// Loaded only with a self-service form (see captcha.tsx): the widget and its workers stay out of home's bundle.
// The "external" build because the default one starts its workers from blob: URLs, which the portal's
// Content-Security-Policy (script-src 'self') refuses; here Vite emits the workers as files of our own origin.
import 'altcha/external';
import 'altcha/altcha.css';
import type {} from 'altcha/types/react';
import type { AltchaWidgetElement } from 'altcha/types/generic';
import Pbkdf2Worker from 'altcha/workers/pbkdf2?worker';
import ShaWorker from 'altcha/workers/sha?worker';
import { Box } from '@chakra-ui/react';
import { useEffect, useRef, type CSSProperties } from 'react';
import type { CaptchaProps } from './captcha-props';

// Only the WebCrypto algorithms: Argon2 and scrypt need WebAssembly, which the policy does not allow either.
for (const algorithm of ['PBKDF2/SHA-256', 'PBKDF2/SHA-384', 'PBKDF2/SHA-512'])
  $altcha.algorithms.set(algorithm, () => new Pbkdf2Worker());
for (const algorithm of ['SHA-256', 'SHA-384', 'SHA-512']) $altcha.algorithms.set(algorithm, () => new ShaWorker());

// The widget's colours follow the portal's theme tokens, so it reads well in light and dark mode.
const themed = {
  '--altcha-color-base': 'var(--chakra-colors-bg-panel)',
  '--altcha-color-base-content': 'var(--chakra-colors-fg)',
  '--altcha-color-neutral': 'var(--chakra-colors-border-emphasized)',
  '--altcha-color-neutral-content': 'var(--chakra-colors-fg-muted)',
  '--altcha-checkbox-border-color': 'var(--chakra-colors-border-emphasized)',
  '--altcha-max-width': '100%',
} as CSSProperties;

// The widget's row has no spacing of its own, and a shrink-wrapped widget put its round logo (which reads as a
// spinner) on top of the 'I'm not a robot' label. A fixed width with the logo pushed to the far end and a gap keep
// the two apart in every form.
const widgetLayout = {
  '& altcha-widget': { display: 'block' },
  '& .altcha-main > div:first-of-type': { justifyContent: 'space-between', alignItems: 'center', gap: '3' },
} as const;

interface StateChange {
  state: string;
  payload?: string;
}

/**
 * The element's methods (`configure`...) exist only once its component is created, a tick after it is connected:
 * a widget mounted with the page (not after a click) would otherwise be configured too early.
 */
async function whenComponentReady(widget: AltchaWidgetElement): Promise<void> {
  for (let tries = 0; tries < 100 && typeof (widget as Partial<AltchaWidgetElement>).configure !== 'function'; tries++)
    await new Promise((resolve) => setTimeout(resolve, 10));
}

/** The ALTCHA proof-of-work widget: reports the payload once verified, and nothing after it expires or fails. */
export default function AltchaWidget({ challengeUrl, getToken, onChange }: CaptchaProps) {
  const ref = useRef<AltchaWidgetElement>(null);
  const onChangeRef = useRef(onChange);
  useEffect(() => {
    onChangeRef.current = onChange;
  }, [onChange]);

  useEffect(() => {
    const widget = ref.current;
    if (!widget) return;
    let cancelled = false;
    void whenComponentReady(widget).then(() => {
      if (cancelled) return;
      void widget.configure({
        challenge: challengeUrl,
        hideFooter: true,
        // The challenge endpoint belongs to the portal service, which wants the signed-in user's token.
        fetch: async (input, init) => {
          const headers = new Headers(init?.headers);
          const token = await getToken?.();
          if (token) headers.set('Authorization', `Bearer ${token}`);
          return fetch(input, { ...init, headers });
        },
      });
    });
    const listener = (event: Event) => {
      const { state, payload } = (event as CustomEvent<StateChange>).detail;
      onChangeRef.current(state === 'verified' && payload ? payload : undefined);
    };
    widget.addEventListener('statechange', listener);
    return () => {
      cancelled = true;
      widget.removeEventListener('statechange', listener);
    };
  }, [challengeUrl, getToken]);

  return (
    <Box w="full" maxW="80" css={widgetLayout}>
      <altcha-widget ref={ref} style={themed} />
    </Box>
  );
}
