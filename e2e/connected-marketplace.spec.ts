import { expect, test, type Locator, type Page } from '@playwright/test';
import { expectNoSeriousViolations } from './axe.ts';
import {
  REMOTE_BUYER_USER,
  REMOTE_CLIENT_ID,
  REMOTE_CLIENT_SECRET,
  REMOTE_STOREFRONT_CLIENT,
  remoteAdminToken,
  remoteApiUrl,
  remoteGet,
  openRemoteLine,
} from './remote-marketplace.ts';
import { DEMO_USERS, signIn } from './sign-in.ts';

/*
 * Issue 21: an owner connects a marketplace that runs elsewhere (the second product instance the global setup
 * started, E2E_REMOTE_URL, reached only over HTTP) and uses the portal on it. Each journey connects under its own
 * name, as the two workers share the portal, and disconnects at the end.
 */

// Connecting reaches the remote three times and every page then talks to it: more time than one page needs.
test.describe.configure({ timeout: 120_000 });

const ORGANIZATION = 'demo-org';

function remoteUrl(): string {
  const url = process.env.E2E_REMOTE_URL;
  if (!url) throw new Error('E2E_REMOTE_URL is not set: the global setup starts the remote marketplace.');
  return url;
}

const uniqueName = (what: string) => `E2E ${what} ${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;

/** The sentence each self-service tool shows on a connected marketplace instead of its form. */
const hostedOnly = (name: string) =>
  `This tool uses services that only hosted marketplaces offer, so it is not available on ${name}, a connected marketplace.`;

async function openMarketplaces(page: Page, tenantName = 'demo-sandbox'): Promise<void> {
  await page.goto(`/marketplaces?${new URLSearchParams({ organization: ORGANIZATION, tenantName }).toString()}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Marketplaces' })).toBeVisible({ timeout: 20_000 });
}

function marketplaceRow(page: Page, name: string): Locator {
  return page.getByRole('table', { name: 'Marketplaces' }).getByRole('row').filter({ hasText: name });
}

/** Fills the connect form; the values a refusal must keep. */
async function fillConnectForm(dialog: Locator, name: string, secret: string, apiUrl: string): Promise<void> {
  await dialog.getByRole('textbox', { name: /^Name/ }).fill(name);
  await dialog.getByRole('combobox', { name: /^Environment/ }).selectOption('Sandbox');
  await dialog.getByRole('textbox', { name: /^API base URL/ }).fill(apiUrl);
  await dialog.getByRole('textbox', { name: /^Client ID/ }).fill(REMOTE_CLIENT_ID);
  await dialog.getByLabel(/^Client secret/).fill(secret);
}

/**
 * Connects the remote (at `apiUrl`, its own address by default) from /marketplaces as the signed-in owner: first
 * with a wrong secret, then the right one.
 */
async function connectRemote(page: Page, name: string, apiUrl = remoteApiUrl(remoteUrl())): Promise<void> {
  await openMarketplaces(page);
  await page.getByRole('button', { name: 'Connect a marketplace' }).click();
  const dialog = page.getByRole('dialog', { name: 'Connect a marketplace' });
  await expect(dialog).toBeVisible();
  await fillConnectForm(dialog, name, 'Not-The-Secret-1', apiUrl);
  await dialog.getByRole('button', { name: 'Connect', exact: true }).click();

  // The refusal names the failed step (the address and the platform answered; the client did not sign in) ...
  const refusal = dialog.getByRole('alert').filter({ hasText: 'The marketplace could not be connected' });
  await expect(refusal).toBeVisible({ timeout: 30_000 });
  const checks = refusal.getByRole('list', { name: 'Connection checks' });
  await expect(checks).toContainText('Address check: passed');
  await expect(checks).toContainText('Platform check: passed');
  await expect(checks).toContainText('API client check: failed');
  // ... and everything typed stays as it was, the secret to correct included.
  await expect(dialog.getByRole('textbox', { name: /^Name/ })).toHaveValue(name);
  await expect(dialog.getByRole('combobox', { name: /^Environment/ })).toHaveValue('Sandbox');
  await expect(dialog.getByRole('textbox', { name: /^API base URL/ })).toHaveValue(apiUrl);
  await expect(dialog.getByRole('textbox', { name: /^Client ID/ })).toHaveValue(REMOTE_CLIENT_ID);

  await dialog.getByLabel(/^Client secret/).fill(REMOTE_CLIENT_SECRET);
  await dialog.getByRole('button', { name: 'Connect', exact: true }).click();
  await expect(dialog).toBeHidden({ timeout: 30_000 });
  const row = marketplaceRow(page, name);
  await expect(row).toBeVisible();
  await expect(row).toContainText('Connected');
  await expect(row).toContainText(apiUrl);
}

