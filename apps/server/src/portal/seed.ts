import { eq } from 'drizzle-orm';
import type { Config } from '../config.ts';
import type { Database } from '../db/database.ts';
import { memberships, roleGroups } from './db/schema.ts';
import { DEFAULT_ROLE_GROUPS, insertDefaultRoleGroups, NO_GRANTS, type RoleGroup } from './role-groups.ts';

/** The demo marketplaces the platform seeds (tenant names of the demo organization). */
export const DEMO_MARKETPLACE_IDS = ['demo-sandbox', 'demo-staging', 'demo-production'] as const;
export const DEMO_DEVELOPER_EMAIL = 'dev@demo.example';

/**
 * A developer's profile: builds the catalogue and works with orders, reads buyers and API clients
 * to test as a buyer, and no access to security settings or integrations.
 */
export const DEVELOPERS_GROUP: RoleGroup = {
  Id: 'custom-group-1',
  Name: 'Developers',
  OcRoles: [
    'ProductAdmin',
    'PriceScheduleAdmin',
    'ProductFacetAdmin',
    'PromotionAdmin',
    'CatalogAdmin',
    'CategoryAdmin',
    'OrderAdmin',
    'ShipmentAdmin',
    'BuyerReader',
    'BuyerUserReader',
    'ApiClientReader',
    'MeAdmin',
    'MeXpAdmin',
  ],
  ...NO_GRANTS,
  IndexAdmin: true,
  ImpersonateBuyer: true,
};

/**
 * First-start demo data: the default role groups of each demo marketplace, with custom group 1 as
 * 'Developers' holding the demo developer. A marketplace that has role groups already is left
 * alone, so an admin's later changes survive every restart.
 */
export async function seedPortalDemo(database: Database, _config: Config): Promise<void> {
  const groups = DEFAULT_ROLE_GROUPS.map((group) => (group.Id === DEVELOPERS_GROUP.Id ? DEVELOPERS_GROUP : group));
  for (const marketplaceId of DEMO_MARKETPLACE_IDS) {
    await database.db.transaction(async (tx) => {
      const existing = await tx
        .select({ id: roleGroups.id })
        .from(roleGroups)
        .where(eq(roleGroups.marketplaceId, marketplaceId))
        .limit(1);
      if (existing.length > 0) return;
      await insertDefaultRoleGroups(tx, marketplaceId, groups);
      await tx
        .insert(memberships)
        .values({ marketplaceId, roleGroupId: DEVELOPERS_GROUP.Id, email: DEMO_DEVELOPER_EMAIL })
        .onConflictDoNothing();
    });
  }
}
