import { sql } from 'drizzle-orm';
import { decodeProtectedHeader } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openBus, type Bus } from '../../cluster/bus.ts';
import { CHANNELS } from '../../cluster/channels.ts';
import { openDatabase, type Database, type Db } from '../../db/database.ts';
import { rowsOf } from '../../db/rows.ts';
import { createSigningKeys, listSigningKeys, rotateSigningKeys, type SigningKeys } from './signing-keys.ts';
import { openAuthTestContext, type AuthTestContext } from './testing.ts';
import { mintAccessToken, verifyAccessToken } from './tokens.ts';

const serverUrl = process.env.TEST_DATABASE_URL;
let ctx: AuthTestContext;
/** A second handle on the test database: another process's connections on PostgreSQL. */
let other: Database;
let busOne: Bus;
let busTwo: Bus;

beforeAll(async () => {
  ctx = await openAuthTestContext();
  // On the embedded database one process holds it, so the second "process" shares the handle.
  other = serverUrl ? await openDatabase(ctx.database.target) : ctx.database.database;
  busOne = await openBus(ctx.database.database);
  busTwo = await openBus(other);
});

afterAll(async () => {
  await busOne.close();
  await busTwo.close();
  if (other !== ctx.database.database) await other.close();
  await ctx.dispose();
});

const mint = (keys: SigningKeys, durationMinutes = 10) =>
  mintAccessToken(
    { keys, baseUrl: ctx.baseUrl },
    {
      marketplaceId: 'mkt1',
      clientId: 'c',
      user: { id: 'a1', username: 'a1', type: 'admin' },
      roles: ['FullAccess'],
      durationMinutes,
    },
  );
const kidOf = (token: string) => decodeProtectedHeader(token).kid;

/** Resolves when the next message on `channel` reaches `bus` (after the bus's earlier subscribers ran). */
const nextMessage = (bus: Bus, channel: string) =>
  new Promise<string | undefined>((resolve) => {
    const stop = bus.subscribe(channel, (payload) => {
      stop();
      resolve(payload);
    });
  });

const tokensExpireBy = async (db: Db, kid: string) => {
  const [row] = await rowsOf<{ tokens_expire_by: unknown }>(
    db,
    sql`SELECT tokens_expire_by FROM platform.signing_keys WHERE kid = ${kid}`,
  );
  const value = row?.tokens_expire_by;
  return value === undefined || value === null ? undefined : new Date(String(value)).getTime() / 1000;
};

describe(`signing key rotation (${serverUrl ? 'PostgreSQL, two connections' : 'PGlite'})`, () => {
  it('signs with the new key at once, keeps verifying tokens of the old one, and every process follows', async () => {
    const one = createSigningKeys(ctx.db, { bus: busOne });
    const two = createSigningKeys(other.db, { bus: busTwo });
    const before = await mint(one);
    const oldKid = kidOf(before.access_token);
    // The second process has its own copy of the old key cached.
    expect(kidOf((await mint(two)).access_token)).toBe(oldKid);

    const heard = nextMessage(busTwo, CHANNELS.platformSigningKeys);
    const rotation = await one.rotate();
    expect(rotation.kid).not.toBe(oldKid);
    expect(rotation.retired).toEqual([oldKid]);
    expect(await heard).toBe(rotation.kid);

    // New tokens carry the new kid, in the rotating process and in the other one, without a restart.
    expect(kidOf((await mint(one)).access_token)).toBe(rotation.kid);
    const fromTwo = await mint(two);
    expect(kidOf(fromTwo.access_token)).toBe(rotation.kid);
    // A token signed before the rotation still verifies, in both processes, as do the new ones.
    expect((await verifyAccessToken(one, before.access_token, { baseUrl: ctx.baseUrl })).u).toBe('a1');
    expect((await verifyAccessToken(two, before.access_token, { baseUrl: ctx.baseUrl })).u).toBe('a1');
    expect((await verifyAccessToken(one, fromTwo.access_token, { baseUrl: ctx.baseUrl })).u).toBe('a1');
    // Both keys are published during the overlap.
    expect(await two.publicJwk(oldKid ?? '')).toMatchObject({ kid: oldKid });
    expect(await two.publicJwk(rotation.kid)).toMatchObject({ kid: rotation.kid });
    const listed = await listSigningKeys(ctx.db);
    expect(listed.map((key) => [key.kid, key.signing, key.retiredAt !== null])).toEqual([
      [rotation.kid, true, false],
      [oldKid, false, true],
    ]);
  });

  it('records how long each key must stay, before handing out the token', async () => {
    const keys = createSigningKeys(ctx.db);
    const token = await mint(keys, 600);
    const { exp } = JSON.parse(Buffer.from(token.access_token.split('.')[1] ?? '', 'base64url').toString()) as {
      exp: number;
    };
    expect(await tokensExpireBy(ctx.db, kidOf(token.access_token) ?? '')).toBeGreaterThanOrEqual(exp);
  });

  it('removes a retired key only once every token it signed has expired', async () => {
    const keys = createSigningKeys(ctx.db);
    const stillNeeded = kidOf((await mint(keys, 600)).access_token) ?? '';
    await keys.rotate();
    const expired = kidOf((await mint(keys, 10)).access_token) ?? '';
    // Pretend the ten-minute token of the second key expired long ago.
    await ctx.db.execute(
      sql`UPDATE platform.signing_keys SET tokens_expire_by = now() - interval '1 hour' WHERE kid = ${expired}`,
    );
    const result = await rotateSigningKeys(ctx.db);
    expect(result.removed).toEqual([expired]);
    expect(result.retired).not.toContain(stillNeeded);
    const kids = (await listSigningKeys(ctx.db)).map((key) => key.kid);
    expect(kids).toContain(stillNeeded);
    expect(kids).not.toContain(expired);
    expect(kids[0]).toBe(result.kid);
  });

  it('moves a process that missed the rotation to the current key when its old key was removed', async () => {
    // No bus: this process hears of nothing and holds its key for a minute.
    const deaf = createSigningKeys(ctx.db);
    const held = kidOf((await mint(deaf)).access_token) ?? '';
    await rotateSigningKeys(ctx.db);
    await ctx.db.execute(
      sql`UPDATE platform.signing_keys SET tokens_expire_by = now() - interval '1 hour' WHERE kid = ${held}`,
    );
    const removing = await rotateSigningKeys(ctx.db);
    expect(removing.removed).toContain(held);
    // A token lasting longer than anything recorded for the removed key makes the process look.
    const token = await mint(deaf, 24 * 60);
    expect(kidOf(token.access_token)).toBe(removing.kid);
    expect((await verifyAccessToken(deaf, token.access_token, { baseUrl: ctx.baseUrl })).u).toBe('a1');
  });
});
