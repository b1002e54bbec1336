import { randomBytes } from 'node:crypto';
import { createLocalJWKSet, exportJWK, generateKeyPair, SignJWT, type JWTPayload } from 'jose';
import type { Config } from '../config.ts';
import type { Part } from '../part.ts';
import { NO_GRANTS } from './role-groups.ts';
import { PORTAL_CLAIMS } from '@portal/contracts';
import { insertMarketplace, seedUser } from '../platform/auth/testing.ts';
import { PgStore } from '../platform/engine/pg-store.ts';
import { platformPart } from '../platform/part.ts';
import { platformRegistry } from '../platform/resources/index.ts';
import { startServer, type RunningServer } from '../server.ts';
import { createTestDatabaseTarget, testConfig } from '../testing/test-database.ts';
import { createPortalPart } from './part.ts';
import { createPlatformClient, type PlatformClient } from './platform-client.ts';
import { freePort } from '../testing/free-port.ts';

/** What the test identity provider's `/user` endpoint answers for any signed-in user. */
export const TEST_PROFILE = { email: 'Profile@Org.Test', name: 'Pat Profile' } as const;

/** A stand-in identity provider: a local key pair whose public half the portal trusts. */
export interface TestIdentity {
  keys: ReturnType<typeof createLocalJWKSet>;
  /** An access token for the portal, with the given claims over sensible defaults. */
  sign(
    claims: JWTPayload,
    options?: { audience?: string; issuer?: string; expiresIn?: string | number },
  ): Promise<string>;
}

export async function createTestIdentity(
  config: Pick<Config, 'identityIssuer' | 'portalAudience'>,
): Promise<TestIdentity> {
  const { publicKey, privateKey } = await generateKeyPair('RS256');
  const jwk = { ...(await exportJWK(publicKey)), kid: 'test-key', alg: 'RS256', use: 'sig' };
  return {
    keys: createLocalJWKSet({ keys: [jwk] }),
    sign: (claims, options = {}) =>
      new SignJWT(claims)
        .setProtectedHeader({ alg: 'RS256', kid: 'test-key' })
        .setIssuer(options.issuer ?? config.identityIssuer)
        .setAudience(options.audience ?? config.portalAudience)
        .setIssuedAt()
        .setExpirationTime(options.expiresIn ?? '1h')
        .sign(privateKey),
  };
}

/** Claims of a user of the test organization signed in to `marketplaceId`. */
export function userClaims(email: string, organizationRoles: readonly string[], marketplaceId = 'mkt1'): JWTPayload {
  return {
    sub: `sub-${email}`,
    email,
    name: email.split('@')[0],
    [PORTAL_CLAIMS.organizationId]: 'org-1',
    [PORTAL_CLAIMS.organizationRoles]: [...organizationRoles],
    [PORTAL_CLAIMS.tenantId]: `tenant-${marketplaceId}`,
    [PORTAL_CLAIMS.tenantName]: marketplaceId,
  };
}

export interface PortalTestServer {
  server: RunningServer;
  config: Config;
  identity: TestIdentity;
  /** Base URL of the portal service. */
  portalUrl: string;
  /** Store of platform marketplace `mkt1`. */
  store: PgStore;
  /** Every impersonation token the portal asked the platform for: `[clientId, username]`. */
  impersonationRequests: [string, string][];
  /** `fetch` of a portal path with the given access token, answering status and parsed body. */
  call(
    path: string,
    token: string | undefined,
    init?: RequestInit,
  ): Promise<{ status: number; body: unknown; type: string }>;
  dispose(): Promise<void>;
}

/**
 * The platform and the portal on a real port over a private database, the portal trusting a local
 * key pair instead of the identity provider. Platform marketplace `mkt1` is created (empty).
 */
