import { sql } from 'drizzle-orm';
import type { DeliveryView } from '@portal/contracts';
import type { PostRestorePayload, StagingRestoreWebhook } from '@portal/contracts';
import type { Db } from '../../db/database.ts';
import { ApiError, validation } from '../engine/errors.ts';
import { rowsOf } from '../../db/rows.ts';
import { attemptDelivery, recordDeliveries } from './deliveries.ts';
import { listDeliveries } from './log.ts';

/** Staging restore (and its webhook) exists for Staging marketplaces only (spec 1 §6). */
export async function requireStaging(db: Db, marketplaceId: string): Promise<void> {
  const [row] = await rowsOf<{ environment: string }>(
    db,
    sql`SELECT environment FROM platform.marketplaces WHERE id = ${marketplaceId}`,
  );
  if (!row || row.environment !== 'Staging') {
    throw new ApiError(404, 'NotFound', 'Staging restore is available for Staging marketplaces only.', {
      ObjectType: 'StagingRestoreWebhook',
      ObjectID: marketplaceId,
    });
  }
}

export async function getStagingWebhook(db: Db, marketplaceId: string): Promise<StagingRestoreWebhook | undefined> {
  const [row] = await rowsOf<{ url: string; hash_key: string }>(
    db,
    sql`SELECT url, hash_key FROM platform.staging_restore_webhooks WHERE marketplace_id = ${marketplaceId}`,
  );
  return row ? { URL: row.url, HashKey: row.hash_key } : undefined;
}

export async function requireStagingWebhook(db: Db, marketplaceId: string): Promise<StagingRestoreWebhook> {
  const saved = await getStagingWebhook(db, marketplaceId);
  if (!saved) {
    throw new ApiError(404, 'NotFound', 'No post-restore webhook is saved for this marketplace.', {
      ObjectType: 'StagingRestoreWebhook',
      ObjectID: marketplaceId,
    });
  }
  return saved;
}

function field(body: unknown, name: string, max: number): string {
  const value = typeof body === 'object' && body !== null ? (body as Record<string, unknown>)[name] : undefined;
  if (typeof value !== 'string' || value.trim() === '') throw validation(`${name} is required.`, { Property: name });
  if (value.length > max) throw validation(`${name} must be at most ${max} characters.`, { Property: name });
  return value.trim();
}

/** Saves the webhook: URL (an http or https address) and HashKey, both required. */
export async function saveStagingWebhook(db: Db, marketplaceId: string, body: unknown): Promise<StagingRestoreWebhook> {
  const url = field(body, 'URL', 2048);
  const hashKey = field(body, 'HashKey', 200);
  let parsed: URL | undefined;
  try {
    parsed = new URL(url);
  } catch {
    parsed = undefined;
  }
  if (!parsed || (parsed.protocol !== 'https:' && parsed.protocol !== 'http:')) {
    throw validation('URL must be a web address starting with https:// or http://.', { Property: 'URL' });
  }
  await db.execute(
    sql`INSERT INTO platform.staging_restore_webhooks (marketplace_id, url, hash_key, updated_at)
        VALUES (${marketplaceId}, ${url}, ${hashKey}, now())
        ON CONFLICT (marketplace_id) DO UPDATE SET url = excluded.url, hash_key = excluded.hash_key, updated_at = now()`,
  );
  return { URL: url, HashKey: hashKey };
}

export async function deleteStagingWebhook(db: Db, marketplaceId: string): Promise<void> {
  await requireStagingWebhook(db, marketplaceId);
  await db.execute(sql`DELETE FROM platform.staging_restore_webhooks WHERE marketplace_id = ${marketplaceId}`);
}

/**
 * Sends the post-restore notification to the saved webhook through the delivery engine: the first
 * attempt now (so a test request answers with the receiver's status), retries by the jobs.
 */
export async function notifyStagingWebhook(
  db: Db,
  marketplaceId: string,
  payload: PostRestorePayload,
): Promise<DeliveryView> {
  const webhook = await requireStagingWebhook(db, marketplaceId);
  const [id] = await recordDeliveries(db, [
    {
      marketplaceId,
      source: 'StagingRestore',
      sourceId: marketplaceId,
      payloadKind: payload.Test ? 'Post-restore test' : 'Post-restore notification',
      target: { deliverable: true, kind: 'Url', url: webhook.URL, signingKey: webhook.HashKey, headers: {} },
      payload,
    },
  ]);
  await attemptDelivery(db, id as string);
  const log = await listDeliveries(db, marketplaceId, { source: 'StagingRestore', page: 1, pageSize: 20 });
  return log.Items.find((item) => item.ID === id) as DeliveryView;
}
