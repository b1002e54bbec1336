import { index, jsonb, pgSchema, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';

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
