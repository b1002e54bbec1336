import type { Db } from '../../db/database.ts';
import { marketplaces } from '../db/schema.ts';
import type { Item } from '../engine/item.ts';
import { userItem, type SeedContext } from './common.ts';

export type Environment = 'Sandbox' | 'Staging' | 'Production';

export interface MarketplaceDefinition {
  id: string;
  name: string;
  environment: Environment;
}

/** The three demo marketplaces, one per environment the portal knows. */
export const DEMO_MARKETPLACES: readonly MarketplaceDefinition[] = [
  { id: 'demo-sandbox', name: 'Demo Sandbox', environment: 'Sandbox' },
  { id: 'demo-staging', name: 'Demo Staging', environment: 'Staging' },
  { id: 'demo-production', name: 'Demo Production', environment: 'Production' },
];

export const REGION = { id: 'local', name: 'Local' } as const;

/** Demo sign-ins, printed by the server when it is ready. */
export const DEMO_PASSWORDS = {
  admin: 'Demo-Admin-1',
  buyer: 'Demo-Buyer-1',
  supplier: 'Demo-Supplier-1',
} as const;
export const ADMIN_USERNAME = 'admin';
export const FULL_ACCESS_PROFILE = 'full-access';

/** The admin API client of a marketplace: admin users sign in through it without a secret. */
export const adminClientId = (marketplaceId: string): string => `${marketplaceId}-admin`;

/**
 * Creates the marketplace row; false when it already exists (another process got there first), so
 * the caller leaves its data alone.
 */
export async function insertMarketplace(db: Db, definition: MarketplaceDefinition): Promise<boolean> {
  const inserted = await db
    .insert(marketplaces)
    .values({
      id: definition.id,
      name: definition.name,
      environment: definition.environment,
      regionId: REGION.id,
      regionName: REGION.name,
    })
    .onConflictDoNothing()
    .returning({ id: marketplaces.id });
  return inserted.length > 0;
}

/** An API client with every flag given explicitly, as an admin would fill the form. */
export function apiClientItem(fields: Item): Item {
  return {
    Active: true,
    AccessTokenDuration: 600,
    RefreshTokenDuration: 43_200,
    AnonymousTokenDuration: 10_080,
    AllowAnyBuyer: false,
    AllowAnySupplier: false,
    AllowSeller: false,
    IsAnonBuyer: false,
    AssignedBuyerCount: 0,
    AssignedSupplierCount: 0,
    xp: {},
    ...fields,
  };
}

/**
 * What every marketplace starts with: a FullAccess security profile assigned at marketplace level
 * (so it applies to every admin user), the `admin` user, and an admin API client allowing seller
 * sign-ins with no client secret, so the portal's console can sign in straight away.
 */
export function addAdminAccess(context: SeedContext, definition: MarketplaceDefinition): void {
  const { writer } = context;
  writer.add('SecurityProfiles', [], {
    ID: FULL_ACCESS_PROFILE,
    Name: 'Full Access',
    Roles: ['FullAccess'],
    CustomRoles: [],
    IsExternalRoleGroup: false,
  });
  writer.assign('SecurityProfileAssignment', [], { SecurityProfileID: FULL_ACCESS_PROFILE });
  writer.add(
    'AdminUsers',
    [],
    userItem(context, {
      id: ADMIN_USERNAME,
      username: ADMIN_USERNAME,
      person: { first: 'Alex', last: 'Rivera' },
      domain: 'marketplace-ops.example.com',
      companyId: definition.id,
      createdDaysAgo: 1000,
      phone: '303-555-0100',
      xp: { Title: 'Marketplace Administrator' },
    }),
    { Password: context.hashes.admin },
  );
  writer.add(
    'ApiClients',
    [],
    apiClientItem({
      ID: adminClientId(definition.id),
      AppName: `${definition.name} Admin`,
      AllowSeller: true,
      // The subscription integration needs a client with a context user. Without a ClientSecret
      // the client-credentials grant stays closed, so this signs nobody in by itself.
      DefaultContextUserName: ADMIN_USERNAME,
      xp: { Purpose: 'Admin console and portal sign-in' },
    }),
  );
}
