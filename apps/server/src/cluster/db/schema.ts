import { pgSchema, text, timestamp } from 'drizzle-orm/pg-core';

/** What the server processes sharing one database must agree on, apart from any one part's data. */
export const clusterSchema = pgSchema('cluster');

/**
 * Named values every process reads and the first one to need a value creates (the management
 * secret, the captcha key, the public URL the first process started with). A row is never
 * rewritten by the server: the first value stays, so every process ends up with the same one.
 */
export const sharedSettings = clusterSchema.table('shared_settings', {
  name: text('name').primaryKey(),
  value: text('value').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
