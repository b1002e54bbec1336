import { useQueries } from '@tanstack/react-query';
import { useMemo } from 'react';
import { usePortalContext } from '@/app/portal/portal-context';
import { canCall } from '@/access/access';
import { getOperation } from '@/description/api-model';
import { createPlatformClient } from '@/services/platform';
import { CHECKLIST_STEPS } from './checklist-model';

/** The state of one checklist count call, keyed by step key. */
export interface ChecklistCount {
  count: number | undefined;
  isLoading: boolean;
  isError: boolean;
  /** The failure, for the error toast. */
  error: unknown;
}

/**
 * The checklist counts from pageSize=1 list calls on the platform with the developer token. Steps the user may
 * not read are not called at all, since the platform would only answer 403.
 */
export function useChecklistCounts(): Record<string, ChecklistCount> {
  const { platformBaseUrl, developerToken, roles, description, marketplace } = usePortalContext();
  const platform = useMemo(
    () => createPlatformClient({ baseUrl: platformBaseUrl, getToken: () => developerToken }),
    [platformBaseUrl, developerToken],
  );
  const results = useQueries({
    queries: CHECKLIST_STEPS.map((step) => ({
      queryKey: ['platform', marketplace.Id, 'checklist-count', step.key],
      queryFn: () => platform.count(step.countPath, step.countQuery),
      enabled: canCall(roles, getOperation(description, step.readOperationId)),
      retry: false,
    })),
  });
  const counts: Record<string, ChecklistCount> = {};
  CHECKLIST_STEPS.forEach((step, index) => {
    const result = results[index];
    counts[step.key] = {
      count: result?.data,
      isLoading: result?.isLoading ?? false,
      isError: result?.isError ?? false,
      error: result?.error ?? null,
    };
  });
  return counts;
}
