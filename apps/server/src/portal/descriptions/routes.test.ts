import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { prepareDescription, type PortalSession } from '@portal/contracts';
import { sql } from 'drizzle-orm';
import { decodeJwt } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../db/rows.ts';
import { loadSecretBox } from '../connected/secret-box.ts';
import { addConnectedMarketplace } from '../connected/store.ts';
import { seedPlatformUsers, startPortalTestServer, userClaims, type PortalTestServer } from '../testing.ts';
import { rawDescription } from './test-description.ts';

/*
 * The render gate's call and the prepared descriptions over HTTP: the hosted platform of the test server, and a
 * connected marketplace played by a small fake API on loopback whose build number the test moves.
 */

let t: PortalTestServer;
let remote: http.Server;
let remoteBuild = '9.0.0.1';
/** When set, the fake remote's /env fails as a platform that is down behind its proxy would. */
let remoteEnvFails = false;
let remoteUrl = '';
const tokens = { owner: '', connected: '' };
let connectedId = '';

interface SessionBody {
  Me: { Email: string; OcRoles: string[] };
  Marketplace: { Id: string; CoreApiUrl: string; Kind: string };
  DeveloperToken: { access_token: string };
  Description: { Key: string; BuildNumber: string; Url: string };
}

/** A marketplace API on another platform: /env, its description and the client credentials grant. */
function startFakeRemote(): Promise<http.Server> {
  const server = http.createServer((request, response) => {
    const send = (status: number, body: unknown) => {
      response.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
    };
    if (request.url === '/env' && remoteEnvFails) return send(503, {});
    if (request.url === '/env') return send(200, { BuildNumber: remoteBuild, Environment: 'Remote' });
    if (request.url === '/v1/openapi/v3') return send(200, rawDescription(remoteBuild, `Remote${remoteBuild}`));
    if (request.url === '/oauth/token') return send(200, { access_token: 'remote-token', expires_in: 600 });
    return send(404, {});
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(server)));
}

/** GET of a portal path with the raw response, so headers and encoded bytes can be checked. */
async function raw(path: string, token: string, headers: Record<string, string> = {}) {
  const response = await fetch(`${t.config.publicUrl}${path}`, {
    headers: { authorization: `Bearer ${token}`, ...headers },
  });
  return response;
}

beforeAll(async () => {
  [t, remote] = await Promise.all([
    startPortalTestServer({ config: { connectedAllowPrivateAddresses: 'loopback' } }),
    startFakeRemote(),
  ]);
  await seedPlatformUsers(t.store);
  remoteUrl = `http://127.0.0.1:${(remote.address() as AddressInfo).port}`;
  const connected = await addConnectedMarketplace(t.server.database.db, await loadSecretBox(t.config), 'org-1', {
    name: 'Remote Shop',
    environment: 'Staging',
    apiUrl: `${remoteUrl}/v1`,
    clientId: 'remote-admin',
    clientSecret: 'Remote-Secret-1',
  });
  tokens.owner = await t.identity.sign(userClaims('owner@org.test', ['Organization Owner']));
  tokens.connected = await t.identity.sign(userClaims('owner@org.test', ['Organization Owner'], connected.id));
  connectedId = connected.id;
}, 120_000);

afterAll(async () => {
  await Promise.all([t?.dispose(), new Promise((resolve) => remote?.close(resolve))]);
});

