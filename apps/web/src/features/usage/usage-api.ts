import { useQuery } from '@tanstack/react-query';
import { getIdentityToken } from '@/auth/oidc-settings';
import type { UsageEventName } from '@portal/contracts';
import { createPortalClient } from '@/services/portal';

// The same identity-token source the render gate uses: no second sign-in or token flow.
const portal = createPortalClient({ getToken: getIdentityToken });

/** One ISO week of the organization's usage, as `GET /analytics/usage` answers it. */
export interface UsageWeek {
  /** `2026-W48`. */
  Week: string;
  /** Its Monday, `YYYY-MM-DD` (UTC). */
  Start: string;
  /** Distinct users who used the portal that week. */
  Users: number;
  Counts: Record<UsageEventName, number>;
}

export interface UsageReport {
  Features: UsageEventName[];
  Weeks: UsageWeek[];
}

/** The week counts the page offers; the service keeps 26 weeks. */
export const WEEK_CHOICES = [4, 8, 12, 26] as const;

/** `GET /analytics/usage?weeks=` (organization admins only). */
export function useUsage(weeks: number) {
  return useQuery({
    queryKey: ['portal', 'analytics-usage', weeks],
    queryFn: () => portal.http.get<UsageReport>('/analytics/usage', { weeks }),
  });
}
