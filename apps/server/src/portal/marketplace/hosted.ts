import type { MarketplaceInfo } from '@portal/contracts';
import type { AllowedRoles } from '../allowed-roles.ts';
import type { PlatformClient } from '../platform-client.ts';
import type { MarketplaceLink } from './link.ts';

/** A marketplace of the product's own platform: every call goes to the management API, as before issue 21. */
export function hostedMarketplace(platform: PlatformClient, allowedRoles: AllowedRoles, id: string): MarketplaceLink {
  const describe = async (): Promise<MarketplaceInfo> => {
    const marketplace = await platform.getMarketplace(id);
    return {
      Id: marketplace.Id,
      Name: marketplace.Name,
      OcEnvironment: marketplace.Environment,
      Region: { Id: marketplace.Region?.Id ?? null, Name: marketplace.Region?.Name ?? null },
      CoreApiUrl: marketplace.CoreApiUrl,
      Kind: 'Hosted',
    };
  };
  return {
    kind: 'Hosted',
    id,
    describe,
    developerToken: (username, roles, profile) => platform.mintDeveloperToken(id, username, roles, profile),
    impersonationToken: (clientId, username) => platform.mintImpersonationToken(id, clientId, username),
    listApiClients: (params) => platform.listApiClients(id, params),
    listClientUsers: (clientId, params) => platform.listClientUsers(id, clientId, params),
    allowedRoles: async () => allowedRoles((await platform.getMarketplace(id)).CoreApiUrl),
  };
}
