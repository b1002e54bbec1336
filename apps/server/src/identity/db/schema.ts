import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgSchema, primaryKey, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

export const identitySchema = pgSchema('identity');

/**
 * Storage of the OpenID provider's models (sessions, grants, codes, tokens, interactions), one row
 * per model instance. `expires_at` lets the clean-up job remove what the provider no longer needs.
 */
export const oidcModels = identitySchema.table(
  'oidc_models',
  {
    kind: text('kind').notNull(),
    id: text('id').notNull(),
    payload: jsonb('payload').notNull(),
    grantId: text('grant_id'),
    userCode: text('user_code'),
    uid: text('uid'),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    consumedAt: timestamp('consumed_at', { withTimezone: true }),
  },
  (table) => [
    primaryKey({ columns: [table.kind, table.id] }),
    index('oidc_models_grant_id_idx').on(table.grantId),
    index('oidc_models_uid_idx').on(table.uid),
    index('oidc_models_expires_at_idx').on(table.expiresAt),
  ],
);

/**
 * Secrets the provider needs to be the same across restarts and processes (cookie signing keys,
 * the token signing key set): created by the first process to start, read by every later one.
 */
export const providerSecrets = identitySchema.table('provider_secrets', {
  name: text('name').primaryKey(),
  value: jsonb('value').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** A customer organization; its marketplaces are its tenants. */
export const organizations = identitySchema.table('organizations', {
  id: text('id').primaryKey(),
  name: text('name').notNull(),
  /** Kind of customer, e.g. `Enterprise`; issued as the organization type claim. */
  type: text('type').notNull(),
  /** The organization's billing account, issued as the organization account id claim. */
  accountId: text('account_id').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

export const users = identitySchema.table(
  'users',
  {
    id: text('id').primaryKey(),
    /** Stored lower-case so that sign-in and uniqueness ignore case. */
    email: text('email').notNull(),
    name: text('name').notNull(),
    givenName: text('given_name'),
    familyName: text('family_name'),
    picture: text('picture'),
    passwordHash: text('password_hash').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastLoginAt: timestamp('last_login_at', { withTimezone: true }),
  },
  (table) => [
    uniqueIndex('users_email_key').on(table.email),
    check('users_email_lower_case', sql`${table.email} = lower(${table.email})`),
  ],
);

/** A user's role in an organization; a user may hold several roles in one organization. */
export const memberships = identitySchema.table(
  'memberships',
  {
    organizationId: text('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    role: text('role').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.organizationId, table.userId, table.role] }),
    index('memberships_user_id_idx').on(table.userId),
    check(
      'memberships_role_known',
      sql`${table.role} IN ('Organization Owner', 'Organization Admin', 'Organization User')`,
    ),
  ],
);

/** A marketplace an organization owns; `name` is the platform's marketplace id. */
export const tenants = identitySchema.table(
  'tenants',
  {
    id: text('id').primaryKey(),
    organizationId: text('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    displayName: text('display_name').notNull(),
    /** The platform system the tenant lives on (the marketplace id on the commerce platform). */
    systemId: text('system_id').notNull(),
    state: text('state').notNull().default('Active'),
    /** Portal address for the tenant; null means this server's own portal for it. */
    url: text('url'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('tenants_organization_name_key').on(table.organizationId, table.name),
    index('tenants_system_id_idx').on(table.systemId),
    check('tenants_state_known', sql`${table.state} IN ('Active', 'Inactive')`),
  ],
);

/**
 * Sign-in attempts since the last success, per account and per client address (sign-in-throttle.ts).
 * Kept in the database so every server process sees the same counts; unknown accounts get rows too,
 * so they behave exactly like known ones.
 */
export const signInThrottle = identitySchema.table(
  'sign_in_throttle',
  {
    /** `account:<SHA-256 of the normalised email>` (never what was typed) or `address:<client IP>`. */
    subject: text('subject').primaryKey(),
    attempts: integer('attempts').notNull(),
    lastAttemptAt: timestamp('last_attempt_at', { withTimezone: true }).notNull(),
    /** No attempt is admitted before this time; null when none is required. */
    waitUntil: timestamp('wait_until', { withTimezone: true }),
  },
  (table) => [
    index('sign_in_throttle_last_attempt_at_idx').on(table.lastAttemptAt),
    check('sign_in_throttle_attempts_positive', sql`${table.attempts} >= 0`),
  ],
);
