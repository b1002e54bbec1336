import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useSearchParams } from 'react-router';
import { usePortalContext } from '@/app/portal/portal-context';
import { displayName } from '@/lib/display-name';
import { useAdminApi, type Item } from '../lib/admin-api';
import type { AssignmentPair, AssignmentRecord } from './assignment-pairs';
import { lookupQuery, nameKey, planLookups } from './party-lookup';
import { assignmentListRequest, type AssignmentTabBinding, type TabContext } from './tab-binding';

/** Rows per page, as on the list page; every page is reachable (the peer stopped at the first 20). */
export const ASSIGNMENT_PAGE_SIZE = 20;

const PAGE = 'p';

/** One URL value of the page (`p`, the switcher's choice), written without losing the others. */
export function useUrlValue(name: string): [string, (value: string) => void] {
  const [searchParams, setSearchParams] = useSearchParams();
  const value = searchParams.get(name) ?? '';
  const set = useCallback(
    (next: string) =>
      setSearchParams((current) => {
        const copy = new URLSearchParams(current);
        if (next === '') copy.delete(name);
        else copy.set(name, next);
        // A new switcher choice starts at page 1.
        if (name !== PAGE) copy.delete(PAGE);
        return copy;
      }),
    [name, setSearchParams],
  );
  return [value, set];
}

/** The page in the URL (`p`, page 1 left out, as on the list page). */
export function useUrlPage(): [number, (page: number) => void] {
  const [raw, set] = useUrlValue(PAGE);
  const parsed = Number.parseInt(raw, 10);
  const page = Number.isInteger(parsed) && parsed > 1 ? parsed : 1;
  return [page, (next: number) => set(next > 1 ? String(next) : '')];
}

/**
 * One page of a tab's assignment records. Keyed under `['platform', marketplace, 'list', ...]` like every list,
 * so a save or delete anywhere refreshes it.
 */
export function useAssignmentPage(binding: AssignmentTabBinding, context: TabContext, page: number, pageSize: number) {
  const api = useAdminApi();
  const { marketplace } = usePortalContext();
  const request = assignmentListRequest(binding, context, page, pageSize);
  return useQuery({
    queryKey: ['platform', marketplace.Id, 'list', binding.pair.list.id, request],
    queryFn: ({ signal }) => {
      if (!request) throw new Error('The switcher has no choice yet.');
      return api.list(binding.pair.list, request.params, request.query, signal);
    },
    enabled: request !== null,
    placeholderData: keepPreviousData,
    retry: false,
  });
}

/** Display names of the ids of `fields` on a page of records, by {@link nameKey}; ids not found keep no name. */
export function usePartyNames(
  pair: AssignmentPair,
  fields: readonly string[],
  records: readonly AssignmentRecord[],
  context: TabContext,
) {
  const api = useAdminApi();
  const { description, marketplace } = usePortalContext();
  const groups = planLookups(description, pair, fields, records, context);
  return useQuery({
    queryKey: ['platform', marketplace.Id, 'list', 'party-names', groups.map((g) => [g.key, g.ids])],
    queryFn: async ({ signal }) => {
      const names = new Map<string, string>();
      await Promise.all(
        groups.map(async (group) => {
          const page = await api.list(group.target.operation, { ...group.params }, lookupQuery(group), signal);
          for (const item of page.Items as Item[]) {
            if (typeof item.ID === 'string') names.set(nameKey(group.key, item.ID), displayName(item));
          }
        }),
      );
      return names;
    },
    enabled: groups.length > 0,
    placeholderData: keepPreviousData,
    retry: false,
  });
}
