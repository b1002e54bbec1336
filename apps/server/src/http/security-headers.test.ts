import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.ts';
import { loadConfig, type Config } from '../config.ts';
import { openDatabase, type Database } from '../db/database.ts';
import { parts } from '../parts.ts';
import { connectedOriginsChanged } from '../portal/marketplace/connected-origins.ts';
import { createTestDatabaseTarget, testConfig, type TestDatabaseTarget } from '../testing/test-database.ts';

let target: TestDatabaseTarget;
let database: Database;
let webDist: string;
const apps: FastifyInstance[] = [];

beforeAll(async () => {
  target = await createTestDatabaseTarget();
  database = await openDatabase(target.target);
  webDist = await fs.mkdtemp(path.join(os.tmpdir(), 'portal-web-'));
  await fs.mkdir(path.join(webDist, 'assets'));
  await fs.writeFile(path.join(webDist, 'index.html'), '<!doctype html><title>Marketplace Portal</title>');
  await fs.writeFile(path.join(webDist, 'assets', 'app-1234.js'), 'console.log(1)');
});
afterAll(async () => {
  for (const app of apps) await app.close();
  await database?.close();
  await target?.dispose();
  await fs.rm(webDist, { recursive: true, force: true });
});

/** An app as configured with PUBLIC_URL (and the addresses derived from it). */
async function appFor(publicUrl: string, overrides: Partial<Config> = {}): Promise<FastifyInstance> {
  const { identityIssuer, identityJwksUrl, portalAudience, platformMgmtUrl } = loadConfig({ PUBLIC_URL: publicUrl });
  const derived = { publicUrl, identityIssuer, identityJwksUrl, portalAudience, platformMgmtUrl };
  const config = testConfig(target.target, { webDist, ...derived, ...overrides });
  const app = await buildApp({ config, database, parts });
  apps.push(app);
  return app;
}

/** `curl -I`: the response headers of a GET, as a browser asking for a page sends it. */
async function head(app: FastifyInstance, url: string) {
  const response = await app.inject({ method: 'GET', url, headers: { accept: 'text/html' } });
  return { status: response.statusCode, headers: response.headers };
}

/** The Content-Security-Policy as directive → sources. */
function csp(value: unknown): Record<string, string[]> {
  return Object.fromEntries(
    String(value ?? '')
      .split(';')
      .map((directive) => directive.trim())
      .filter(Boolean)
      .map((directive) => {
        const [name = '', ...sources] = directive.split(/\s+/);
        return [name, sources];
      }),
  );
}

const SECURITY_HEADERS = [
  'content-security-policy',
  'strict-transport-security',
  'x-content-type-options',
  'referrer-policy',
  'x-frame-options',
  'cross-origin-opener-policy',
  'cross-origin-resource-policy',
  'origin-agent-cluster',
  'x-dns-prefetch-control',
  'x-download-options',
  'x-permitted-cross-domain-policies',
  'x-xss-protection',
] as const;
const securityHeadersOf = (headers: Record<string, unknown>) =>
  Object.fromEntries(SECURITY_HEADERS.map((name) => [name, headers[name]]));

