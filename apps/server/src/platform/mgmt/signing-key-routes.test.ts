import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.ts';
import { createTestDatabase, testConfig, type TestDatabase } from '../../testing/test-database.ts';
import { platformPart } from '../part.ts';

const SECRET = 'signing-key-routes-secret';
let test: TestDatabase;
let app: FastifyInstance;

beforeAll(async () => {
  test = await createTestDatabase();
  app = await buildApp({
    config: testConfig(test.target, { platformMgmtSecret: SECRET }),
    database: test.database,
    parts: [platformPart],
  });
});
afterAll(async () => {
  await app?.close();
  await test.dispose();
});

const request = (method: 'GET' | 'POST', url: string, secret = SECRET) =>
  app.inject({ method, url: `/platform/mgmt${url}`, headers: { authorization: `Bearer ${secret}` } });

describe('management API: signing keys', () => {
  it('needs the management secret', async () => {
    expect((await request('POST', '/signingkeys/rotate', 'wrong')).statusCode).toBe(401);
    expect((await request('GET', '/signingkeys', 'wrong')).statusCode).toBe(401);
  });

  it('rotates: the new key signs, the old one is listed as retired and stays published', async () => {
    const first = await request('POST', '/signingkeys/rotate');
    expect(first.statusCode).toBe(200);
    const second = await request('POST', '/signingkeys/rotate');
    const { SigningKeyID, Retired, Removed } = second.json<{
      SigningKeyID: string;
      Retired: string[];
      Removed: string[];
    }>();
    expect(Retired).toEqual([first.json<{ SigningKeyID: string }>().SigningKeyID]);
    expect(Removed).toEqual([]);

    // Newest first; the key the server made when it started (retired by the first rotation) comes after these two.
    const listed = (await request('GET', '/signingkeys')).json<{ Items: Record<string, unknown>[] }>().Items;
    expect(listed.slice(0, 2).map((key) => [key.ID, key.Signing, key.DateRetired === null])).toEqual([
      [SigningKeyID, true, true],
      [Retired[0], false, false],
    ]);
    for (const kid of [SigningKeyID, Retired[0]]) {
      expect((await app.inject({ method: 'GET', url: `/platform/oauth/certs/${kid}` })).statusCode).toBe(200);
    }
  });
});
