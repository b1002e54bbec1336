import { errorFromResponse, noResponseError } from './portal-error';

/** Every call's default time limit (spec 1 §7, §9). */
export const DEFAULT_TIMEOUT_MS = 60_000;

/** A query value; arrays repeat the key, null and undefined leave it out. */
export type QueryValue = string | number | boolean | null | undefined | readonly (string | number | boolean)[];
export type QueryParams = Readonly<Record<string, QueryValue>>;

/** Returns the bearer token to send, or nothing for an anonymous call. */
export type TokenSource = () => string | null | undefined | Promise<string | null | undefined>;

export interface HttpClientOptions {
  /** Prefix for relative paths, e.g. `/portal-api` or a marketplace's `CoreApiUrl`. */
  baseUrl: string;
  getToken?: TokenSource;
  /** Headers sent on every call (e.g. the content token). */
  headers?: Readonly<Record<string, string>>;
  timeoutMs?: number;
  /** Injected in tests; defaults to the global fetch. */
  fetch?: typeof fetch;
  /** Injected in tests; defaults to `navigator.onLine`. */
  isOnline?: () => boolean;
}

export interface RequestOptions {
  method?: string;
  query?: QueryParams;
  /** Sent as JSON, except URLSearchParams and FormData, which are sent as they are (the token endpoint). */
  body?: unknown;
  headers?: Readonly<Record<string, string>>;
  /** Cancels the call (TanStack Query passes one); a cancelled call rejects with the abort reason, as is. */
  signal?: AbortSignal;
  /** Set false for public endpoints (`/env`, the description) so no token is sent. */
  auth?: boolean;
  timeoutMs?: number;
  /** `'text'`: a successful answer's body is its text, unparsed (a document the caller keeps as it came). */
  responseAs?: 'text';
}

/** A successful answer: status, headers and the parsed body (JSON, text, or undefined when empty). */
export interface HttpResponse<T> {
  status: number;
  headers: Headers;
  data: T;
}

/** The one fetch wrapper every back-end client uses. Bodies are typed by the caller, not checked. */
export interface HttpClient {
  readonly baseUrl: string;
  send<T>(path: string, options?: RequestOptions): Promise<HttpResponse<T>>;
  request<T>(path: string, options?: RequestOptions): Promise<T>;
  get<T>(path: string, query?: QueryParams, options?: RequestOptions): Promise<T>;
  post<T>(path: string, body?: unknown, options?: RequestOptions): Promise<T>;
  put<T>(path: string, body?: unknown, options?: RequestOptions): Promise<T>;
  patch<T>(path: string, body?: unknown, options?: RequestOptions): Promise<T>;
  delete<T = void>(path: string, options?: RequestOptions): Promise<T>;
}

/**
 * Creates a client for one back end: bearer token, JSON in and out, a time limit per call, and every
 * failure turned into a {@link PortalError} with the texts of spec 1 §8.
 *
 * @example
 * const portal = createHttpClient({ baseUrl: '/portal-api', getToken: () => session.accessToken });
 * const me = await portal.get<PortalUser>('/me');
 */
export function createHttpClient(options: HttpClientOptions): HttpClient {
  const fetchImpl = options.fetch ?? ((input: RequestInfo | URL, init?: RequestInit) => fetch(input, init));
  const isOnline = options.isOnline ?? (() => typeof navigator === 'undefined' || navigator.onLine !== false);

  const send = async <T>(path: string, request: RequestOptions = {}): Promise<HttpResponse<T>> => {
    const headers = new Headers({ Accept: 'application/json', ...options.headers, ...request.headers });
    if (request.auth !== false && options.getToken) {
      const token = await options.getToken();
      if (token) headers.set('Authorization', `Bearer ${token}`);
    }
    let body: BodyInit | undefined;
    if (request.body instanceof URLSearchParams || request.body instanceof FormData) {
      body = request.body;
    } else if (request.body !== undefined) {
      body = JSON.stringify(request.body);
      headers.set('Content-Type', 'application/json');
    }

    const timeout = AbortSignal.timeout(request.timeoutMs ?? options.timeoutMs ?? DEFAULT_TIMEOUT_MS);
    const signal = request.signal ? anySignal([request.signal, timeout]) : timeout;
    const url = buildUrl(options.baseUrl, path, request.query);

    let response: Response;
    let data: unknown;
    try {
      response = await fetchImpl(url, { method: request.method ?? 'GET', headers, body, signal });
      data = request.responseAs === 'text' && response.ok ? await response.text() : await readBody(response);
    } catch (error) {
      // The caller's own cancellation is not a failure to report; let it through untouched.
      if (request.signal?.aborted) throw request.signal.reason ?? error;
      throw noResponseError(isOnline(), error);
    }
    if (!response.ok) throw errorFromResponse(response.status, data);
    return { status: response.status, headers: response.headers, data: data as T };
  };

  const request = async <T>(path: string, requestOptions?: RequestOptions) =>
    (await send<T>(path, requestOptions)).data;

  return {
    baseUrl: options.baseUrl,
    send,
    request,
    get: (path, query, rest) => request(path, { ...rest, method: 'GET', query }),
    post: (path, body, rest) => request(path, { ...rest, method: 'POST', body }),
    put: (path, body, rest) => request(path, { ...rest, method: 'PUT', body }),
    patch: (path, body, rest) => request(path, { ...rest, method: 'PATCH', body }),
    delete: (path, rest) => request(path, { ...rest, method: 'DELETE' }),
  };
}

/**
 * Joins a base URL, a path and query parameters. Absolute paths (`http(s)://...`) ignore the base.
 *
 * @example
 * buildUrl('/portal-api/', '/apiclients', { pageSize: 100, search: undefined }); // '/portal-api/apiclients?pageSize=100'
 * buildUrl('', '/v1/products', { ID: ['a', 'b'] }); // '/v1/products?ID=a&ID=b'
 */
export function buildUrl(baseUrl: string, path: string, query?: QueryParams): string {
  const joined = /^https?:\/\//i.test(path)
    ? path
    : `${baseUrl.replace(/\/+$/, '')}/${path.replace(/^\/+/, '')}`.replace(/\/$/, '') || '/';
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(query ?? {})) {
    if (value === null || value === undefined) continue;
    const values = Array.isArray(value) ? value : [value];
    for (const item of values) search.append(name, String(item));
  }
  const queryString = search.toString();
  if (!queryString) return joined;
  return `${joined}${joined.includes('?') ? '&' : '?'}${queryString}`;
}

/** JSON when the answer says so (incl. `application/problem+json`), text otherwise, undefined when empty. */
async function readBody(response: Response): Promise<unknown> {
  if (response.status === 204 || response.status === 205) return undefined;
  const text = await response.text();
  if (text === '') return undefined;
  const contentType = response.headers.get('content-type') ?? '';
  if (!/[/+]json\b/i.test(contentType)) return text;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    // A proxy's error page labelled as JSON: keep the text so the status still decides what happens.
    return text;
  }
}

/** AbortSignal.any where the browser has it (Safari before 17.4 does not). */
function anySignal(signals: readonly AbortSignal[]): AbortSignal {
  if (typeof AbortSignal.any === 'function') return AbortSignal.any([...signals]);
  const controller = new AbortController();
  for (const signal of signals) {
    if (signal.aborted) {
      controller.abort(signal.reason);
      break;
    }
    signal.addEventListener('abort', () => controller.abort(signal.reason), { once: true });
  }
  return controller.signal;
}
