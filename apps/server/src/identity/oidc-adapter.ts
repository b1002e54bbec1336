import { and, eq, gt, isNull, or, type SQL } from 'drizzle-orm';
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
      expiresAt: typeof expiresIn === 'number' ? new Date(Date.now() + expiresIn * 1000) : null,
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
      .set({ consumedAt: new Date() })
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
      .select({ payload: oidcModels.payload, consumedAt: oidcModels.consumedAt })
      .from(oidcModels)
      .where(
        and(
          eq(oidcModels.kind, this.#kind),
          condition,
          // Expired rows wait for the nightly clean-up; until then they must already be invisible.
          or(isNull(oidcModels.expiresAt), gt(oidcModels.expiresAt, new Date())),
        ),
      )
      .limit(1);
    if (!row) return undefined;
    const payload = row.payload as AdapterPayload;
    return row.consumedAt ? { ...payload, consumed: Math.floor(row.consumedAt.getTime() / 1000) } : payload;
  }
}
