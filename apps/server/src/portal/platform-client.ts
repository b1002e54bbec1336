import type { DeveloperProfile } from './developer-profile.ts';
import { Problem } from './problems.ts';
import type { DeliveryList, DeliveryView } from '@portal/contracts';
import type { SearchIndexErrorView, SearchIndexType, SearchIndexView } from '@portal/contracts';
import type { StagingRestoreSummary, StagingRestoreWebhook } from '@portal/contracts';
import type { SubscriptionJobResult, SubscriptionRunList } from '@portal/contracts';
import type { EntitySyncMetadata, SyncRunList, SyncRunView } from '@portal/contracts';
import type { SignInUser } from '@portal/contracts';
import type { ChangeHistoryPage } from '@portal/contracts';

/** Every outbound call of the portal service gives up after this long (spec 1 §9). */
export const OUTBOUND_TIMEOUT_MS = 60_000;

/** A marketplace as the management API answers it. */
export interface MgmtMarketplace {
  Id: string;
  Name: string;
  Environment: string;
  Region: { Id?: string; Name: string };
  CoreApiUrl: string;
}

/** The fields of an API client the portal reads (the management API answers the platform's ApiClient). */
export interface MgmtApiClient {
  ID: string;
  AppName?: string | null;
  Active?: boolean;
  AllowAnyBuyer?: boolean;
  AllowAnySupplier?: boolean;
  AllowSeller?: boolean;
  IsAnonBuyer?: boolean;
  AssignedBuyerCount?: number;
  AssignedSupplierCount?: number;
}

export interface ListMeta {
  Page: number;
  PageSize: number;
  TotalCount: number;
  TotalPages: number;
  ItemRange: number[];
}

export interface MgmtListPage<T> {
  Items: T[];
  Meta: ListMeta;
}

export interface PlatformTokenResponse {
  access_token: string;
  expires_in: number;
  token_type: string;
}

export interface ListParams {
  search?: string | undefined;
  page?: number | undefined;
  pageSize?: number | undefined;
}

/** A search index as the management API lists it. */
export type MgmtSearchIndex = SearchIndexView;

export interface MgmtSearchIndexErrors {
  IndexID: string;
  Type: SearchIndexType;
  SearchIndexErrors: SearchIndexErrorView[];
}

/** The platform as the portal service reaches it: the management API plus plain public GETs. */
export interface PlatformClient {
  getMarketplace(marketplaceId: string): Promise<MgmtMarketplace>;
  /**
   * A token for a portal user with exactly `roles` (the marketplace's admin client), carrying their
   * portal profile for the platform's Me.Get.
   */
  mintDeveloperToken(
    marketplaceId: string,
    username: string,
    roles: readonly string[],
    profile?: DeveloperProfile,
  ): Promise<PlatformTokenResponse>;
  /** A token acting as `username`, a user who signs in through `clientId`. */
  mintImpersonationToken(marketplaceId: string, clientId: string, username: string): Promise<PlatformTokenResponse>;
  listApiClients(marketplaceId: string, params: ListParams): Promise<MgmtListPage<MgmtApiClient>>;
  listClientUsers(marketplaceId: string, clientId: string, params: ListParams): Promise<MgmtListPage<SignInUser>>;
  /** A public JSON document (the API description), no credentials sent. */
  getPublicJson(url: string): Promise<unknown>;
  listSearchIndexes(marketplaceId: string, type: 'Products' | 'Orders'): Promise<{ SearchIndexes: MgmtSearchIndex[] }>;
  listSearchIndexErrors(marketplaceId: string, indexId: string): Promise<MgmtSearchIndexErrors>;
  /** Starts a rebuild of the active index; the platform applies its limits. */
  rebuildSearchIndex(marketplaceId: string, indexId: string): Promise<MgmtSearchIndex>;
  entitySyncMetadata(marketplaceId: string): Promise<EntitySyncMetadata>;
  /** Starts a sync (`catalog`, `orders`, or `entities/{route segment}`) with its fields; answers the queued run. */
  startSync(marketplaceId: string, what: string, fields: Record<string, unknown>): Promise<SyncRunView>;
  listSyncRuns(marketplaceId: string, kind: string | undefined): Promise<SyncRunList>;
  listDeliveries(marketplaceId: string, query: Record<string, string>): Promise<DeliveryList>;
  /** One keyset page of the marketplace's change history (issue 23), filtered by ChangeHistoryQuery's names. */
  listChanges(marketplaceId: string, query: Record<string, string>): Promise<ChangeHistoryPage>;
  /** A manual run of the subscription job; the platform counts the hourly limit. */
  processSubscriptions(marketplaceId: string, requestedBy: string): Promise<SubscriptionJobResult>;
  listSubscriptionRuns(marketplaceId: string): Promise<SubscriptionRunList>;
  /** The post-restore webhook of a Staging marketplace; 404 while none is saved or outside Staging. */
  getStagingWebhook(marketplaceId: string): Promise<StagingRestoreWebhook>;
  saveStagingWebhook(marketplaceId: string, webhook: unknown): Promise<StagingRestoreWebhook>;
  deleteStagingWebhook(marketplaceId: string): Promise<void>;
  /** Sends a signed sample now; answers the delivery with the receiver's status. */
  testStagingWebhook(marketplaceId: string): Promise<DeliveryView>;
  /** Copies the Production marketplace `sourceId` into the Staging marketplace now (one transaction). */
  restoreStaging(marketplaceId: string, sourceId: string): Promise<StagingRestoreSummary>;
}

