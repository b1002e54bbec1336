import type { MarketplaceInfo, MarketplaceKind, SignInUser } from '@portal/contracts';
import type { DeveloperProfile } from '../developer-profile.ts';
import type { ListParams, MgmtApiClient, MgmtListPage, PlatformTokenResponse } from '../platform-client.ts';

/*
 * "A marketplace the portal talks to" (issue 21): the routes hold one of these and do not know whether it is a
 * hosted marketplace (the product's own platform, through its management API) or a connected one (another
 * platform, through its public API with the API client the organization stored).
 */
export interface MarketplaceLink {
  readonly kind: MarketplaceKind;
  /** The marketplace id, which is the tenant name the caller signed in to. */
  readonly id: string;
  /** What `GET /portal-api/marketplace` answers. */
  describe(): Promise<MarketplaceInfo>;
  /** A token for a portal user carrying at most `roles` (the user's role groups' roles). */
  developerToken(
    username: string,
    roles: readonly string[],
    profile?: DeveloperProfile,
  ): Promise<PlatformTokenResponse>;
  /**
   * A token acting as `user`, who signs in through `clientId`, asked for as `username` (the name as typed; usernames
   * compare without case). The caller's grants were checked before.
   */
  impersonationToken(clientId: string, username: string, user: SignInUser): Promise<PlatformTokenResponse>;
  listApiClients(params: ListParams): Promise<MgmtListPage<MgmtApiClient>>;
  /** The users who can sign in through `clientId`, for the impersonation picker. */
  listClientUsers(clientId: string, params: ListParams): Promise<MgmtListPage<SignInUser>>;
  /** The roles a role group may carry: those of the marketplace's own API description. */
  allowedRoles(): Promise<ReadonlySet<string>>;
}
