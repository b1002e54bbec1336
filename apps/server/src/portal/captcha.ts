import { createHash, randomBytes } from 'node:crypto';
import { createChallenge, randomInt, verifySolution, type Challenge, type Payload } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';
import { lt, sql } from 'drizzle-orm';
import { databaseNow } from '../cluster/db-clock.ts';
import { readOrCreateSetting } from '../cluster/shared-settings.ts';
import type { Db } from '../db/database.ts';
import { rowsOf } from '../db/rows.ts';
import { usedCaptchas } from './db/schema.ts';
import { badRequest, Problem } from './problems.ts';

/** How long a challenge may be solved and used. */
const CHALLENGE_LIFETIME_SECONDS = 10 * 60;

/**
 * Key, in a challenge's signed `data`, of when it expires: seconds since the epoch by the
 * database's clock. Not ALTCHA's own `expiresAt`, which the library checks against this process's
 * clock; another process, whose clock differs, would refuse fresh challenges or accept stale ones.
 */
const EXPIRES = 'expires';

export interface CaptchaOptions {
  /** PBKDF2 iterations per attempt; with the counter range, how much work a solution takes. */
  cost?: number;
  counterRange?: readonly [number, number];
  /** How long a challenge lasts (tests shorten it); 10 minutes. */
  lifetimeSeconds?: number;
}

/** The shared setting (cluster/shared-settings.ts) holding the key captcha challenges are signed with. */
export const CAPTCHA_KEY_SETTING = 'portal-captcha-key';

interface CaptchaSecrets {
  signatureSecret: string;
  keySecret: string;
}

/**
 * The captcha's own key, created once in the database by the first process to need it, so every
 * process sharing the database verifies every other's challenges. It is not derived from the
 * management secret: that one may come from the environment and differ between processes, and a
 * captcha key should sign nothing else.
 */
async function captchaSecrets(db: Db): Promise<CaptchaSecrets> {
  const { value } = await readOrCreateSetting(db, CAPTCHA_KEY_SETTING, () => randomBytes(32).toString('base64url'));
  // Separate keys for the challenge and the derived-key signatures, both from the one stored key.
  return {
    signatureSecret: createHash('sha256').update(`captcha-signature:${value}`).digest('hex'),
    keySecret: createHash('sha256').update(`captcha-key:${value}`).digest('hex'),
  };
}

/**
 * The self-hosted proof-of-work captcha (ALTCHA, STACK.md) of every self-service trigger. Challenges
 * are signed with a key every process shares, so any process verifies them; a verified solution is
 * recorded in `portal.used_captchas` in the same step, so it is accepted once across all processes.
 */
export function createCaptcha(db: Db, options: CaptchaOptions = {}) {
  let secrets: Promise<CaptchaSecrets> | undefined;
  const loadSecrets = () =>
    (secrets ??= captchaSecrets(db).catch((error: unknown) => {
      secrets = undefined;
      throw error;
    }));
  const cost = options.cost ?? 1_000;
  const [low, high] = options.counterRange ?? [1_000, 3_000];
  const lifetimeSeconds = options.lifetimeSeconds ?? CHALLENGE_LIFETIME_SECONDS;

  return {
    async challenge(): Promise<Challenge> {
      const { signatureSecret, keySecret } = await loadSecrets();
      const now = Math.floor((await databaseNow(db)).getTime() / 1000);
      return createChallenge({
        algorithm: 'PBKDF2/SHA-256',
        cost,
        counter: randomInt(low, high),
        deriveKey,
        data: { [EXPIRES]: now + lifetimeSeconds },
        hmacSignatureSecret: signatureSecret,
        hmacKeySignatureSecret: keySecret,
      });
    },

    /** Throws a 403 unless `token` is a valid, unexpired, never used solution. */
    async verifyOnce(token: unknown): Promise<void> {
      const payload = parsePayload(token);
      if (!payload) throw new Problem(403, 'Complete the captcha first.');
      const { signatureSecret, keySecret } = await loadSecrets();
      const result = await verifySolution({
        challenge: payload.challenge,
        solution: payload.solution,
        deriveKey,
        hmacSignatureSecret: signatureSecret,
        hmacKeySignatureSecret: keySecret,
      }).catch(() => undefined);
      const invalid = () => new Problem(403, 'The captcha answer is not valid or has expired; try it again.');
      if (!result?.verified) throw invalid();
      // The signed expiry (seconds since the epoch, the database's clock), checked by that clock.
      const expires = payload.challenge.parameters.data?.[EXPIRES];
      if (typeof expires !== 'number' || !Number.isFinite(expires)) throw invalid();
      const expiresAt = sql`to_timestamp(${expires}::double precision)`;
      const [live] = await rowsOf<{ live: boolean }>(db, sql`SELECT ${expiresAt} > clock_timestamp() AS live`);
      if (!live?.live) throw invalid();
      await db.delete(usedCaptchas).where(lt(usedCaptchas.expiresAt, sql`now()`));
      const recorded = await db
        .insert(usedCaptchas)
        .values({ challengeId: payload.challenge.parameters.nonce, expiresAt })
        .onConflictDoNothing()
        .returning({ id: usedCaptchas.challengeId });
      if (recorded.length === 0)
        throw new Problem(403, 'This captcha answer was already used; solve the captcha again.');
    },
  };
}

export type Captcha = ReturnType<typeof createCaptcha>;

/** The widget's token: base64 of `{ challenge, solution }` JSON. */
function parsePayload(token: unknown): Payload | undefined {
  if (typeof token !== 'string' || token.length === 0 || token.length > 10_000) return undefined;
  try {
    const payload = JSON.parse(Buffer.from(token, 'base64').toString('utf8')) as Partial<Payload>;
    const nonce = payload.challenge?.parameters?.nonce;
    return typeof nonce === 'string' && payload.solution && typeof payload.solution === 'object'
      ? (payload as Payload)
      : undefined;
  } catch {
    return undefined;
  }
}

/** `Recaptcha.Token` of a self-service trigger's body (spec 1 §7), whatever the captcha behind it. */
export function captchaToken(body: unknown): unknown {
  const recaptcha = typeof body === 'object' && body !== null ? (body as { Recaptcha?: unknown }).Recaptcha : undefined;
  return typeof recaptcha === 'object' && recaptcha !== null ? (recaptcha as { Token?: unknown }).Token : undefined;
}

/**
 * Accepts a self-service trigger's body (spec 1 §7) before its work starts: the `id` it names, when given, must be
 * the signed-in user's subject, and its captcha answer is then spent (once).
 */
export async function acceptTrigger(captcha: Captcha, body: { id?: string }, subject: string): Promise<void> {
  if (body.id !== undefined && body.id !== subject) {
    throw badRequest("id must be the signed-in user's subject.", [{ field: 'id', message: 'Not the signed-in user.' }]);
  }
  await captcha.verifyOnce(captchaToken(body));
}
