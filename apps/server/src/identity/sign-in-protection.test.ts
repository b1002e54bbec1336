import { beforeEach, describe, expect, it } from 'vitest';
import { INVALID_CREDENTIALS } from './pages/sign-in.ts';
import { DEMO_PASSWORD } from './seed.ts';
import { OidcBrowser, type Outcome } from './testing/oidc-browser.ts';
import { useIdentityServer } from './testing/identity-server.ts';

const server = useIdentityServer();
// Every request here comes from 127.0.0.1, so each test starts with no counts at all.
beforeEach(async () => {
  await server().database.executeSql('DELETE FROM identity.sign_in_throttle');
});

/** Lets every running wait end, as if its time had passed (the server reads the real clock). */
const letWaitsPass = () =>
  server().database.executeSql(
    "UPDATE identity.sign_in_throttle SET wait_until = now() - interval '1 second' WHERE wait_until IS NOT NULL",
  );

interface Answer {
  status: number;
  message: string;
  retryAfter: string | null;
}

async function signInPage(): Promise<{ browser: OidcBrowser; page: Outcome }> {
  const browser = new OidcBrowser(server().url, server().app.config.portalClientId);
  return { browser, page: await browser.authorize() };
}

/** Posts the sign-in form and reads the answer's alert, status and Retry-After. */
async function attempt(email: string, password: string): Promise<Answer> {
  const { browser, page } = await signInPage();
  if (page.kind !== 'page') throw new Error('expected the sign-in page');
  const response = await browser.postForm(page.url, { email, password });
  const html = await response.text();
  const message = /<p class="alert error" role="alert" id="form-error">([^<]*)<\/p>/.exec(html)?.[1] ?? '';
  if (response.status !== 303) expect(html).toContain(`value="${email}"`);
  return { status: response.status, message, retryAfter: response.headers.get('retry-after') };
}

const throttled = (wait: string, retryAfter: string) => ({
  status: 429,
  message: `Too many failed sign-in attempts. Try again in ${wait}.`,
  retryAfter,
});
/** A lock of one minute, read a moment later: the server reads the real clock, and a loaded machine is slow. */
const LOCKED_FOR_ABOUT_A_MINUTE = /^Too many failed sign-in attempts\. Try again in (1 minute|5\d seconds)\.$/;
const invalid = { status: 401, message: INVALID_CREDENTIALS, retryAfter: null };

/** Five wrong passwords (waiting out each wait), then the given password while the account is locked. */
async function lockOut(email: string, finalPassword: string): Promise<Answer[]> {
  const answers = [await attempt(email, 'wrong-1'), await attempt(email, 'wrong-2'), await attempt(email, 'wrong-3')];
  answers.push(await attempt(email, 'wrong-during-wait'));
  await letWaitsPass();
  answers.push(await attempt(email, 'wrong-4'));
  await letWaitsPass();
  answers.push(await attempt(email, 'wrong-5'));
  answers.push(await attempt(email, finalPassword));
  return answers;
}

describe('sign-in protection', () => {
  it('slows down, then locks an account, refusing even the right password with the same message', async () => {
    const answers = await lockOut('dev@demo.example', DEMO_PASSWORD);
    expect(answers[0]).toEqual(invalid);
    expect(answers[1]).toEqual(invalid);
    expect(answers[2]).toEqual(throttled('10 seconds', '10'));
    expect(answers[3]).toMatchObject({ status: 429, message: expect.stringMatching(/Try again in (9|10) seconds\.$/) });
    expect(answers[4]).toEqual(throttled('30 seconds', '30'));
    expect(answers[5]).toEqual(throttled('1 minute', '60'));
    expect(answers[6]).toMatchObject({ status: 429, message: expect.stringMatching(LOCKED_FOR_ABOUT_A_MINUTE) });
  });

  it('answers an unknown account exactly like a known one', async () => {
    const known = await lockOut('owner@demo.example', DEMO_PASSWORD);
    await server().database.executeSql('DELETE FROM identity.sign_in_throttle');
    const unknown = await lockOut('nobody-here@demo.example', DEMO_PASSWORD);
    const comparable = (answers: Answer[]) =>
      // Waits are read off the real clock, so the counts may differ by a second between the two runs.
      answers.map(({ status, message }) => ({ status, message: message.replace(/in \d+ (seconds|minutes?)/, 'in N') }));
    expect(comparable(unknown)).toEqual(comparable(known));
    expect(unknown.map((answer) => answer.retryAfter !== null)).toEqual(
      known.map((answer) => answer.retryAfter !== null),
    );
  });

  it('signs in once the lock has passed, and a success clears the count', async () => {
    await lockOut('viewer@demo.example', 'still-wrong');
    await letWaitsPass();
    expect((await attempt('viewer@demo.example', DEMO_PASSWORD)).status).toBe(303);
    // Cleared: two more mistakes are ordinary ones again, not throttled.
    expect(await attempt('viewer@demo.example', 'typo-1')).toEqual(invalid);
    expect(await attempt('viewer@demo.example', 'typo-2')).toEqual(invalid);
    expect((await attempt('viewer@demo.example', DEMO_PASSWORD)).status).toBe(303);
  });

  it('limits one address across many accounts, whoever they are', async () => {
    const { browser, page } = await signInPage();
    if (page.kind !== 'page') throw new Error('expected the sign-in page');
    const statuses: number[] = [];
    for (let account = 1; account <= 20; account += 1) {
      const response = await browser.postForm(page.url, { email: `spray${account}@demo.example`, password: 'x' });
      statuses.push(response.status);
      await response.body?.cancel();
    }
    expect(statuses).toEqual([...Array.from({ length: 19 }, () => 401), 429]);
    // Every account, even a real one with its right password, now waits at this address.
    expect(await attempt('dev@demo.example', DEMO_PASSWORD)).toMatchObject({
      status: 429,
      message: expect.stringMatching(LOCKED_FOR_ABOUT_A_MINUTE),
    });
  });
});
