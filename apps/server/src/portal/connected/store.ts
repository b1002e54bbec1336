import { randomBytes } from 'node:crypto';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import { connectedMarketplaces } from '../db/schema.ts';
import { parseRemoteUrl, RemoteAddressError } from './remote-address.ts';
import type { SecretBox } from './secret-box.ts';

/*
 * The connected marketplaces of each organization (issue 21): what the portal keeps to reach a marketplace that runs
 * on another platform. The client secret goes in sealed and comes out only through `connectedCredentials`, for the
 * portal service's own calls; the listing never carries it. Every function takes a `Db`, which a drizzle
 * transaction also is, so the routes write the connected row and its identity tenant in one transaction.
 */

export const ENVIRONMENTS = ['Sandbox', 'Staging', 'Production'] as const;
export type ConnectedEnvironment = (typeof ENVIRONMENTS)[number];

/** Longest accepted values: enough for any real name, id or address, short enough to keep rows and pages sane. */
export const LIMITS = { name: 100, apiUrl: 500, clientId: 100, clientSecret: 500, lastError: 1000 } as const;

/** A connected marketplace as the portal shows it: everything but the secret. */
export interface ConnectedMarketplace {
  id: string;
  organizationId: string;
  name: string;
  environment: ConnectedEnvironment;
  apiUrl: string;
  clientId: string;
  createdAt: Date;
  updatedAt: Date;
  lastReachedAt: Date | null;
  lastError: string | null;
}

export interface NewConnectedMarketplace {
  name: string;
  environment: string;
  apiUrl: string;
  clientId: string;
  clientSecret: string;
}

export interface ConnectedMarketplaceChanges {
  name?: string;
  clientSecret?: string;
}

/** Input the store refuses; `field` is the form field's label, `message` says what to change. */
export class ConnectedInputError extends Error {
  constructor(
    readonly field: 'Name' | 'Environment' | 'API base URL' | 'Client ID' | 'Client secret',
    message: string,
  ) {
    super(message);
  }
}

function boundedText(field: ConnectedInputError['field'], value: unknown, max: number): string {
  const text = typeof value === 'string' ? value.trim() : '';
  if (text === '') throw new ConnectedInputError(field, `${field} is required.`);
  if (text.length > max) throw new ConnectedInputError(field, `${field} must be at most ${max} characters.`);
  return text;
}

function validName(value: unknown): string {
  const name = boundedText('Name', value, LIMITS.name);
  // Control characters would break the tenant lists and the logs this name appears in.
  if (/\p{Cc}/u.test(name)) throw new ConnectedInputError('Name', 'Name must not contain control characters.');
  return name;
}

function validEnvironment(value: unknown): ConnectedEnvironment {
  const match = ENVIRONMENTS.find((environment) => environment === value);
  if (!match) throw new ConnectedInputError('Environment', `Environment must be ${ENVIRONMENTS.join(', ')}.`);
  return match;
}

/** The API base URL in one spelling (no trailing slash), checked for its form; DNS is the connection check's job. */
export function normalizeApiUrl(value: unknown): string {
  const text = boundedText('API base URL', value, LIMITS.apiUrl);
  try {
    const url = parseRemoteUrl(text);
    if (url.search !== '') throw new ConnectedInputError('API base URL', 'API base URL must not contain a ? part.');
    return url.href.replace(/\/+$/, '');
  } catch (error) {
    if (error instanceof RemoteAddressError) throw new ConnectedInputError('API base URL', error.message);
    throw error;
  }
}

function validClientId(value: unknown): string {
  const clientId = boundedText('Client ID', value, LIMITS.clientId);
  if (/\s/.test(clientId)) throw new ConnectedInputError('Client ID', 'Client ID must not contain spaces.');
  return clientId;
}

function validClientSecret(value: unknown): string {
  // Not trimmed: a secret is exactly what was typed, only an empty one is refused.
  if (typeof value !== 'string' || value === '') {
    throw new ConnectedInputError('Client secret', 'Client secret is required.');
  }
  if (value.length > LIMITS.clientSecret) {
    throw new ConnectedInputError('Client secret', `Client secret must be at most ${LIMITS.clientSecret} characters.`);
  }
  return value;
}

