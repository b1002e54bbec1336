import { KEPT_QUERY_PARAMS } from '@/lib/keep-query';

// LIST URL STATE
// A list page keeps everything a user set in its URL (spec 2 §2): `s` search, `sort` sort by (`!` descending),
// `p` page (1 is left out), and every other key a filter on a model field, written in the platform's filter
// syntax. So reload, back and forward show the same page, and a link shares it.

export interface ListUrlState {
  readonly search: string;
  /** A field, `!Field` for descending, or '' for the platform's default order. */
  readonly sort: string;
  readonly page: number;
  /** Field -> platform filter value (`Name` -> `Shoe*`). */
  readonly filters: Readonly<Record<string, string>>;
}

const SEARCH = 's';
const SORT = 'sort';
const PAGE = 'p';
const RESERVED = new Set<string>([SEARCH, SORT, PAGE, ...KEPT_QUERY_PARAMS]);
/**
 * Keys a page keeps beside its list state, never filters: an assignment page's switcher choice
 * (`assign-UserGroupID`, assignments/list-column). No model field has a `-`.
 */
export const PAGE_OWNED_PREFIX = 'assign-';

function pageOwned(key: string): boolean {
  return key.startsWith(PAGE_OWNED_PREFIX);
}

/**
 * The list state a query string holds.
 *
 * @example
 * readListState(new URLSearchParams('s=shoe&sort=!Name&p=2&Active=true'));
 * // { search: 'shoe', sort: '!Name', page: 2, filters: { Active: 'true' } }
 */
export function readListState(params: URLSearchParams): ListUrlState {
  const page = Number.parseInt(params.get(PAGE) ?? '', 10);
  const filters: Record<string, string> = {};
  for (const [key, value] of params) {
    if (!RESERVED.has(key) && !pageOwned(key) && value !== '') filters[key] = value;
  }
  return {
    search: params.get(SEARCH) ?? '',
    sort: params.get(SORT) ?? '',
    page: Number.isInteger(page) && page > 1 ? page : 1,
    filters,
  };
}

/**
 * The query string for a list state, keeping the signed-in context (organization, tenantName) and the page's own
 * keys (`assign-...`) of `current`. Empty values and page 1 are left out.
 *
 * @example
 * writeListState(new URLSearchParams('organization=o'), { search: '', sort: 'Name', page: 1, filters: {} }).toString();
 * // 'organization=o&sort=Name'
 */
export function writeListState(current: URLSearchParams, state: ListUrlState): URLSearchParams {
  const next = new URLSearchParams();
  for (const name of KEPT_QUERY_PARAMS) {
    const value = current.get(name);
    if (value !== null) next.set(name, value);
  }
  for (const [key, value] of current) if (pageOwned(key)) next.set(key, value);
  if (state.search) next.set(SEARCH, state.search);
  if (state.sort) next.set(SORT, state.sort);
  if (state.page > 1) next.set(PAGE, String(state.page));
  for (const [field, value] of Object.entries(state.filters)) {
    if (value !== '' && !RESERVED.has(field)) next.set(field, value);
  }
  return next;
}

/** Whether the user narrowed the list (the empty text differs: spec 2 §2). */
export function isNarrowed(state: ListUrlState): boolean {
  return state.search !== '' || Object.keys(state.filters).length > 0;
}

/**
 * The next sort when a column header is pressed: ascending, then descending, then the default order.
 *
 * @example
 * nextSort('', 'Name'); // 'Name'
 * nextSort('Name', 'Name'); // '!Name'
 * nextSort('!Name', 'Name'); // ''
 */
export function nextSort(current: string, field: string): string {
  if (current === field) return `!${field}`;
  if (current === `!${field}`) return '';
  return field;
}

/** The platform's list query for a state: page, search, sortBy and the filters as plain keys. */
export function listQuery(state: ListUrlState, pageSize: number): Record<string, string | number> {
  return {
    ...state.filters,
    page: state.page,
    pageSize,
    ...(state.search ? { search: state.search } : {}),
    ...(state.sort ? { sortBy: state.sort } : {}),
  };
}
