import type { MarketplaceList, MarketplaceListItem } from '@portal/contracts';
import type { Db } from '../../db/database.ts';
import type { TenantRow } from '../../identity/directory.ts';
import { listActiveOrganizationTenants } from '../../identity/tenant-queries.ts';
import type { PlatformClient } from '../platform-client.ts';
import { listConnectedMarketplaces, type ConnectedMarketplace } from './store.ts';

/*
 * The rows of the Marketplaces page (`GET /marketplaces`): the organization's hosted marketplaces (its active tenants
 * that are not connected ones), described by the platform, then its connected marketplaces by name.
 */

/** What a hosted marketplace shows when the platform cannot describe it: listed, its facts unknown. */
export const UNKNOWN_ENVIRONMENT = 'Unknown';

export function connectedItem(marketplace: ConnectedMarketplace): MarketplaceListItem {
  return {
    ID: marketplace.id,
    Name: marketplace.name,
    Environment: marketplace.environment,
    Region: null,
    ApiUrl: marketplace.apiUrl,
    Kind: 'Connected',
    ClientID: marketplace.clientId,
    LastReachedAt: marketplace.lastReachedAt?.toISOString() ?? null,
    LastError: marketplace.lastError,
  };
}

/** A hosted marketplace as the platform describes it; the tenant's own name when the platform cannot. */
async function hostedItem(platform: PlatformClient, tenant: TenantRow): Promise<MarketplaceListItem> {
  const base = { ID: tenant.name, Kind: 'Hosted' as const, ClientID: null, LastReachedAt: null, LastError: null };
  try {
    // The portal's marketplace id is the tenant's name, as in every other route (the token's tenantName).
    const marketplace = await platform.getMarketplace(tenant.name);
    return {
      ...base,
      Name: marketplace.Name || tenant.displayName,
      Environment: marketplace.Environment,
      Region: marketplace.Region?.Name ?? null,
      ApiUrl: `${marketplace.CoreApiUrl.replace(/\/+$/, '')}/v1`,
    };
  } catch {
    // One marketplace the platform cannot describe (gone, or the platform briefly down) must not empty the page.
    return { ...base, Name: tenant.displayName, Environment: UNKNOWN_ENVIRONMENT, Region: null, ApiUrl: '' };
  }
}

/** The organization's active tenants that are hosted (not one of its connected marketplaces), in tenant order. */
export async function hostedTenants(db: Db, organizationId: string, connected?: ConnectedMarketplace[]) {
  const connectedIds = new Set(
    (connected ?? (await listConnectedMarketplaces(db, organizationId))).map((item) => item.id),
  );
  const tenants = await listActiveOrganizationTenants(db, organizationId);
  return tenants.filter((tenant) => !connectedIds.has(tenant.name));
}

export async function marketplaceList(
  db: Db,
  platform: PlatformClient,
  organizationId: string,
  canManage: boolean,
): Promise<MarketplaceList> {
  const connected = await listConnectedMarketplaces(db, organizationId);
  const hosted = await hostedTenants(db, organizationId, connected);
  const hostedItems = await Promise.all(hosted.map((tenant) => hostedItem(platform, tenant)));
  return { Items: [...hostedItems, ...connected.map(connectedItem)], CanManage: canManage };
}
