import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { Config } from '../../config.ts';

/*
 * Client secrets of connected marketplaces, encrypted at rest with AES-256-GCM (docs/connected-marketplaces.md).
 *
 * A stored value reads `v1.<key id>.<iv>.<tag>.<ciphertext>` (base64url parts). The key id is a fingerprint of the
 * key (not the key), so after a rotation the box knows which of its keys opens an older value without the operator
 * numbering keys. Each value gets its own random 12-byte IV; the tag is checked on every read, so a changed value
 * or a value moved to another row (the row's id is bound in as associated data) is refused, never decrypted to junk.
 *
 * Where the key comes from, and why:
 * - PORTAL_SECRETS_KEY when set (with PORTAL_SECRETS_PREVIOUS_KEYS for rotation).
 * - Otherwise on PGlite (one process, one data folder) a key file `portal-secrets.key` created on first start, mode 0600.
 * - On PostgreSQL the setting is required. Keeping the key in `cluster.shared_settings`, as the platform management
 *   secret is, would be simpler, but the key would then sit in the same database (and the same backups) as the
 *   values it protects, which is exactly the leak encryption at rest is for. A key file does not work either: the
 *   processes of one deployment may run on different machines and would each make their own key.
 */

const FORMAT = 'v1';
const KEY_FILE = 'portal-secrets.key';

/** A value that cannot be opened: wrong key, changed bytes, another row's value, or not a stored secret at all. */
export class SecretBoxError extends Error {}

/** Thrown when no key can be had (PostgreSQL without PORTAL_SECRETS_KEY); the message says what to set. */
export class SecretKeyMissingError extends Error {}

/** Short fingerprint naming a key in stored values: 8 bytes of its SHA-256, so it reveals nothing usable. */
export function keyId(key: Buffer): string {
  return createHash('sha256').update('portal-secrets-key-id').update(key).digest().subarray(0, 8).toString('base64url');
}

export interface SecretBox {
  /** Id of the key new values are sealed with. */
  readonly currentKeyId: string;
  /** Encrypts `plaintext`, bound to `context` (the row's id): only the same context opens it. */
  seal(plaintext: string, context: string): string;
  /** Decrypts a value `seal` made for the same context; throws SecretBoxError otherwise. */
  open(sealed: string, context: string): string;
  /** Whether a stored value was sealed with an earlier key and should be sealed again. */
  isStale(sealed: string): boolean;
}

/**
 * A box sealing with `current` and opening values of `current` or any of `previous`.
 *
 * @example
 * const box = createSecretBox(key);
 * const stored = box.seal('s3cret', marketplaceId);
 * box.open(stored, marketplaceId); // 's3cret'
 */
export function createSecretBox(current: Buffer, previous: readonly Buffer[] = []): SecretBox {
  for (const key of [current, ...previous]) {
    if (key.length !== 32) throw new SecretBoxError('A secrets key must be 32 bytes.');
  }
  const currentKeyId = keyId(current);
  const keys = new Map<string, Buffer>([...previous.map((key) => [keyId(key), key] as const), [currentKeyId, current]]);

  return {
    currentKeyId,
    seal(plaintext, context) {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', current, iv);
      cipher.setAAD(Buffer.from(context, 'utf8'));
      const ciphertext = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
      const parts = [iv, cipher.getAuthTag(), ciphertext].map((part) => part.toString('base64url'));
      return [FORMAT, currentKeyId, ...parts].join('.');
    },
    open(sealed, context) {
      const [format, id, iv, tag, ciphertext, ...rest] = sealed.split('.');
      if (format !== FORMAT || !id || !iv || !tag || ciphertext === undefined || rest.length > 0) {
        throw new SecretBoxError('The stored secret is not in a format this server reads.');
      }
      const key = keys.get(id);
      if (!key) {
        throw new SecretBoxError(
          `The stored secret was encrypted with a key this server does not have (key id ${id}); ` +
            'add that key to PORTAL_SECRETS_PREVIOUS_KEYS.',
        );
      }
      try {
        const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
        decipher.setAAD(Buffer.from(context, 'utf8'));
        decipher.setAuthTag(Buffer.from(tag, 'base64url'));
        return Buffer.concat([decipher.update(Buffer.from(ciphertext, 'base64url')), decipher.final()]).toString(
          'utf8',
        );
      } catch {
        // Node says only "Unsupported state or unable to authenticate data"; this says what it means here.
        throw new SecretBoxError('The stored secret does not match its key or its row: it was changed or moved.');
      }
    },
    isStale(sealed) {
      return sealed.split('.')[1] !== currentKeyId;
    },
  };
}

/**
 * The server's box, from its configuration: PORTAL_SECRETS_KEY (and earlier keys) when set, else on PGlite the key
 * file in the data folder, created on first start (portal/part.ts) or first use (mode 0600). On PostgreSQL without the setting it throws
 * SecretKeyMissingError, whose message the caller shows to the admin and logs for the operator.
 */
export async function loadSecretBox(
  config: Pick<Config, 'portalSecretsKey' | 'portalSecretsPreviousKeys' | 'databaseUrl' | 'dataDir'>,
): Promise<SecretBox> {
  if (config.portalSecretsKey) return createSecretBox(config.portalSecretsKey, config.portalSecretsPreviousKeys);
  if (config.databaseUrl) {
    throw new SecretKeyMissingError(
      'Connecting a marketplace needs PORTAL_SECRETS_KEY on a server that uses PostgreSQL ' +
        '(the same value on every process; see docs/connected-marketplaces.md).',
    );
  }
  return createSecretBox(await readOrCreateKeyFile(config.dataDir));
}

/** The key in `<dataDir>/portal-secrets.key`, made on first call; the file is never rewritten once it exists. */
export async function readOrCreateKeyFile(dataDir: string): Promise<Buffer> {
  const file = path.join(dataDir, KEY_FILE);
  await fs.mkdir(dataDir, { recursive: true });
  try {
    // 'wx' fails when the file exists, so two callers at once cannot both write a key.
    await fs.writeFile(file, `${randomBytes(32).toString('base64')}\n`, { flag: 'wx', mode: 0o600 });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  }
  const key = Buffer.from((await fs.readFile(file, 'utf8')).trim(), 'base64');
  if (key.length !== 32) {
    throw new SecretKeyMissingError(`${file} does not hold the base64 of 32 bytes; restore it from a backup.`);
  }
  return key;
}
