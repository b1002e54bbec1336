import { validation } from './errors.ts';

/** One `key=value` filter of a list call; `values` holds repeated keys (AND). */
export interface FilterClause {
  field: string;
  values: string[];
}

export interface ListQuery {
  search: string | undefined;
  searchOn: string[] | undefined;
  /** Sort keys in order; a leading `!` means descending. */
  sortBy: string[];
  page: number;
  pageSize: number;
  filters: FilterClause[];
}

export interface ListPage<T = Record<string, unknown>> {
  Items: T[];
  Meta: { Page: number; PageSize: number; TotalCount: number; TotalPages: number; ItemRange: [number, number] };
}

export const MAX_PAGE_SIZE = 100;
export const DEFAULT_PAGE_SIZE = 20;
/** Parameters that are never filters. */
const RESERVED = new Set(['search', 'searchOn', 'searchType', 'sortBy', 'page', 'pageSize', 'pageKey', 'filters']);

export type RawQuery = Readonly<Record<string, string | string[] | undefined>>;

function single(raw: RawQuery, name: string): string | undefined {
  const value = raw[name];
  return Array.isArray(value) ? value.at(-1) : value;
}

function commaList(raw: RawQuery, name: string): string[] | undefined {
  const value = raw[name];
  if (value === undefined) return undefined;
  const parts = (Array.isArray(value) ? value : [value])
    .flatMap((part) => part.split(','))
    .map((part) => part.trim())
    .filter(Boolean);
  return parts.length > 0 ? parts : undefined;
}

function positiveInt(raw: string | undefined, name: string, errorCode: string): number | undefined {
  if (raw === undefined || raw === '') return undefined;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 1)
    throw validation(`${name} must be a whole number of 1 or more.`, { [name]: raw }, errorCode);
  return value;
}

/**
 * Reads the list parameters of a request. `extraParams` are resource-specific parameters (e.g.
 * `depth`) that must not be taken for filters.
 */
export function parseListQuery(raw: RawQuery, extraParams: readonly string[] = []): ListQuery {
  const pageSize = positiveInt(single(raw, 'pageSize'), 'pageSize', 'List.InvalidPageSize') ?? DEFAULT_PAGE_SIZE;
  if (pageSize > MAX_PAGE_SIZE) {
    throw validation(`pageSize must not be more than ${MAX_PAGE_SIZE}.`, { pageSize }, 'List.InvalidPageSize');
  }
  const page = positiveInt(single(raw, 'page'), 'page', 'List.InvalidPage') ?? 1;
  const extras = new Set(extraParams);
  const filters: FilterClause[] = [];
  for (const [field, value] of Object.entries(raw)) {
    if (value === undefined || RESERVED.has(field) || extras.has(field)) continue;
    const values = (Array.isArray(value) ? value : [value]).filter((v) => v !== '');
    if (values.length > 0) filters.push({ field, values });
  }
  const search = single(raw, 'search')?.trim() || undefined;
  return {
    search,
    searchOn: commaList(raw, 'searchOn'),
    sortBy: commaList(raw, 'sortBy') ?? [],
    page,
    pageSize,
    filters,
  };
}

/** Builds the `{Items, Meta}` page the platform answers with. */
export function listPage<T>(items: T[], totalCount: number, query: Pick<ListQuery, 'page' | 'pageSize'>): ListPage<T> {
  const first = items.length > 0 ? (query.page - 1) * query.pageSize + 1 : 0;
  return {
    Items: items,
    Meta: {
      Page: query.page,
      PageSize: query.pageSize,
      TotalCount: totalCount,
      TotalPages: Math.ceil(totalCount / query.pageSize),
      ItemRange: [first, items.length > 0 ? first + items.length - 1 : 0],
    },
  };
}
