import { expect, type BrowserContext, type Locator, type Page } from '@playwright/test';

export const DEMO_PASSWORD = 'Demo-Portal-1';
export const DEMO_USERS = {
  owner: 'owner@demo.example',
  developer: 'dev@demo.example',
  viewer: 'viewer@demo.example',
} as const;

export interface SignInContext {
  organization?: string;
  tenantName?: string;
}

/** Where oidc-client-ts keeps a tab's signed-in user: the whole session the portal's pages read. */
const USER_KEY_PREFIX = 'oidc.user:';
/**
 * A kept session is reused for this long: well inside the access token's 20 minutes, so no journey meets a token
 * that expires under it, and before the background refresh (also 20 minutes) would rotate the refresh token.
 */
const REUSE_FOR_MS = 5 * 60_000;

interface KeptSession {
  keptAt: number;
  entries: [string, string][];
  /** The identity provider's own session, so switching tenant signs in again without the form, as for a person. */
  cookies: Awaited<ReturnType<BrowserContext['cookies']>>;
}

/**
 * Sessions this worker signed in, by user and context. The first journey of a user signs in on the identity
 * provider's page as a person does (sign-in itself has its own journeys); later ones open a new tab that already
 * holds the session, as a second tab of a signed-in person would after copying it. It saves the password check and
 * the redirects on most journeys (about 3 s each on this machine).
 */
const keptSessions = new Map<string, KeptSession>();

/** Opens the portal for a tenant, signs in on the identity provider's page and waits for the home page. */
export async function signIn(page: Page, email: string, context: SignInContext = {}): Promise<void> {
  const { organization = 'demo-org', tenantName = 'demo-sandbox' } = context;
  const home = `/?${new URLSearchParams({ organization, tenantName }).toString()}`;
  const welcome = page.getByRole('heading', { level: 1, name: /^Welcome, / });
  await openSignedIn(page, email, { organization, tenantName }, home, welcome);
}

/**
 * Opens a page of the portal (its address with organization and tenantName) signed in as `email`, as following a
 * link while signed out does: sign-in first, then that page; the journey then checks the page itself. One load of
 * the app instead of the home page's and then the page's.
 */
export async function signInAt(page: Page, email: string, url: string): Promise<void> {
  const query = new URL(url, 'http://portal.test').searchParams;
  const context = {
    organization: query.get('organization') ?? 'demo-org',
    tenantName: query.get('tenantName') ?? 'demo-sandbox',
  };
  // The portal's top bar: shown once the session and the marketplace are loaded, on every page of the portal.
  await openSignedIn(page, email, context, url, page.getByRole('banner'));
}

async function openSignedIn(
  page: Page,
  email: string,
  { organization, tenantName }: Required<SignInContext>,
  url: string,
  signedIn: Locator,
): Promise<void> {
  const key = `${email}|${organization}|${tenantName}`;
  const kept = keptSessions.get(key);
  const emailBox = page.getByLabel('Email');
  if (kept && Date.now() - kept.keptAt < REUSE_FOR_MS) {
    // Session storage belongs to the origin: a page of it (the colour-mode script, the lightest there is) is open
    // first, the session is put in, and the portal then finds it as after a reload.
    await page.context().addCookies(kept.cookies);
    await page.goto('/color-mode.js');
    await page.evaluate((entries) => {
      for (const [name, value] of entries) window.sessionStorage.setItem(name, value);
    }, kept.entries);
    await page.goto(url);
    await expect(signedIn.or(emailBox)).toBeVisible({ timeout: 20_000 });
    if (!(await emailBox.isVisible())) return;
    // The kept session was refused (signed out meanwhile): sign in on the page, as below.
    keptSessions.delete(key);
  } else {
    await page.goto(url);
  }
  await emailBox.fill(email);
  await page.getByLabel('Password').fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(signedIn).toBeVisible({ timeout: 20_000 });
  const entries = await page.evaluate((prefix) => {
    return Object.entries(window.sessionStorage).filter(([name]) => name.startsWith(prefix));
  }, USER_KEY_PREFIX);
  const cookies = await page.context().cookies();
  if (entries.length > 0) keptSessions.set(key, { keptAt: Date.now(), entries, cookies });
}