/**
 * The input as the store would keep it (trimmed, the address in one spelling), or the first ConnectedInputError:
 * the routes check it before running the connection checks, so a typo never reaches the remote.
 */
export function checkNewConnectedMarketplace(input: NewConnectedMarketplace): NewConnectedMarketplace {
  return {
    name: validName(input.name),
    environment: validEnvironment(input.environment),
    apiUrl: normalizeApiUrl(input.apiUrl),
    clientId: validClientId(input.clientId),
    clientSecret: validClientSecret(input.clientSecret),
  };
}

/** The changes as the store would keep them, or the first ConnectedInputError. */
export function checkConnectedChanges(changes: ConnectedMarketplaceChanges): ConnectedMarketplaceChanges {
  return {
    ...(changes.name === undefined ? {} : { name: validName(changes.name) }),
    ...(changes.clientSecret === undefined ? {} : { clientSecret: validClientSecret(changes.clientSecret) }),
  };
}

const PUBLIC_COLUMNS = {
  id: connectedMarketplaces.id,
  organizationId: connectedMarketplaces.organizationId,
  name: connectedMarketplaces.name,
  environment: connectedMarketplaces.environment,
  apiUrl: connectedMarketplaces.apiUrl,
  clientId: connectedMarketplaces.clientId,
  createdAt: connectedMarketplaces.createdAt,
  updatedAt: connectedMarketplaces.updatedAt,
  lastReachedAt: connectedMarketplaces.lastReachedAt,
  lastError: connectedMarketplaces.lastError,
};

/** Whether a database error is the clash on one organization's marketplace names (drizzle may wrap the driver's). */
function isNameClash(error: unknown): boolean {
  for (let cause = error; cause && typeof cause === 'object'; cause = (cause as { cause?: unknown }).cause) {
    const { code, constraint } = cause as { code?: unknown; constraint?: unknown };
    if (code === '23505' && constraint === 'connected_marketplaces_name_idx') return true;
  }
  return false;
}

const nameTaken = (name: string) =>
  new ConnectedInputError('Name', `Another marketplace of this organization is already called "${name}".`);

/** Ids are random, so one organization cannot guess another's, and prefixed so logs show what they are. */
function newId(): string {
  return `connected-${randomBytes(9).toString('base64url')}`;
}

/** Stores a new connected marketplace (the connection checks ran before); answers it without the secret. */
export async function addConnectedMarketplace(
  db: Db,
  box: SecretBox,
  organizationId: string,
  input: NewConnectedMarketplace,
): Promise<ConnectedMarketplace> {
  const id = newId();
  const values = {
    id,
    organizationId,
    name: validName(input.name),
    environment: validEnvironment(input.environment),
    apiUrl: normalizeApiUrl(input.apiUrl),
    clientId: validClientId(input.clientId),
    sealedClientSecret: box.seal(validClientSecret(input.clientSecret), id),
  };
  try {
    const [row] = await db.insert(connectedMarketplaces).values(values).returning(PUBLIC_COLUMNS);
    return row as ConnectedMarketplace;
  } catch (error) {
    if (isNameClash(error)) throw nameTaken(values.name);
    throw error;
  }
}

/** Renames and/or gives a new secret; undefined when the organization has no such marketplace. */
export async function editConnectedMarketplace(
  db: Db,
  box: SecretBox,
  organizationId: string,
  id: string,
  changes: ConnectedMarketplaceChanges,
): Promise<ConnectedMarketplace | undefined> {
  const name = changes.name === undefined ? undefined : validName(changes.name);
  const secret = changes.clientSecret === undefined ? undefined : validClientSecret(changes.clientSecret);
  try {
    const [row] = await db
      .update(connectedMarketplaces)
      .set({
        ...(name === undefined ? {} : { name }),
        // A new secret also clears the last error, which was most likely the old secret's refusal.
        ...(secret === undefined ? {} : { sealedClientSecret: box.seal(secret, id), lastError: null }),
        updatedAt: sql`now()`,
      })
      .where(and(eq(connectedMarketplaces.organizationId, organizationId), eq(connectedMarketplaces.id, id)))
      .returning(PUBLIC_COLUMNS);
    return row as ConnectedMarketplace | undefined;
  } catch (error) {
    if (name !== undefined && isNameClash(error)) throw nameTaken(name);
    throw error;
  }
}

