import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startPortalTestServer, userClaims, type PortalTestServer } from './testing.ts';

let t: PortalTestServer;
let token: string;

beforeAll(async () => {
  t = await startPortalTestServer();
  token = await t.identity.sign(userClaims('viewer@org.test', ['Organization User']));
});
afterAll(() => t?.dispose());

describe('portal service answers', () => {
  const roles = (acceptEncoding?: string) =>
    t.server.app.inject({
      url: '/portal-api/marketplace/roles',
      headers: { authorization: `Bearer ${token}`, ...(acceptEncoding ? { 'accept-encoding': acceptEncoding } : {}) },
    });

  it('are gzip-compressed when the client accepts it, decoding to the same JSON', async () => {
    const plain = await roles();
    expect(plain.statusCode).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.rawPayload.length).toBeGreaterThan(1024);
    const gzip = await roles('gzip');
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(gzip.rawPayload).toString('utf8'))).toEqual(plain.json());
  });
});
