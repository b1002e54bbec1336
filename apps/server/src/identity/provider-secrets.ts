import { generateKeyPair, randomBytes } from 'node:crypto';
import { promisify } from 'node:util';
import { eq } from 'drizzle-orm';
import { calculateJwkThumbprint, type JWK } from 'jose';
import type { Db } from '../db/database.ts';
import { providerSecrets } from './db/schema.ts';

const generateKeyPairAsync = promisify(generateKeyPair);

/** What the provider must keep the same across restarts and processes. */
export interface ProviderSecrets {
  /** Cookie signing keys, newest first. */
  cookieKeys: string[];
  /** Private signing keys of ID and access tokens (JWK, RS256). */
  signingKeys: JWK[];
}

const COOKIE_KEYS = 'cookie-keys';
const SIGNING_KEYS = 'signing-keys';

/**
 * Reads the provider's secrets, creating each one the first time. Creation is insert-if-absent
 * followed by a read, so two processes starting together still end up with the same secrets.
 */
export async function loadProviderSecrets(db: Db): Promise<ProviderSecrets> {
  const cookieKeys = await readOrCreate(db, COOKIE_KEYS, async () => [randomBytes(32).toString('base64url')]);
  const signingKeys = await readOrCreate(db, SIGNING_KEYS, async () => [await newSigningKey()]);
  return { cookieKeys: cookieKeys as string[], signingKeys: signingKeys as JWK[] };
}

/** The public halves of the signing keys, as a JWKS; empty until the provider has started once. */
export async function loadPublicSigningKeys(db: Db): Promise<{ keys: JWK[] }> {
  const [row] = await db.select().from(providerSecrets).where(eq(providerSecrets.name, SIGNING_KEYS));
  const keys = (row?.value ?? []) as JWK[];
  return { keys: keys.map(({ kty, n, e, kid, alg, use }) => ({ kty, n, e, kid, alg, use })) };
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
