import { solveChallenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';
import { decodeProtectedHeader, type JWTPayload } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { platformPart } from '../platform/part.ts';
import { PgStore } from '../platform/engine/pg-store.ts';
import { platformRegistry } from '../platform/resources/index.ts';
import { insertMarketplace } from '../platform/auth/testing.ts';
import { createCaptcha } from '../portal/captcha.ts';
import { createPortalPart } from '../portal/part.ts';
import { NO_GRANTS } from '../portal/role-groups.ts';
import { createTestIdentity, seedPlatformUsers, userClaims, type TestIdentity } from '../portal/testing.ts';
import { startServer, type RunningServer } from '../server.ts';
import { createTestDatabaseTarget, testConfig, type TestDatabaseTarget } from '../testing/test-database.ts';
import type { Bus } from './bus.ts';
import { CHANNELS } from './channels.ts';
import { freePort } from '../testing/free-port.ts';

// Two server processes on one PostgreSQL database: what one changes, the other answers at once.
// Each has its own connections, bus and in-memory caches, as separate processes would.

const serverUrl = process.env.TEST_DATABASE_URL;
const LIGHT_CAPTCHA = { cost: 1, counterRange: [10, 50] as const };

/** What the stand-in identity provider's `/user` endpoint answers, changed by the tests. */
const profile = { email: 'pat@org.test', name: 'Pat' };

let target: TestDatabaseTarget | undefined;
let identity: TestIdentity;
const servers: RunningServer[] = [];
const ports: number[] = [];

const local = (n: number) => `http://127.0.0.1:${ports[n]}`;
const issuer = (n: number) => `${local(n)}/test-identity`;

/**
 * A process with the platform and the portal, PLATFORM_MGMT_SECRET unset. Both have the first
 * one's address as PUBLIC_URL, as processes behind one load balancer share its address.
 */
async function startProcess(n: number, databaseTarget: TestDatabaseTarget): Promise<RunningServer> {
  const config = testConfig(databaseTarget.target, {
    port: ports[n] ?? 0,
    publicUrl: local(0),
    platformMgmtSecret: '',
    platformMgmtUrl: `${local(n)}/platform/mgmt`,
    identityIssuer: issuer(n),
    identityJwksUrl: `${issuer(n)}/jwks`,
    portalAudience: 'https://portal.test/portal-api',
  });
  const portal = createPortalPart({ identityKeys: identity.keys, captcha: LIGHT_CAPTCHA });
  return startServer(config, {
    parts: [platformPart, portal],
    beforeListen: (app) => {
      app.get('/test-identity/user', async () => ({ ...profile, lastLogin: null, created: '', picture: null }));
    },
  });
}

const server = (n: number) => {
  const found = servers[n];
  if (!found) throw new Error(`process ${n} did not start`);
  return found;
};

async function call(n: number, path: string, token: string, init: { method?: string; body?: unknown } = {}) {
  const response = await fetch(`${local(n)}${path}`, {
    method: init.method ?? 'GET',
    headers: {
      authorization: `Bearer ${token}`,
      ...(init.body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    ...(init.body === undefined ? {} : { body: JSON.stringify(init.body) }),
  });
  const text = await response.text();
  return { status: response.status, body: (text ? JSON.parse(text) : undefined) as Record<string, unknown> };
}

/** A portal access token for process `n` (tokens name their issuer, which differs per process here). */
const portalToken = (n: number, claims: JWTPayload) => identity.sign(claims, { issuer: issuer(n) });

/** Resolves when `bus` has delivered the next message on `channel` (its earlier subscribers ran first). */
const nextMessage = (bus: Bus, channel: string) =>
  new Promise<void>((resolve) => {
    const stop = bus.subscribe(channel, () => {
      stop();
      resolve();
    });
  });

describe.skipIf(!serverUrl)(
  serverUrl
    ? 'two processes on one PostgreSQL database'
    : 'two processes on one database: skipped, it needs a PostgreSQL server (set TEST_DATABASE_URL)',
  () => {
    beforeAll(async () => {
      const databaseTarget = await createTestDatabaseTarget();
      target = databaseTarget;
      ports.push(await freePort(), await freePort());
      identity = await createTestIdentity({
        identityIssuer: issuer(0),
        portalAudience: 'https://portal.test/portal-api',
      });
      servers.push(await startProcess(0, databaseTarget), await startProcess(1, databaseTarget));
      await insertMarketplace(server(0).database.db, 'mkt1');
      await seedPlatformUsers(new PgStore(server(0).database.db, platformRegistry, 'mkt1'));
    });
    afterAll(async () => {
      for (const running of servers) await running.stop();
      await target?.dispose();
    });

    it('share one management secret created in the database', () => {
      expect(server(0).app.config.platformMgmtSecret).not.toBe('');
      expect(server(1).app.config.platformMgmtSecret).toBe(server(0).app.config.platformMgmtSecret);
    });

    it('sign with the key rotated by the other process, without a restart, and keep old tokens valid', async () => {
      // Two users: the portal keeps a user's developer token for half its life, so the token minted after the
      // rotation is another user's first.
      const developerToken = async (n: number, email: string) => {
        const claims = userClaims(email, ['Organization Owner']);
        return String((await call(n, '/portal-api/marketplace/token', await portalToken(n, claims))).body.access_token);
      };
      const before = await developerToken(1, 'owner@org.test');
      const oldKid = decodeProtectedHeader(before).kid;

      const heard = nextMessage(server(1).app.bus, CHANNELS.platformSigningKeys);
      const rotation = await call(0, '/platform/mgmt/signingkeys/rotate', server(0).app.config.platformMgmtSecret, {
        method: 'POST',
      });
      expect(rotation.status).toBe(200);
      expect(rotation.body.Retired).toEqual([oldKid]);
      await heard;

      const after = await developerToken(1, 'second-owner@org.test');
      expect(decodeProtectedHeader(after).kid).toBe(rotation.body.SigningKeyID);
      for (const n of [0, 1]) {
        expect((await call(n, '/platform/v1/me', before)).status).toBe(200);
        expect((await call(n, '/platform/v1/me', after)).status).toBe(200);
      }
      // Both keys are published during the overlap.
      for (const kid of [oldKid, rotation.body.SigningKeyID]) {
        expect((await fetch(`${local(1)}/platform/oauth/certs/${String(kid)}`)).status).toBe(200);
      }
      const listed = await call(1, '/platform/mgmt/signingkeys', server(1).app.config.platformMgmtSecret);
      expect((listed.body.Items as { ID: string; Signing: boolean }[]).map((key) => [key.ID, key.Signing])).toEqual([
        [rotation.body.SigningKeyID, true],
        [oldKid, false],
      ]);
    });

    it("drop a user's cached profile when another process announces that it changed", async () => {
      // A token without e-mail or name: the portal reads (and caches) the profile from the provider.
      const { email: _email, name: _name, ...claims } = userClaims('pat@org.test', ['Organization User']);
      const me = async () => (await call(1, '/portal-api/me', await portalToken(1, claims))).body.Name;
      expect(await me()).toBe('Pat');
      profile.name = 'Pat Renamed';
      expect(await me()).toBe('Pat');

      const heard = nextMessage(server(1).app.bus, CHANNELS.identityProfile);
      await server(0).app.bus.publish(CHANNELS.identityProfile, String(claims.sub));
      await heard;
      expect(await me()).toBe('Pat Renamed');
    });

    it('answer a role group change made through the other process at once', async () => {
      const viewer = userClaims('viewer@org.test', ['Organization User']);
      const grants = async () =>
        (await call(1, '/portal-api/me/grants', await portalToken(1, viewer))).body.ScPermissionGrants;
      expect(await grants()).toMatchObject({ SyncAdmin: false });

      const owner = await portalToken(0, userClaims('owner@org.test', ['Organization Owner']));
      const group = { Id: 'custom-group-2', Name: 'Syncers', OcRoles: [], ...NO_GRANTS, SyncAdmin: true };
      expect(
        (await call(0, '/portal-api/marketplace/roles/custom-group-2', owner, { method: 'PUT', body: group })).status,
      ).toBe(200);
      const member = '/portal-api/marketplace/roles/custom-group-2/members/viewer@org.test';
      expect((await call(0, member, owner, { method: 'PUT' })).status).toBe(204);
      // Role groups and memberships are read from the database on every request: no process keeps them.
      expect(await grants()).toMatchObject({ SyncAdmin: true });
    });

    it('verify a captcha answer the other process challenged, once', async () => {
      const one = createCaptcha(server(0).database.db, LIGHT_CAPTCHA);
      const two = createCaptcha(server(1).database.db, LIGHT_CAPTCHA);
      const challenge = await one.challenge();
      const solution = await solveChallenge({ challenge, deriveKey });
      const token = Buffer.from(JSON.stringify({ challenge, solution })).toString('base64');
      await expect(two.verifyOnce(token)).resolves.toBeUndefined();
      await expect(one.verifyOnce(token)).rejects.toMatchObject({ status: 403 });
    });
  },
);
