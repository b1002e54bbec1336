import { createRemoteJWKSet, decodeProtectedHeader, jwtVerify } from 'jose';
import { describe, expect, it } from 'vitest';
import { PORTAL_CLAIMS } from '@portal/contracts';
import { INVALID_CREDENTIALS, SIGN_IN_HEADING } from './pages/sign-in.ts';
import { DEMO_PASSWORD } from './seed.ts';
import { decodeJwt, OidcBrowser } from './testing/oidc-browser.ts';
import { useIdentityServer } from './testing/identity-server.ts';

const server = useIdentityServer();

const config = () => server().app.config;
const browser = () => new OidcBrowser(server().url, config().portalClientId);
const OWNER = 'owner@demo.example';

describe('discovery', () => {
  it('serves the configuration with the configured issuer under /identity', async () => {
    const response = await fetch(`${server().url}/identity/.well-known/openid-configuration`);
    expect(response.status).toBe(200);
    const body = (await response.json()) as Record<string, unknown>;
    expect(body.issuer).toBe(config().identityIssuer);
    expect(body.authorization_endpoint).toBe(`${server().url}/identity/auth`);
    expect(body.token_endpoint).toBe(`${server().url}/identity/token`);
    expect(body.jwks_uri).toBe(config().identityJwksUrl);
    expect(body.end_session_endpoint).toBe(`${server().url}/identity/session/end`);
    expect(body.code_challenge_methods_supported).toEqual(['S256']);
  });
});

