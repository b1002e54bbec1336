import type { ReactNode } from 'react';
import type { User } from 'oidc-client-ts';
import { AuthProvider } from 'react-oidc-context';
import { AuthGate } from './auth-gate';
import { AUTH_CALLBACK_PATH, getUserManager, type SigninState } from './oidc-settings';

function isSigninState(value: unknown): value is SigninState {
  return typeof value === 'object' && value !== null && typeof (value as SigninState).returnTo === 'string';
}

/**
 * Leaves the callback URL for the page sign-in started from. It runs before the provider marks the user signed
 * in, so the router is only created once the address is final (STACK.md: never navigate away inside the router).
 */
function onSigninCallback(user: User | undefined | void): void {
  if (window.location.pathname !== AUTH_CALLBACK_PATH) return;
  const state: unknown = user ? user.state : undefined;
  const returnTo = isSigninState(state) && state.returnTo.startsWith('/') ? state.returnTo : '/';
  window.history.replaceState(null, '', returnTo);
}

/** The OpenID Connect session around the whole app: nothing below it renders without a signed-in user. */
export function AuthSession({ children }: { children: ReactNode }) {
  return (
    <AuthProvider userManager={getUserManager()} onSigninCallback={onSigninCallback}>
      <AuthGate>{children}</AuthGate>
    </AuthProvider>
  );
}