export interface PlatformClientOptions {
  /** Base URL of the management API, e.g. `http://localhost:4000/platform/mgmt`. */
  baseUrl: string;
  secret: string;
  fetch?: typeof fetch;
  timeoutMs?: number;
}

/** The first message of the platform's `{ Errors: [{ ErrorCode, Message, Data }] }` envelope, if any. */
function platformMessage(body: unknown): string | undefined {
  if (typeof body !== 'object' || body === null) return undefined;
  const errors = (body as { Errors?: unknown }).Errors;
  const first = Array.isArray(errors) ? (errors[0] as { Message?: unknown } | undefined) : undefined;
  return typeof first?.Message === 'string' ? first.Message : undefined;
}

/**
 * Maps a refused call to what the portal's caller should see: the platform's not-found and
 * validation answers keep their status and message (the caller can fix them); anything else is a
 * 502, since the caller did nothing wrong and a 401 from the management API would log them out.
 */
export function problemFromPlatform(status: number, body: unknown, what: string): Problem {
  const message = platformMessage(body);
  if (status === 404) return new Problem(404, message ?? `The platform found no such ${what}.`);
  if (status === 400 || status === 409 || status === 429) {
    return new Problem(status, message ?? `The platform refused the ${what}.`);
  }
  if (status === 401 || status === 403) {
    return new Problem(502, `The platform refused the portal service's credentials while reading the ${what}.`);
  }
  const suffix = message ? `: ${message}` : '.';
  return new Problem(502, `The platform failed while handling the ${what} (status ${status})${suffix}`);
}

/**
 * @example
 * const platform = createPlatformClient({ baseUrl: config.platformMgmtUrl, secret: config.platformMgmtSecret });
 * const marketplace = await platform.getMarketplace('demo-sandbox');
 */
