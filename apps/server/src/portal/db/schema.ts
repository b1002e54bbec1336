import {
  bigint,
  boolean,
  foreignKey,
  index,
  jsonb,
  pgSchema,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

export const portalSchema = pgSchema('portal');

/**
 * The role groups of a marketplace: always the six fixed ids (created on first use), each with the
 * platform roles its members' developer tokens carry and the eight portal grants.
 */
export const roleGroups = portalSchema.table(
  'role_groups',
  {
    marketplaceId: text('marketplace_id').notNull(),
    id: text('id').notNull(),
    name: text('name').notNull(),
    ocRoles: jsonb('oc_roles').$type<string[]>().notNull().default([]),
    impersonateBuyer: boolean('impersonate_buyer').notNull().default(false),
    impersonateSeller: boolean('impersonate_seller').notNull().default(false),
    impersonateSupplier: boolean('impersonate_supplier').notNull().default(false),
    indexAdmin: boolean('index_admin').notNull().default(false),
    syncAdmin: boolean('sync_admin').notNull().default(false),
    stagingRestoreAdmin: boolean('staging_restore_admin').notNull().default(false),
    subscriptionAdmin: boolean('subscription_admin').notNull().default(false),
    roleGroupsAdmin: boolean('role_groups_admin').notNull().default(false),
    auditReader: boolean('audit_reader').notNull().default(false),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.marketplaceId, table.id] })],
);

/** Which signed-in user (by lower-cased email) is in which role group; a user may be in several. */
export const memberships = portalSchema.table(
  'memberships',
  {
    marketplaceId: text('marketplace_id').notNull(),
    roleGroupId: text('role_group_id').notNull(),
    email: text('email').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.marketplaceId, table.roleGroupId, table.email] }),
    // `GET /me` looks a user's groups up by email on every page load.
    index('memberships_email_idx').on(table.marketplaceId, table.email),
    foreignKey({
      columns: [table.marketplaceId, table.roleGroupId],
      foreignColumns: [roleGroups.marketplaceId, roleGroups.id],
    }).onDelete('cascade'),
  ],
);

/**
 * Captcha solutions already used: each solved challenge is accepted once (a replay is a 403), in
 * every process, until it expires and the row can go.
 */
export const usedCaptchas = portalSchema.table(
  'used_captchas',
  {
    challengeId: text('challenge_id').primaryKey(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (table) => [index('used_captchas_expires_idx').on(table.expiresAt)],
);

/**
 * Product-usage events (spec 1 §1, docs/analytics.md): which feature a portal user used, when, in which organization
 * and marketplace. The user is the sign-in subject; no request bodies, tokens or email addresses are stored. Rows
 * older than the retention are pruned daily.
 */
export const usageEvents = portalSchema.table(
  'usage_events',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    organizationId: text('organization_id').notNull(),
    marketplaceId: text('marketplace_id').notNull(),
    userId: text('user_id').notNull(),
    name: text('name').notNull(),
    props: jsonb('props').$type<Record<string, string>>().notNull().default({}),
    occurredAt: timestamp('occurred_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    // The usage page reads one organization's recent weeks; the prune reads by time alone.
    index('usage_events_organization_idx').on(table.organizationId, table.occurredAt),
    index('usage_events_occurred_idx').on(table.occurredAt),
  ],
);

/**
 * Marketplaces an organization runs on another platform and connected by their API address and an API client
 * (issue 21, docs/connected-marketplaces.md). The client secret is stored sealed (portal/connected/secret-box.ts),
 * never as typed. `last_reached_at` / `last_error` are what the portal saw the last time it called the marketplace.
 */
export const connectedMarketplaces = portalSchema.table(
  'connected_marketplaces',
  {
    id: text('id').primaryKey(),
    organizationId: text('organization_id').notNull(),
    name: text('name').notNull(),
    environment: text('environment').$type<'Sandbox' | 'Staging' | 'Production'>().notNull(),
    apiUrl: text('api_url').notNull(),
    clientId: text('client_id').notNull(),
    sealedClientSecret: text('sealed_client_secret').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    lastReachedAt: timestamp('last_reached_at', { withTimezone: true }),
    lastError: text('last_error'),
  },
  // Names are how people tell marketplaces apart in the tenant choice, so one organization cannot repeat one.
  (table) => [uniqueIndex('connected_marketplaces_name_idx').on(table.organizationId, table.name)],
);
