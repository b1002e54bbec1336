import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Db } from '../db/database.ts';
import { rowsOf } from '../db/rows.ts';
import { normalizeEmail } from './directory.ts';

/**
 * How many sign-in attempts a subject gets before it must wait, and how long. `waits[n - 1]` is the
 * wait in seconds after the n-th attempt since the last success (0 = none); the last entry repeats.
 */
export interface ThrottleSchedule {
  readonly waits: readonly number[];
}

/**
 * Per account: two free tries, then 10 s and 30 s waits (slowing down a guesser without bothering
 * a typo), then the account is locked for 1, 2, 4, 8 and at most 15 minutes. Short and temporary,
 * so locking someone out costs an attacker a request every 15 minutes per account.
 */
export const ACCOUNT_SCHEDULE: ThrottleSchedule = { waits: [0, 0, 10, 30, 60, 120, 240, 480, 900] };

/**
 * Per client address, across every account tried from it: 20 free tries (an office behind one
 * address makes typos too), then 1, 2, 4, 8 and at most 15 minutes. This is what stops one
 * attacker from locking many accounts: five accounts' worth of tries, then 4 an hour.
 */
export const ADDRESS_SCHEDULE: ThrottleSchedule = {
  waits: [...Array.from({ length: 19 }, () => 0), 60, 120, 240, 480, 900],
};

/** Counts start afresh once the last attempt is this old (longer than the longest wait). */
export const FORGET_AFTER_SECONDS = 60 * 60;

export type Admission =
  /** Go on and check the password. `waitSeconds` is the wait this attempt has already started (0 = none). */
  | { admitted: true; waitSeconds: number }
  /** Refused without checking the password: wait this many seconds. */
  | { admitted: false; waitSeconds: number };

export interface ThrottleSubjects {
  email: string;
  address: string;
}

export interface SignInThrottle {
  /**
   * Counts an attempt for the account and the address before the password is checked, so that
   * concurrent guesses cannot all slip in before the first one is counted. Refused (and not counted)
   * while either must wait.
   */
  admit(subjects: ThrottleSubjects): Promise<Admission>;
  /** After a correct password: clears the account, and takes its attempts off the address. */
  succeeded(subjects: ThrottleSubjects): Promise<void>;
}

/** The account's key: a hash, so the table never holds what someone typed (a password, at times). */
export const accountSubject = (email: string): string =>
  `account:${createHash('sha256').update(normalizeEmail(email)).digest('hex')}`;
export const addressSubject = (address: string): string => `address:${address}`;

/** Seconds to wait after the n-th attempt (n from 1). */
export function waitAfter(schedule: ThrottleSchedule, attempts: number): number {
  if (attempts < 1) return 0;
  return schedule.waits[Math.min(attempts, schedule.waits.length) - 1] ?? 0;
}

/** Thrown inside the admission transaction to undo the address's count when the account must wait. */
class Refused extends Error {
  constructor(readonly waitSeconds: number) {
    super('refused');
  }
}

const waitsArray = (schedule: ThrottleSchedule) =>
  sql.raw(`ARRAY[${schedule.waits.map((seconds) => Math.trunc(seconds)).join(',')}]::int[]`);

/**
 * Sign-in attempt counters in `identity.sign_in_throttle`, updated with single atomic statements
 * (INSERT ... ON CONFLICT DO UPDATE), so they hold across processes and concurrent requests. Every
 * time in it is the database's (`clock_timestamp()`, read once the row is locked): a wait started by
 * one process ends at the same moment for every other, whatever their own clocks say.
 */
