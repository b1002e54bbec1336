import { createHttpClient, type HttpClient, type HttpClientOptions, type QueryParams } from './http';

// TYPES (the platform's own wire shapes; see shared/reference/platform-api-facts.md)

/** `GET {CoreApiUrl}/env`: the build the platform runs; `BuildNumber` equals the description's `info.version`. */
export interface PlatformEnv {
  BuildNumber: string;
  Environment?: string;
  Version?: string;
  Branch?: string;
  Commit?: string;
  CommitDate?: string;
  BuildDate?: string;
}

/** Paging information of a list answer. */
export interface ListMeta {
  Page: number;
  PageSize: number;
  TotalCount: number;
  TotalPages: number;
  ItemRange: [number, number];
  NextPageKey?: string | null;
}

/** A list answer: `{ Items, Meta }`. */
export interface ListPage<T> {
  Items: T[];
  Meta: ListMeta;
}

/** `GET /v1/integrations/subscription`, as far as the portal reads it. */
export interface SubscriptionIntegration {
  Active: boolean;
  [field: string]: unknown;
}

/** A client for one marketplace's platform API at its `CoreApiUrl`. */
export interface PlatformClient {
  readonly http: HttpClient;
  /** The build info; public, sent without a token. */
  getEnv(): Promise<PlatformEnv>;
  /** The raw OpenAPI document; public. Prefer `loadApiDescription`, which caches it. */
  getDescription(): Promise<unknown>;
  /** GET an absolute URL without a token: the `fetchJson` that `loadDescription` takes. */
  getJson(url: string): Promise<unknown>;
  /** One page of a list operation; `path` is below `/v1`, e.g. `/adminusers`. */
  list<T>(path: string, query?: QueryParams): Promise<ListPage<T>>;
  /** How many items a list has, read from `Meta.TotalCount` of a one-item page (the home checklist). */
  count(path: string, query?: QueryParams): Promise<number>;
  getSubscriptionIntegration(): Promise<SubscriptionIntegration>;
}

/**
 * Creates the platform client. `baseUrl` is the marketplace's `CoreApiUrl` (no `/v1`); `getToken` gives the
 * developer token, or the impersonation token while impersonating.
 *
 * @example
 * const platform = createPlatformClient({ baseUrl: marketplace.CoreApiUrl, getToken: () => developerToken });
 * const admins = await platform.count('/adminusers');
 */
export function createPlatformClient(options: HttpClientOptions): PlatformClient {
  const http = createHttpClient(options);
  return {
    http,
    getEnv: () => http.get<PlatformEnv>('/env', undefined, { auth: false }),
    getDescription: () => http.get<unknown>('/v1/openapi/v3', undefined, { auth: false }),
    getJson: (url) => http.get<unknown>(url, undefined, { auth: false }),
    list: <T>(path: string, query?: QueryParams) => http.get<ListPage<T>>(v1(path), query),
    count: async (path, query) => {
      const page = await http.get<Partial<ListPage<unknown>>>(v1(path), { ...query, page: 1, pageSize: 1 });
      const total = page.Meta?.TotalCount;
      // A list without Meta is not a platform list; counting its items is the best guess left.
      return typeof total === 'number' ? total : (page.Items?.length ?? 0);
    },
    getSubscriptionIntegration: () => http.get<SubscriptionIntegration>('/v1/integrations/subscription'),
  };
}

/** Platform resource paths live below `/v1`; OAuth paths do not (platform-api-facts §1.1). */
function v1(path: string): string {
  const clean = path.startsWith('/') ? path : `/${path}`;
  return clean.startsWith('/v1/') || clean.startsWith('/oauth/') ? clean : `/v1${clean}`;
}
