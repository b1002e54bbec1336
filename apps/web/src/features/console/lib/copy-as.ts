import type { ApiOperation } from '@/description/api-model';
import type { ConsoleRequestInput } from './request-url';

export interface CurlRequest {
  readonly method: string;
  readonly url: string;
  readonly headers?: Readonly<Record<string, string>>;
  /** Sent as JSON; `undefined` means no body. */
  readonly body?: unknown;
}

/**
 * POSIX single-quoting: inside single quotes nothing is special except the quote itself, which closes, is escaped,
 * and reopens. This keeps `$`, backticks and `!` in tokens and bodies literal.
 */
export function shellQuote(value: string): string {
  return `'${value.replaceAll("'", `'\\''`)}'`;
}

/**
 * A copy-pasteable cURL command. A JSON body adds `Content-Type: application/json` unless a header already sets it.
 *
 * @example
 * toCurl({ method: 'get', url: 'https://api.example.test/v1/me', headers: { Authorization: 'Bearer t' } });
 * // "curl -X GET 'https://api.example.test/v1/me' \\\n  -H 'Authorization: Bearer t'"
 */
export function toCurl(request: CurlRequest): string {
  const headers: Record<string, string> = { ...request.headers };
  const hasBody = request.body !== undefined;
  if (hasBody && !Object.keys(headers).some((name) => name.toLowerCase() === 'content-type')) {
    headers['Content-Type'] = 'application/json';
  }
  const parts = [`curl -X ${request.method.toUpperCase()} ${shellQuote(request.url)}`];
  for (const [name, value] of Object.entries(headers)) parts.push(`-H ${shellQuote(`${name}: ${value}`)}`);
  if (hasBody) parts.push(`--data-raw ${shellQuote(JSON.stringify(request.body, null, 2))}`);
  return parts.join(' \\\n  ');
}

const IDENTIFIER = /^[A-Za-z_$][\w$]*$/;

function jsString(value: string): string {
  // JSON escaping is valid JS; only the quote style changes to match the codebase's single quotes.
  const inner = JSON.stringify(value).slice(1, -1).replaceAll('\\"', '"').replaceAll("'", "\\'");
  return `'${inner}'`;
}

/** A JavaScript literal for plain JSON-like data, pretty-printed with 2-space indents. */
export function toJsLiteral(value: unknown, indent = ''): string {
  if (value === null || value === undefined) return 'null';
  if (typeof value === 'string') return jsString(value);
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  const inner = `${indent}  `;
  if (Array.isArray(value)) {
    if (value.length === 0) return '[]';
    return `[\n${value.map((item) => `${inner}${toJsLiteral(item, inner)}`).join(',\n')},\n${indent}]`;
  }
  if (typeof value === 'object') {
    const entries = Object.entries(value).filter(([, item]) => item !== undefined);
    if (entries.length === 0) return '{}';
    const lines = entries.map(([key, item]) => {
      const name = IDENTIFIER.test(key) ? key : jsString(key);
      return `${inner}${name}: ${toJsLiteral(item, inner)}`;
    });
    return `{\n${lines.join(',\n')},\n${indent}}`;
  }
  return 'null';
}

/** The SDK's list options: list conventions by name, filters as an object keyed by field. */
function sdkOptions(input: ConsoleRequestInput): Record<string, unknown> | null {
  const query = input.query ?? {};
  const options: Record<string, unknown> = {};
  if (query.search !== undefined && query.search.trim() !== '') options.search = query.search.trim();
  if (query.searchOn !== undefined && query.searchOn.length > 0) options.searchOn = [...query.searchOn];
  if (query.sortBy !== undefined && query.sortBy.length > 0) options.sortBy = [...query.sortBy];
  if (query.page !== undefined) options.page = query.page;
  if (query.pageSize !== undefined) options.pageSize = query.pageSize;
  for (const [name, value] of Object.entries(query.params ?? {})) {
    if (value !== undefined && value !== null && value !== '') options[name] = value;
  }
  const filters: Record<string, string> = {};
  for (const filter of query.filters ?? []) {
    if (filter.name.trim() !== '' && filter.value.trim() !== '') filters[filter.name.trim()] = filter.value;
  }
  if (Object.keys(filters).length > 0) options.filters = filters;
  return Object.keys(options).length === 0 ? null : options;
}

/**
 * An SDK call in `Resource.Method(args)` form: path params in path order, then the body, then list options.
 *
 * @example
 * toSdkCall(productsList, { query: { filters: [{ name: 'Active', value: 'true' }] } });
 * // "Products.List({\n  filters: {\n    Active: 'true',\n  },\n})"
 */
export function toSdkCall(
  operation: Pick<ApiOperation, 'id' | 'pathParams' | 'requestBody'>,
  input: ConsoleRequestInput & { readonly body?: unknown } = {},
): string {
  const args = operation.pathParams.map((param) => toJsLiteral(String(input.pathParams?.[param.name] ?? '')));
  if (operation.requestBody !== null) args.push(toJsLiteral(input.body ?? {}));
  const options = sdkOptions(input);
  if (options !== null) args.push(toJsLiteral(options));
  return `${operation.id}(${args.join(', ')})`;
}
