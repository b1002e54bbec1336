import type { Bus } from './cluster/bus.ts';
import type { Db } from './db/database.ts';
import { loadPublicSigningKeys, rotateIdentitySigningKeys } from './identity/provider-secrets.ts';
import { listSigningKeys, rotateSigningKeys } from './platform/auth/signing-keys.ts';

/** Whose token signing keys: the platform's (API access tokens) or the identity provider's (sign-in tokens). */
export type KeyOwner = 'platform' | 'identity';

export interface RotateKeysOptions {
  owners: readonly KeyOwner[];
  /** Only describe the keys, change nothing. */
  listOnly?: boolean;
  /** Tells the running processes; without it they notice within a minute. */
  bus?: Pick<Bus, 'publish'>;
  /** Identity only: how long the new key is published before it signs (default two minutes). */
  publishAheadMs?: number;
}

const listOf = (kids: readonly string[]) => (kids.length > 0 ? kids.join(', ') : 'none');

/**
 * Rotates (or lists) the signing keys of the chosen owners on `db` and describes the outcome, one
 * line per owner: what `npm run rotate-keys` prints.
 *
 * @example
 * const lines = await rotateKeys(database.db, { owners: ['platform', 'identity'], bus });
 */
export async function rotateKeys(db: Db, options: RotateKeysOptions): Promise<string[]> {
  const lines: string[] = [];
  for (const owner of options.owners) {
    if (owner === 'platform') {
      if (!options.listOnly) {
        const result = await rotateSigningKeys(db, options.bus);
        lines.push(
          `Platform: key ${result.kid} signs new access tokens from now on; retired (still verifying until ` +
            `their tokens expire): ${listOf(result.retired)}; removed (every token expired): ${listOf(result.removed)}.`,
        );
      }
      const keys = await listSigningKeys(db);
      lines.push(
        `Platform keys: ${listOf(keys.map((key) => `${key.kid}${key.signing ? ' (signing)' : ` (retired ${key.retiredAt ?? '-'})`}`))}.`,
      );
    } else {
      if (!options.listOnly) {
        const result = await rotateIdentitySigningKeys(db, {
          ...(options.bus ? { bus: options.bus } : {}),
          ...(options.publishAheadMs !== undefined ? { publishAheadMs: options.publishAheadMs } : {}),
        });
        lines.push(
          `Identity: key ${result.kid} is published now and signs sign-in tokens from ${result.activatesAt}; ` +
            `retired then (still published for a week): ${listOf(result.retired)}; removed: ${listOf(result.removed)}.`,
        );
      }
      const { keys } = await loadPublicSigningKeys(db);
      lines.push(`Identity keys (published, newest first): ${listOf(keys.map((key) => key.kid ?? '?'))}.`);
    }
  }
  return lines;
}
