import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { exportJWK, generateKeyPair, importJWK, type CryptoKey, type JWK } from 'jose';
import type { Bus } from '../../cluster/bus.ts';
import { CHANNELS } from '../../cluster/channels.ts';
import type { Db } from '../../db/database.ts';
import { rowsOf } from '../../db/rows.ts';

/** The algorithm of every access token, as the public platform signs them. */
export const SIGNING_ALGORITHM = 'RS256';

/**
 * How far past a token's expiry its key's `tokens_expire_by` is moved at once, so that a process
 * writes it about once an hour rather than for every token it signs.
 */
const RECORD_AHEAD_SECONDS = 60 * 60;

/**
 * The signing key is read again after this long even without a notification, so a process that
 * missed one (its listening connection was down) still moves to the new key soon after a rotation.
 */
const REREAD_SIGNING_KEY_MS = 60_000;

/** The public half of a signing key as `/oauth/certs/{kid}` serves it. */
export interface PublicSigningJwk {
  kty: string;
  n: string;
  e: string;
  alg: string;
  use: string;
  kid: string;
}

/** The key that signs new tokens. */
export interface SigningKey {
  kid: string;
  privateKey: CryptoKey;
}

/**
 * RS256 keys kept in `platform.signing_keys`, shared by every process using the database. The
 * newest unretired key signs; every stored key verifies until it is removed.
 */
export interface SigningKeys {
  /**
   * The key to sign with; created and stored on first use when the table is empty. Given the
   * expiry (seconds since the epoch) of the token about to be signed, the key is first recorded
   * as needed until then, so no rotation removes it while the token is valid: every token handed
   * out must be signed through this argument.
   */
  signingKey(tokenExpiresAt?: number): Promise<SigningKey>;
  /** The public key named by a token's `kid`, or undefined when no such key exists. */
  verificationKey(kid: string): Promise<CryptoKey | undefined>;
  /** The public JWK of `kid`, or undefined when no such key exists. */
  publicJwk(kid: string): Promise<PublicSigningJwk | undefined>;
  /** Rotates the keys (see {@link rotateSigningKeys}); this process signs with the new key at once. */
  rotate(): Promise<RotationResult>;
  /** Drops what is cached, so the next call reads the table again (another process rotated). */
  forget(): void;
}

export interface SigningKeysOptions {
  /** Rotations in other processes are announced here; without it they are seen within a minute. */
  bus?: Pick<Bus, 'publish' | 'subscribe'>;
}

/** What a rotation did: the new signing key, the keys it retired and the expired ones it removed. */
export interface RotationResult {
  kid: string;
  retired: string[];
  removed: string[];
}

/** A stored key as the management API lists it. */
export interface SigningKeyState {
  kid: string;
  createdAt: string;
  retiredAt: string | null;
  /** When the last token it signed expires, as far as recorded; null for keys from before recording. */
  tokensExpireBy: string | null;
  signing: boolean;
}

interface KeyRow {
  kid: string;
  private_jwk: JWK | string;
  public_jwk: JWK | string;
}

interface LoadedPublicKey {
  jwk: PublicSigningJwk;
  key: CryptoKey;
}

interface LoadedSigningKey extends SigningKey {
  loadedAt: number;
  /** Seconds since the epoch up to which this process knows the key is recorded as needed. */
  recordedUntil: number;
}

// node-postgres hands jsonb back parsed, but be tolerant of a driver that returns text.
const asJwk = (value: JWK | string): JWK => (typeof value === 'string' ? (JSON.parse(value) as JWK) : value);

function toPublicJwk(kid: string, jwk: JWK): PublicSigningJwk {
  if (typeof jwk.n !== 'string' || typeof jwk.e !== 'string') throw new Error(`Signing key ${kid} is not an RSA key.`);
  return { kty: 'RSA', n: jwk.n, e: jwk.e, alg: SIGNING_ALGORITHM, use: 'sig', kid };
}

/** The key that signs: the newest one not retired (the newest of all if every key is retired). */
async function currentKey(db: Db): Promise<KeyRow | undefined> {
  const [row] = await rowsOf<KeyRow>(
    db,
    sql`SELECT kid, private_jwk, public_jwk FROM platform.signing_keys
        ORDER BY (retired_at IS NULL) DESC, created_at DESC, kid DESC LIMIT 1`,
  );
  return row;
}

