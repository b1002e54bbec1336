import { startPortalSession } from '@/app/portal-session';
import { earlySignIn, isSignInCallback, mayBeSignedIn } from '@/auth/sign-in-flow';
import { warmDescriptionCache } from '@/description/load-api-description';
import { nextTask } from '@/lib/next-task';

// The boot (issue 22): small, so it runs as soon as it arrives. It sends a visitor without a session to sign in
// before any of the app's code is downloaded or evaluated (its many files would otherwise hold the browser's
// connections while the sign-in redirect waits), and for a signed-in user starts the app's code, the render gate's
// call and the description cache all at once.

const container = document.getElementById('root');
if (!container) throw new Error('Failed to find the root element');

const loadApp = () => import('@/app/app-root');

async function boot(root: HTMLElement): Promise<void> {
  const signIn = earlySignIn();
  // The import's helper preloads every file of the app in parallel, as soon as it is called. On the sign-in
  // callback the code exchange is sent first (earlySignIn does it without waiting on anything outside the tab):
  // behind the app's ~36 files it waited for one of the browser's six connections, ~150 ms of a cold sign-in.
  const app = mayBeSignedIn() ? (isSignInCallback() ? nextTask().then(loadApp) : loadApp()) : undefined;
  app?.catch(() => undefined);
  warmDescriptionCache().catch(() => undefined);
  const start = await signIn;
  if (start === 'signed-in') startPortalSession();
  if (start === 'redirecting') return;
  const { renderApp } = await (app ?? loadApp());
  await renderApp(root);
}

void boot(container);
