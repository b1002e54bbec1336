import type { ChangeHistoryQuery } from '@portal/contracts';

// THE ACTIVITY PAGE'S FILTERS IN THE URL
// Each filter is a query parameter named as the portal service names it (`?UserID=u1&From=2024-03-05T10:00`), so a
// filtered page can be bookmarked, shared and opened from elsewhere (the API console's "View in history" link).
// Times stay in the URL as the time boxes write them (UTC, to the minute) and become ISO 8601 only when sent.

export const TEXT_FILTERS = ['UserID', 'ClientID', 'ResourceType', 'ResourceID', 'OperationID', 'RequestID'] as const;
export const TIME_FILTERS = ['From', 'To'] as const;
export const FILTER_NAMES = [...TEXT_FILTERS, ...TIME_FILTERS] as const;

export type ActivityFilterName = (typeof FILTER_NAMES)[number];
/** The filters as the URL and the form hold them: text as typed, times as `YYYY-MM-DDTHH:mm` in UTC. */
export type ActivityFilters = Partial<Record<ActivityFilterName, string>>;

const TIME_INPUT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2})?$/;

/**
 * The filters a URL holds; blank values and unknown parameters are left out.
 *
 * @example
 * readActivityFilters(new URLSearchParams('UserID=u1&page=2&From=')); // { UserID: 'u1' }
 */
export function readActivityFilters(search: URLSearchParams): ActivityFilters {
  const filters: ActivityFilters = {};
  for (const name of FILTER_NAMES) {
    const value = search.get(name)?.trim();
    if (value) filters[name] = value;
  }
  return filters;
}

/**
 * The URL's parameters with the filters replaced: other parameters (organization, tenantName) stay.
 *
 * @example
 * writeActivityFilters(new URLSearchParams('organization=acme&UserID=u1'), { ClientID: 'c1' }).toString(); // 'organization=acme&ClientID=c1'
 */
export function writeActivityFilters(search: URLSearchParams, filters: ActivityFilters): URLSearchParams {
  const next = new URLSearchParams(search);
  for (const name of FILTER_NAMES) {
    const value = filters[name]?.trim();
    if (value) next.set(name, value);
    else next.delete(name);
  }
  return next;
}

/**
 * A time box's value (UTC) as ISO 8601, or undefined when it is not a whole time.
 *
 * @example
 * timeInputToIso('2024-03-05T10:00'); // '2024-03-05T10:00:00.000Z'
 */
export function timeInputToIso(value: string | undefined): string | undefined {
  if (!value || !TIME_INPUT.test(value)) return undefined;
  const date = new Date(`${value}Z`);
  return Number.isNaN(date.getTime()) ? undefined : date.toISOString();
}

/**
 * What the portal service is asked: the text filters as they are, the times as ISO 8601 (a time that is not one is
 * left out rather than sent to be refused).
 *
 * @example
 * activityQuery({ UserID: 'u1', From: '2024-03-05T10:00' }); // { UserID: 'u1', From: '2024-03-05T10:00:00.000Z' }
 */
export function activityQuery(filters: ActivityFilters): ChangeHistoryQuery {
  const query: ChangeHistoryQuery = {};
  for (const name of TEXT_FILTERS) {
    const value = filters[name];
    if (value) query[name] = value;
  }
  for (const name of TIME_FILTERS) {
    const iso = timeInputToIso(filters[name]);
    if (iso) query[name] = iso;
  }
  return query;
}

/** How many filters are in use, for the heading ("3 filters"). */
export function filterCount(filters: ActivityFilters): number {
  return FILTER_NAMES.filter((name) => filters[name]).length;
}