export function createSignInThrottle(
  db: Db,
  schedules: { account: ThrottleSchedule; address: ThrottleSchedule } = {
    account: ACCOUNT_SCHEDULE,
    address: ADDRESS_SCHEDULE,
  },
): SignInThrottle {
  /**
   * Counts one attempt for the subject unless it must still wait; answers the new count and wait,
   * or undefined when refused. The row lock of the upsert serialises concurrent attempts.
   */
  async function count(tx: Db, subject: string, schedule: ThrottleSchedule) {
    const forgetAfter = sql.raw(`interval '${FORGET_AFTER_SECONDS} seconds'`);
    const next = sql`CASE WHEN t.last_attempt_at < clock_timestamp() - ${forgetAfter} THEN 1 ELSE t.attempts + 1 END`;
    const last = schedule.waits.length;
    const [row] = await rowsOf<{ attempts: number }>(
      tx,
      sql`
      INSERT INTO identity.sign_in_throttle AS t (subject, attempts, last_attempt_at, wait_until)
      VALUES (${subject}, 1, clock_timestamp(), clock_timestamp() + make_interval(secs => ${waitAfter(schedule, 1)}::int))
      ON CONFLICT (subject) DO UPDATE SET
        attempts = ${next},
        last_attempt_at = clock_timestamp(),
        wait_until = clock_timestamp() + make_interval(secs => (${waitsArray(schedule)})[least(${next}, ${last})])
      WHERE t.wait_until IS NULL OR t.wait_until <= clock_timestamp()
      RETURNING attempts`,
    );
    return row ? waitAfter(schedule, Number(row.attempts)) : undefined;
  }

  /** Whole seconds until the subject may try again, by the database's clock (at least 1). */
  async function secondsToWait(tx: Db, subject: string): Promise<number> {
    const [row] = await rowsOf<{ seconds: number | null }>(
      tx,
      sql`SELECT ceil(extract(epoch FROM wait_until - clock_timestamp()))::int AS seconds
          FROM identity.sign_in_throttle WHERE subject = ${subject}`,
    );
    return Math.max(1, Number(row?.seconds ?? 1));
  }

  return {
    async admit({ email, address }) {
      try {
        const waitSeconds = await db.transaction(async (tx) => {
          // Always the address first, then the account: one lock order, so no deadlocks.
          const byAddress = await count(tx, addressSubject(address), schedules.address);
          if (byAddress === undefined) throw new Refused(await secondsToWait(tx, addressSubject(address)));
          const byAccount = await count(tx, accountSubject(email), schedules.account);
          if (byAccount === undefined) throw new Refused(await secondsToWait(tx, accountSubject(email)));
          return Math.max(byAddress, byAccount);
        });
        return { admitted: true, waitSeconds };
      } catch (error) {
        if (error instanceof Refused) return { admitted: false, waitSeconds: error.waitSeconds };
        throw error;
      }
    },

    async succeeded({ email, address }) {
      await db.transaction(async (tx) => {
        const [account] = await rowsOf<{ attempts: number }>(
          tx,
          sql`DELETE FROM identity.sign_in_throttle WHERE subject = ${accountSubject(email)} RETURNING attempts`,
        );
        const forgiven = Number(account?.attempts ?? 0);
        if (forgiven === 0) return;
        // Only the account's own attempts come off the address: an attacker who signs in with an
        // account of their own cannot wipe out the guesses they made at everyone else's.
        const left = sql`greatest(t.attempts - ${forgiven}, 0)`;
        await tx.execute(sql`
          UPDATE identity.sign_in_throttle AS t SET
            attempts = ${left},
            wait_until = CASE WHEN coalesce((${waitsArray(schedules.address)})[least(${left}, ${schedules.address.waits.length})], 0) = 0 THEN NULL ELSE t.wait_until END
          WHERE subject = ${addressSubject(address)}`);
      });
    },
  };
}

/** "Too many failed sign-in attempts. Try again in 2 minutes." — the same for every account, known or not. */
export function throttledMessage(waitSeconds: number): string {
  const minutes = Math.ceil(waitSeconds / 60);
  const wait =
    waitSeconds < 60
      ? `${waitSeconds} ${waitSeconds === 1 ? 'second' : 'seconds'}`
      : `${minutes} ${minutes === 1 ? 'minute' : 'minutes'}`;
  return `Too many failed sign-in attempts. Try again in ${wait}.`;
}
