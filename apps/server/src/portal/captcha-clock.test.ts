import { solveChallenge, type Challenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../testing/test-database.ts';
import { createCaptcha, type Captcha } from './captcha.ts';

let testDb: TestDatabase;
let captcha: Captcha;
/** Challenges that expire as soon as they are made (by the database's clock). */
let expiring: Captcha;
beforeAll(async () => {
  testDb = await createTestDatabase();
  const cheap = { cost: 1, counterRange: [10, 20] as const };
  captcha = createCaptcha(testDb.database.db, cheap);
  expiring = createCaptcha(testDb.database.db, { ...cheap, lifetimeSeconds: 0 });
});
afterAll(async () => testDb?.dispose());
afterEach(() => {
  vi.useRealTimers();
});

async function answer(challenge: Challenge): Promise<string> {
  const solution = await solveChallenge({ challenge, deriveKey });
  if (!solution) throw new Error('captcha not solved');
  return Buffer.from(JSON.stringify({ challenge, solution })).toString('base64');
}

const refusal = (work: Promise<void>) =>
  work.then(
    () => 'accepted',
    (error: unknown) => (error as Error).message,
  );

describe('captcha expiry', () => {
  it('accepts an answer once while its challenge lasts, and none once it has expired', async () => {
    const token = await answer(await captcha.challenge());
    expect(await refusal(captcha.verifyOnce(token))).toBe('accepted');
    expect(await refusal(captcha.verifyOnce(token))).toMatch(/already used/);
    expect(await refusal(expiring.verifyOnce(await answer(await expiring.challenge())))).toMatch(/has expired/);
  });
});

/**
 * PGlite runs inside this process and takes its time from the same (faked) Date, so only a database
 * server has a clock of its own to hold against a skewed application clock; several processes can
 * share only a server anyway.
 */
const databaseHasItsOwnClock = Boolean(process.env.TEST_DATABASE_URL);

describe.skipIf(!databaseHasItsOwnClock)('captcha expiry with application clocks that disagree', () => {
  const HOUR = 3600_000;

  it('keeps a challenge from a process an hour behind valid in one an hour ahead, and once only', async () => {
    const base = Date.now();
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(base - HOUR);
    const token = await answer(await captcha.challenge());
    vi.setSystemTime(base + HOUR);
    expect(await refusal(captcha.verifyOnce(token))).toBe('accepted');
    vi.setSystemTime(base - HOUR);
    expect(await refusal(captcha.verifyOnce(token))).toMatch(/already used/);
  });

  it('does not give an expired challenge from a process an hour ahead more time in one behind', async () => {
    const base = Date.now();
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(base + HOUR);
    const token = await answer(await expiring.challenge());
    vi.setSystemTime(base - HOUR);
    expect(await refusal(expiring.verifyOnce(token))).toMatch(/has expired/);
  });
});
