import type { User } from 'oidc-client-ts';
import { PORTAL_CLAIMS, stringClaim } from './claims';
import {
  AUTH_CALLBACK_PATH,
  contextParams,
  getUserManager,
  rememberMetadata,
  SILENT_RENEW_PATH,
  type SigninState,
} from './oidc-settings';

// The sign-in steps that need no React: the boot runs them before the app's code has loaded (issue 22), and the
// auth gate and session use the same ones once it has.

/** The page to return to after signing in; a failed callback must not become it. */
export function currentUrl(): string {
  if (window.location.pathname === AUTH_CALLBACK_PATH) return '/';
  return `${window.location.pathname}${window.location.search}${window.location.hash}`;
}

/** True when the URL asks for another organization or tenant than the signed-in token is for. */
export function contextMismatch(user: User | null | undefined, search: string): boolean {
  if (!user) return false;
  const wanted = contextParams(search);
  const organization = stringClaim(user.profile, PORTAL_CLAIMS.organizationId);
  const tenant = stringClaim(user.profile, PORTAL_CLAIMS.tenantName);
  return (
    (wanted.organization !== undefined && wanted.organization !== organization) ||
    (wanted.tenantName !== undefined && wanted.tenantName !== tenant)
  );
}

function isSigninState(value: unknown): value is SigninState {
  return typeof value === 'object' && value !== null && typeof (value as SigninState).returnTo === 'string';
}

/**
 * Leaves the callback URL for the page sign-in started from. It runs before the app marks the user signed in, so
 * the router is only created once the address is final (STACK.md: never navigate away inside the router).
 */
export function onSigninCallback(user: User | undefined | void): void {
  if (window.location.pathname !== AUTH_CALLBACK_PATH) return;
  const state: unknown = user ? user.state : undefined;
  const returnTo = isSigninState(state) && state.returnTo.startsWith('/') ? state.returnTo : '/';
  window.history.replaceState(null, '', returnTo);
}

/** The callback's answer from the identity provider is in the URL (a code or an error, with the state). */
function hasCallbackParams(search: string): boolean {
  const query = new URLSearchParams(search);
  return (query.has('code') || query.has('error')) && query.has('state');
}

/** True on the identity provider's redirect back with a code (or an error) to exchange. */
export function isSignInCallback(): boolean {
  return window.location.pathname === AUTH_CALLBACK_PATH && hasCallbackParams(window.location.search);
}

/**
 * True when this tab probably has a signed-in session (the user store holds an entry) or is the sign-in callback:
 * the boot then starts loading the app's code at once, in parallel with checking. Read synchronously, so it costs
 * the boot nothing; a wrong guess only costs the download order.
 */
export function mayBeSignedIn(): boolean {
  if (window.location.pathname === AUTH_CALLBACK_PATH) return true;
  try {
    return Object.keys(window.sessionStorage).some((key) => key.startsWith('oidc.user:'));
  } catch {
    return false;
  }
}

/** What the boot found: a signed-in user, a redirect to the sign-in page under way, or a case the app handles. */
export type EarlySignIn = 'signed-in' | 'redirecting' | 'app-decides';

/**
 * The first thing the page does, before the app's code has loaded: a visitor without a session goes to sign in at
 * once, and the callback's code is exchanged at once, each while the app's code is still downloading. Anything
 * less plain (an expired session, another tenant in the URL, a failed callback, the silent-renew frame) is left
 * to the auth gate, as before.
 *
 * @example
 * if ((await earlySignIn()) !== 'redirecting') await import('./app/app-root');
 */
export async function earlySignIn(): Promise<EarlySignIn> {
  const { pathname, search } = window.location;
  if (pathname === SILENT_RENEW_PATH) return 'app-decides';
  const userManager = getUserManager();
  try {
    if (pathname === AUTH_CALLBACK_PATH) {
      if (!hasCallbackParams(search)) return 'app-decides';
      onSigninCallback(await userManager.signinCallback());
      return 'signed-in';
    }
    const user = await userManager.getUser();
    if (user) return user.expired || contextMismatch(user, search) ? 'app-decides' : 'signed-in';
    const state: SigninState = { returnTo: currentUrl() };
    // Read now anyway (the redirect needs the authorization endpoint); kept for the callback's page.
    await rememberMetadata(userManager);
    await userManager.signinRedirect({ state, extraQueryParams: contextParams(search) });
    return 'redirecting';
  } catch {
    // The auth gate shows the error and offers to sign in again.
    return 'app-decides';
  }
}
