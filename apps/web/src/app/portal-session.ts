import type { PortalSession, PreparedDescriptionRef } from '@portal/contracts';
import { getIdentityToken } from '@/auth/oidc-settings';
import type { ApiDescription } from '@/description/api-model';
import { forgetApiDescription, loadApiDescription } from '@/description/load-api-description';
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
  // The description this tenant had last time, loaded from IndexedDB while the session call is out: on a warm
  // load it is parsed and indexed before the app's code runs instead of after (~90 ms of a reload). The session
  // then names the same URL and finds it loaded; after a deploy it names another, and the guess is dropped.
  const guess = rememberedDescription();
  if (guess) loadSessionDescription(guess).catch(() => undefined);
  // Failures are the render gate's to show when it asks; started here, they must not be "unhandled".
  early
    .then((session) => {
      if (guess && guess.Url !== session.Description?.Url) forgetApiDescription(guess.Url);
      if (!session.Description) return undefined;
      rememberDescription(session.Description);
      // A build this browser never loaded (its first sign-in to the tenant, or a deploy since) is not in IndexedDB:
      // its request goes out at once.
      return loadSessionDescription(session.Description, { readCache: guess !== undefined });
    })
    .catch(() => undefined);
}

/** Where the last description of the tenant in the address is kept: one entry per organization and tenant. */
function rememberedKey(): string {
  const query = new URLSearchParams(window.location.search);
  return `portal-description:${query.get('organization') ?? ''}|${query.get('tenantName') ?? ''}`;
}

function rememberedDescription(): PreparedDescriptionRef | undefined {
  try {
    const saved: unknown = JSON.parse(window.localStorage.getItem(rememberedKey()) ?? 'null');
    const url = (saved as Partial<PreparedDescriptionRef> | null)?.Url;
    return typeof url === 'string' && url.startsWith('/portal-api/descriptions/')
      ? (saved as PreparedDescriptionRef)
      : undefined;
  } catch {
    return undefined;
  }
}

function rememberDescription(ref: PreparedDescriptionRef): void {
  try {
    window.localStorage.setItem(rememberedKey(), JSON.stringify(ref));
  } catch {
    // Storage full or off: the next load waits for the session, as without the guess.
  }
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
export function loadSessionDescription(
  ref: PreparedDescriptionRef,
  options?: { readCache?: boolean },
): Promise<ApiDescription> {
  return loadApiDescription(ref, (url) => portal.getDescriptionText(url), options);
}
