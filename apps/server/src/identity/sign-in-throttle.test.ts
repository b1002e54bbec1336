import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../testing/test-database.ts';
import { signInThrottle } from './db/schema.ts';
import {
  ACCOUNT_SCHEDULE,
  accountSubject,
  ADDRESS_SCHEDULE,
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

const T0 = new Date('2030-01-01T00:00:00Z');
const at = (seconds: number) => new Date(T0.getTime() + seconds * 1000);
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
    expect(await throttle.admit(who, at(0))).toEqual({ admitted: true, waitSeconds: 0 });
    expect(await throttle.admit(who, at(1))).toEqual({ admitted: true, waitSeconds: 0 });
    expect(await throttle.admit(who, at(2))).toEqual({ admitted: true, waitSeconds: 10 });
    expect(await throttle.admit(who, at(3))).toEqual({ admitted: false, waitSeconds: 9 });
    expect(await throttle.admit(who, at(11))).toEqual({ admitted: false, waitSeconds: 1 });
    expect(await throttle.admit(who, at(12))).toEqual({ admitted: true, waitSeconds: 30 });
    expect(await throttle.admit(who, at(42))).toEqual({ admitted: true, waitSeconds: 60 });
    // Locked now: refusals while locked neither count nor extend the lock.
    for (let second = 43; second < 102; second += 10) {
      expect((await throttle.admit(who, at(second))).admitted).toBe(false);
    }
    expect(await throttle.admit(who, at(101))).toEqual({ admitted: false, waitSeconds: 1 });
    // Lock expiry: the next try is admitted and doubles the lock.
    expect(await throttle.admit(who, at(102))).toEqual({ admitted: true, waitSeconds: 120 });
  });

  it('counts the same account from every address, whatever the case of the email', async () => {
    const who = fresh();
    for (let attempt = 0; attempt < 3; attempt += 1) {
      await throttle.admit({ email: who.email.toUpperCase(), address: `198.51.100.${attempt}` }, at(0));
    }
    expect(await throttle.admit({ email: ` ${who.email} `, address: '198.51.100.99' }, at(1))).toEqual({
      admitted: false,
      waitSeconds: 9,
    });
  });

  it('starts afresh once the last try is an hour old', async () => {
    const who = fresh();
    for (let attempt = 0; attempt < 3; attempt += 1) await throttle.admit(who, at(attempt));
    expect(await throttle.admit(who, at(2 + FORGET_AFTER_SECONDS + 1))).toEqual({ admitted: true, waitSeconds: 0 });
  });

  it('is cleared by a success', async () => {
    const who = fresh();
    for (let attempt = 0; attempt < 3; attempt += 1) await throttle.admit(who, at(attempt));
    await throttle.succeeded(who);
    expect(await throttle.admit(who, at(3))).toEqual({ admitted: true, waitSeconds: 0 });
  });

  it('stores a hash of the email, never the email itself', async () => {
    const who = fresh();
    await throttle.admit(who, at(0));
    const rows = await testDb.database.db.select({ subject: signInThrottle.subject }).from(signInThrottle);
    expect(rows.map((row) => row.subject)).toContain(accountSubject(who.email));
    expect(rows.some((row) => row.subject.includes(who.email))).toBe(false);
  });
});

describe('per address', () => {
  it('limits one address across many accounts, and spares the accounts it can no longer try', async () => {
    const { address } = fresh();
    for (let account = 1; account <= 19; account += 1) {
      expect(await throttle.admit({ email: `spray${account}@example.test`, address }, at(account))).toEqual({
        admitted: true,
        waitSeconds: 0,
      });
    }
    expect(await throttle.admit({ email: 'spray20@example.test', address }, at(20))).toEqual({
      admitted: true,
      waitSeconds: 60,
    });
    expect(await throttle.admit({ email: 'spray21@example.test', address }, at(21))).toEqual({
      admitted: false,
      waitSeconds: 59,
    });
    // The refused try did not count against that account: from elsewhere it is a first try.
    expect(await throttle.admit({ email: 'spray21@example.test', address: '203.0.113.1' }, at(22))).toEqual({
      admitted: true,
      waitSeconds: 0,
    });
    expect((await throttle.admit({ email: 'spray22@example.test', address }, at(80))).admitted).toBe(true);
  });

  it("takes only the signed-in account's own tries off the address", async () => {
    const { address } = fresh();
    for (let account = 1; account <= 17; account += 1) {
      await throttle.admit({ email: `other${account}@example.test`, address }, at(0));
    }
    const mine = { email: 'mine@example.test', address };
    await throttle.admit(mine, at(1));
    await throttle.admit(mine, at(2));
    await throttle.succeeded(mine);
    // 17 other accounts still count: two more tries and the address must wait.
    expect(await throttle.admit({ email: 'other18@example.test', address }, at(3))).toEqual({
      admitted: true,
      waitSeconds: 0,
    });
    expect(await throttle.admit({ email: 'other19@example.test', address }, at(4))).toEqual({
      admitted: true,
      waitSeconds: 0,
    });
    expect(await throttle.admit({ email: 'other20@example.test', address }, at(5))).toEqual({
      admitted: true,
      waitSeconds: 60,
    });
  });

  it('lifts the wait when a success brings the address back under its limit', async () => {
    const { address } = fresh();
    for (let account = 1; account <= 18; account += 1) {
      await throttle.admit({ email: `typo${account}@example.test`, address }, at(0));
    }
    const colleague = { email: 'colleague@example.test', address };
    await throttle.admit(colleague, at(1));
    expect(await throttle.admit(colleague, at(2))).toEqual({ admitted: true, waitSeconds: 60 });
    await throttle.succeeded(colleague);
    expect(await throttle.admit({ email: 'typo1@example.test', address }, at(3))).toEqual({
      admitted: true,
      waitSeconds: 0,
    });
  });
});

describe('concurrency', () => {
  it('admits exactly as many of 30 simultaneous guesses as the schedule allows', async () => {
    const who = fresh();
    const answers = await Promise.all(Array.from({ length: 30 }, () => throttle.admit(who, at(0))));
    // Two free tries and the third that starts the wait; everything after waits.
    expect(answers.filter((answer) => answer.admitted)).toHaveLength(3);
  });
});
