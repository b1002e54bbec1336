import { and, eq, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { Adapter, AdapterFactory, AdapterPayload } from 'oidc-provider';
import type { Db } from '../db/database.ts';
import { isStorableText } from '../http/input-guard.ts';
import { oidcModels } from './db/schema.ts';

/**
 * The provider's storage over `identity.oidc_models`: one row per model instance, keyed by model
 * name and id, so sessions, grants and tokens survive restarts and are shared by every process.
 *
 * @see https://github.com/panva/node-oidc-provider/blob/main/example/my_adapter.js
 * @example
 * new Provider(issuer, { adapter: oidcAdapterFactory(database.db) });
 */
export function oidcAdapterFactory(db: Db): AdapterFactory {
  return (kind) => new DrizzleOidcAdapter(db, kind);
}

export class DrizzleOidcAdapter implements Adapter {
  readonly #db: Db;
  readonly #kind: string;

  constructor(db: Db, kind: string) {
    this.#db = db;
    this.#kind = kind;
  }

  async upsert(id: string, payload: AdapterPayload, expiresIn?: number): Promise<void> {
    const columns = {
      payload,
      grantId: payload.grantId ?? null,
      userCode: payload.userCode ?? null,
      uid: payload.uid ?? null,
      // The expiry is the database's time (cluster/db-clock.ts), so every process agrees on it.
      expiresAt:
        typeof expiresIn === 'number'
          ? sql`clock_timestamp() + make_interval(secs => ${expiresIn}::double precision)`
          : null,
      consumedAt: typeof payload.consumed === 'number' ? new Date(payload.consumed * 1000) : null,
    };
    await this.#db
      .insert(oidcModels)
      .values({ kind: this.#kind, id, ...columns })
      .onConflictDoUpdate({ target: [oidcModels.kind, oidcModels.id], set: columns });
  }

  find(id: string): Promise<AdapterPayload | undefined> {
    return this.#findOne(eq(oidcModels.id, id), id);
  }

  findByUid(uid: string): Promise<AdapterPayload | undefined> {
    return this.#findOne(eq(oidcModels.uid, uid), uid);
  }

  findByUserCode(userCode: string): Promise<AdapterPayload | undefined> {
    return this.#findOne(eq(oidcModels.userCode, userCode), userCode);
  }

  async consume(id: string): Promise<void> {
    if (!isStorableText(id)) return;
    await this.#db
      .update(oidcModels)
      .set({ consumedAt: sql`now()` })
      .where(and(eq(oidcModels.kind, this.#kind), eq(oidcModels.id, id)));
  }

  async destroy(id: string): Promise<void> {
    if (!isStorableText(id)) return;
    await this.#db.delete(oidcModels).where(and(eq(oidcModels.kind, this.#kind), eq(oidcModels.id, id)));
  }

  async revokeByGrantId(grantId: string): Promise<void> {
    if (!isStorableText(grantId)) return;
    await this.#db.delete(oidcModels).where(and(eq(oidcModels.kind, this.#kind), eq(oidcModels.grantId, grantId)));
  }

  async #findOne(condition: SQL, key: string): Promise<AdapterPayload | undefined> {
    // The provider parses its own request bodies, so a code or token can arrive with text the
    // database refuses; no stored row can have such an id, so the answer is simply "not found".
    if (!isStorableText(key)) return undefined;
    const [row] = await this.#db
      .select({
        payload: oidcModels.payload,
        consumedAt: oidcModels.consumedAt,
        secondsLeft: sql<number | string | null>`extract(epoch FROM ${oidcModels.expiresAt} - clock_timestamp())`,
      })
      .from(oidcModels)
      .where(
        and(
          eq(oidcModels.kind, this.#kind),
          condition,
          // Expired rows wait for the nightly clean-up; until then they must already be invisible.
          or(isNull(oidcModels.expiresAt), sql`${oidcModels.expiresAt} > clock_timestamp()`),
        ),
      )
      .limit(1);
    if (!row) return undefined;
    const payload = inReadersClock(row.payload as AdapterPayload, row.secondsLeft);
    return row.consumedAt ? { ...payload, consumed: Math.floor(row.consumedAt.getTime() / 1000) } : payload;
  }
}

/** Differences below this are rounding (the provider keeps whole seconds), not clocks that disagree. */
const SKEW_TOLERANCE_SECONDS = 2;

/**
 * The provider checks expiry itself, on the payload's `exp`, against this process's clock; `exp`
 * (like `iat` and a session's `loginTs`) was written from the clock of whichever process saved it.
 * The database's expiry is what every process agrees on, so the payload's times are moved into
 * this process's clock: `exp` says exactly the time the database gives the model to live.
 */
function inReadersClock(payload: AdapterPayload, secondsLeft: number | string | null): AdapterPayload {
  if (secondsLeft === null || typeof payload.exp !== 'number') return payload;
  // Whole seconds, as the provider's own epochTime() counts them.
  const shift = Math.floor(Date.now() / 1000) + Math.round(Number(secondsLeft)) - payload.exp;
  if (Math.abs(shift) < SKEW_TOLERANCE_SECONDS) return payload;
  const moved: AdapterPayload = { ...payload, exp: payload.exp + shift };
  if (typeof payload.iat === 'number') moved.iat = payload.iat + shift;
  if (typeof payload.loginTs === 'number') moved.loginTs = payload.loginTs + shift;
  return moved;
}