async function newKeyRow(): Promise<KeyRow> {
  const { privateKey, publicKey } = await generateKeyPair(SIGNING_ALGORITHM, { extractable: true });
  const kid = randomBytes(12).toString('base64url');
  const privateJwk = { ...(await exportJWK(privateKey)), kid, alg: SIGNING_ALGORITHM, use: 'sig' };
  return { kid, private_jwk: privateJwk, public_jwk: toPublicJwk(kid, await exportJWK(publicKey)) };
}

/**
 * Stores `row` as the newest key. `clock_timestamp()`, not the transaction's start: a key another
 * transaction committed while this one waited for the table lock must still count as older.
 */
async function insertKey(tx: Db, row: KeyRow): Promise<void> {
  await tx.execute(
    sql`INSERT INTO platform.signing_keys (kid, private_jwk, public_jwk, created_at, tokens_expire_by)
        VALUES (${row.kid}, ${JSON.stringify(row.private_jwk)}::jsonb, ${JSON.stringify(row.public_jwk)}::jsonb,
                clock_timestamp(), clock_timestamp())`,
  );
}

/** Serialises key creation and rotation across processes; reads and token signing go on meanwhile. */
const lockKeys = (tx: Db) => tx.execute(sql`LOCK TABLE platform.signing_keys IN SHARE ROW EXCLUSIVE MODE`);

async function createFirstKey(db: Db): Promise<KeyRow> {
  const row = await newKeyRow();
  return db.transaction(async (tx) => {
    // Two processes starting on an empty table must not each sign with a key of their own making
    // and a different idea of "newest"; the lock makes the second one see the first one's key.
    await lockKeys(tx as unknown as Db);
    const existing = await currentKey(tx as unknown as Db);
    if (existing) return existing;
    await insertKey(tx as unknown as Db, row);
    return row;
  });
}

/**
 * Rotation: a new key signs from now on; the keys before it are retired but keep verifying, and
 * retired keys whose every token has expired are removed. Every process sharing the database is
 * told over `bus` when the transaction commits (the others also re-read within a minute).
 *
 * @example
 * const { kid, retired, removed } = await rotateSigningKeys(database.db, bus);
 */
export async function rotateSigningKeys(db: Db, bus?: Pick<Bus, 'publish'>): Promise<RotationResult> {
  const row = await newKeyRow();
  return db.transaction(async (transaction) => {
    const tx = transaction as unknown as Db;
    await lockKeys(tx);
    const retired = (
      await rowsOf<{ kid: string }>(
        tx,
        sql`UPDATE platform.signing_keys SET retired_at = clock_timestamp() WHERE retired_at IS NULL RETURNING kid`,
      )
    ).map((key) => key.kid);
    // A process signing with a removed key finds its row gone when it records the token, and
    // moves to the current key (see `record` below), so removing cannot strand a token.
    const removed = (
      await rowsOf<{ kid: string }>(
        tx,
        sql`DELETE FROM platform.signing_keys
            WHERE retired_at IS NOT NULL AND tokens_expire_by IS NOT NULL AND tokens_expire_by < now() - interval '5 minutes'
            RETURNING kid`,
      )
    ).map((key) => key.kid);
    await insertKey(tx, row);
    await bus?.publish(CHANNELS.platformSigningKeys, row.kid, tx);
    return { kid: row.kid, retired: retired.filter((kid) => !removed.includes(kid)).sort(), removed: removed.sort() };
  });
}

/** Every stored key, the signing one first. */
export async function listSigningKeys(db: Db): Promise<SigningKeyState[]> {
  const rows = await rowsOf<{ kid: string; created_at: unknown; retired_at: unknown; tokens_expire_by: unknown }>(
    db,
    sql`SELECT kid, created_at, retired_at, tokens_expire_by FROM platform.signing_keys
        ORDER BY (retired_at IS NULL) DESC, created_at DESC, kid DESC`,
  );
  const iso = (value: unknown) =>
    value === null || value === undefined ? null : new Date(String(value)).toISOString();
  return rows.map((row, index) => ({
    kid: row.kid,
    createdAt: iso(row.created_at) ?? '',
    retiredAt: iso(row.retired_at),
    tokensExpireBy: iso(row.tokens_expire_by),
    signing: index === 0,
  }));
}

async function importPublic(row: KeyRow): Promise<LoadedPublicKey> {
  const jwk = toPublicJwk(row.kid, asJwk(row.public_jwk));
  const key = await importJWK(jwk, SIGNING_ALGORITHM);
  if (key instanceof Uint8Array) throw new Error(`Signing key ${row.kid} imported as a symmetric key.`);
  return { jwk, key };
}

