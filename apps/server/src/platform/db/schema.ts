import { sql } from 'drizzle-orm';
import { bigserial, index, jsonb, pgSchema, primaryKey, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

export const platformSchema = pgSchema('platform');

/** One row per marketplace (an isolated tenant of the platform). */
export const marketplaces = platformSchema.table('marketplaces', {
  id: text('id').primaryKey(),
  name: text('name').notNull(),
  environment: text('environment').notNull(),
  regionId: text('region_id').notNull(),
  regionName: text('region_name').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Name of the index that keeps API client ids unique platform-wide; a violation of it is a 409. */
export const API_CLIENT_ID_INDEX = 'documents_api_client_id_idx';

/**
 * Every object of every resource: the JSON the API shows in `body`, write-only values (password
 * hashes) in `secret`, never returned. Nested resources keep their parent ids in `parent_key`.
 */
export const documents = platformSchema.table(
  'documents',
  {
    marketplaceId: text('marketplace_id').notNull(),
    resource: text('resource').notNull(),
    parentKey: text('parent_key').notNull().default(''),
    id: text('id').notNull(),
    body: jsonb('body').notNull(),
    secret: jsonb('secret'),
    /** The body with every text lower-cased: case-insensitive equality filters use its GIN index. */
    search: jsonb('search').generatedAlwaysAs(sql`lower(body::text)::jsonb`),
    seq: bigserial('seq', { mode: 'number' }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.marketplaceId, table.resource, table.parentKey, table.id] }),
    index('documents_body_idx').using('gin', sql`${table.body} jsonb_path_ops`),
    index('documents_search_idx').using('gin', sql`${table.search} jsonb_path_ops`),
    index('documents_lower_id_idx').on(table.marketplaceId, table.resource, sql`lower(${table.id})`),
    // The token endpoint finds the marketplace from the client id alone, so an API client id is
    // unique across every marketplace, not only within one (the primary key's scope).
    uniqueIndex(API_CLIENT_ID_INDEX)
      .on(table.id)
      .where(sql`${table.resource} = 'ApiClients' AND ${table.parentKey} = ''`),
  ],
);

/** Assignment records (product to buyer, user to group, ...), identified by their key fields. */
export const assignments = platformSchema.table(
  'assignments',
  {
    marketplaceId: text('marketplace_id').notNull(),
    kind: text('kind').notNull(),
    parentKey: text('parent_key').notNull().default(''),
    key: text('key').notNull(),
    body: jsonb('body').notNull(),
    seq: bigserial('seq', { mode: 'number' }).notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.marketplaceId, table.kind, table.parentKey, table.key] }),
    index('assignments_body_idx').using('gin', sql`${table.body} jsonb_path_ops`),
  ],
);

/** RS256 keys that sign access tokens; the newest signs, all verify until removed. */
export const signingKeys = platformSchema.table('signing_keys', {
  kid: text('kid').primaryKey(),
  privateJwk: jsonb('private_jwk').notNull(),
  publicJwk: jsonb('public_jwk').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Refresh tokens, stored hashed; the token itself is only ever known to the client. */
export const refreshTokens = platformSchema.table(
  'refresh_tokens',
  {
    tokenHash: text('token_hash').primaryKey(),
    marketplaceId: text('marketplace_id').notNull(),
    clientId: text('client_id').notNull(),
    subject: jsonb('subject').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (table) => [index('refresh_tokens_expires_idx').on(table.expiresAt)],
);
