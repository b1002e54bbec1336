import { generateKeyPair, randomBytes } from 'node:crypto';
import { promisify } from 'node:util';
import { eq, sql } from 'drizzle-orm';
import { calculateJwkThumbprint, type JWK } from 'jose';
import type { Bus } from '../cluster/bus.ts';
import { CHANNELS } from '../cluster/channels.ts';
import type { Db } from '../db/database.ts';
import { rowsOf } from '../db/rows.ts';
import { providerSecrets } from './db/schema.ts';

const generateKeyPairAsync = promisify(generateKeyPair);

/**
 * A private signing key as stored: the JWK, plus when it starts signing (absent: from the start)
 * and when a newer key took over from it (absent: never).
 */
export interface StoredSigningKey extends JWK {
  activatesAt?: string;
  retiredAt?: string;
}

/** What the provider must keep the same across restarts and processes. */
export interface ProviderSecrets {
  /** Cookie signing keys, newest first. */
  cookieKeys: string[];
  /** Private signing keys of ID and access tokens (JWK, RS256), newest first. */
  signingKeys: StoredSigningKey[];
}

/** The key set to build the provider with at one moment (see {@link arrangeSigningKeys}). */
export interface SigningKeyArrangement {
  /** The signing key first (the provider signs with the first key of its set), then every other. */
  keys: JWK[];
  signingKid: string;
  /** When a published key starts signing and the set must be arranged again; undefined: never. */
  nextChangeAt: number | undefined;
}

export interface IdentityRotationResult {
  kid: string;
  /** When the new key starts signing; until then it is only published. */
  activatesAt: string;
  retired: string[];
  removed: string[];
}

export interface IdentityRotationOptions {
  bus?: Pick<Bus, 'publish'>;
  /**
   * How long the new key is published before it signs. Services that cache the key set (the
   * portal's verifier re-fetches it at most every 30 s) must hold the key before the first token
   * signed with it reaches them; 0 signs with it at once.
   */
  publishAheadMs?: number;
}

const COOKIE_KEYS = 'cookie-keys';
const SIGNING_KEYS = 'signing-keys';

/** Default publication time of a new key before it signs: four times the portal's re-fetch limit. */
export const PUBLISH_AHEAD_MS = 2 * 60_000;

/**
 * How long a retired key stays published. Access and ID tokens last 20 minutes, but a sign-in lasts
 * a week and signing out presents the session's last ID token (`id_token_hint`), which must still be
 * recognised, so retired keys are kept for the length of a sign-in.
 */
export const RETIRED_KEY_KEPT_MS = 7 * 24 * 60 * 60_000;

/**
 * Reads the provider's secrets, creating each one the first time. Creation is insert-if-absent
 * followed by a read, so two processes starting together still end up with the same secrets.
 */
export async function loadProviderSecrets(db: Db): Promise<ProviderSecrets> {
  const cookieKeys = await readOrCreate(db, COOKIE_KEYS, async () => [randomBytes(32).toString('base64url')]);
  const signingKeys = await readOrCreate(db, SIGNING_KEYS, async () => [await newSigningKey()]);
  return { cookieKeys: cookieKeys as string[], signingKeys: signingKeys as StoredSigningKey[] };
}

/** The public halves of every stored signing key (about to sign, signing or retired), as a JWKS. */
export async function loadPublicSigningKeys(db: Db): Promise<{ keys: JWK[] }> {
  const [row] = await db.select().from(providerSecrets).where(eq(providerSecrets.name, SIGNING_KEYS));
  const keys = (row?.value ?? []) as StoredSigningKey[];
  return { keys: keys.map(({ kty, n, e, kid, alg, use }) => ({ kty, n, e, kid, alg, use })) };
}

/**
 * The keys as the provider takes them at `now` (milliseconds): the newest key whose time has come
 * signs and goes first, every other key follows (published, verifying) in stored order, and the
 * bookkeeping fields are left out.
 */