/**
 * Key management over `platform.signing_keys`, cached in memory. An unknown `kid` re-reads the
 * table, so a key created by another process sharing the database is found; a rotation announced
 * on the bus (or a minute passing) makes the next token use the new signing key.
 *
 * @example
 * const keys = createSigningKeys(database.db, { bus: app.bus });
 * const { kid, privateKey } = await keys.signingKey(expiresAt);
 */
export function createSigningKeys(db: Db, options: SigningKeysOptions = {}): SigningKeys {
  let signing: Promise<LoadedSigningKey> | undefined;
  const publicKeys = new Map<string, Promise<LoadedPublicKey | undefined>>();

  const forget = () => {
    signing = undefined;
    publicKeys.clear();
  };
  options.bus?.subscribe(CHANNELS.platformSigningKeys, forget);

  const loadSigningKey = async (): Promise<LoadedSigningKey> => {
    const row = (await currentKey(db)) ?? (await createFirstKey(db));
    const privateKey = await importJWK(asJwk(row.private_jwk), SIGNING_ALGORITHM);
    if (privateKey instanceof Uint8Array) throw new Error(`Signing key ${row.kid} imported as a symmetric key.`);
    publicKeys.set(row.kid, importPublic(row));
    return { kid: row.kid, privateKey, loadedAt: Date.now(), recordedUntil: 0 };
  };

  const current = async (): Promise<LoadedSigningKey> => {
    const cached = signing;
    if (cached) {
      const key = await cached;
      if (Date.now() - key.loadedAt < REREAD_SIGNING_KEY_MS) return key;
      if (signing === cached) signing = undefined;
    }
    signing ??= loadSigningKey().catch((error: unknown) => {
      signing = undefined;
      throw error;
    });
    return signing;
  };

  /** Records the key as needed until past `expiresAt`; false when the key has been removed meanwhile. */
  const record = async (key: LoadedSigningKey, expiresAt: number): Promise<boolean> => {
    if (expiresAt <= key.recordedUntil) return true;
    const until = expiresAt + RECORD_AHEAD_SECONDS;
    // Keys from before recording (null) stay null: they are never removed automatically.
    const updated = await rowsOf<{ kid: string }>(
      db,
      sql`UPDATE platform.signing_keys
          SET tokens_expire_by = CASE WHEN tokens_expire_by IS NULL THEN NULL
                                      ELSE greatest(tokens_expire_by, to_timestamp(${until})) END
          WHERE kid = ${key.kid} RETURNING kid`,
    );
    if (updated.length === 0) return false;
    key.recordedUntil = Math.max(key.recordedUntil, until);
    return true;
  };

  const loadPublicKey = async (kid: string): Promise<LoadedPublicKey | undefined> => {
    const [row] = await rowsOf<KeyRow>(
      db,
      sql`SELECT kid, private_jwk, public_jwk FROM platform.signing_keys WHERE kid = ${kid}`,
    );
    return row ? importPublic(row) : undefined;
  };

  const lookup = async (kid: string): Promise<LoadedPublicKey | undefined> => {
    if (kid === '' || kid.length > 200) return undefined;
    let pending = publicKeys.get(kid);
    if (!pending) {
      pending = loadPublicKey(kid);
      publicKeys.set(kid, pending);
    }
    try {
      const found = await pending;
      // Unknown kids are not remembered: the key may be created by another process a moment later,
      // and remembering every made-up kid a caller sends would let the map grow without bound.
      if (!found && publicKeys.get(kid) === pending) publicKeys.delete(kid);
      return found;
    } catch (error) {
      if (publicKeys.get(kid) === pending) publicKeys.delete(kid);
      throw error;
    }
  };

  return {
    async signingKey(tokenExpiresAt) {
      const key = await current();
      if (tokenExpiresAt === undefined || (await record(key, tokenExpiresAt))) return key;
      // The key was removed by a rotation this process has not heard of yet: take the current one.
      forget();
      const next = await current();
      if (!(await record(next, tokenExpiresAt))) throw new Error('The signing key vanished twice while signing.');
      return next;
    },
    async verificationKey(kid) {
      return (await lookup(kid))?.key;
    },
    async publicJwk(kid) {
      return (await lookup(kid))?.jwk;
    },
    async rotate() {
      const result = await rotateSigningKeys(db, options.bus);
      forget();
      return result;
    },
    forget,
  };
}