describe('authorization code + PKCE', () => {
  it('signs in for the requested tenant and issues ID, access and refresh tokens with its claims', async () => {
    const b = browser();
    const page = await b.authorize({ organization: 'demo-org', tenantName: 'demo-staging' });
    expect(page).toMatchObject({ kind: 'page', status: 200 });
    if (page.kind !== 'page') return;
    expect(page.url).toMatch(/\/identity\/interaction\/[\w-]+$/);
    expect(page.html).toContain(SIGN_IN_HEADING);
    expect(page.html).toContain('<label for="email">Email</label>');
    expect(page.html).toContain('<label for="password">Password</label>');
    expect(page.html).toContain('lang="en"');

    const callback = await b.submitSignIn(page, OWNER.toUpperCase(), DEMO_PASSWORD);
    expect(callback.kind).toBe('redirect');
    if (callback.kind === 'redirect') expect(callback.url.searchParams.get('iss')).toBe(config().identityIssuer);
    const tokens = await b.exchange(callback);

    const jwks = createRemoteJWKSet(new URL(config().identityJwksUrl));
    const { payload: id } = await jwtVerify(tokens.id_token, jwks, {
      issuer: config().identityIssuer,
      audience: config().portalClientId,
    });
    expect(id).toMatchObject({
      sub: 'demo-owner',
      email: OWNER,
      name: 'Morgan Blake',
      given_name: 'Morgan',
      family_name: 'Blake',
      [PORTAL_CLAIMS.organizationId]: 'demo-org',
      [PORTAL_CLAIMS.organizationType]: 'Enterprise',
      [PORTAL_CLAIMS.organizationAccountId]: 'acct-demo',
      [PORTAL_CLAIMS.organizationRoles]: ['Organization Owner'],
      [PORTAL_CLAIMS.tenantId]: 'demo-staging',
      [PORTAL_CLAIMS.tenantName]: 'demo-staging',
    });

    expect(decodeProtectedHeader(tokens.access_token).typ).toBe('at+jwt');
    const { payload: access } = await jwtVerify(tokens.access_token, jwks, {
      issuer: config().identityIssuer,
      audience: config().portalAudience,
    });
    expect(access).toMatchObject({
      sub: 'demo-owner',
      client_id: config().portalClientId,
      [PORTAL_CLAIMS.organizationId]: 'demo-org',
      [PORTAL_CLAIMS.organizationRoles]: ['Organization Owner'],
      [PORTAL_CLAIMS.tenantId]: 'demo-staging',
      [PORTAL_CLAIMS.tenantName]: 'demo-staging',
    });
    expect(String(access.scope).split(' ')).toEqual(expect.arrayContaining(['openid', 'profile', 'email']));
    expect(tokens.expires_in).toBeLessThanOrEqual(1200);
    expect(tokens.refresh_token).toBeTruthy();

    // Refresh: same tenant, rotated refresh token, the old one is spent.
    const refreshed = await b.token({ grant_type: 'refresh_token', refresh_token: tokens.refresh_token ?? '' });
    expect(decodeJwt(refreshed.access_token)).toMatchObject({ [PORTAL_CLAIMS.tenantName]: 'demo-staging' });
    expect(decodeJwt(refreshed.id_token)).toMatchObject({ [PORTAL_CLAIMS.tenantId]: 'demo-staging', email: OWNER });
    expect(refreshed.refresh_token).toBeTruthy();
    expect(refreshed.refresh_token).not.toBe(tokens.refresh_token);
    const reused = await b.tokenResponse({ grant_type: 'refresh_token', refresh_token: tokens.refresh_token ?? '' });
    expect(reused.status).toBe(400);
  });

  it("defaults to the user's first organization and its first tenant", async () => {
    const tokens = await browser().signIn('viewer@demo.example', DEMO_PASSWORD);
    expect(decodeJwt(tokens.access_token)).toMatchObject({
      sub: 'demo-viewer',
      [PORTAL_CLAIMS.organizationId]: 'demo-org',
      [PORTAL_CLAIMS.organizationRoles]: ['Organization User'],
      [PORTAL_CLAIMS.tenantName]: 'demo-sandbox',
    });
  });

  it('switches tenant without a new sign-in while the session lasts, keeping each token set on its tenant', async () => {
    const b = browser();
    const sandbox = await b.signIn(OWNER, DEMO_PASSWORD, { tenantName: 'demo-sandbox' });
    const silent = await b.authorize({ organization: 'demo-org', tenantName: 'demo-production', prompt: 'none' });
    expect(silent.kind).toBe('redirect');
    const production = await b.exchange(silent);
    expect(decodeJwt(production.id_token)).toMatchObject({ [PORTAL_CLAIMS.tenantName]: 'demo-production' });
    const again = await b.token({ grant_type: 'refresh_token', refresh_token: sandbox.refresh_token ?? '' });
    expect(decodeJwt(again.access_token)).toMatchObject({ [PORTAL_CLAIMS.tenantName]: 'demo-sandbox' });
  });

  it('shows the error on the sign-in page for a wrong password', async () => {
    const b = browser();
    const page = await b.authorize();
    const retry = await b.submitSignIn(page, OWNER, 'not-the-password');
    expect(retry).toMatchObject({ kind: 'page', status: 401 });
    if (retry.kind === 'page') {
      expect(retry.html).toContain(INVALID_CREDENTIALS);
      expect(retry.html).toContain(`value="${OWNER}"`);
    }
    const unknown = await b.submitSignIn(page, 'nobody@demo.example', DEMO_PASSWORD);
    expect(unknown.kind === 'page' && unknown.html.includes(INVALID_CREDENTIALS)).toBe(true);
    // The same interaction still signs in with the right password.
    expect((await b.submitSignIn(page, OWNER, DEMO_PASSWORD)).kind).toBe('redirect');
  });

  it('refuses a tenant the organization does not own, and an organization the user is not in', async () => {
    const b = browser();
    const page = await b.authorize({ organization: 'demo-org', tenantName: 'someone-elses-market' });
    const refused = await b.submitSignIn(page, OWNER, DEMO_PASSWORD);
    expect(refused).toMatchObject({ kind: 'page', status: 403 });
    if (refused.kind === 'page') {
      expect(refused.html).toContain('has no tenant named &quot;someone-elses-market&quot;');
      expect(refused.html).toContain('role="alert"');
    }
    const other = await b.submitSignIn(await b.authorize({ organization: 'other-org' }), OWNER, DEMO_PASSWORD);
    expect(other.kind === 'page' && other.html.includes('not a member of the organization')).toBe(true);
  });

  it('asks a signed-in user to sign in again for a tenant they may not use', async () => {
    const b = browser();
    await b.signIn(OWNER, DEMO_PASSWORD);
    const none = await b.authorize({ tenantName: 'nowhere', prompt: 'none' });
    expect(none.kind === 'redirect' && none.url.searchParams.get('error')).toBe('login_required');
    const page = await b.authorize({ tenantName: 'nowhere' });
    expect(page).toMatchObject({ kind: 'page', status: 403 });
    expect(page.kind === 'page' && page.html.includes('None of your organizations has a tenant named')).toBe(true);
  });

  it('answers CORS for the web app origins on the token endpoint only', async () => {
    const b = browser();
    const outcome = await b.authorize();
    const code = await b.submitSignIn(outcome, OWNER, DEMO_PASSWORD);
    const codeValue = code.kind === 'redirect' ? (code.url.searchParams.get('code') ?? '') : '';
    const evil = await b.tokenResponse({ grant_type: 'authorization_code', code: codeValue }, 'https://evil.example');
    expect(evil.headers.get('access-control-allow-origin')).toBeNull();
    const tokens = await b.tokenResponse(
      { grant_type: 'refresh_token', refresh_token: 'x' },
      new URL(server().url).origin,
    );
    expect(tokens.headers.get('access-control-allow-origin')).toBe(new URL(server().url).origin);
    const preflight = await fetch(`${server().url}/identity/token`, {
      method: 'OPTIONS',
      headers: { origin: 'http://localhost:5173', 'access-control-request-method': 'POST' },
    });
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get('access-control-allow-methods')).toContain('POST');
  });
});

