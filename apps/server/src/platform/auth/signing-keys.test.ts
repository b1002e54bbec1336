import { sql } from 'drizzle-orm';
import { exportJWK, generateKeyPair } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../db/rows.ts';
import { createSigningKeys } from './signing-keys.ts';
import { openAuthTestContext, type AuthTestContext } from './testing.ts';
import { mintAccessToken, verifyAccessToken } from './tokens.ts';

let ctx: AuthTestContext;

beforeAll(async () => {
  ctx = await openAuthTestContext();
});

afterAll(() => ctx.dispose());

const keyCount = async () => {
  const [row] = await rowsOf<{ n: number }>(ctx.db, sql`SELECT count(*)::int AS n FROM platform.signing_keys`);
  return Number(row?.n);
};

describe('createSigningKeys', () => {
  it('creates one key even when several instances start on an empty table at once', async () => {
    expect(await keyCount()).toBe(0);
    const instances = [createSigningKeys(ctx.db), createSigningKeys(ctx.db), createSigningKeys(ctx.db)];
    const kids = await Promise.all(instances.map(async (keys) => (await keys.signingKey()).kid));
    expect(new Set(kids).size).toBe(1);
    expect(await keyCount()).toBe(1);
  });

  it('verifies with a key another process added after this one cached its own', async () => {
    const early = createSigningKeys(ctx.db);
    const first = await early.signingKey();
    // A rotation done by another process: a newer key this process has never seen.
    const { privateKey, publicKey } = await generateKeyPair('RS256', { extractable: true });
    const privateJwk = { ...(await exportJWK(privateKey)), kid: 'rotated', alg: 'RS256' };
    const publicJwk = { ...(await exportJWK(publicKey)), kid: 'rotated', alg: 'RS256', use: 'sig' };
    await ctx.db.execute(
      sql`INSERT INTO platform.signing_keys (kid, private_jwk, public_jwk, created_at)
          VALUES ('rotated', ${JSON.stringify(privateJwk)}::jsonb, ${JSON.stringify(publicJwk)}::jsonb, now() + interval '1 second')`,
    );
    const later = createSigningKeys(ctx.db);
    expect((await later.signingKey()).kid).toBe('rotated');
    const { access_token } = await mintAccessToken(
      { keys: later, baseUrl: ctx.baseUrl },
      {
        marketplaceId: 'mkt1',
        clientId: 'c',
        user: { id: 'a1', username: 'a1', type: 'admin' },
        roles: ['FullAccess'],
        durationMinutes: 10,
      },
    );
    expect((await verifyAccessToken(early, access_token, { baseUrl: ctx.baseUrl })).u).toBe('a1');
    expect(await early.publicJwk('rotated')).toMatchObject({ kty: 'RSA', alg: 'RS256', use: 'sig', kid: 'rotated' });
    // The process that cached the older key keeps signing with it; both stay valid.
    expect((await early.signingKey()).kid).toBe(first.kid);
  });
});
