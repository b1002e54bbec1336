import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../testing/test-database.ts';
import { signInThrottle } from './db/schema.ts';
import {
  ACCOUNT_SCHEDULE,
  accountSubject,
  ADDRESS_SCHEDULE,
  addressSubject,
  createSignInThrottle,
  FORGET_AFTER_SECONDS,
  throttledMessage,
  waitAfter,
  type SignInThrottle,
} from './sign-in-throttle.ts';

let testDb: TestDatabase;
let throttle: SignInThrottle;
beforeAll(async () => {
  testDb = await createTestDatabase();
  throttle = createSignInThrottle(testDb.database.db);
});
afterAll(async () => {
  await testDb?.dispose();
});

afterEach(() => {
  vi.useRealTimers();
});

/**
 * Lets time pass by the database's clock, the only one the throttle reads: the subjects' rows are
 * moved into the past so that their last counted attempt was `seconds` ago, waits included. Placed
 * from the last attempt rather than shifted step by step, so the time the test itself takes does
 * not add up across steps.
 */
async function later(seconds: number, ...subjects: string[]): Promise<void> {
  const then = sql`(c.now - make_interval(secs => ${seconds}::int))`;
  await testDb.database.db.execute(sql`
    UPDATE identity.sign_in_throttle AS t SET last_attempt_at = ${then},
      wait_until = t.wait_until - (t.last_attempt_at - ${then})
    FROM (SELECT clock_timestamp() AS now) AS c
    WHERE t.subject IN (${sql.join(
      subjects.map((subject) => sql`${subject}`),
      sql`, `,
    )})`);
}
const both = (who: { email: string; address: string }) => [accountSubject(who.email), addressSubject(who.address)];
/** Each test its own address and accounts, so tests do not share counts. */
let next = 0;
const fresh = () => {
  next += 1;
  return { email: `person${next}@example.test`, address: `192.0.2.${next}` };
};

describe('the schedules', () => {
  it('slow down, then lock for short, growing, capped times', () => {
    expect([1, 2, 3, 4, 5, 6, 9, 50].map((n) => waitAfter(ACCOUNT_SCHEDULE, n))).toEqual([
      0, 0, 10, 30, 60, 120, 900, 900,
    ]);
    expect(waitAfter(ADDRESS_SCHEDULE, 19)).toBe(0);
    expect(waitAfter(ADDRESS_SCHEDULE, 20)).toBe(60);
    expect(waitAfter(ADDRESS_SCHEDULE, 1000)).toBe(900);
    expect(Math.max(...ACCOUNT_SCHEDULE.waits, ...ADDRESS_SCHEDULE.waits)).toBeLessThan(FORGET_AFTER_SECONDS);
  });

  it('words the wait in seconds or whole minutes', () => {
    expect(throttledMessage(1)).toBe('Too many failed sign-in attempts. Try again in 1 second.');
    expect(throttledMessage(10)).toBe('Too many failed sign-in attempts. Try again in 10 seconds.');
    expect(throttledMessage(60)).toBe('Too many failed sign-in attempts. Try again in 1 minute.');
    expect(throttledMessage(61)).toBe('Too many failed sign-in attempts. Try again in 2 minutes.');
  });
});