/** Opens the connected marketplace with the tenant switcher; answers its tenant name (the marketplace id). */
async function switchTo(page: Page, name: string): Promise<string> {
  await page.getByRole('button', { name: 'Switch tenant' }).click();
  await page.getByRole('menuitem', { name }).click();
  await expect(page.getByRole('heading', { level: 1, name: /^Welcome, / })).toBeVisible({ timeout: 30_000 });
  const tenantName = new URL(page.url()).searchParams.get('tenantName') ?? '';
  expect(tenantName).not.toMatch(/^(demo-sandbox|)$/);
  return tenantName;
}

async function disconnect(page: Page, name: string): Promise<void> {
  await openMarketplaces(page);
  const row = marketplaceRow(page, name);
  await row.getByRole('button', { name: `Disconnect ${name}` }).click();
  // It asks first, naming the marketplace.
  const confirm = page.getByRole('alertdialog', { name: `Disconnect ${name}?` });
  await confirm.getByRole('button', { name: 'Disconnect', exact: true }).click();
  await expect(confirm).toBeHidden({ timeout: 20_000 });
  await expect(marketplaceRow(page, name)).toHaveCount(0);
}

async function screenshots(page: Page, label: string): Promise<void> {
  for (const width of [1440, 390]) {
    await page.setViewportSize({ width, height: width > 1000 ? 900 : 844 });
    // Let the layout settle at the new width before the picture.
    await page.waitForTimeout(300);
    await page.screenshot({ path: test.info().outputPath(`${label}-${width}.png`), fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 720 });
}

test.describe('Connected marketplace', () => {
  test('an owner connects a remote marketplace, works on it through its own API, then disconnects', async ({
    page,
  }) => {
    const name = uniqueName('Remote');
    const remote = remoteUrl();
    // A product that only the remote holds: the portal can only show it by calling the remote.
    const productId = `e2e-remote-${Date.now().toString(36)}`;
    const productName = `Remote only ${productId}`;
    const token = await remoteAdminToken(remote);
    const created = await page.request.post(`${remote}/platform/v1/products`, {
      headers: { authorization: `Bearer ${token}` },
      data: { ID: productId, Name: productName, Active: true },
    });
    expect(created.status(), await created.text()).toBe(201);

    try {
      await signIn(page, DEMO_USERS.owner);
      await connectRemote(page, name);
      const tenantName = await switchTo(page, name);
      const context = new URLSearchParams({ organization: ORGANIZATION, tenantName }).toString();

      // Home: the marketplace the browser calls is the remote platform.
      const card = page.getByRole('region', { name: 'Your marketplace', exact: true });
      await expect(card).toContainText(tenantName);
      await expect(card).toContainText(`${remote}/platform`);
      await screenshots(page, 'connected-home');

      // Explorer: the remote's own product is listed, and an edit lands on the remote.
      await page.goto(`/admin/products?${context}`);
      await expect(page.getByRole('heading', { level: 1, name: 'Products' })).toBeVisible({ timeout: 20_000 });
      await page.getByRole('searchbox', { name: 'Search products' }).fill(productId);
      await expect(
        page
          .getByRole('main')
          .getByRole('row', { name: /^Open / })
          .filter({ hasText: productName }),
      ).toBeVisible({ timeout: 20_000 });
      await page.goto(`/admin/products/${productId}?${context}`);
      await expect(page.getByRole('heading', { level: 1, name: productName })).toBeVisible({ timeout: 20_000 });
      await page.getByRole('textbox', { name: /^Description/ }).fill('Edited through the connected portal');
      await page.getByRole('button', { name: 'Save', exact: true }).click();
      await expect(page.getByText('Product saved')).toBeVisible();
      const saved = await remoteGet<{ Description: string | null }>(remote, `/products/${productId}`);
      expect(saved.Description).toBe('Edited through the connected portal');

      // Console: impersonate one of the remote's buyer users through a client only the remote has.
      await page.goto(`/console?${context}`);
      await expect(page.getByRole('heading', { level: 1, name: 'API console' })).toBeVisible({ timeout: 20_000 });
      const panel = page.getByRole('region', { name: 'Impersonation' });
      await panel.getByRole('button', { name: 'Select context' }).click();
      const picker = page.getByRole('dialog', { name: 'Select context' });
      await picker.getByPlaceholder('Search API Clients...').fill('Remote Storefront');
      const client = picker
        .getByRole('list', { name: 'API clients' })
        .getByRole('button', { name: REMOTE_STOREFRONT_CLIENT });
      await client.click();
      await expect(client).toHaveAttribute('aria-pressed', 'true');
      await picker.getByPlaceholder('Search by username...').fill(REMOTE_BUYER_USER);
      await picker
        .getByRole('list', { name: 'Users' })
        .getByRole('button', { name: new RegExp(REMOTE_BUYER_USER) })
        .click();
      await picker.getByRole('button', { name: 'Apply' }).click();
      await expect(picker).toBeHidden();
      await expect(panel).toContainText(REMOTE_BUYER_USER);
      await page
        .getByRole('navigation', { name: 'Console resources' })
        .getByRole('button', { name: 'Me', exact: true })
        .click();
      await page.getByRole('combobox', { name: 'Operation' }).fill('Me.Get');
      await page.getByRole('option', { name: /Me\.Get$/ }).click();
      await page.getByRole('button', { name: 'Send', exact: true }).click();
      await expect(page.getByTestId('request-status').first()).toHaveText('200', { timeout: 20_000 });
      await expect(page.getByRole('tabpanel').getByLabel('Response body')).toContainText(
        `"Username": "${REMOTE_BUYER_USER}"`,
      );

      // Self-service: the tool says in one sentence why it does not run here, and the menu marks it.
      await page.goto(`/self-service/index-tools?${context}`);
      const tool = page.getByRole('region', { name: 'Index tools' });
      await expect(tool.getByText(hostedOnly(name))).toBeVisible({ timeout: 20_000 });
      const menu = page.getByRole('navigation', { name: 'Self-service tools' });
      await expect(menu.getByRole('link', { name: /Index tools/ })).toContainText('Not available');
      await expect(menu.getByRole('link', { name: /Index tools/ })).toHaveAccessibleDescription(hostedOnly(name));
      await expect(page.getByRole('button', { name: /Rebuild/ })).toHaveCount(0);
      await screenshots(page, 'connected-self-service');

      await disconnect(page, name);
      // Disconnecting touched nothing on the remote: its product is still there.
      expect((await remoteGet<{ ID: string }>(remote, `/products/${productId}`)).ID).toBe(productId);
    } finally {
      await page.request.delete(`${remote}/platform/v1/products/${productId}`, {
        headers: { authorization: `Bearer ${token}` },
      });
    }
  });

  test("a connected marketplace that goes down still opens: the frame, the platform's error, then Try again", async ({
    page,
  }) => {
    const name = uniqueName('Flaky');
    // The portal reaches this marketplace through a line the journey cuts: the remote itself stays up for the others.
    const line = await openRemoteLine(remoteUrl());
    try {
      await signIn(page, DEMO_USERS.owner);
      await connectRemote(page, name, remoteApiUrl(line.url));
      await switchTo(page, name);

      await line.cut();
      await page.reload();
      // The tenant opens: the top bar (its switcher included) and, in place of home, what failed and what to do.
      const unavailable = page.getByRole('main').getByRole('alert');
      await expect(unavailable.getByRole('heading', { level: 1, name: `${name} could not be reached` })).toBeVisible({
        timeout: 20_000,
      });
      await expect(unavailable).toContainText('Bad Gateway');
      await expect(unavailable).toContainText('The marketplace could not be reached');
      await expect(page.getByRole('banner').getByRole('button', { name: 'Switch tenant' })).toBeVisible();
      await expect(page.getByRole('heading', { name: /^Welcome, / })).toHaveCount(0);
      await expectNoSeriousViolations(page);
      await screenshots(page, 'connected-down');

      // The explorer says the same; the Marketplaces page (the portal's own) opens and shows the last error.
      const query = new URL(page.url()).search;
      await page.goto(`/admin/products${query}`);
      await expect(unavailable.getByRole('heading', { name: `${name} could not be reached` })).toBeVisible({
        timeout: 20_000,
      });
      await unavailable.getByRole('link', { name: 'Check the connection on Marketplaces' }).click();
      await expect(page.getByRole('heading', { level: 1, name: 'Marketplaces' })).toBeVisible({ timeout: 20_000 });
      await expect(marketplaceRow(page, name)).toContainText('could not be reached');

      // Back up: Try again opens the page that was waiting.
      await line.restore();
      await page.goBack();
      await unavailable.getByRole('button', { name: 'Try again' }).click();
      await expect(page.getByRole('heading', { level: 1, name: 'Products' })).toBeVisible({ timeout: 30_000 });
      await expect(page.getByRole('heading', { name: `${name} could not be reached` })).toHaveCount(0);

      await disconnect(page, name);
    } finally {
      await line.close();
    }
  });

  test('a member who is not an organization admin sees the marketplaces read-only', async ({ page }) => {
    await signIn(page, DEMO_USERS.developer);
    // Reached from the marketplace information popover, worded for someone who cannot manage them.
    await page.getByRole('banner').getByRole('button', { name: 'Demo Sandbox (Sandbox)' }).click();
    await page
      .getByRole('dialog', { name: 'Marketplace information' })
      .getByRole('link', { name: 'All marketplaces' })
      .click();
    await expect(page.getByRole('heading', { level: 1, name: 'Marketplaces' })).toBeVisible({ timeout: 20_000 });
    // The organization's hosted demo marketplaces are listed ...
    await expect(marketplaceRow(page, 'Hosted').first()).toBeVisible();
    // ... with nothing to change them.
    await expect(page.getByRole('button', { name: 'Connect a marketplace' })).toHaveCount(0);
    await expect(page.getByRole('main').getByRole('button', { name: /^(Edit|Disconnect)/ })).toHaveCount(0);
  });

  test('the marketplaces page and the connect form have no serious accessibility violations', async ({ page }) => {
    await signIn(page, DEMO_USERS.owner);
    // Reached from the tenant switcher, below the tenants.
    await page.getByRole('button', { name: 'Switch tenant' }).click();
    await page.getByRole('menuitem', { name: 'Marketplaces' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Marketplaces' })).toBeVisible({ timeout: 20_000 });
    await expect(marketplaceRow(page, 'Hosted').first()).toBeVisible();
    await expectNoSeriousViolations(page);
    await page.getByRole('button', { name: 'Connect a marketplace' }).click();
    await expect(page.getByRole('dialog', { name: 'Connect a marketplace' })).toBeVisible();
    await expectNoSeriousViolations(page);
  });
});