describe('error pages', () => {
  it('renders provider errors and stale sign-in links as portal pages', async () => {
    const bad = await fetch(`${server().url}/identity/auth?client_id=unknown-client&response_type=code&scope=openid`);
    expect(bad.status).toBe(400);
    expect(bad.headers.get('content-type')).toContain('text/html');
    expect(bad.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
    const html = await bad.text();
    expect(html).toContain('Sign-in problem');
    expect(html).toContain('lang="en"');

    const stale = await fetch(`${server().url}/identity/interaction/not-a-real-uid`);
    expect(stale.status).toBe(400);
    expect(await stale.text()).toContain('This sign-in has expired');
  });
});

describe('end session', () => {
  it('confirms, signs out, ends the refresh token and returns to the portal', async () => {
    const b = browser();
    const tokens = await b.signIn(OWNER, DEMO_PASSWORD);
    const params = new URLSearchParams({
      id_token_hint: tokens.id_token,
      post_logout_redirect_uri: `${server().url}/`,
    });
    const confirm = await b.follow(`/identity/session/end?${params}`);
    expect(confirm).toMatchObject({ kind: 'page', status: 200 });
    if (confirm.kind !== 'page') return;
    expect(confirm.html).toContain('Sign out of Marketplace Portal?');
    const action = /<form id="op.logoutForm" method="post" action="([^"]+)"/.exec(confirm.html)?.[1] ?? '';
    const xsrf = /name="xsrf" value="([^"]+)"/.exec(confirm.html)?.[1] ?? '';
    const done = await b.follow(await b.postForm(action, { xsrf, logout: 'yes' }));
    expect(done.kind === 'redirect' && done.url.href).toBe(`${server().url}/`);

    const refresh = await b.tokenResponse({ grant_type: 'refresh_token', refresh_token: tokens.refresh_token ?? '' });
    expect(refresh.status).toBe(400);
    const next = await b.authorize({ prompt: 'none' });
    expect(next.kind === 'redirect' && next.url.searchParams.get('error')).toBe('login_required');
  });
});

describe('GET /identity/user', () => {
  it('answers the signed-in user for an access token', async () => {
    const started = Date.now();
    const tokens = await browser().signIn('dev@demo.example', DEMO_PASSWORD);
    const response = await fetch(`${server().url}/identity/user`, {
      headers: { authorization: `Bearer ${tokens.access_token}` },
    });
    expect(response.status).toBe(200);
    const body = (await response.json()) as Record<string, unknown>;
    expect(body).toEqual({
      email: 'dev@demo.example',
      name: 'Riley Chen',
      picture: null,
      created: expect.any(String),
      lastLogin: expect.any(String),
    });
    expect(Date.parse(String(body.lastLogin))).toBeGreaterThanOrEqual(started - 1000);
  });

  it('answers 401 JSON without a valid access token', async () => {
    const tokens = await browser().signIn('dev@demo.example', DEMO_PASSWORD);
    for (const authorization of [undefined, 'Bearer nonsense', `Bearer ${tokens.id_token}`, tokens.access_token]) {
      const response = await fetch(`${server().url}/identity/user`, {
        headers: authorization ? { authorization } : {},
      });
      expect(response.status, String(authorization).slice(0, 20)).toBe(401);
      expect(response.headers.get('www-authenticate')).toBe('Bearer');
      expect(await response.json()).toMatchObject({ error: 'Unauthorized' });
    }
  });
});
