import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { readOrCreateSetting } from '../cluster/shared-settings.ts';
import type { Db } from '../db/database.ts';

/** The shared setting (cluster.shared_settings) every marketplace's receiver key is derived from. */
export const RECEIVER_ROOT_SETTING = 'receiver-signing-root';

/** Where the receiver listens for a marketplace: under the server's public URL, so any process can take it. */
export function receiverEndpoint(publicUrl: string, marketplaceId: string): string {
  return `${publicUrl.replace(/\/+$/, '')}/receiver/${encodeURIComponent(marketplaceId)}`;
}

/**
 * The key a marketplace's deliveries to the receiver are signed with (the delivery configuration's
 * Http Secret). Derived per marketplace from one root kept in the database, so every process agrees
 * and the key of one marketplace (which its admins can read) signs for no other. 43 characters,
 * within the platform's 50-character limit on a Secret.
 *
 * @example
 * const Secret = await receiverSigningKey(db, 'demo-sandbox');
 */
export async function receiverSigningKey(db: Db, marketplaceId: string): Promise<string> {
  const root = await readOrCreateSetting(db, RECEIVER_ROOT_SETTING, () => randomBytes(32).toString('base64url'));
  return createHmac('sha256', root.value).update(`receiver:${marketplaceId}`).digest('base64url');
}

/** Whether `signature` (an `X-oc-hash`) is the base64 HMAC-SHA256 of the exact body under `key`. */
export function signatureMatches(key: string, body: Buffer, signature: string | undefined): boolean {
  if (!signature) return false;
  const expected = Buffer.from(createHmac('sha256', key).update(body).digest('base64'));
  const given = Buffer.from(signature);
  return given.length === expected.length && timingSafeEqual(given, expected);
}
