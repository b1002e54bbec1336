import { startPortalSession } from '@/app/portal-session';
import { earlySignIn } from '@/auth/sign-in-flow';
import { warmDescriptionCache } from '@/description/load-api-description';

// The boot (issue 22): small, so it runs as soon as it arrives. It sends a visitor without a session to sign in
// before any of the app's code is evaluated, and for a signed-in user starts the render gate's call and opens the
// description cache while the app's code (modulepreloaded by index.html) finishes loading.

const container = document.getElementById('root');
if (!container) throw new Error('Failed to find the root element');

async function boot(root: HTMLElement): Promise<void> {
  warmDescriptionCache().catch(() => undefined);
  const start = await earlySignIn();
  if (start === 'signed-in') startPortalSession();
  if (start === 'redirecting') return;
  const { renderApp } = await import('@/app/app-root');
  renderApp(root);
}

void boot(container);
