import { sql } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import { rowsOf } from '../../db/rows.ts';
import type { Item } from '../engine/item.ts';
import type { PlatformUser } from './client-access.ts';

/**
 * Account lockout of the password grant. Each attempt on an existing account is counted in the
 * user's FailedLoginAttempts before the password is checked (so parallel guesses cannot exceed the
 * allowance) and the count returns to 0 when the password is right. The attempt that reaches
 * AllowedFailedAttempts starts a lock of LockoutDuration minutes, during which every attempt, with
 * the right password too, is refused as `Auth.LockedOut` and counted no further (the lock is not
 * extended). A failure on an unknown username touches no account. An admin unlocks with
 * `*.UnlockUserAccount`; a new password (set by an admin or a reset) ends the lock as well.
 */

/** Attempts allowed when no security profile of the user sets PasswordConfig.AllowedFailedAttempts. */
export const DEFAULT_ALLOWED_FAILED_ATTEMPTS = 10;
/** Minutes a lock lasts when no security profile of the user sets PasswordConfig.LockoutDuration. */
export const DEFAULT_LOCKOUT_MINUTES = 15;

/** Key, in the user's write-only `secret`, of when the current lock began (ISO time, the database's clock). */
export const LOCKED_OUT_AT = 'LockedOutAt';

export interface LockoutPolicy {
  allowedFailedAttempts: number;
  lockoutMinutes: number;
}

const positive = (value: unknown): value is number => typeof value === 'number' && Number.isInteger(value) && value > 0;

/**
 * The policy of a user's security profiles: when several set a value, the strictest wins (the
 * fewest attempts, the longest lock); a value no profile sets (or sets below 1) takes its default.
 */
export function lockoutPolicy(profiles: readonly Item[]): LockoutPolicy {
  const attempts: number[] = [];
  const minutes: number[] = [];
  for (const profile of profiles) {
    const config = profile.PasswordConfig;
    if (!config || typeof config !== 'object') continue;
    const { AllowedFailedAttempts, LockoutDuration } = config as Item;
    if (positive(AllowedFailedAttempts)) attempts.push(AllowedFailedAttempts);
    if (positive(LockoutDuration)) minutes.push(LockoutDuration);
  }
  return {
    allowedFailedAttempts: attempts.length > 0 ? Math.min(...attempts) : DEFAULT_ALLOWED_FAILED_ATTEMPTS,
    lockoutMinutes: minutes.length > 0 ? Math.max(...minutes) : DEFAULT_LOCKOUT_MINUTES,
  };
}

/** The storage key of the user's document. */
function userKey(marketplaceId: string, user: PlatformUser) {
  return sql`marketplace_id = ${marketplaceId} AND resource = ${user.resource}
    AND parent_key = ${user.companyId ?? ''} AND id = ${user.id}`;
}

interface LockRow {
  failed: unknown;
  /** A lock began, and by the database's clock it has not run out yet. */
  locked: boolean | null;
  /** A lock began (running or run out). */
  was_locked: boolean;
}

/**
 * Counts a sign-in attempt on the user before its password is checked. Returns false when the
 * account is locked (the attempt must be refused without checking the password), true otherwise.
 * The row is locked for the read-modify-write, so concurrent attempts are all counted. A lock starts
 * and ends by the database's clock, so every process sees it last exactly LockoutDuration.
 */
export async function beginSignInAttempt(
  db: Db,
  marketplaceId: string,
  user: PlatformUser,
  policy: LockoutPolicy,
): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [row] = await rowsOf<LockRow>(
      tx,
      sql`SELECT body -> 'FailedLoginAttempts' AS failed, secret ? ${LOCKED_OUT_AT} AS was_locked,
            CASE WHEN secret ? ${LOCKED_OUT_AT} THEN (secret ->> ${LOCKED_OUT_AT})::timestamptz
              + make_interval(mins => ${policy.lockoutMinutes}::int) > clock_timestamp() END AS locked
          FROM platform.documents WHERE ${userKey(marketplaceId, user)} FOR UPDATE`,
    );
    // The user went away since it was looked up; the password check will refuse the attempt.
    if (!row) return true;
    let failed = typeof row.failed === 'number' ? row.failed : 0;
    if (row.was_locked) {
      if (row.locked) return false;
      failed = 0; // The lock has run out: a fresh allowance.
    } else if (failed >= policy.allowedFailedAttempts) {
      // Over the allowance without a lock: the profile's allowance was lowered since. Lock from now.
      await writeLockState(tx as unknown as Db, marketplaceId, user, failed, true);
      return false;
    }
    failed += 1;
    await writeLockState(tx as unknown as Db, marketplaceId, user, failed, failed >= policy.allowedFailedAttempts);
    return true;
  });
}

/** Stores the count, and starts a lock now (the database's time) or ends any lock. */
async function writeLockState(
  db: Db,
  marketplaceId: string,
  user: PlatformUser,
  failed: number,
  lock: boolean,
): Promise<void> {
  const secret = lock
    ? sql`coalesce(secret, '{}'::jsonb) || jsonb_build_object(${LOCKED_OUT_AT}::text, to_jsonb(clock_timestamp()))`
    : sql`secret - ${LOCKED_OUT_AT}::text`;
  await db.execute(
    sql`UPDATE platform.documents
        SET body = jsonb_set(body, '{FailedLoginAttempts}', to_jsonb(${failed}::int)), secret = ${secret}
        WHERE ${userKey(marketplaceId, user)}`,
  );
}

/** The password was right: the count returns to 0 and any lock ends. */
export async function endSignInAttempt(db: Db, marketplaceId: string, user: PlatformUser): Promise<void> {
  await writeLockState(db, marketplaceId, user, 0, false);
}

/** The user's `secret` without the lock; undefined when there was none to keep. */
export function secretWithoutLock(secret: Item | undefined): Item | undefined {
  if (!secret) return undefined;
  const { [LOCKED_OUT_AT]: _lockedAt, ...rest } = secret;
  return rest;
}