export async function startPortalTestServer(
  options: { jobs?: boolean; extraParts?: readonly Part[]; config?: Partial<Config> } = {},
): Promise<PortalTestServer> {
  const database = await createTestDatabaseTarget();
  // The URLs derived from the public URL must name the real port, so it is chosen up front.
  const port = await freePort();
  const publicUrl = `http://127.0.0.1:${port}`;
  const config = testConfig(database.target, {
    port,
    publicUrl,
    platformMgmtUrl: `${publicUrl}/platform/mgmt`,
    identityIssuer: `${publicUrl}/test-identity`,
    identityJwksUrl: `${publicUrl}/test-identity/jwks`,
    portalAudience: 'https://portal.test/portal-api',
    // Background jobs (pg-boss) only for the tests that watch them run.
    jobsEnabled: options.jobs === true,
    // A key of its own, so connected marketplaces work alike on PGlite and PostgreSQL (where the key is required).
    portalSecretsKey: randomBytes(32),
    ...options.config,
  });
  const identity = await createTestIdentity(config);
  const impersonationRequests: [string, string][] = [];
  const real = createPlatformClient({ baseUrl: config.platformMgmtUrl, secret: config.platformMgmtSecret });
  // Records what is asked of the platform, so a test can prove that a refusal minted nothing.
  const platform: PlatformClient = {
    ...real,
    mintImpersonationToken(marketplaceId, clientId, username) {
      impersonationRequests.push([clientId, username]);
      return real.mintImpersonationToken(marketplaceId, clientId, username);
    },
  };
  // A captcha light enough for tests to solve in milliseconds.
  const portal = createPortalPart({
    identityKeys: identity.keys,
    platform,
    captcha: { cost: 1, counterRange: [10, 50] },
  });
  const server = await startServer(config, {
    parts: [platformPart, portal, ...(options.extraParts ?? [])],
    jobs: { pollingIntervalSeconds: 0.5 },
    // The provider's current-user endpoint, for access tokens without an email claim.
    beforeListen: (app) => {
      app.get('/test-identity/user', async (request, reply) => {
        if (!request.headers.authorization?.startsWith('Bearer ')) return reply.code(401).send({});
        return { email: TEST_PROFILE.email, name: TEST_PROFILE.name, lastLogin: null, created: '', picture: null };
      });
    },
  });
  await insertMarketplace(server.database.db, 'mkt1');
  const portalUrl = `${publicUrl}/portal-api`;
  return {
    server,
    config,
    identity,
    portalUrl,
    store: new PgStore(server.database.db, platformRegistry, 'mkt1'),
    impersonationRequests,
    async call(path, token, init = {}) {
      const response = await fetch(`${portalUrl}${path}`, {
        ...init,
        headers: {
          ...(token ? { authorization: `Bearer ${token}` } : {}),
          ...(init.body ? { 'content-type': 'application/json' } : {}),
        },
      });
      const text = await response.text();
      return {
        status: response.status,
        body: text ? JSON.parse(text) : undefined,
        type: response.headers.get('content-type') ?? '',
      };
    },
    async dispose() {
      await server.stop();
      await database.dispose();
    },
  };
}

/**
 * The platform side of the impersonation tests in `mkt1`: API client `storefront` reaching every
 * buyer and supplier and the seller, buyer `b1` with user `buyer1`, supplier `s1` with user
 * `supplier1`, admin user `seller1`, and the admin client the developer tokens name.
 */
export async function seedPlatformUsers(store: PgStore): Promise<void> {
  const client = (id: string, fields: Record<string, unknown>) => ({
    ID: id,
    AppName: id,
    Active: true,
    AccessTokenDuration: 600,
    RefreshTokenDuration: 0,
    AllowAnyBuyer: false,
    AllowAnySupplier: false,
    AllowSeller: false,
    IsAnonBuyer: false,
    xp: {},
    ...fields,
  });
  await store.put('ApiClients', [], client('mkt1-admin', { AppName: 'Admin', AllowSeller: true }));
  await store.put(
    'ApiClients',
    [],
    client('storefront', { AppName: 'Storefront', AllowAnyBuyer: true, AllowAnySupplier: true, AllowSeller: true }),
  );
  await store.put('Buyers', [], { ID: 'b1', Name: 'Buyer One', Active: true, xp: {} });
  await store.put('Suppliers', [], { ID: 's1', Name: 'Supplier One', Active: true, xp: {} });
  await seedUser(store, 'Users', 'b1', { ID: 'u-buyer1', Username: 'buyer1' });
  await seedUser(store, 'Users', 'b1', { ID: 'u-buyer10', Username: 'buyer10' });
  await seedUser(store, 'SupplierUsers', 's1', { ID: 'u-supplier1', Username: 'supplier1' });
  await seedUser(store, 'AdminUsers', undefined, { ID: 'u-seller1', Username: 'seller1' });
}

/**
 * Makes `email` the one member of custom group 1 ("Viewers") with these platform roles and no grants, as an owner
 * does on the roles page.
 */
export async function joinViewersGroup(
  t: Pick<PortalTestServer, 'call'>,
  ownerToken: string,
  email: string,
  ocRoles: readonly string[],
): Promise<void> {
  const group = { Id: 'custom-group-1', Name: 'Viewers', OcRoles: ocRoles, ...NO_GRANTS };
  const saved = await t.call('/marketplace/roles/custom-group-1', ownerToken, {
    method: 'PUT',
    body: JSON.stringify(group),
  });
  if (saved.status !== 200) throw new Error(`saving the Viewers group answered ${saved.status}`);
  await t.call(`/marketplace/roles/custom-group-1/members/${email}`, ownerToken, { method: 'PUT' });
}