describe('per account', () => {
  it('admits two tries freely, then asks for growing waits and refuses (uncounted) until they pass', async () => {
    const who = fresh();
    expect(await throttle.admit(who)).toEqual({ admitted: true, waitSeconds: 0 });
    expect(await throttle.admit(who)).toEqual({ admitted: true, waitSeconds: 0 });
    expect(await throttle.admit(who)).toEqual({ admitted: true, waitSeconds: 10 });
    await later(1, ...both(who));
    expect(await throttle.admit(who)).toEqual({ admitted: false, waitSeconds: 9 });
    await later(9, ...both(who));
    expect(await throttle.admit(who)).toEqual({ admitted: false, waitSeconds: 1 });
    await later(10, ...both(who));
    expect(await throttle.admit(who)).toEqual({ admitted: true, waitSeconds: 30 });
    await later(30, ...both(who));
    expect(await throttle.admit(who)).toEqual({ admitted: true, waitSeconds: 60 });
    // Locked now: refusals while locked neither count nor extend the lock.
    for (let second = 1; second < 60; second += 10) {
      await later(second, ...both(who));
      expect((await throttle.admit(who)).admitted).toBe(false);
    }
    await later(59, ...both(who));
    expect(await throttle.admit(who)).toEqual({ admitted: false, waitSeconds: 1 });
    // Lock expiry: the next try is admitted and doubles the lock.
    await later(60, ...both(who));
    expect(await throttle.admit(who)).toEqual({ admitted: true, waitSeconds: 120 });
  });

  it('counts the same account from every address, whatever the case of the email', async () => {
    const who = fresh();
    for (let attempt = 0; attempt < 3; attempt += 1) {
      await throttle.admit({ email: who.email.toUpperCase(), address: `198.51.100.${attempt}` });
    }
    await later(1, accountSubject(who.email));
    expect(await throttle.admit({ email: ` ${who.email} `, address: '198.51.100.99' })).toEqual({
      admitted: false,
      waitSeconds: 9,
    });
  });

  it('starts afresh once the last try is an hour old', async () => {
    const who = fresh();
    for (let attempt = 0; attempt < 3; attempt += 1) await throttle.admit(who);
    await later(FORGET_AFTER_SECONDS + 1, ...both(who));
    expect(await throttle.admit(who)).toEqual({ admitted: true, waitSeconds: 0 });
  });

  it('is cleared by a success', async () => {
    const who = fresh();
    for (let attempt = 0; attempt < 3; attempt += 1) await throttle.admit(who);
    await throttle.succeeded(who);
    expect(await throttle.admit(who)).toEqual({ admitted: true, waitSeconds: 0 });
  });

  it('stores a hash of the email, never the email itself', async () => {
    const who = fresh();
    await throttle.admit(who);
    const rows = await testDb.database.db.select({ subject: signInThrottle.subject }).from(signInThrottle);
    expect(rows.map((row) => row.subject)).toContain(accountSubject(who.email));
    expect(rows.some((row) => row.subject.includes(who.email))).toBe(false);
  });
});

describe('per address', () => {
  it('limits one address across many accounts, and spares the accounts it can no longer try', async () => {
    const { address } = fresh();
    for (let account = 1; account <= 19; account += 1) {
      expect(await throttle.admit({ email: `spray${account}@example.test`, address })).toEqual({
        admitted: true,
        waitSeconds: 0,
      });
    }
    expect(await throttle.admit({ email: 'spray20@example.test', address })).toEqual({
      admitted: true,
      waitSeconds: 60,
    });
    await later(1, addressSubject(address));
    expect(await throttle.admit({ email: 'spray21@example.test', address })).toEqual({
      admitted: false,
      waitSeconds: 59,
    });
    // The refused try did not count against that account: from elsewhere it is a first try.
    expect(await throttle.admit({ email: 'spray21@example.test', address: '203.0.113.1' })).toEqual({
      admitted: true,
      waitSeconds: 0,
    });
    await later(60, addressSubject(address));
    expect((await throttle.admit({ email: 'spray22@example.test', address })).admitted).toBe(true);
  });

  it("takes only the signed-in account's own tries off the address", async () => {
    const { address } = fresh();
    for (let account = 1; account <= 17; account += 1) {
      await throttle.admit({ email: `other${account}@example.test`, address });
    }
    const mine = { email: 'mine@example.test', address };
    await throttle.admit(mine);
    await throttle.admit(mine);
    await throttle.succeeded(mine);
    // 17 other accounts still count: two more tries and the address must wait.
    expect(await throttle.admit({ email: 'other18@example.test', address })).toEqual({
      admitted: true,
      waitSeconds: 0,
    });
    expect(await throttle.admit({ email: 'other19@example.test', address })).toEqual({
      admitted: true,
      waitSeconds: 0,
    });
    expect(await throttle.admit({ email: 'other20@example.test', address })).toEqual({
      admitted: true,
      waitSeconds: 60,
    });
  });

  it('lifts the wait when a success brings the address back under its limit', async () => {
    const { address } = fresh();
    for (let account = 1; account <= 18; account += 1) {
      await throttle.admit({ email: `typo${account}@example.test`, address });
    }
    const colleague = { email: 'colleague@example.test', address };
    await throttle.admit(colleague);
    expect(await throttle.admit(colleague)).toEqual({ admitted: true, waitSeconds: 60 });
    await throttle.succeeded(colleague);
    expect(await throttle.admit({ email: 'typo1@example.test', address })).toEqual({
      admitted: true,
      waitSeconds: 0,
    });
  });
});

