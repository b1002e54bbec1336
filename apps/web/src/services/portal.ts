import {
  GRANTS,
  SEARCH_INDEX_TYPES,
  type Grant,
  type ConnectMarketplaceInput,
  type EditMarketplaceInput,
  type Grants,
  type MarketplaceInfo,
  type MarketplaceList,
  type MarketplaceSaved,
  type PortalSession,
  type SearchIndexStatus,
  type SearchIndexType,
} from '@portal/contracts';
import { createHttpClient, type HttpClient, type HttpClientOptions } from './http';
import type { ListMeta } from './platform';

// TYPES: aligned with apps/server/src/portal (routes-me.ts, routes-roles.ts, routes-apiclients.ts,
// portal-user.ts, role-groups.ts). Change them together.

/** The fixed role group ids of every marketplace, in roles-page order. */
export const ROLE_GROUP_IDS = [
  'full-access',
  'admin',
  'custom-group-1',
  'custom-group-2',
  'custom-group-3',
  'custom-group-4',
] as const;
export type RoleGroupId = (typeof ROLE_GROUP_IDS)[number];

/** `GET /me`: the signed-in user in the current marketplace. */
export interface PortalUser {
  Email: string;
  Name: string;
  /** Platform roles the developer token carries. */
  OcRoles: string[];
  ScPermissionGrants: Grants;
  RoleGroupIds: RoleGroupId[];
  IsOrganizationAdmin: boolean;
}

/** `GET /marketplace`: the shared contract, whose `Kind` says whether the marketplace is hosted or connected. */
export type Marketplace = MarketplaceInfo;

/** A role group as the roles page edits it (the body of `PUT /marketplace/roles/{id}`). */
export interface RoleGroupInput extends Grants {
  Id: RoleGroupId;
  Name: string;
  OcRoles: string[];
}

/** A role group as the portal answers it, with its members' emails. */
export interface RoleGroup extends RoleGroupInput {
  Members: string[];
}

/** `GET /marketplace/token`: a platform token (developer, or impersonation with clientId and username). */
export interface PlatformToken {
  access_token: string;
  expires_in: number;
  token_type: string;
}

/** An API client as the impersonation picker shows it. */
export interface PortalApiClient {
  Id: string;
  AppName: string | null;
  Active: boolean;
  AllowAnyBuyer: boolean;
  AllowSeller: boolean;
  AllowAnySeller: boolean;
  AllowAnySupplier: boolean;
  IsAnonBuyer: boolean;
  AssignedBuyerCount: number;
  AssignedSupplierCount: number;
}

/** A user who signs in through an API client (spec 1 §3 "Impersonation user"). */
export interface ImpersonationUser {
  ID: string;
  Username: string;
  UserInteropId: string;
  CompanyName: string | null;
  CompanyInteropId: string;
  CommerceRole: 'Buyer' | 'Seller' | 'Supplier';
  ClientId: string;
  FirstName: string | null;
  LastName: string | null;
  Email: string | null;
}

/** A page of portal list results (`Meta` is the platform's paging, passed through). */
export interface PortalPage<T> {
  Items: T[];
  Meta?: ListMeta;
}

/** The kinds of search index and their states (spec 1 §3), as the servers declare them. */
export { GRANTS, SEARCH_INDEX_TYPES, type Grant, type Grants, type SearchIndexStatus, type SearchIndexType };

/** A search index of a marketplace (spec 1 §3), as `GET /searchindexes?type=` lists it. */
export interface SearchIndex {
  IndexID: string;
  Type: SearchIndexType;
  Status: SearchIndexStatus;
  /** 0-100 while building. */
  PercentComplete: number;
  DateCreated: string;
  IsActiveIndex: boolean;
  /** When the build ended (Ready or Failed); absent while it runs. */
  DateCompleted?: string | null;
  /** Documents the build read. */
  TotalCount?: number | null;
  /** Documents the build put in the index. */
  DocumentCount?: number | null;
  /** Documents the build rejected (the errors list may hold fewer: the platform logs the first ones). */
  RejectedCount?: number | null;
  /** Seconds from the start of the build to its end; null while it runs. */
  BuildSeconds?: number | null;
}

/** One document a build rejected (spec 1 §3 "Index error"). */
export interface SearchIndexError {
  /** The product or order id. */
  ThingID: string;
  FailedOn: string;
  ErrorText: string;
}

/** The captcha answer every self-service trigger sends (spec 1 §7). */
export interface CaptchaAnswer {
  Recaptcha: { Token: string };
}

/** Where the portal service is mounted in the embedded setup (ARCHITECTURE §2). */
export const DEFAULT_PORTAL_BASE_URL = '/portal-api';

