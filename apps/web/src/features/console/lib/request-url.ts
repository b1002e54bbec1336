import type { ApiOperation } from '@/description/api-model';

/** Thrown when a `{placeholder}` in the operation path has no value; the spec's error catalogue wording. */
export const INSUFFICIENT_ROUTE_PARAMS = 'Insufficient route params provided.';
/** Shown instead of an empty option list when the parameters the list depends on are not filled in yet. */
export const MISSING_REQUIRED_PARAMETERS = 'Missing required parameters.';

/** One row of the console's filter editor; rows with a blank name or value are dropped, not sent as `name=`. */
export interface QueryFilter {
  readonly name: string;
  readonly value: string;
}

export type QueryScalar = string | number | boolean;
export type QueryValue = QueryScalar | readonly QueryScalar[] | null | undefined;

/** The console's query options; the list conventions get their own fields because the platform joins them. */
export interface ConsoleQuery {
  readonly search?: string;
  readonly searchOn?: readonly string[];
  /** Field names; a leading `!` sorts that field descending. */
  readonly sortBy?: readonly string[];
  readonly page?: number;
  readonly pageSize?: number;
  readonly filters?: readonly QueryFilter[];
  /** Any other query parameter of the operation; arrays are sent as repeated `name=value` pairs. */
  readonly params?: Readonly<Record<string, QueryValue>>;
}

export type PathParams = Readonly<Record<string, string | number | null | undefined>>;

export interface ConsoleRequestInput {
  readonly pathParams?: PathParams;
  readonly query?: ConsoleQuery;
}

/** A decoded `name=value` pair, as the request log's Payload tab lists them. */
export type QueryPair = readonly [name: string, value: string];

/** The parts of an operation the URL needs, so callers may pass a full `ApiOperation` or a hand-made one. */
export type RequestTarget = Pick<ApiOperation, 'path'>;

const PLACEHOLDER = /\{([^{}]+)\}/g;

function isBlank(value: unknown): boolean {
  return value === undefined || value === null || (typeof value === 'string' && value.trim() === '');
}

function joinList(values: readonly string[] | undefined): string | null {
  const kept = (values ?? []).map((value) => value.trim()).filter((value) => value !== '');
  return kept.length === 0 ? null : kept.join(',');
}

/**
 * The query as ordered, decoded pairs: search, searchOn, sortBy, page, pageSize, other params, then filters.
 * Blank values are left out so an untouched form does not send `search=&page=`.
 *
 * @example
 * queryPairs({ sortBy: ['!Name', 'ID'], filters: [{ name: 'Active', value: 'true' }] });
 * // [['sortBy', '!Name,ID'], ['Active', 'true']]
 */
export function queryPairs(query: ConsoleQuery = {}): QueryPair[] {
  const pairs: QueryPair[] = [];
  const push = (name: string, value: QueryScalar | null | undefined) => {
    if (!isBlank(value)) pairs.push([name, String(value)]);
  };

  push('search', query.search?.trim());
  push('searchOn', joinList(query.searchOn));
  push('sortBy', joinList(query.sortBy));
  push('page', query.page);
  push('pageSize', query.pageSize);
  for (const [name, value] of Object.entries(query.params ?? {})) {
    if (Array.isArray(value)) {
      for (const item of value as readonly QueryScalar[]) push(name, item);
    } else {
      push(name, value as QueryScalar | null | undefined);
    }
  }
  for (const filter of query.filters ?? []) {
    if (!isBlank(filter.name) && !isBlank(filter.value)) pairs.push([filter.name.trim(), filter.value]);
  }
  return pairs;
}

/** Encodes each side of the pairs; commas stay literal because the platform splits `searchOn`/`sortBy` on them. */
export function encodeQuery(pairs: readonly QueryPair[]): string {
  return pairs
    .map(([name, value]) => {
      const encoded =
        name === 'searchOn' || name === 'sortBy'
          ? value.split(',').map(encodeURIComponent).join(',')
          : encodeURIComponent(value);
      return `${encodeURIComponent(name)}=${encoded}`;
    })
    .join('&');
}

/** Names of `{placeholders}` in the path that have no value. */
export function missingPathParams(operation: RequestTarget, pathParams: PathParams = {}): string[] {
  return [...operation.path.matchAll(PLACEHOLDER)]
    .map((match) => match[1] ?? '')
    .filter((name) => !Object.hasOwn(pathParams, name) || isBlank(pathParams[name]));
}

/**
 * The operation path with its placeholders filled in and encoded.
 *
 * @throws Error with {@link INSUFFICIENT_ROUTE_PARAMS} when any placeholder has no value.
 */
export function fillPath(operation: RequestTarget, pathParams: PathParams = {}): string {
  if (missingPathParams(operation, pathParams).length > 0) throw new Error(INSUFFICIENT_ROUTE_PARAMS);
  return operation.path.replace(PLACEHOLDER, (_, name: string) => encodeURIComponent(String(pathParams[name])));
}

/** OAuth endpoints live at the API root; everything else is versioned under `/v1`. */
export function isOAuthPath(path: string): boolean {
  return /^\/oauth(\/|$)/i.test(path);
}

/**
 * The full URL of a console request: `{baseUrl}/v1{path}` (oauth paths without `/v1`), path params substituted,
 * query from {@link queryPairs}.
 *
 * @example
 * buildRequestUrl('https://api.example.test', getOperation(api, 'Products.Get')!, { pathParams: { productID: 'a b' } });
 * // 'https://api.example.test/v1/products/a%20b'
 */
export function buildRequestUrl(baseUrl: string, operation: RequestTarget, input: ConsoleRequestInput = {}): string {
  const path = fillPath(operation, input.pathParams);
  const root = baseUrl.replace(/\/+$/, '');
  const query = encodeQuery(queryPairs(input.query));
  return `${root}${isOAuthPath(operation.path) ? '' : '/v1'}${path}${query === '' ? '' : `?${query}`}`;
}
