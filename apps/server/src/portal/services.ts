import type { PrivateAddressPolicy } from '../config.ts';
import type { Db } from '../db/database.ts';
import type { AllowedRoles } from './allowed-roles.ts';
import type { SecretBox } from './connected/secret-box.ts';
import type { DeveloperTokens } from './developer-tokens.ts';
import type { MarketplaceLinks } from './marketplace/resolve.ts';
import type { PlatformClient } from './platform-client.ts';

/** What the portal's route modules share, built once per plugin instance. */
export interface PortalServices {
  db: Db;
  platform: PlatformClient;
  allowedRoles: AllowedRoles;
  /**
   * The box sealing connected marketplaces' client secrets, loaded on first use: a server on PostgreSQL without
   * PORTAL_SECRETS_KEY still starts, and only connecting (or calling) a connected marketplace fails, saying why.
   */
  secretBox: () => Promise<SecretBox>;
  /** Which private addresses a connected marketplace may have (CONNECTED_ALLOW_PRIVATE_ADDRESSES). */
  privateAddresses: PrivateAddressPolicy;
  /**
   * The marketplace a caller signed in to, hosted or connected (issue 21): routes call `marketplaceFor(services,
   * caller)` and do not know which they hold. `platform` stays for the self-service tools, which are hosted only.
   */
  marketplaces: MarketplaceLinks;
  /** Developer tokens kept per user and role set, so a page load does not mint one each time (issue 22). */
  developerTokens: DeveloperTokens;
}
