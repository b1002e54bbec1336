import { useEffect, useRef, type ReactNode } from 'react';
import { hasAuthParams, useAuth } from 'react-oidc-context';
import { toaster } from '@/ui/toaster';
import { CenteredSpinner } from '@/ui/centered-spinner';
import { contextMismatch, currentUrl } from './sign-in-flow';
import {
  contextParams,
  getUserManager,
  SILENT_REFRESH_INTERVAL_MS,
  SILENT_RENEW_PATH,
  type SigninState,
} from './oidc-settings';

// Re-exported for the modules and tests that found them here.
export { contextMismatch } from './sign-in-flow';

/**
 * Renders its children only for a signed-in user of the organization and tenant in the URL. Anyone else is
 * sent to sign in (keeping organization and tenantName); a tenant switch first tries a silent sign-in.
 */
export function AuthGate({ children }: { children: ReactNode }) {
  const auth = useAuth();
  const redirecting = useRef(false);
  const mismatch = contextMismatch(auth.user, window.location.search);
  const { isLoading, isAuthenticated, activeNavigator, error, signinRedirect, signinSilent, events } = auth;

  useEffect(() => {
    // A login error while unauthenticated sends the user to sign in again (spec 1 §4).
    if (isLoading || activeNavigator || (hasAuthParams() && !error) || redirecting.current) return;
    if (isAuthenticated && !mismatch) return;
    const extraQueryParams = contextParams(window.location.search);
    const state: SigninState = { returnTo: currentUrl() };
    redirecting.current = true;
    const redirect = () => void signinRedirect({ state, extraQueryParams });
    // One sign-in session serves every tenant, so switching tenant normally needs no sign-in page.
    if (isAuthenticated) {
      // A refresh token keeps the tenant it was issued for, so forget it and ask the provider's session instead.
      const userManager = getUserManager();
      void userManager
        .removeUser()
        .then(() => userManager.signinSilent({ extraQueryParams }))
        .then((user) => {
          if (contextMismatch(user, window.location.search)) redirect();
          else redirecting.current = false;
        }, redirect);
    } else {
      redirect();
    }
  }, [isLoading, isAuthenticated, activeNavigator, error, mismatch, signinRedirect]);

  useEffect(() => {
    if (!isAuthenticated) return undefined;
    // Renew on the spec's fixed period too, not only before expiry, so role changes reach the portal soon.
    const timer = window.setInterval(() => void signinSilent().catch(() => undefined), SILENT_REFRESH_INTERVAL_MS);
    return () => window.clearInterval(timer);
  }, [isAuthenticated, signinSilent]);

  useEffect(
    () =>
      events.addSilentRenewError((error) => {
        toaster.create({
          type: 'error',
          title: 'Failed to authorize',
          description: error.message,
          action: {
            label: 'Login again',
            onClick: () =>
              void signinRedirect({
                state: { returnTo: currentUrl() } satisfies SigninState,
                extraQueryParams: contextParams(window.location.search),
              }),
          },
        });
      }),
    [events, signinRedirect],
  );

  // The hidden frame of a silent renewal only hands the answer to its parent page.
  if (window.location.pathname === SILENT_RENEW_PATH) return null;
  if (!isAuthenticated || mismatch) return <CenteredSpinner label="Signing in..." />;
  return children;
}
