import { bigserial, boolean, index, integer, jsonb, pgSchema, text, timestamp } from 'drizzle-orm/pg-core';

/** The demo receiver's own schema: what it was sent, kept in the database so every process sees the same. */
export const receiverSchema = pgSchema('receiver');

/**
 * Every request the receiver accepted, newest kept (RECEIVED_KEPT per marketplace). `seq` orders them:
 * rows of one transaction share `received_at`, and the inspector lists newest first.
 */
export const receivedRequests = receiverSchema.table(
  'received_requests',
  {
    seq: bigserial('seq', { mode: 'number' }).primaryKey(),
    marketplaceId: text('marketplace_id').notNull(),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
    method: text('method').notNull(),
    /** Sync, Webhook, StagingRestore or Other, read from the body. */
    kind: text('kind').notNull(),
    /** One line on what the body holds ("Products, batch 1 (last), 100 items"). */
    summary: text('summary').notNull(),
    deliveryId: text('delivery_id'),
    /** Accepted, or Duplicate when a delivery id arrived again (answered 200, not processed twice). */
    outcome: text('outcome').notNull(),
    responseStatus: integer('response_status').notNull(),
    /** The headers of interest only (never a custom auth header's value). */
    headers: jsonb('headers').$type<Record<string, string>>().notNull().default({}),
    body: text('body').notNull(),
    bodyBytes: integer('body_bytes').notNull(),
    bodyTruncated: boolean('body_truncated').notNull().default(false),
  },
  (table) => [
    index('received_requests_marketplace_idx').on(table.marketplaceId, table.seq),
    index('received_requests_delivery_idx').on(table.marketplaceId, table.deliveryId),
  ],
);
