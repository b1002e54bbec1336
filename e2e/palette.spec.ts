import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { expectNoSeriousViolations } from './axe.ts';
import { platformAdmin } from './platform-api.ts';
import { DEMO_USERS, signIn } from './sign-in.ts';

// Issue 24, "Find anything from anywhere": the command palette opened with Ctrl+K or the top bar's search box,
// the marketplace's items found by id or e-mail and opened with Enter, and a viewer's roles deciding what is searched.

test.describe.configure({ timeout: 90_000 });

const PHONE = { width: 390, height: 844 };
/** A marketplace no other journey searches, where the viewer gets BuyerReader alone. */
const PRODUCTION = 'demo-production';

function paletteOf(page: Page) {
  const dialog = page.getByRole('dialog', { name: 'Find anything' });
  return { dialog, input: dialog.getByRole('combobox', { name: /Search the marketplace/ }) };
}

/** The first option of the listbox, once the server's results are in. */
async function firstOption(page: Page, name: string | RegExp) {
  const { dialog } = paletteOf(page);
  await expect(dialog.getByRole('status')).toHaveText(/results?\.|Nothing found/);
  const first = dialog.getByRole('option').first();
  await expect(first).toContainText(name);
  await expect(first).toHaveAttribute('aria-selected', 'true');
  return first;
}

/** Writes to a marketplace's platform as its admin (the demo's admin user signs in to every marketplace). */
async function asAdminOf(request: APIRequestContext, baseURL: string | undefined, marketplace: string) {
  const token = await request.post(`${baseURL}/platform/oauth/token`, {
    form: { grant_type: 'password', username: 'admin', password: 'Demo-Admin-1', client_id: `${marketplace}-admin` },
  });
  const { access_token: accessToken } = (await token.json()) as { access_token: string };
  return async (path: string, body: unknown) => {
    const answer = await request.put(`${baseURL}/platform/v1${path}`, {
      headers: { authorization: `Bearer ${accessToken}` },
      data: body,
    });
    expect(answer.ok(), `${path}: ${await answer.text()}`).toBe(true);
  };
}

/** A portal-service write with the signed-in user's own access token (as the roles page would send it). */
async function portalPut(page: Page, path: string, body?: unknown): Promise<number> {
  return page.evaluate(
    async ([url, json]) => {
      const key = Object.keys(sessionStorage).find((name) => name.startsWith('oidc.user:'));
      const user = key ? (JSON.parse(sessionStorage.getItem(key) ?? '{}') as { access_token?: string }) : {};
      const response = await fetch(url, {
        method: 'PUT',
        headers: {
          authorization: `Bearer ${user.access_token ?? ''}`,
          ...(json === undefined ? {} : { 'content-type': 'application/json' }),
        },
        ...(json === undefined ? {} : { body: JSON.stringify(json) }),
      });
      return response.status;
    },
    [path, body] as const,
  );
}

test('Ctrl+K, an order id, Enter opens the order; axe on the open palette; phone and desktop', async ({
  page,
  request,
  baseURL,
}) => {
  const list = await platformAdmin(request, baseURL);
  const order = (await list<{ ID: string }>('/orders/Incoming?pageSize=1&sortBy=ID')).Items[0];
  expect(order).toBeDefined();
  const orderId = order?.ID ?? '';

  await page.setViewportSize({ width: 1440, height: 900 });
  await signIn(page, DEMO_USERS.owner);
  await page.keyboard.press('Control+k');
  const { dialog, input } = paletteOf(page);
  await expect(input).toBeFocused();
  await input.fill(orderId);
  await firstOption(page, orderId);
  await expect(dialog.getByRole('group', { name: 'Orders' })).toBeVisible();
  await expectNoSeriousViolations(page);
  await page.screenshot({ path: test.info().outputPath('palette-order-1440.png') });

  await page.keyboard.press('Enter');
  await expect(dialog).toBeHidden();
  await expect(page).toHaveURL(
    new RegExp(`/admin/orders/incoming/${orderId}\\?organization=demo-org&tenantName=demo-sandbox$`),
  );
  await expect(page.getByRole('heading', { level: 1, name: new RegExp(orderId) })).toBeVisible();

  // On a phone the search box is an icon button; Esc closes the palette without going anywhere.
  await page.setViewportSize(PHONE);
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  await expect(input).toBeFocused();
  await input.fill('create product');
  await expect(dialog.getByRole('group', { name: 'Console operations' })).toBeVisible();
  await expect(page.evaluate(() => document.documentElement.scrollWidth)).resolves.toBeLessThanOrEqual(390);
  await page.screenshot({ path: test.info().outputPath('palette-operations-390.png') });
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(page).toHaveURL(new RegExp(`/admin/orders/incoming/${orderId}`));
});