/** The portal service client; every call carries the identity provider's access token. */
export interface PortalClient {
  readonly http: HttpClient;
  getMe(): Promise<PortalUser>;
  /** The render gate's one call: user, marketplace, developer token and where the prepared description is. */
  getSession(): Promise<PortalSession<PortalUser>>;
  /** A prepared description's text, from the URL the session named (immutable: the browser caches it). */
  getDescriptionText(url: string): Promise<string>;
  getGrants(): Promise<{ ScPermissionGrants: Grants }>;
  getMarketplace(): Promise<Marketplace>;
  listRoleGroups(): Promise<{ Items: RoleGroup[] }>;
  getRoleGroup(id: RoleGroupId): Promise<RoleGroup>;
  saveRoleGroup(id: RoleGroupId, group: RoleGroupInput): Promise<RoleGroup>;
  listRoleGroupMembers(id: RoleGroupId): Promise<{ Items: { Email: string }[] }>;
  addRoleGroupMember(id: RoleGroupId, email: string): Promise<void>;
  removeRoleGroupMember(id: RoleGroupId, email: string): Promise<void>;
  /** The developer token: a platform token with the user's OcRoles. */
  getDeveloperToken(): Promise<PlatformToken>;
  /** A platform token acting as `username` of `clientId`; needs the matching Impersonate* grant. */
  getImpersonationToken(clientId: string, username: string): Promise<PlatformToken>;
  /** API clients, 100 a page (spec 1 §9), optionally filtered by a search term. */
  listApiClients(query?: { search?: string; page?: number }): Promise<PortalPage<PortalApiClient>>;
  listApiClientUsers(
    clientId: string,
    query?: { search?: string; page?: number; pageSize?: number },
  ): Promise<PortalPage<ImpersonationUser>>;
  listSearchIndexes(type: SearchIndexType): Promise<{ SearchIndexes: SearchIndex[] }>;
  listSearchIndexErrors(indexId: string): Promise<{ SearchIndexErrors: SearchIndexError[] }>;
  /**
   * Starts a rebuild of the active index; `id` is the signed-in user's subject (spec 1 §7). Answers the new
   * index that will replace it (the spec leaves the shape open).
   */
  rebuildSearchIndex(indexId: string, body: CaptchaAnswer & { id: string }): Promise<SearchIndex | undefined>;
  /** The organization's marketplaces, hosted and connected, and whether the caller may change them (issue 21). */
  listMarketplaces(): Promise<MarketplaceList>;
  /** Connects a marketplace elsewhere; a refused check is a 400 naming the step and the field. */
  connectMarketplace(input: ConnectMarketplaceInput): Promise<MarketplaceSaved>;
  /** Renames a connected marketplace and/or replaces its client secret (the checks run again for a secret). */
  editMarketplace(id: string, input: EditMarketplaceInput): Promise<MarketplaceSaved>;
  /** Forgets a connected marketplace; nothing on the marketplace itself changes. */
  disconnectMarketplace(id: string): Promise<void>;
}

/**
 * Creates the portal service client.
 *
 * @example
 * const portal = createPortalClient({ getToken: () => session.accessToken });
 * const { CoreApiUrl } = await portal.getMarketplace();
 */
export function createPortalClient(options: Partial<HttpClientOptions> = {}): PortalClient {
  const http = createHttpClient({ ...options, baseUrl: options.baseUrl ?? DEFAULT_PORTAL_BASE_URL });
  const role = (id: RoleGroupId) => `/marketplace/roles/${encodeURIComponent(id)}`;
  return {
    http,
    getMe: () => http.get('/me'),
    getSession: () => http.get('/session'),
    // The session's URL starts with the service's own mount point; the client's base adds it again.
    getDescriptionText: (url) =>
      http.request(url.startsWith(`${DEFAULT_PORTAL_BASE_URL}/`) ? url.slice(DEFAULT_PORTAL_BASE_URL.length) : url, {
        responseAs: 'text',
      }),
    getGrants: () => http.get('/me/grants'),
    getMarketplace: () => http.get('/marketplace'),
    listRoleGroups: () => http.get('/marketplace/roles'),
    getRoleGroup: (id) => http.get(role(id)),
    saveRoleGroup: (id, group) => http.put(role(id), group),
    listRoleGroupMembers: (id) => http.get(`${role(id)}/members`),
    addRoleGroupMember: (id, email) => http.put(`${role(id)}/members/${encodeURIComponent(email)}`),
    removeRoleGroupMember: (id, email) => http.delete(`${role(id)}/members/${encodeURIComponent(email)}`),
    getDeveloperToken: () => http.get('/marketplace/token'),
    getImpersonationToken: (clientId, username) => http.get('/marketplace/token', { clientId, username }),
    listApiClients: (query = {}) => http.get('/apiclients', { pageSize: 100, ...query }),
    listApiClientUsers: (clientId, query = {}) => http.get(`/apiclients/${encodeURIComponent(clientId)}/users`, query),
    listSearchIndexes: (type) => http.get('/searchindexes', { type }),
    listSearchIndexErrors: (indexId) => http.get(`/searchindexes/${encodeURIComponent(indexId)}/errors`),
    rebuildSearchIndex: (indexId, body) => http.post(`/searchindexes/${encodeURIComponent(indexId)}/rebuild`, body),
    listMarketplaces: () => http.get('/marketplaces'),
    connectMarketplace: (input) => http.post('/marketplaces', input),
    editMarketplace: (id, input) => http.patch(`/marketplaces/${encodeURIComponent(id)}`, input),
    disconnectMarketplace: (id) => http.delete(`/marketplaces/${encodeURIComponent(id)}`),
  };
}