describe('concurrency', () => {
  it('admits exactly as many of 30 simultaneous guesses as the schedule allows', async () => {
    const who = fresh();
    const answers = await Promise.all(Array.from({ length: 30 }, () => throttle.admit(who)));
    // Two free tries and the third that starts the wait; everything after waits.
    expect(answers.filter((answer) => answer.admitted)).toHaveLength(3);
  });
});

/**
 * PGlite runs inside this process and takes its time from the same (faked) Date, so only a database
 * server has a clock of its own to hold against a skewed application clock; several processes can
 * share only a server anyway.
 */
const databaseHasItsOwnClock = Boolean(process.env.TEST_DATABASE_URL);

describe.skipIf(!databaseHasItsOwnClock)('with application clocks that disagree (several processes)', () => {
  const HOUR = 3600_000;

  // Two processes on one database: process A's clock 10 minutes fast, process B's 10 minutes slow.
  it('waits and locks by the database clock, whichever process counted the attempt', async () => {
    const base = Date.now();
    vi.useFakeTimers({ toFake: ['Date'] });
    const processA = () => vi.setSystemTime(base + 10 * 60_000);
    const processB = () => vi.setSystemTime(base - 10 * 60_000);
    const who = fresh();
    processA();
    expect(await throttle.admit(who)).toEqual({ admitted: true, waitSeconds: 0 });
    processB();
    expect(await throttle.admit(who)).toEqual({ admitted: true, waitSeconds: 0 });
    processA();
    expect(await throttle.admit(who)).toEqual({ admitted: true, waitSeconds: 10 });
    // B, whose clock is 20 minutes behind A's, sees the same 10 s wait, not 20 minutes and 10 s.
    processB();
    expect(await throttle.admit(who)).toEqual({ admitted: false, waitSeconds: 10 });
    processA();
    expect(await throttle.admit(who)).toEqual({ admitted: false, waitSeconds: 10 });
    await later(10, ...both(who));
    // And A, 20 minutes ahead, does not see B's wait over before it is.
    processB();
    expect(await throttle.admit(who)).toEqual({ admitted: true, waitSeconds: 30 });
    processA();
    expect(await throttle.admit(who)).toEqual({ admitted: false, waitSeconds: 30 });
  });

  it('admits exactly the 20 tries an address is allowed when two processes share the load', async () => {
    const base = Date.now();
    vi.useFakeTimers({ toFake: ['Date'] });
    const { address } = fresh();
    const answers: Promise<{ admitted: boolean; waitSeconds: number }>[] = [];
    for (let attempt = 0; attempt < 30; attempt += 1) {
      // Each call reads the clock of the process it runs in; the two alternate by hours.
      vi.setSystemTime(base + (attempt % 2 === 0 ? 2 * HOUR : -2 * HOUR));
      answers.push(throttle.admit({ email: `crowd${attempt}@example.test`, address }));
    }
    const settled = await Promise.all(answers);
    expect(settled.filter((answer) => answer.admitted)).toHaveLength(20);
    expect(settled.filter((answer) => answer.admitted && answer.waitSeconds === 60)).toHaveLength(1);
    // The next try waits the minute the 20th started, by either clock.
    vi.setSystemTime(base - 4 * HOUR);
    await later(0, addressSubject(address));
    expect(await throttle.admit({ email: 'late@example.test', address })).toEqual({
      admitted: false,
      waitSeconds: 60,
    });
    await later(60, addressSubject(address));
    vi.setSystemTime(base + 8 * HOUR);
    expect((await throttle.admit({ email: 'later@example.test', address })).admitted).toBe(true);
  });
});