test("the top bar's search box, a buyer user's e-mail, arrows and Enter open the user", async ({
  page,
  request,
  baseURL,
}) => {
  const list = await platformAdmin(request, baseURL);
  const buyer = (await list<{ ID: string }>('/buyers?pageSize=1&sortBy=ID')).Items[0]?.ID ?? '';
  const user = (await list<{ ID: string; Email: string }>(`/buyers/${buyer}/users?pageSize=1&sortBy=ID`)).Items[0];
  expect(user?.Email).toBeTruthy();

  // The search box shows in full from 1536 px; narrower top bars give its room to their links (an icon instead).
  await page.setViewportSize({ width: 1600, height: 900 });
  await signIn(page, DEMO_USERS.owner);
  await page.getByRole('button', { name: /^Search Ctrl/ }).click();
  const { dialog, input } = paletteOf(page);
  await input.fill(user?.Email ?? '');
  const first = await firstOption(page, user?.Email ?? '');
  await expect(dialog.getByRole('group', { name: 'Buyer users' })).toBeVisible();
  // Down and back up: the active option follows the arrows (aria-activedescendant), focus stays in the input.
  const options = dialog.getByRole('option');
  if ((await options.count()) > 1) {
    await page.keyboard.press('ArrowDown');
    await expect(options.nth(1)).toHaveAttribute('aria-selected', 'true');
    await page.keyboard.press('ArrowUp');
  }
  await expect(first).toHaveAttribute('aria-selected', 'true');
  await expect(input).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(new RegExp(`/admin/buyers/${buyer}/users/${user?.ID}\\?`));
  await expect(page.getByRole('textbox', { name: 'Email', exact: true })).toHaveValue(user?.Email ?? '');
});

test('a viewer with BuyerReader alone finds buyers, never products or their pages', async ({
  page,
  request,
  baseURL,
  browser,
}) => {
  const put = await asAdminOf(request, baseURL, PRODUCTION);
  await put('/buyers/palette-outfitters', { ID: 'palette-outfitters', Name: 'Palette Outfitters', Active: true });
  await put('/products/palette-tent', { ID: 'palette-tent', Name: 'Palette Tent', Active: true });

  // The owner gives the viewer BuyerReader alone on this marketplace, through the portal service as the roles page does.
  await signIn(page, DEMO_USERS.owner, { tenantName: PRODUCTION });
  const group = {
    Id: 'custom-group-4',
    Name: 'Buyer readers',
    OcRoles: ['BuyerReader'],
    ImpersonateBuyer: false,
    ImpersonateSeller: false,
    ImpersonateSupplier: false,
    IndexAdmin: false,
    SyncAdmin: false,
    StagingRestoreAdmin: false,
    SubscriptionAdmin: false,
    RoleGroupsAdmin: false,
    AuditReader: false,
  };
  expect(await portalPut(page, '/portal-api/marketplace/roles/custom-group-4', group)).toBe(200);
  const member = `/portal-api/marketplace/roles/custom-group-4/members/${encodeURIComponent(DEMO_USERS.viewer)}`;
  expect(await portalPut(page, member)).toBeLessThan(300);
  // The owner finds both, so what the viewer misses is the roles' doing.
  await page.keyboard.press('Control+k');
  await paletteOf(page).input.fill('Palette');
  await expect(paletteOf(page).dialog.getByRole('group', { name: 'Products' })).toBeVisible();

  // The viewer signs in in a browser context of their own, as a second person would.
  const viewerContext = await browser.newContext({ baseURL, viewport: { width: 1440, height: 900 } });
  const viewer = await viewerContext.newPage();
  await signIn(viewer, DEMO_USERS.viewer, { tenantName: PRODUCTION });
  await viewer.keyboard.press('Control+k');
  const { dialog, input } = paletteOf(viewer);
  await input.fill('Palette');
  await firstOption(viewer, 'Palette Outfitters');
  await expect(dialog.getByRole('group', { name: 'Buyers' })).toBeVisible();
  await expect(dialog.getByRole('group', { name: 'Products' })).toHaveCount(0);
  await input.fill('products');
  await expect(dialog.getByRole('status')).toHaveText(/results?\.|Nothing found/);
  await expect(dialog.getByRole('option', { name: /^Products/ })).toHaveCount(0);
  await input.fill('buyers');
  await expect(dialog.getByRole('option', { name: /^Buyers/ }).first()).toBeVisible();
  await expectNoSeriousViolations(viewer);
  await viewer.screenshot({ path: test.info().outputPath('palette-viewer-1440.png') });
  await viewerContext.close();
});
