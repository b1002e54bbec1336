import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router';
import { analyticsIdentity, getAnalyticsClient, type AnalyticsIdentitySource } from '@/lib/analytics';

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

/** Reports each route change as a page view; mounted once inside the router. */
export function AnalyticsPageTracker() {
  const { pathname } = useLocation();
  useEffect(() => {
    getAnalyticsClient().page(pathname);
  }, [pathname]);
  return null;
}
