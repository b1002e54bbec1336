import { createHash, timingSafeEqual } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import { rowsOf } from '../../db/rows.ts';
import type { Item } from '../engine/item.ts';
import type { Store } from '../engine/store.ts';
import { oauthErrors } from './oauth-error.ts';
import type { TokenUser, UserType } from './tokens.ts';

/** Default AccessTokenDuration, in minutes, when a client does not set one. */
export const DEFAULT_ACCESS_TOKEN_MINUTES = 600;

/** An API client and the marketplace it belongs to. */
export interface ClientRecord {
  marketplaceId: string;
  client: Item;
}

/** A user record found for a sign-in, with where it lives. */
export interface PlatformUser {
  resource: UserResource;
  type: UserType;
  id: string;
  username: string;
  /** Buyer or supplier id; undefined for admin users. */
  companyId: string | undefined;
  item: Item;
  /** The stored scrypt hash, when the user has a password. */
  passwordHash: string | undefined;
}

type UserResource = 'AdminUsers' | 'Users' | 'SupplierUsers';

const USER_TYPES: Readonly<Record<UserResource, UserType>> = {
  AdminUsers: 'admin',
  Users: 'buyer',
  SupplierUsers: 'supplier',
};

interface UserRow {
  resource: UserResource;
  parent_key: string;
  id: string;
  body: Item;
  secret: Item | null;
}

const isNonEmpty = (value: unknown): value is string => typeof value === 'string' && value !== '';

/** Minutes an access token issued through the client lasts. */
export function accessTokenMinutes(client: Item): number {
  const minutes = client.AccessTokenDuration;
  return typeof minutes === 'number' && minutes > 0 ? minutes : DEFAULT_ACCESS_TOKEN_MINUTES;
}

/** Minutes a refresh token issued through the client lasts; 0 = no refresh tokens. */
export function refreshTokenMinutes(client: Item): number {
  const minutes = client.RefreshTokenDuration;
  return typeof minutes === 'number' && minutes > 0 ? minutes : 0;
}

/**
 * The API client with this id, in whichever marketplace holds it (client ids are unique across the
 * platform), or undefined. Clients of a marketplace that no longer exists are not found.
 */
export async function findClient(db: Db, clientId: string): Promise<ClientRecord | undefined> {
  if (!isNonEmpty(clientId) || clientId.length > 200) return undefined;
  // The body containment lets the planner use the GIN index instead of scanning every marketplace's documents.
  const [row] = await rowsOf<{ marketplace_id: string; body: Item }>(
    db,
    sql`SELECT d.marketplace_id, d.body FROM platform.documents d
        JOIN platform.marketplaces m ON m.id = d.marketplace_id
        WHERE d.resource = 'ApiClients' AND d.parent_key = '' AND d.id = ${clientId}
          AND d.body @> ${JSON.stringify({ ID: clientId })}::jsonb
        ORDER BY d.seq LIMIT 1`,
  );
  return row ? { marketplaceId: row.marketplace_id, client: row.body } : undefined;
}

function sameSecret(given: string, expected: string): boolean {
  // Hashing first gives equal lengths, which timingSafeEqual needs, without leaking the length.
  const digest = (value: string) => createHash('sha256').update(value).digest();
  return timingSafeEqual(digest(given), digest(expected));
}

/** Throws unless the client is active and, when it has a secret, the right secret was sent. */
export function checkClient(client: Item, clientSecret: string | undefined): void {
  if (client.Active !== true) throw oauthErrors.clientNotActive();
  const secret = client.ClientSecret;
  if (isNonEmpty(secret) && (clientSecret === undefined || !sameSecret(clientSecret, secret))) {
    throw oauthErrors.invalidClientSecret();
  }
}

function toPlatformUser(row: UserRow): PlatformUser {
  const type = USER_TYPES[row.resource];
  const hash = row.secret?.Password;
  return {
    resource: row.resource,
    type,
    id: row.id,
    username: typeof row.body.Username === 'string' ? row.body.Username : row.id,
    companyId: type === 'admin' ? undefined : row.parent_key,
    item: row.body,
    passwordHash: typeof hash === 'string' ? hash : undefined,
  };
}

/**
 * The admin, buyer or supplier user of the marketplace with this username, matched without regard
 * to case. Should several match, an exact match wins, then the oldest.
 */
export async function findUserByUsername(
  db: Db,
  marketplaceId: string,
  username: string,
): Promise<PlatformUser | undefined> {
  if (!isNonEmpty(username)) return undefined;
  const [row] = await rowsOf<UserRow>(
    db,
    sql`SELECT d.resource, d.parent_key, d.id, d.body, d.secret FROM platform.documents d
        WHERE d.marketplace_id = ${marketplaceId} AND d.resource IN ('AdminUsers', 'Users', 'SupplierUsers')
          AND lower(d.body ->> 'Username') = lower(${username})
        ORDER BY (d.body ->> 'Username') = ${username} DESC, d.seq LIMIT 1`,
  );
  return row ? toPlatformUser(row) : undefined;
}

/** The user a stored subject (refresh token) names, if it still exists. */
export async function findUserById(
  db: Db,
  marketplaceId: string,
  type: UserType,
  companyId: string | undefined,
  id: string,
): Promise<PlatformUser | undefined> {
  const resource: UserResource = type === 'admin' ? 'AdminUsers' : type === 'buyer' ? 'Users' : 'SupplierUsers';
  const parentKey = type === 'admin' ? '' : (companyId ?? '');
  const [row] = await rowsOf<UserRow>(
    db,
    sql`SELECT d.resource, d.parent_key, d.id, d.body, d.secret FROM platform.documents d
        WHERE d.marketplace_id = ${marketplaceId} AND d.resource = ${resource} AND d.parent_key = ${parentKey} AND d.id = ${id}`,
  );
  return row ? toPlatformUser(row) : undefined;
}

/**
 * Throws unless the user may sign in through the client: the user and its company are active;
 * admin users need AllowSeller; buyer and supplier users need AllowAnyBuyer / AllowAnySupplier or
 * an ApiClientAssignment of their company.
 */
export async function authorizeUser(store: Store, client: Item, user: PlatformUser): Promise<void> {
  if (user.item.Active !== true) throw oauthErrors.userNotActive();
  const clientId = String(client.ID);
  if (user.type === 'admin') {
    if (client.AllowSeller !== true) {
      throw oauthErrors.clientNotAuthorized(
        'This API client does not allow marketplace owner (admin) users to sign in.',
      );
    }
    return;
  }
  const companyId = user.companyId ?? '';
  const buyer = user.type === 'buyer';
  const company = await store.get(buyer ? 'Buyers' : 'Suppliers', [], companyId);
  if (!company || company.Active !== true) throw oauthErrors.companyNotActive();
  if ((buyer ? client.AllowAnyBuyer : client.AllowAnySupplier) === true) return;
  const assigned = await store.findAssignments('ApiClientAssignment', [], {
    ApiClientID: clientId,
    ...(buyer ? { BuyerID: companyId } : { SupplierID: companyId }),
  });
  if (assigned.length === 0) {
    throw oauthErrors.clientNotAuthorized(
      `The user's ${buyer ? 'buyer' : 'supplier'} (${companyId}) is not assigned to this API client.`,
    );
  }
}

/** The identity a token is issued to. */
export function tokenUser(user: PlatformUser): TokenUser {
  return { id: user.id, username: user.username, type: user.type, companyId: user.companyId };
}
