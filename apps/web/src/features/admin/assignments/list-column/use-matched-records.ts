import { useQuery } from '@tanstack/react-query';
import { usePortalContext } from '@/app/portal/portal-context';
import { readAllPages, READ_PAGE_SIZE } from '../../bulk/read-pages';
import { useAdminApi, type AdminApi } from '../../lib/admin-api';
import type { AssignmentRecord } from '../assignment-pairs';
import {
  matchedRecordsRequest,
  recordsByRow,
  type ListAssignmentBinding,
  type SwitcherChoice,
} from './list-assignment-binding';

/** Records read a call at a time; the platform's largest page. */
export const MATCH_PAGE_SIZE = READ_PAGE_SIZE;

/**
 * Every record of the choice, across pages (a group's members do not stop at the first page): page 1, then the
 * pages its `Meta.TotalPages` says are left.
 */
export async function readMatchedRecords(
  api: AdminApi,
  binding: ListAssignmentBinding,
  route: Readonly<Record<string, string>>,
  choice: SwitcherChoice,
  signal?: AbortSignal,
): Promise<AssignmentRecord[]> {
  return readAllPages<AssignmentRecord>(async (page) => {
    const request = matchedRecordsRequest(binding, route, choice, page, MATCH_PAGE_SIZE);
    return request ? api.list(binding.pair.list, request.params, request.query, signal) : null;
  });
}

/**
 * The record of each row with the switcher's choice, by row id. Keyed under the marketplace's lists, so every
 * assignment written or deleted anywhere in the admin reads it again.
 */
export function useMatchedRecords(
  binding: ListAssignmentBinding | null,
  route: Readonly<Record<string, string>>,
  choice: SwitcherChoice,
) {
  const api = useAdminApi();
  const { marketplace } = usePortalContext();
  const request = binding ? matchedRecordsRequest(binding, route, choice, 1, MATCH_PAGE_SIZE) : null;
  return useQuery({
    queryKey: ['platform', marketplace.Id, 'list', binding?.pair.id, 'matched', route, choice],
    queryFn: async ({ signal }) => {
      if (!binding) throw new Error('This list has no assignment switcher.');
      const records = await readMatchedRecords(api, binding, route, choice, signal);
      return recordsByRow(binding, choice, records);
    },
    enabled: binding !== null && request !== null,
    retry: false,
  });
}
