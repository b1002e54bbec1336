import { createHttpClient, type HttpClient, type HttpClientOptions } from './http';

// TYPES: aligned with apps/server/src/inventory/tenant-routes.ts. Change them together.

/** A tenant: one marketplace the organization owns (spec 1 §3). */
export interface Tenant {
  id: string;
  name: string;
  displayName: string;
  organizationId: string;
  /** The marketplace id on the commerce platform. */
  systemId: string;
  state: 'Active' | 'Inactive';
  /** ISO date-time. */
  createdAt: string;
  /** `annotations.URL` is the portal address for this tenant. */
  annotations: { URL: string };
}

/** Query of `GET /inventory/tenants` (spec 1 §7); `pagesize` defaults to 20 (§9), at most 100. */
export interface TenantQuery {
  pagenumber?: number;
  pagesize?: number;
  state?: Tenant['state'];
  organizationId?: string;
  systemId?: string;
  name?: string;
}

/** One page of tenants. */
export interface TenantList {
  items: Tenant[];
  totalCount: number;
  pageNumber: number;
  pageSize: number;
}

/** Where the inventory is mounted in the embedded setup (ARCHITECTURE §2). */
export const DEFAULT_INVENTORY_BASE_URL = '/inventory';
/** Tenant list page size (spec 1 §9). */
export const TENANT_PAGE_SIZE = 20;

/** The tenant inventory client; calls carry the identity provider's access token. */
export interface InventoryClient {
  readonly http: HttpClient;
  /** Active tenants, 20 a page, unless the query says otherwise. */
  listTenants(query?: TenantQuery): Promise<TenantList>;
  getTenant(id: string): Promise<Tenant>;
}

/**
 * Creates the inventory client.
 *
 * @example
 * const inventory = createInventoryClient({ getToken: () => session.accessToken });
 * const { items } = await inventory.listTenants({ organizationId });
 */
export function createInventoryClient(options: Partial<HttpClientOptions> = {}): InventoryClient {
  const http = createHttpClient({ ...options, baseUrl: options.baseUrl ?? DEFAULT_INVENTORY_BASE_URL });
  return {
    http,
    listTenants: (query = {}) =>
      http.get('/tenants', { pagenumber: 1, pagesize: TENANT_PAGE_SIZE, state: 'Active', ...query }),
    getTenant: (id) => http.get(`/tenants/${encodeURIComponent(id)}`),
  };
}
