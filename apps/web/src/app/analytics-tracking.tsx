import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router';
import { getIdentityToken } from '@/auth/oidc-settings';
import {
  analyticsIdentity,
  createBatchingAnalyticsClient,
  getAnalyticsClient,
  noopAnalyticsClient,
  setAnalyticsClient,
  type AnalyticsClient,
  type AnalyticsIdentitySource,
} from '@/lib/analytics';
import type { UsageEvent } from '@/lib/analytics-events';
import { createHttpClient } from '@/services/http';
import { DEFAULT_PORTAL_BASE_URL } from '@/services/portal';

const portalHttp = createHttpClient({ baseUrl: DEFAULT_PORTAL_BASE_URL, getToken: getIdentityToken });

/**
 * The access token as of the latest event. A batch sent while the page is being hidden must start its request at
 * once, before the page is gone, so it cannot wait for the token store (which answers asynchronously).
 */
let latestToken: string | undefined;
const refreshToken = () =>
  void getIdentityToken().then(
    (token) => (latestToken = token),
    () => undefined,
  );

/**
 * `POST /analytics/events`. keepalive lets the request finish after the page has gone (what sendBeacon does, but
 * with the access token, which a beacon cannot carry); the request starts synchronously, on the call.
 */
async function sendUsage(events: UsageEvent[]): Promise<void> {
  const response = await fetch(`${DEFAULT_PORTAL_BASE_URL}/analytics/events`, {
    method: 'POST',
    keepalive: true,
    headers: { 'content-type': 'application/json', ...(latestToken ? { authorization: `Bearer ${latestToken}` } : {}) },
    body: JSON.stringify({ events }),
  });
  if (!response.ok) throw new Error(`The portal refused usage events (${response.status}).`);
}

let installed = false;

/**
 * Installs the portal's batching client (spec 1 §1, docs/analytics.md) once per page load: events go to the portal
 * service's `POST /analytics/events`, unless its `GET /analytics/settings` says analytics is off, in which case
 * nothing is ever sent. A client someone installed first (a test's) is left in place.
 */
export function installPortalAnalytics(): void {
  if (installed || getAnalyticsClient() !== noopAnalyticsClient) return;
  installed = true;
  refreshToken();
  const enabled = portalHttp.get<{ Enabled: boolean }>('/analytics/settings').then((settings) => settings.Enabled);
  const batching = createBatchingAnalyticsClient({ enabled, send: sendUsage });
  const installedClient: AnalyticsClient = {
    ...batching,
    page: (path) => {
      refreshToken();
      batching.page(path);
    },
    track: (name, props) => {
      refreshToken();
      batching.track(name, props);
    },
  };
  setAnalyticsClient(installedClient);
  // Off (ANALYTICS=off) or unreachable: the quiet default goes back in, and the batching client has dropped its queue.
  void enabled.then(
    (on) => {
      if (!on && getAnalyticsClient() === installedClient) setAnalyticsClient(noopAnalyticsClient);
    },
    () => {
      if (getAnalyticsClient() === installedClient) setAnalyticsClient(noopAnalyticsClient);
    },
  );
  // A hidden page may never be shown again (mobile browsers discard it), so what is queued goes now.
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'hidden') batching.flush();
  });
  window.addEventListener('pagehide', () => batching.flush());
}

/**
 * Identifies the user once the render gate has the portal user and marketplace. It runs again only when the
 * identity itself changes (another user, organization or tenant), not on every re-render or refetch.
 */
export function useAnalyticsIdentify(source: AnalyticsIdentitySource | null): void {
  const identified = useRef<string | null>(null);
  // A string key, so a fresh but equal object on each render does not count as a new identity.
  const key = source ? JSON.stringify(analyticsIdentity(source)) : null;
  useEffect(() => {
    if (key === null || identified.current === key) return;
    identified.current = key;
    const identity = JSON.parse(key) as ReturnType<typeof analyticsIdentity>;
    getAnalyticsClient().identify(identity.user, identity.organization);
  }, [key]);
}

/** Installs the analytics client and reports each route change as a page view; mounted once inside the router. */
export function AnalyticsPageTracker() {
  const { pathname } = useLocation();
  // Declared first, so the client is in place before the first page view below.
  useEffect(installPortalAnalytics, []);
  useEffect(() => {
    getAnalyticsClient().page(pathname);
  }, [pathname]);
  return null;
}