/** Forgets a connected marketplace (nothing on the remote changes); false when there was none. */
export async function removeConnectedMarketplace(db: Db, organizationId: string, id: string): Promise<boolean> {
  const removed = await db
    .delete(connectedMarketplaces)
    .where(and(eq(connectedMarketplaces.organizationId, organizationId), eq(connectedMarketplaces.id, id)))
    .returning({ id: connectedMarketplaces.id });
  return removed.length > 0;
}

/** An organization's connected marketplaces by name. */
export async function listConnectedMarketplaces(db: Db, organizationId: string): Promise<ConnectedMarketplace[]> {
  const rows = await db
    .select(PUBLIC_COLUMNS)
    .from(connectedMarketplaces)
    .where(eq(connectedMarketplaces.organizationId, organizationId))
    .orderBy(asc(connectedMarketplaces.name), asc(connectedMarketplaces.id));
  return rows as ConnectedMarketplace[];
}

export interface ConnectedCredentials {
  apiUrl: string;
  clientId: string;
  clientSecret: string;
}

/**
 * What the portal service needs to call the marketplace, secret opened. A secret sealed with an earlier key is
 * sealed again with the current one on the way, so rotation completes as marketplaces are used (or at once with
 * `resealSecrets`). Undefined when the organization has no such marketplace.
 */
export async function connectedCredentials(
  db: Db,
  box: SecretBox,
  organizationId: string,
  id: string,
): Promise<ConnectedCredentials | undefined> {
  const [row] = await db
    .select()
    .from(connectedMarketplaces)
    .where(and(eq(connectedMarketplaces.organizationId, organizationId), eq(connectedMarketplaces.id, id)));
  if (!row) return undefined;
  const clientSecret = box.open(row.sealedClientSecret, row.id);
  if (box.isStale(row.sealedClientSecret)) await reseal(db, box, row.id, row.sealedClientSecret, clientSecret);
  return { apiUrl: row.apiUrl, clientId: row.clientId, clientSecret };
}

/** Replaces one sealed value, unless someone changed it meanwhile (then theirs, sealed with the current key, stays). */
async function reseal(db: Db, box: SecretBox, id: string, previous: string, secret: string): Promise<void> {
  await db
    .update(connectedMarketplaces)
    .set({ sealedClientSecret: box.seal(secret, id) })
    .where(and(eq(connectedMarketplaces.id, id), eq(connectedMarketplaces.sealedClientSecret, previous)));
}

/**
 * Seals every secret still sealed with an earlier key with the current one (step 2 of a key rotation,
 * docs/connected-marketplaces.md). Answers how many were sealed again. Throws if a secret opens with none of the
 * box's keys, naming the row, so an operator never drops a key still in use.
 */
export async function resealSecrets(db: Db, box: SecretBox): Promise<number> {
  const rows = await db
    .select({ id: connectedMarketplaces.id, sealed: connectedMarketplaces.sealedClientSecret })
    .from(connectedMarketplaces);
  let count = 0;
  for (const row of rows) {
    if (!box.isStale(row.sealed)) continue;
    await reseal(db, box, row.id, row.sealed, box.open(row.sealed, row.id));
    count += 1;
  }
  return count;
}

/** Notes that the portal reached the marketplace just now: the last error is cleared. */
export async function recordReached(db: Db, id: string): Promise<void> {
  await db
    .update(connectedMarketplaces)
    .set({ lastReachedAt: sql`now()`, lastError: null })
    .where(eq(connectedMarketplaces.id, id));
}

/** Notes why the last call to the marketplace failed (shown in the Marketplaces table); long messages are cut. */
export async function recordError(db: Db, id: string, message: string): Promise<void> {
  const text = message.length > LIMITS.lastError ? `${message.slice(0, LIMITS.lastError - 1)}…` : message;
  await db.update(connectedMarketplaces).set({ lastError: text }).where(eq(connectedMarketplaces.id, id));
}
