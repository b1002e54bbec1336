import type { ApiOperation, ApiParameter } from '@/description/api-model';
import type { ConsoleQuery, QueryFilter } from './lib/request-url';

// The editable state of the request form's query section, and its conversion to the lib's ConsoleQuery.

export interface SortRow {
  readonly field: string;
  readonly descending: boolean;
}

export interface QueryDraft {
  readonly search: string;
  readonly searchOn: readonly string[];
  readonly sortBy: readonly SortRow[];
  readonly page: string;
  readonly pageSize: string;
  readonly filters: readonly QueryFilter[];
  /** Other query parameters of the operation, by name. */
  readonly params: Readonly<Record<string, string>>;
}

export const EMPTY_QUERY_DRAFT: QueryDraft = {
  search: '',
  searchOn: [],
  sortBy: [],
  page: '',
  pageSize: '',
  filters: [],
  params: {},
};

/** Everything the request form holds, so a logged request can be loaded back into the form and edited. */
export interface RequestDraft {
  readonly pathParams: Readonly<Record<string, string>>;
  readonly query: QueryDraft;
  /** The body as sent (already typed); `undefined` for operations without one. */
  readonly body: unknown;
}

/** The list conventions get their own controls; every other query parameter is a plain text box. */
export const LIST_PARAM_NAMES = new Set(['search', 'searchOn', 'sortBy', 'page', 'pageSize', 'filters']);

export function isListOperation(operation: Pick<ApiOperation, 'listItemSchema'>): boolean {
  return operation.listItemSchema !== null;
}

/** Enum values of an array parameter (searchOn, sortBy), without the descending `!` variants. */
export function paramChoices(parameter: ApiParameter | undefined): string[] {
  const values = parameter?.schema.items?.enum ?? parameter?.schema.enum ?? [];
  return values.map(String).filter((value) => !value.startsWith('!'));
}

function toNumber(text: string): number | undefined {
  const value = Number(text);
  return text.trim() === '' || !Number.isFinite(value) ? undefined : value;
}

export function toConsoleQuery(draft: QueryDraft): ConsoleQuery {
  return {
    search: draft.search,
    searchOn: draft.searchOn,
    sortBy: draft.sortBy.filter((row) => row.field !== '').map((row) => `${row.descending ? '!' : ''}${row.field}`),
    page: toNumber(draft.page),
    pageSize: toNumber(draft.pageSize),
    filters: draft.filters,
    params: draft.params,
  };
}

/** Required query parameters (other than the list conventions) left blank. */
export function missingQueryParams(operation: Pick<ApiOperation, 'queryParams'>, draft: QueryDraft): string[] {
  return operation.queryParams
    .filter((param) => param.required && !LIST_PARAM_NAMES.has(param.name))
    .filter((param) => (draft.params[param.name] ?? '').trim() === '')
    .map((param) => param.name);
}