export function arrangeSigningKeys(stored: readonly StoredSigningKey[], now: number): SigningKeyArrangement {
  const activation = (key: StoredSigningKey) => (key.activatesAt ? Date.parse(key.activatesAt) : 0);
  const signing = stored.find((key) => activation(key) <= now) ?? stored[0];
  if (!signing?.kid) throw new Error('identity: no signing key is stored.');
  const upcoming = stored.map(activation).filter((time) => time > now);
  const plain = ({ activatesAt: _a, retiredAt: _r, ...jwk }: StoredSigningKey): JWK => jwk;
  return {
    keys: [signing, ...stored.filter((key) => key !== signing)].map(plain),
    signingKid: signing.kid,
    nextChangeAt: upcoming.length > 0 ? Math.min(...upcoming) : undefined,
  };
}

/**
 * Rotation of the provider's token signing keys: a new key is published now and signs from
 * `publishAheadMs` on; the keys before it stop signing then but stay published (verifying tokens
 * and sign-outs) for {@link RETIRED_KEY_KEPT_MS}, after which a later rotation removes them. Every
 * process is told over `bus` when the change commits (and checks again within 30 s regardless).
 *
 * @example
 * const { kid, activatesAt } = await rotateIdentitySigningKeys(database.db, { bus });
 */
export async function rotateIdentitySigningKeys(
  db: Db,
  options: IdentityRotationOptions = {},
): Promise<IdentityRotationResult> {
  await loadProviderSecrets(db);
  const key = await newSigningKey();
  return db.transaction(async (transaction) => {
    const tx = transaction as unknown as Db;
    // The row lock makes concurrent rotations take turns, each seeing the other's key.
    const [locked] = await rowsOf<{ value: StoredSigningKey[] | string }>(
      tx,
      sql`SELECT value FROM identity.provider_secrets WHERE name = ${SIGNING_KEYS} FOR UPDATE`,
    );
    const value = locked?.value ?? [];
    const stored = (typeof value === 'string' ? JSON.parse(value) : value) as StoredSigningKey[];
    const now = Date.now();
    const hasSigningKey = stored.some((candidate) => !candidate.retiredAt);
    // With no key signing (a database rotated before any start), there is nothing to wait for.
    const activatesAt = new Date(hasSigningKey ? now + (options.publishAheadMs ?? PUBLISH_AHEAD_MS) : now);
    const removed = stored.filter(
      (candidate) => candidate.retiredAt && Date.parse(candidate.retiredAt) < now - RETIRED_KEY_KEPT_MS,
    );
    const kept = stored
      .filter((candidate) => !removed.includes(candidate))
      .map((candidate) => (candidate.retiredAt ? candidate : { ...candidate, retiredAt: activatesAt.toISOString() }));
    const next: StoredSigningKey[] = [{ ...key, activatesAt: activatesAt.toISOString() }, ...kept];
    await tx.update(providerSecrets).set({ value: next }).where(eq(providerSecrets.name, SIGNING_KEYS));
    await options.bus?.publish(CHANNELS.identitySigningKeys, key.kid ?? '', tx);
    const kidsOf = (keys: StoredSigningKey[]) => keys.map((candidate) => candidate.kid ?? '').sort();
    return {
      kid: key.kid ?? '',
      activatesAt: activatesAt.toISOString(),
      retired: kidsOf(stored.filter((candidate) => !candidate.retiredAt)),
      removed: kidsOf(removed),
    };
  });
}

async function readOrCreate(db: Db, name: string, create: () => Promise<unknown[]>): Promise<unknown[]> {
  const existing = await db.select().from(providerSecrets).where(eq(providerSecrets.name, name));
  if (existing[0]) return existing[0].value as unknown[];
  await db
    .insert(providerSecrets)
    .values({ name, value: await create() })
    .onConflictDoNothing();
  const [row] = await db.select().from(providerSecrets).where(eq(providerSecrets.name, name));
  if (!row) throw new Error(`identity: the provider secret "${name}" could not be stored.`);
  return row.value as unknown[];
}

async function newSigningKey(): Promise<JWK> {
  const { privateKey } = await generateKeyPairAsync('rsa', { modulusLength: 2048 });
  const jwk = privateKey.export({ format: 'jwk' }) as JWK;
  return { ...jwk, kid: await calculateJwkThumbprint(jwk), alg: 'RS256', use: 'sig' };
}