describe('over http', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await appFor('http://portal.test:4000');
  });

  it('GET / carries the whole policy, and no HSTS', async () => {
    const { status, headers } = await head(app, '/');
    expect(status).toBe(200);
    expect(csp(headers['content-security-policy'])).toEqual({
      'default-src': ["'self'"],
      'base-uri': ["'none'"],
      'object-src': ["'none'"],
      'script-src': ["'self'"],
      'script-src-attr': ["'none'"],
      'style-src': ["'self'", "'unsafe-inline'"],
      'img-src': ["'self'", 'data:'],
      'font-src': ["'self'", 'data:'],
      'connect-src': ["'self'"],
      'form-action': ["'self'", 'http://localhost:5173'],
      'frame-ancestors': ["'none'"],
    });
    expect(securityHeadersOf(headers)).toEqual({
      'content-security-policy': expect.any(String),
      'strict-transport-security': undefined,
      'x-content-type-options': 'nosniff',
      'referrer-policy': 'no-referrer',
      'x-frame-options': 'DENY',
      'cross-origin-opener-policy': 'same-origin',
      'cross-origin-resource-policy': 'same-origin',
      'origin-agent-cluster': '?1',
      'x-dns-prefetch-control': 'off',
      'x-download-options': 'noopen',
      'x-permitted-cross-domain-policies': 'none',
      'x-xss-protection': '0',
    });
    expect(headers['cache-control']).toBe('no-cache');
  });

  it('gives deep links, assets and the identity pages exactly the same headers', async () => {
    const root = securityHeadersOf((await head(app, '/')).headers);
    const deepLink = await head(app, '/admin/products?organization=o1');
    const asset = await head(app, '/assets/app-1234.js');
    // A page the part renders itself, and one the provider writes to the raw response.
    const expired = await head(app, '/identity/interaction/not-a-real-uid');
    const providerError = await head(app, '/identity/auth?client_id=unknown-client&response_type=code&scope=openid');
    expect([deepLink.status, asset.status, expired.status, providerError.status]).toEqual([200, 200, 400, 400]);
    expect(providerError.headers['content-type']).toContain('text/html');
    for (const response of [deepLink, asset, expired, providerError]) {
      expect(securityHeadersOf(response.headers)).toEqual(root);
    }
    expect(expired.headers['cache-control']).toBe('no-store');
  });

  it('lets only the portal itself frame the silent sign-in renewal page', async () => {
    const { headers } = await head(app, '/auth/silent-renew?code=x&state=y');
    expect(csp(headers['content-security-policy'])['frame-ancestors']).toEqual(["'self'"]);
    expect(headers['x-frame-options']).toBe('SAMEORIGIN');
  });

  it('leaves the platform API and the other JSON back ends alone', async () => {
    for (const url of ['/platform/env', '/platform/v1/me', '/PLATFORM/v1/me', '/portal-api/healthz']) {
      const { headers } = await head(app, url);
      expect(headers['content-security-policy'], url).toBeUndefined();
      expect(headers['x-frame-options'], url).toBeUndefined();
    }
  });
});

describe('over https (TLS ends at a proxy)', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await appFor('https://portal.example', { platformMgmtUrl: 'https://api.platform.example/platform/mgmt' });
  });

  it('adds HSTS and upgrade-insecure-requests to the web app and the identity pages', async () => {
    for (const url of ['/', '/identity/interaction/not-a-real-uid']) {
      const { headers } = await head(app, url);
      expect(headers['strict-transport-security'], url).toBe('max-age=31536000');
      const policy = csp(headers['content-security-policy']);
      expect(policy['upgrade-insecure-requests'], url).toEqual([]);
      // A platform on another origin is one the console calls.
      expect(policy['connect-src'], url).toEqual(["'self'", 'https://api.platform.example']);
      // Its product pictures load from there too.
      expect(policy['img-src'], url).toEqual(["'self'", 'data:', 'https://api.platform.example']);
    }
  });
});

describe('with connected marketplaces', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await appFor('http://portal.test:4000');
  });
  afterAll(async () => {
    await database.db.execute(sql`delete from portal.connected_marketplaces where id = 'connected-csp-test'`);
    connectedOriginsChanged(database.db);
  });

  it("admits a connected marketplace's API origin to the web app's connect-src, not to other pages", async () => {
    expect(csp((await head(app, '/')).headers['content-security-policy'])['connect-src']).toEqual(["'self'"]);
    await database.db.execute(sql`
      insert into portal.connected_marketplaces (id, organization_id, name, environment, api_url, client_id,
        sealed_client_secret)
      values ('connected-csp-test', 'org-csp', 'Elsewhere', 'Sandbox', 'https://api.elsewhere.example:8443/v1',
        'client', 'sealed')`);
    // What the Marketplaces routes do after connecting one; otherwise the list is read again within 30 s.
    connectedOriginsChanged(database.db);
    for (const url of ['/', '/admin/products', '/auth/silent-renew?code=x&state=y']) {
      const policy = csp((await head(app, url)).headers['content-security-policy']);
      expect(policy['connect-src'], url).toEqual(["'self'", 'https://api.elsewhere.example:8443']);
      expect(policy['img-src'], url).toEqual(["'self'", 'data:', 'https://api.elsewhere.example:8443']);
    }
    // The API prefixes and the identity pages keep their own policy.
    const identity = csp((await head(app, '/identity/interaction/not-a-real-uid')).headers['content-security-policy']);
    expect(identity['connect-src']).toEqual(["'self'"]);
  });
});
