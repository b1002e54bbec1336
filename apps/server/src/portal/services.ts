import type { Db } from '../db/database.ts';
import type { AllowedRoles } from './allowed-roles.ts';
import type { PlatformClient } from './platform-client.ts';

/** What the portal's route modules share, built once per plugin instance. */
export interface PortalServices {
  db: Db;
  platform: PlatformClient;
  allowedRoles: AllowedRoles;
}
