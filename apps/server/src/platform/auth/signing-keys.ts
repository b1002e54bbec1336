import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { exportJWK, generateKeyPair, importJWK, type CryptoKey, type JWK } from 'jose';
import type { Db } from '../../db/database.ts';

/** The algorithm of every access token, as the public platform signs them. */
export const SIGNING_ALGORITHM = 'RS256';

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
 * newest key signs; every stored key verifies until it is removed.
 */
export interface SigningKeys {
  /** The key to sign with; created and stored on first use when the table is empty. */
  signingKey(): Promise<SigningKey>;
  /** The public key named by a token's `kid`, or undefined when no such key exists. */
  verificationKey(kid: string): Promise<CryptoKey | undefined>;
  /** The public JWK of `kid`, or undefined when no such key exists. */
  publicJwk(kid: string): Promise<PublicSigningJwk | undefined>;
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

// node-postgres hands jsonb back parsed, but be tolerant of a driver that returns text.
const asJwk = (value: JWK | string): JWK => (typeof value === 'string' ? (JSON.parse(value) as JWK) : value);

function toPublicJwk(kid: string, jwk: JWK): PublicSigningJwk {
  if (typeof jwk.n !== 'string' || typeof jwk.e !== 'string') throw new Error(`Signing key ${kid} is not an RSA key.`);
  return { kty: 'RSA', n: jwk.n, e: jwk.e, alg: SIGNING_ALGORITHM, use: 'sig', kid };
}

async function newestKey(db: Db): Promise<KeyRow | undefined> {
  const result = (await db.execute(
    sql`SELECT kid, private_jwk, public_jwk FROM platform.signing_keys ORDER BY created_at DESC, kid DESC LIMIT 1`,
  )) as unknown as { rows: KeyRow[] };
  return result.rows[0];
}

async function createKey(db: Db): Promise<KeyRow> {
  const { privateKey, publicKey } = await generateKeyPair(SIGNING_ALGORITHM, { extractable: true });
  const kid = randomBytes(12).toString('base64url');
  const privateJwk = { ...(await exportJWK(privateKey)), kid, alg: SIGNING_ALGORITHM, use: 'sig' };
  const publicJwk = toPublicJwk(kid, await exportJWK(publicKey));
  return db.transaction(async (tx) => {
    // Two processes starting on an empty table must not each sign with a key of their own making
    // and a different idea of "newest"; the lock makes the second one see the first one's key.
    await tx.execute(sql`LOCK TABLE platform.signing_keys IN SHARE ROW EXCLUSIVE MODE`);
    const existing = await newestKey(tx as unknown as Db);
    if (existing) return existing;
    await tx.execute(
      sql`INSERT INTO platform.signing_keys (kid, private_jwk, public_jwk)
          VALUES (${kid}, ${JSON.stringify(privateJwk)}::jsonb, ${JSON.stringify(publicJwk)}::jsonb)`,
    );
    return { kid, private_jwk: privateJwk, public_jwk: publicJwk };
  });
}

async function importPublic(row: KeyRow): Promise<LoadedPublicKey> {
  const jwk = toPublicJwk(row.kid, asJwk(row.public_jwk));
  const key = await importJWK(jwk, SIGNING_ALGORITHM);
  if (key instanceof Uint8Array) throw new Error(`Signing key ${row.kid} imported as a symmetric key.`);
  return { jwk, key };
}

/**
 * Key management over `platform.signing_keys`, cached in memory. An unknown `kid` re-reads the
 * table, so a key created by another process sharing the database is found.
 *
 * @example
 * const keys = createSigningKeys(database.db);
 * const { kid, privateKey } = await keys.signingKey();
 */
export function createSigningKeys(db: Db): SigningKeys {
  let signing: Promise<SigningKey> | undefined;
  const publicKeys = new Map<string, Promise<LoadedPublicKey | undefined>>();

  const loadSigningKey = async (): Promise<SigningKey> => {
    const row = (await newestKey(db)) ?? (await createKey(db));
    const privateKey = await importJWK(asJwk(row.private_jwk), SIGNING_ALGORITHM);
    if (privateKey instanceof Uint8Array) throw new Error(`Signing key ${row.kid} imported as a symmetric key.`);
    publicKeys.set(row.kid, importPublic(row));
    return { kid: row.kid, privateKey };
  };

  const loadPublicKey = async (kid: string): Promise<LoadedPublicKey | undefined> => {
    const result = (await db.execute(
      sql`SELECT kid, private_jwk, public_jwk FROM platform.signing_keys WHERE kid = ${kid}`,
    )) as unknown as { rows: KeyRow[] };
    const row = result.rows[0];
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
      if (!found) publicKeys.delete(kid);
      return found;
    } catch (error) {
      publicKeys.delete(kid);
      throw error;
    }
  };

  return {
    signingKey() {
      signing ??= loadSigningKey().catch((error: unknown) => {
        signing = undefined;
        throw error;
      });
      return signing;
    },
    async verificationKey(kid) {
      return (await lookup(kid))?.key;
    },
    async publicJwk(kid) {
      return (await lookup(kid))?.jwk;
    },
  };
}