describe('GET /portal-api/session', () => {
  it('answers the user, the marketplace, a developer token and where the description of its build is', async () => {
    const { status, body } = await t.call('/session', tokens.owner);
    expect(status).toBe(200);
    const session = body as SessionBody;
    const env = (await (await fetch(`${t.config.publicUrl}/platform/env`)).json()) as { BuildNumber: string };
    expect(session.Me).toMatchObject({ Email: 'owner@org.test' });
    expect(session.Marketplace).toMatchObject({ Id: 'mkt1', Kind: 'Hosted' });
    expect(decodeJwt(session.DeveloperToken.access_token)).toMatchObject({ mkt: 'mkt1' });
    expect(session.Description.BuildNumber).toBe(env.BuildNumber);
    expect(session.Description.Url).toBe(
      `/portal-api/descriptions/${session.Description.Key}/${encodeURIComponent(env.BuildNumber)}.json`,
    );
    // The same as the separate calls answer.
    expect((await t.call('/me', tokens.owner)).body).toEqual(session.Me);
    expect((await t.call('/marketplace', tokens.owner)).body).toEqual(session.Marketplace);
  });

  it("opens a connected marketplace that is down with the platform's failure, noted on its row", async () => {
    // Once reached (a success is noted at most once a minute), so only the failure below writes to the row.
    expect((await t.call('/session', tokens.connected)).status).toBe(200);
    remoteEnvFails = true;
    try {
      const { status, body } = await t.call('/session', tokens.connected);
      // The tenant still opens: the user and the marketplace, and in place of a token and description the failure
      // as any call answers it.
      expect(status).toBe(200);
      const session = body as PortalSession;
      expect(session.Me).toMatchObject({ Email: 'owner@org.test' });
      expect(session.Marketplace).toMatchObject({ Id: connectedId, Kind: 'Connected' });
      expect(session).not.toHaveProperty('DeveloperToken');
      expect(session).not.toHaveProperty('Description');
      expect(session.PlatformUnavailable).toMatchObject({ status: 502, title: 'Bad Gateway' });
      const detail = session.PlatformUnavailable?.detail;
      expect(detail).toBe('The marketplace answered 503 for its API version.');
      const rows = await rowsOf<{ last_error: string | null }>(
        t.server.database.db,
        sql`select last_error from portal.connected_marketplaces where id = ${connectedId}`,
      );
      expect(rows[0]?.last_error).toBe(detail);
    } finally {
      remoteEnvFails = false;
    }
  });

  it('needs a signed-in user', async () => {
    expect((await t.call('/session', undefined)).status).toBe(401);
  });
});

describe('GET /portal-api/descriptions/{key}/{build}.json', () => {
  it('serves the prepared description of the platform, brotli, immutable', async () => {
    const session = (await t.call('/session', tokens.owner)).body as SessionBody;
    const response = await raw(session.Description.Url, tokens.owner, { 'accept-encoding': 'br, gzip' });
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(response.headers.get('content-type')).toContain('application/json');
    // fetch decodes brotli itself; the header says what travelled.
    expect(response.headers.get('content-encoding')).toBe('br');
    const served = (await response.json()) as { info: { version: string } };
    const platformRaw = await (await fetch(`${session.Marketplace.CoreApiUrl}/v1/openapi/v3`)).json();
    expect(served).toEqual(prepareDescription(platformRaw));
    expect(served.info.version).toBe(session.Description.BuildNumber);
    const gzipped = await raw(session.Description.Url, tokens.owner, { 'accept-encoding': 'gzip' });
    expect(gzipped.headers.get('content-encoding')).toBe('gzip');
    expect(await gzipped.json()).toEqual(served);
  });

  it('answers 404 for another build than the API is at, and for another marketplace API', async () => {
    const session = (await t.call('/session', tokens.owner)).body as SessionBody;
    const { Key } = session.Description;
    expect((await t.call(`/descriptions/${Key}/1.0.0.0.json`, tokens.owner)).status).toBe(404);
    expect((await t.call(`/descriptions/0123456789abcdef/1.0.0.0.json`, tokens.owner)).status).toBe(404);
    const bad = await t.call(`/descriptions/not-a-key/x.json`, tokens.owner);
    expect(bad.status).toBe(400);
    expect(bad.type).toContain('application/problem+json');
  });

  it("serves a connected marketplace's description from its own API and build number, a new build at a new URL", async () => {
    remoteBuild = '9.0.0.1';
    const first = (await t.call('/session', tokens.connected)).body as SessionBody;
    const hosted = (await t.call('/session', tokens.owner)).body as SessionBody;
    expect(first.Marketplace).toMatchObject({ Kind: 'Connected', CoreApiUrl: remoteUrl });
    expect(first.Description.BuildNumber).toBe('9.0.0.1');
    expect(first.Description.Key).not.toBe(hosted.Description.Key);
    const response = await raw(first.Description.Url, tokens.connected, { 'accept-encoding': 'br' });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-encoding')).toBe('br');
    expect(await response.json()).toEqual(prepareDescription(rawDescription('9.0.0.1', 'Remote9.0.0.1')));
    // The hosted user cannot read it through its key.
    expect((await t.call(first.Description.Url.replace('/portal-api', ''), tokens.owner)).status).toBe(404);

    remoteBuild = '9.0.0.2';
    const second = (await t.call('/session', tokens.connected)).body as SessionBody;
    expect(second.Description).toMatchObject({ Key: first.Description.Key, BuildNumber: '9.0.0.2' });
    const next = await t.call(second.Description.Url.replace('/portal-api', ''), tokens.connected);
    expect(next.status).toBe(200);
    expect(JSON.stringify(next.body)).toContain('Remote9.0.0.2');
    // The old build's URL no longer answers (its content would not be what the API serves now).
    expect((await t.call(first.Description.Url.replace('/portal-api', ''), tokens.connected)).status).toBe(404);
  });
});
