import type { PortalSession, PreparedDescriptionRef } from '@portal/contracts';
import { getIdentityToken } from '@/auth/oidc-settings';
import type { ApiDescription } from '@/description/api-model';
import { loadApiDescription } from '@/description/load-api-description';
import { createPortalClient, type PortalUser } from '@/services/portal';

const portal = createPortalClient({ getToken: getIdentityToken });

/** The render gate's query of the session; a retry after the platform was unavailable refetches it. */
export const PORTAL_SESSION_KEY = ['portal', 'session'] as const;

let early: Promise<PortalSession<PortalUser>> | undefined;

/**
 * Starts the render gate's call and, once it answers, the description load, before the app's code has loaded
 * (the boot calls it as soon as it knows the user is signed in): on a warm load both are under way while React
 * and the router are still being evaluated.
 *
 * @example
 * if ((await earlySignIn()) === 'signed-in') startPortalSession();
 */
export function startPortalSession(): void {
  early ??= portal.getSession();
  // Failures are the render gate's to show when it asks; started here, they must not be "unhandled".
  early
    .then((session) => (session.Description ? loadSessionDescription(session.Description) : undefined))
    .catch(() => undefined);
}

/**
 * The session for the render gate: the boot's early call the first time, a new call after that (a retry).
 *
 * @example
 * const session = useQuery({ queryKey: ['portal', 'session'], queryFn: loadPortalSession });
 */
export function loadPortalSession(): Promise<PortalSession<PortalUser>> {
  const started = early;
  early = undefined;
  return started ?? portal.getSession();
}

/**
 * The indexed API description a session points at, from IndexedDB or its immutable URL (one load per URL).
 *
 * @example
 * const api = await loadSessionDescription(session.Description);
 */
export function loadSessionDescription(ref: PreparedDescriptionRef): Promise<ApiDescription> {
  return loadApiDescription(ref, (url) => portal.getDescriptionText(url));
}
