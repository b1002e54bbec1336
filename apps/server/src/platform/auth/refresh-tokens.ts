import { createHash, randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import { rowsOf } from '../../db/rows.ts';
import type { UserType } from './tokens.ts';

/** Whom a refresh token stands for, and the scope first asked for (re-applied on every refresh). */
export interface RefreshSubject {
  userType: UserType;
  userId: string;
  username: string;
  companyId?: string | undefined;
  /** Requested roles; undefined = every role the user holds at refresh time. */
  scope?: string[] | undefined;
}

/** A stored, unexpired refresh token. */
export interface RefreshGrant {
  marketplaceId: string;
  clientId: string;
  subject: RefreshSubject;
}

const hashOf = (token: string) => createHash('sha256').update(token).digest('base64url');

function asSubject(value: unknown): RefreshSubject | undefined {
  const parsed: unknown = typeof value === 'string' ? JSON.parse(value) : value;
  if (!parsed || typeof parsed !== 'object') return undefined;
  const subject = parsed as Record<string, unknown>;
  const { userType, userId, username, companyId, scope } = subject;
  if (userType !== 'admin' && userType !== 'buyer' && userType !== 'supplier') return undefined;
  if (typeof userId !== 'string' || typeof username !== 'string') return undefined;
  const roles = Array.isArray(scope) ? scope.filter((role): role is string => typeof role === 'string') : undefined;
  return {
    userType,
    userId,
    username,
    ...(typeof companyId === 'string' ? { companyId } : {}),
    ...(roles ? { scope: roles } : {}),
  };
}

/**
 * Creates a refresh token valid for `minutes` and stores only its hash. Expired tokens are swept
 * at the same time, so the table does not grow without bound. The expiry is the database's time,
 * as is the check in findRefreshToken, so a token lasts its minutes whichever process reads it.
 */
export async function issueRefreshToken(db: Db, grant: RefreshGrant & { minutes: number }): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  await db.execute(sql`DELETE FROM platform.refresh_tokens WHERE expires_at < clock_timestamp()`);
  await db.execute(
    sql`INSERT INTO platform.refresh_tokens (token_hash, marketplace_id, client_id, subject, expires_at)
        VALUES (${hashOf(token)}, ${grant.marketplaceId}, ${grant.clientId}, ${JSON.stringify(grant.subject)}::jsonb,
          clock_timestamp() + make_interval(secs => ${grant.minutes * 60}::double precision))`,
  );
  return token;
}

/** The grant behind a refresh token, or undefined when it is unknown or expired. */
export async function findRefreshToken(db: Db, token: string): Promise<RefreshGrant | undefined> {
  if (token === '' || token.length > 500) return undefined;
  const [row] = await rowsOf<{ marketplace_id: string; client_id: string; subject: unknown }>(
    db,
    sql`SELECT marketplace_id, client_id, subject FROM platform.refresh_tokens
        WHERE token_hash = ${hashOf(token)} AND expires_at > clock_timestamp()`,
  );
  const subject = row ? asSubject(row.subject) : undefined;
  return row && subject ? { marketplaceId: row.marketplace_id, clientId: row.client_id, subject } : undefined;
}

/** Removes every refresh token of a user (e.g. after a password change); returns how many. */
export async function revokeRefreshTokens(
  db: Db,
  marketplaceId: string,
  userType: UserType,
  userId: string,
): Promise<number> {
  const removed = await rowsOf<{ token_hash: string }>(
    db,
    sql`DELETE FROM platform.refresh_tokens
        WHERE marketplace_id = ${marketplaceId} AND subject ->> 'userType' = ${userType} AND subject ->> 'userId' = ${userId}
        RETURNING token_hash`,
  );
  return removed.length;
}
