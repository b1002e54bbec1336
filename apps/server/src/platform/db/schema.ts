import { sql } from 'drizzle-orm';
import {
  bigserial,
  boolean,
  index,
  integer,
  jsonb,
  pgSchema,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

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

/**
 * RS256 keys that sign access tokens; the newest signs, all verify until removed. A rotation adds
 * a newer key and retires the others (`retired_at`); a retired key is removed once every token it
 * signed has expired: `tokens_expire_by` is moved past each token's expiry before the token is
 * handed out (null on keys from before this was recorded, which are therefore kept).
 */
export const signingKeys = platformSchema.table('signing_keys', {
  kid: text('kid').primaryKey(),
  privateJwk: jsonb('private_jwk').notNull(),
  publicJwk: jsonb('public_jwk').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  retiredAt: timestamp('retired_at', { withTimezone: true }),
  tokensExpireBy: timestamp('tokens_expire_by', { withTimezone: true }),
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

/**
 * Search indexes (ARCHITECTURE §4.5): per marketplace and type (Products, Orders), one active index
 * that `search` reads, older ones kept as a record, and at most one build in progress. `mapping`
 * holds the field types the build inferred (dotted path -> text, number, boolean or object).
 */
export const searchIndexes = platformSchema.table(
  'search_indexes',
  {
    id: text('id').primaryKey(),
    marketplaceId: text('marketplace_id').notNull(),
    type: text('type').notNull(),
    status: text('status').notNull(),
    isActive: boolean('is_active').notNull().default(false),
    percentComplete: integer('percent_complete').notNull().default(0),
    mapping: jsonb('mapping').notNull().default({}),
    documentCount: integer('document_count'),
    indexedCount: integer('indexed_count'),
    rejectedCount: integer('rejected_count'),
    /** Builds started for this index (a build interrupted by a crash is started again, up to a limit). */
    attempts: integer('attempts').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    startedAt: timestamp('started_at', { withTimezone: true }),
    /** Last sign of life of the build; a build silent for long was interrupted. */
    heartbeatAt: timestamp('heartbeat_at', { withTimezone: true }),
    completedAt: timestamp('completed_at', { withTimezone: true }),
  },
  (table) => [
    index('search_indexes_marketplace_idx').on(table.marketplaceId, table.type, table.createdAt),
    uniqueIndex('search_indexes_one_active_idx')
      .on(table.marketplaceId, table.type)
      .where(sql`${table.isActive}`),
    // One build at a time per marketplace and type, enforced by the database whatever the race.
    uniqueIndex('search_indexes_one_build_idx')
      .on(table.marketplaceId, table.type)
      .where(sql`${table.status} IN ('WaitingToBuild', 'Building')`),
  ],
);

/** The documents of an index: what `search` looks in (the searchable fields, lower-cased). */
export const searchEntries = platformSchema.table(
  'search_entries',
  {
    indexId: text('index_id').notNull(),
    thingId: text('thing_id').notNull(),
    fields: jsonb('fields').notNull(),
  },
  (table) => [primaryKey({ columns: [table.indexId, table.thingId] })],
);

/** Documents an index rejected because a value conflicts with its mapping. */
export const searchIndexErrors = platformSchema.table(
  'search_index_errors',
  {
    indexId: text('index_id').notNull(),
    thingId: text('thing_id').notNull(),
    failedOn: timestamp('failed_on', { withTimezone: true }).notNull().defaultNow(),
    errorText: text('error_text').notNull(),
  },
  (table) => [primaryKey({ columns: [table.indexId, table.thingId] })],
);

/** Every accepted rebuild request, counted against the hourly and weekly limits. */
export const searchRebuilds = platformSchema.table(
  'search_rebuilds',
  {
    marketplaceId: text('marketplace_id').notNull(),
    type: text('type').notNull(),
    indexId: text('index_id').notNull(),
    requestedAt: timestamp('requested_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('search_rebuilds_window_idx').on(table.marketplaceId, table.type, table.requestedAt)],
);

/**
 * A fresh random version for each committed write to a marketplace's products or orders (the
 * searchable types), kept by deferred triggers on `documents` (migration 0005). Lists of those
 * types keep their matches between calls and trust them only while the version read in the same
 * statement is unchanged (engine/kept-lists.ts).
 */
export const listVersions = platformSchema.table(
  'list_versions',
  {
    marketplaceId: text('marketplace_id').notNull(),
    resource: text('resource').notNull(),
    version: text('version').notNull(),
  },
  (table) => [primaryKey({ columns: [table.marketplaceId, table.resource] })],
);

/**
 * Signed JSON POSTs the platform sends (webhook payloads, sync batches, post-restore notifications),
 * one row per destination. The row is the truth: jobs claim it to send, a crash mid-send is retried
 * by the upkeep job. `body` is the exact text signed; `signing_key` and `headers` are never shown.
 */
export const deliveries = platformSchema.table(
  'deliveries',
  {
    id: text('id').primaryKey(),
    marketplaceId: text('marketplace_id').notNull(),
    /** What asked for it: Webhook, Sync, StagingRestore. */
    source: text('source').notNull(),
    /** The webhook, sync run or restore it belongs to. */
    sourceId: text('source_id'),
    payloadKind: text('payload_kind').notNull(),
    /** Url (a webhook's own), Http, SearchIngestion, or a kind this platform does not deliver to. */
    targetKind: text('target_kind').notNull(),
    target: text('target').notNull(),
    /** Pending, Sending, Retrying, Delivered, Failed or NotDelivered. */
    status: text('status').notNull(),
    itemCount: integer('item_count').notNull().default(0),
    body: text('body'),
    signingKey: text('signing_key'),
    headers: jsonb('headers').$type<Record<string, string>>().notNull().default({}),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }),
    claimedAt: timestamp('claimed_at', { withTimezone: true }),
    lastStatusCode: integer('last_status_code'),
    lastDurationMs: integer('last_duration_ms'),
    lastError: text('last_error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    completedAt: timestamp('completed_at', { withTimezone: true }),
  },
  (table) => [
    index('deliveries_marketplace_idx').on(table.marketplaceId, table.createdAt),
    index('deliveries_source_idx').on(table.sourceId),
    index('deliveries_due_idx')
      .on(table.nextAttemptAt)
      .where(sql`${table.status} IN ('Pending', 'Sending', 'Retrying')`),
  ],
);

/** Every attempt at a delivery: when, the answer's status code, how long it took, what went wrong. */
export const deliveryAttempts = platformSchema.table(
  'delivery_attempts',
  {
    deliveryId: text('delivery_id').notNull(),
    attempt: integer('attempt').notNull(),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull(),
    statusCode: integer('status_code'),
    durationMs: integer('duration_ms').notNull(),
    error: text('error'),
  },
  (table) => [primaryKey({ columns: [table.deliveryId, table.attempt] })],
);

/**
 * A sync (product, order or entity): read in batches by a job, each batch a delivery per receiving
 * target. Its progress and outcome are read from its deliveries.
 */
export const syncRuns = platformSchema.table(
  'sync_runs',
  {
    id: text('id').primaryKey(),
    marketplaceId: text('marketplace_id').notNull(),
    /** Products, Orders, or the entity name of an entity sync. */
    entity: text('entity').notNull(),
    kind: text('kind').notNull(),
    parameters: jsonb('parameters').$type<Record<string, string>>().notNull().default({}),
    /** Queued, Reading, Read or Failed (reading); delivery progress comes from the deliveries. */
    status: text('status').notNull(),
    itemCount: integer('item_count').notNull().default(0),
    batchCount: integer('batch_count').notNull().default(0),
    error: text('error'),
    requestedBy: text('requested_by'),
    attempts: integer('attempts').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    startedAt: timestamp('started_at', { withTimezone: true }),
    heartbeatAt: timestamp('heartbeat_at', { withTimezone: true }),
    readAt: timestamp('read_at', { withTimezone: true }),
  },
  (table) => [index('sync_runs_marketplace_idx').on(table.marketplaceId, table.createdAt)],
);

/**
 * Runs of the subscription job, hourly and manual; manual ones count against the hourly limit.
 * At most one runs per marketplace at a time, so no due subscription is ordered twice.
 */
export const subscriptionRuns = platformSchema.table(
  'subscription_runs',
  {
    id: text('id').primaryKey(),
    marketplaceId: text('marketplace_id').notNull(),
    /** Manual or Scheduled. */
    trigger: text('trigger').notNull(),
    /** Queued, Running, Completed or Failed. */
    status: text('status').notNull(),
    requestedBy: text('requested_by'),
    requestedAt: timestamp('requested_at', { withTimezone: true }).notNull().defaultNow(),
    startedAt: timestamp('started_at', { withTimezone: true }),
    completedAt: timestamp('completed_at', { withTimezone: true }),
    summary: jsonb('summary'),
    error: text('error'),
  },
  (table) => [
    index('subscription_runs_window_idx').on(table.marketplaceId, table.trigger, table.requestedAt),
    uniqueIndex('subscription_runs_one_running_idx')
      .on(table.marketplaceId)
      .where(sql`${table.status} = 'Running'`),
  ],
);

/** The post-restore webhook of a Staging marketplace (one per marketplace). */
export const stagingRestoreWebhooks = platformSchema.table('staging_restore_webhooks', {
  marketplaceId: text('marketplace_id').primaryKey(),
  url: text('url').notNull(),
  hashKey: text('hash_key').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
