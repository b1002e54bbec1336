import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type RunningServer } from '../server.ts';
import { createTestDatabaseTarget, type TestDatabaseTarget } from '../testing/test-database.ts';
import type { Config } from '../config.ts';
import { INVALID_CREDENTIALS } from './pages/sign-in.ts';
import { DEMO_PASSWORD, seedIdentityDemo } from './seed.ts';
import { decodeJwt, OidcBrowser } from './testing/oidc-browser.ts';
import { concreteTestConfig } from './testing/server-config.ts';

let target: TestDatabaseTarget;
let config: Config;
let server: RunningServer;
beforeAll(async () => {
  target = await createTestDatabaseTarget();
  config = await concreteTestConfig(target.target);
  server = await startServer(config);
  await seedIdentityDemo(server.database);
});
afterAll(async () => {
  await server?.stop();
  await target?.dispose();
});

const browser = () => new OidcBrowser(server.url, config.portalClientId);
const hidden = (html: string, name: string) => new RegExp(`name="${name}" value="([^"]*)"`).exec(html)?.[1] ?? '';

async function openAccount(b: OidcBrowser, query = '') {
  const response = await b.request(`/identity/account${query}`);
  return { status: response.status, html: await response.text() };
}

describe('Manage account', () => {
  it('asks a signed-out visitor to sign in through the portal', async () => {
    const page = await openAccount(browser());
    expect(page.status).toBe(401);
    expect(page.html).toContain('You are signed out.');
    expect(page.html).toContain(`href="${server.url}/"`);
  });

  it('changes the display name and links back to the portal address it was given', async () => {
    const b = browser();
    await b.signIn('viewer@demo.example', DEMO_PASSWORD);
    const back = `${server.url}/?organization=demo-org&tenantName=demo-staging`;
    const page = await openAccount(b, `?returnTo=${encodeURIComponent(back)}`);
    expect(page.status).toBe(200);
    expect(page.html).toContain('<h1 id="page-title">Manage account</h1>');
    expect(page.html).toContain('<label for="name">Display name</label>');
    expect(page.html).toContain('value="Jamie Ortiz"');
    expect(page.html).toContain(back.replaceAll('&', '&amp;'));

    const csrf = hidden(page.html, 'csrf');
    const empty = await b.postForm('/identity/account/profile', { csrf, name: '  ', returnTo: back });
    expect(empty.status).toBe(400);
    expect(await empty.text()).toContain('Enter a display name.');

    const saved = await b.postForm('/identity/account/profile', { csrf, name: 'Jamie O. Ortiz', returnTo: back });
    expect(saved.status).toBe(303);
    const after = await b.follow(saved, `${server.url}/identity/account/profile`);
    expect(after.kind === 'page' && after.html).toContain('Your display name was saved.');
    const tokens = await browser().signIn('viewer@demo.example', DEMO_PASSWORD);
    expect(decodeJwt(tokens.id_token).name).toBe('Jamie O. Ortiz');
  });

  it('refuses a post without the form token and ignores a foreign returnTo', async () => {
    const b = browser();
    await b.signIn('viewer@demo.example', DEMO_PASSWORD);
    const page = await openAccount(b, `?returnTo=${encodeURIComponent('https://evil.example/')}`);
    expect(page.html).not.toContain('evil.example');
    const forged = await b.postForm('/identity/account/profile', { csrf: 'forged', name: 'Mallory' });
    expect(forged.status).toBe(403);
    expect(await forged.text()).toContain('This form has expired.');
  });

  it('changes the password only with the current one and a long enough new one', async () => {
    const b = browser();
    await b.signIn('dev@demo.example', DEMO_PASSWORD);
    const csrf = hidden((await openAccount(b)).html, 'csrf');
    const change = async (fields: Record<string, string>) => {
      const response = await b.postForm('/identity/account/password', { csrf, ...fields });
      return { status: response.status, html: await response.text() };
    };
    const next = 'A-much-longer-passphrase';
    expect(
      (await change({ currentPassword: 'wrong-password', newPassword: next, confirmPassword: next })).html,
    ).toContain('The current password is not correct.');
    expect(
      (await change({ currentPassword: DEMO_PASSWORD, newPassword: 'short', confirmPassword: 'short' })).html,
    ).toContain('at least 10 characters');
    expect(
      (await change({ currentPassword: DEMO_PASSWORD, newPassword: next, confirmPassword: `${next}!` })).html,
    ).toContain('do not match');
    const done = await change({ currentPassword: DEMO_PASSWORD, newPassword: next, confirmPassword: next });
    expect(done.status).toBe(303);

    const old = browser();
    const refused = await old.submitSignIn(await old.authorize(), 'dev@demo.example', DEMO_PASSWORD);
    expect(refused.kind === 'page' && refused.html).toContain(INVALID_CREDENTIALS);
    expect((await browser().signIn('dev@demo.example', next)).access_token).toBeTruthy();
  });
});

describe('restarts', () => {
  it('keeps sessions, signing keys and tokens across a restart on the same database', async () => {
    const b = browser();
    const tokens = await b.signIn('owner@demo.example', DEMO_PASSWORD);
    const { keys: before } = (await (await fetch(`${server.url}/identity/jwks`)).json()) as { keys: { kid: string }[] };

    await server.stop();
    server = await startServer(config);

    const { keys: after } = (await (await fetch(`${server.url}/identity/jwks`)).json()) as { keys: { kid: string }[] };
    expect(after.map((key) => key.kid)).toEqual(before.map((key) => key.kid));
    const user = await fetch(`${server.url}/identity/user`, {
      headers: { authorization: `Bearer ${tokens.access_token}` },
    });
    expect(user.status).toBe(200);
    const silent = await b.authorize({ prompt: 'none' });
    expect(silent.kind === 'redirect' && silent.url.searchParams.get('code')).toBeTruthy();
    const refreshed = await b.token({ grant_type: 'refresh_token', refresh_token: tokens.refresh_token ?? '' });
    expect(refreshed.access_token).toBeTruthy();
  });
});