export function createPlatformClient(options: PlatformClientOptions): PlatformClient {
  const fetchImpl = options.fetch ?? fetch;
  const timeoutMs = options.timeoutMs ?? OUTBOUND_TIMEOUT_MS;
  const base = options.baseUrl.replace(/\/+$/, '');

  async function call<T>(url: string, what: string, init: RequestInit = {}, credentials = true): Promise<T> {
    let response: Response;
    try {
      response = await fetchImpl(url, {
        ...init,
        headers: {
          accept: 'application/json',
          ...(init.body ? { 'content-type': 'application/json' } : {}),
          ...(credentials ? { authorization: `Bearer ${options.secret}` } : {}),
        },
        signal: AbortSignal.timeout(timeoutMs),
      });
    } catch (error) {
      if (error instanceof Error && error.name === 'TimeoutError') {
        throw new Problem(504, `The platform did not answer within ${timeoutMs / 1000} seconds (${what}).`);
      }
      throw new Problem(502, `The platform could not be reached (${what}).`);
    }
    const text = await response.text();
    let body: unknown = undefined;
    try {
      body = text ? JSON.parse(text) : undefined;
    } catch {
      if (response.ok) throw new Problem(502, `The platform answered the ${what} with something other than JSON.`);
    }
    if (!response.ok) throw problemFromPlatform(response.status, body, what);
    // The management API is ours (or a compatible one): its shapes are trusted as documented.
    return body as T;
  }

  const marketplacePath = (id: string) => `${base}/marketplaces/${encodeURIComponent(id)}`;
  const query = (params: ListParams) => {
    const search = new URLSearchParams();
    if (params.search) search.set('search', params.search);
    if (params.page) search.set('page', String(params.page));
    if (params.pageSize) search.set('pageSize', String(params.pageSize));
    const text = search.toString();
    return text ? `?${text}` : '';
  };

  return {
    getMarketplace: (id) => call(marketplacePath(id), 'marketplace'),
    mintDeveloperToken: (id, username, roles, profile = {}) =>
      call(`${marketplacePath(id)}/tokens`, 'developer token', {
        method: 'POST',
        body: JSON.stringify({ Username: username, Roles: roles, ...profile }),
      }),
    mintImpersonationToken: (id, clientId, username) =>
      call(`${marketplacePath(id)}/impersonation-tokens`, 'impersonation token', {
        method: 'POST',
        body: JSON.stringify({ ClientID: clientId, Username: username }),
      }),
    listApiClients: (id, params) => call(`${marketplacePath(id)}/apiclients${query(params)}`, 'API client list'),
    listClientUsers: (id, clientId, params) =>
      call(
        `${marketplacePath(id)}/apiclients/${encodeURIComponent(clientId)}/users${query(params)}`,
        'API client users',
      ),
    getPublicJson: (url) => call(url, 'API description', {}, false),
    listSearchIndexes: (id, type) =>
      call(`${marketplacePath(id)}/searchindexes?type=${encodeURIComponent(type)}`, 'search index list'),
    listSearchIndexErrors: (id, indexId) =>
      call(`${marketplacePath(id)}/searchindexes/${encodeURIComponent(indexId)}/errors`, 'search index errors'),
    entitySyncMetadata: (id) => call(`${marketplacePath(id)}/entitysyncmetadata`, 'entity sync metadata'),
    startSync: (id, what, fields) =>
      call(`${marketplacePath(id)}/syncs/${what}`, 'sync', { method: 'POST', body: JSON.stringify(fields) }),
    listSyncRuns: (id, kind) =>
      call(`${marketplacePath(id)}/syncs${kind ? `?kind=${encodeURIComponent(kind)}` : ''}`, 'sync runs'),
    listDeliveries: (id, query) =>
      call(`${marketplacePath(id)}/deliveries?${new URLSearchParams(query).toString()}`, 'delivery log'),
    listChanges: (id, query) =>
      call(`${marketplacePath(id)}/changes?${new URLSearchParams(query).toString()}`, 'change history'),
    processSubscriptions: (id, requestedBy) =>
      call(`${marketplacePath(id)}/subscriptions/runs`, 'subscription job', {
        method: 'POST',
        body: JSON.stringify({ RequestedBy: requestedBy }),
      }),
    listSubscriptionRuns: (id) => call(`${marketplacePath(id)}/subscriptions/runs`, 'subscription runs'),
    getStagingWebhook: (id) => call(`${marketplacePath(id)}/stagingrestorewebhook`, 'staging restore webhook'),
    saveStagingWebhook: (id, webhook) =>
      call(`${marketplacePath(id)}/stagingrestorewebhook`, 'staging restore webhook', {
        method: 'PUT',
        body: JSON.stringify(webhook ?? {}),
      }),
    deleteStagingWebhook: (id) =>
      call(`${marketplacePath(id)}/stagingrestorewebhook`, 'staging restore webhook', { method: 'DELETE' }),
    testStagingWebhook: (id) =>
      call(`${marketplacePath(id)}/stagingrestorewebhook/test`, 'staging restore webhook test', {
        method: 'POST',
        body: '{}',
      }),
    restoreStaging: (id, sourceId) =>
      call(`${marketplacePath(id)}/stagingrestore`, 'staging restore', {
        method: 'POST',
        body: JSON.stringify({ SourceMarketplaceID: sourceId }),
      }),
    rebuildSearchIndex: (id, indexId) =>
      call(`${marketplacePath(id)}/searchindexes/${encodeURIComponent(indexId)}/rebuild`, 'search index rebuild', {
        method: 'POST',
        body: '{}',
      }),
  };
}
