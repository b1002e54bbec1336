import { expect, test, type Page } from '@playwright/test';
import { DEMO_USERS, signInAt } from './sign-in.ts';
import { expectNoSeriousViolations } from './axe.ts';

const CONTEXT = 'organization=demo-org&tenantName=demo-sandbox';
const UNAUTHORIZED =
  'You are not authorized to view search indicies and errors. Please contact your organization administrator to adjust your permissions.';
const EMPTY_PRODUCTS = 'You will need to create products first and make a list call to trigger a product index build.';
const NON_ORG_ADMIN = 'Contact your administrator to use self-service tools.';

/** What the Content-Security-Policy blocked: the captcha's workers and styles must come from the portal itself. */
function watchForCspViolations(page: Page): string[] {
  const violations: string[] = [];
  page.on('console', (message) => {
    if (/Content Security Policy|Content-Security-Policy/i.test(message.text())) violations.push(message.text());
  });
  page.on('pageerror', (error) => {
    if (/Content Security Policy|Refused to/i.test(error.message)) violations.push(error.message);
  });
  return violations;
}

async function openIndexTools(page: Page, email: string): Promise<void> {
  await signInAt(page, email, `/self-service/index-tools?${CONTEXT}`);
  await expect(page.getByRole('heading', { level: 2, name: 'Index tools' })).toBeVisible();
}

/**
 * The active products index, selected so its errors show even while another journey's rebuild puts a newer
 * card first. On a marketplace nobody has listed products of yet, it first does what the empty state says: a
 * product list call (through the API console), which starts the first build.
 */
async function activeProductsIndex(page: Page) {
  const card = page.getByRole('region', { name: 'Active index' });
  const empty = page.getByText(EMPTY_PRODUCTS);
  await expect(card.or(empty)).toBeVisible({ timeout: 20_000 });
  if (await empty.isVisible()) {
    await page.goto(`/console?${CONTEXT}&operationId=Products.List`);
    await expect(page.getByText('Products.List · /')).toBeVisible();
    await page.getByRole('button', { name: 'Send', exact: true }).click();
    await expect(page.getByTestId('request-status').first()).toHaveText('200');
    await page.goto(`/self-service/index-tools?${CONTEXT}`);
  }
  await expect(card).toBeVisible({ timeout: 30_000 });
  await card.getByRole('button', { name: /^Show(ing)? errors$/ }).click();
  return card;
}

test.describe('index tools', () => {
  // The first journey on a fresh server waits for the first product index build, on a loaded machine.
  test.describe.configure({ timeout: 90_000 });

  test('a developer sees the active products index, its rejected products and the banner, and opens one', async ({
    page,
  }) => {
    await openIndexTools(page, DEMO_USERS.developer);
    await expect(page.getByText(NON_ORG_ADMIN)).toBeVisible();
    const card = await activeProductsIndex(page);
    await expect(card.getByText('Active', { exact: true })).toBeVisible();
    // The Orders tab has its own index, built from the demo orders.
    await page.getByRole('tab', { name: 'Orders' }).click();
    await expect(page.getByRole('region', { name: 'Active index' })).toBeVisible();
    await page.getByRole('tab', { name: 'Products' }).click();
    await activeProductsIndex(page);
    await expect(page.getByText('Active search index errors found')).toBeVisible({ timeout: 20_000 });
    await expect(page.getByRole('columnheader', { name: 'Product ID' })).toBeVisible();
    const firstRejected = page.getByRole('row').nth(1).getByRole('link');
    const productId = (await firstRejected.textContent()) ?? '';
    expect(productId).not.toBe('');
    await firstRejected.click();
    await expect(page).toHaveURL(
      new RegExp(`/admin/products/${encodeURIComponent(productId)}\\?.*tenantName=demo-sandbox`),
    );
    await expect(page.getByText(`ID: ${productId}`)).toBeVisible();
  });

  test('a developer rebuilds the products index with the captcha and watches it become active', async ({ page }) => {
    test.setTimeout(150_000);
    const violations = watchForCspViolations(page);
    await openIndexTools(page, DEMO_USERS.developer);
    const card = await activeProductsIndex(page);
    await card.getByRole('button', { name: 'Rebuild' }).click();
    const dialog = page.getByRole('dialog', { name: 'Rebuild the products index' });
    const start = dialog.getByRole('button', { name: 'Start' });
    await expect(start).toBeDisabled();
    await dialog.getByText("I'm not a robot").click();
    await expect(start).toBeEnabled({ timeout: 30_000 });
    await expectNoSeriousViolations(page);
    await start.click();
    await expect(dialog).toBeHidden();
    // Watch the new build's card, as a user following it would: its errors are read while it still builds.
    const building = page.getByRole('region', { name: /^(Building|Waiting to build) index$/ });
    await building
      .getByRole('button', { name: 'Show errors' })
      .click({ timeout: 10_000 })
      .catch(() => undefined);
    await expect(page.getByText('Rebuild finished: the new index is active.')).toBeVisible({ timeout: 60_000 });
    // The new active index rejected the demo's text sizes: the panel shows them at once, without a reload, and
    // sooner than the errors' own 15 s refresh would.
    await expect(card.getByText('Has errors')).toBeVisible();
    await expect(page.getByText('Active search index errors found')).toBeVisible({ timeout: 8_000 });
    await expect(page.getByRole('columnheader', { name: 'Product ID' })).toBeVisible();
    await expect(page.getByText('No schema errors found.')).toHaveCount(0);
    for (const width of [1440, 390]) {
      await page.setViewportSize({ width, height: 900 });
      await page.screenshot({ path: test.info().outputPath(`index-tools-after-rebuild-${width}.png`), fullPage: true });
    }
    await expect(page.getByText(/\d+ indexed, \d+ rejected, in /)).toBeVisible();
    await expect(card.getByRole('button', { name: 'Rebuild' })).toBeVisible();
    await expect(page.getByRole('region', { name: 'Old indexes' })).toContainText('1 old index is kept');
    expect(violations).toEqual([]);
  });

  test('a viewer without roles or IndexAdmin is told they are not authorized', async ({ page }) => {
    await openIndexTools(page, DEMO_USERS.viewer);
    await expect(page.getByText(UNAUTHORIZED)).toBeVisible();
    await page.getByRole('tab', { name: 'Orders' }).click();
    await expect(page.getByText(UNAUTHORIZED)).toBeVisible();
  });

  test('the owner sees what the tools are for, not the warning', async ({ page }) => {
    await openIndexTools(page, DEMO_USERS.owner);
    await expect(page.getByText(/quickly troubleshoot common issues/)).toBeVisible();
    await expect(page.getByText(NON_ORG_ADMIN)).toBeHidden();
    const nav = page.getByRole('navigation', { name: 'Self-service tools' });
    await expect(nav.getByRole('link', { name: 'Index tools' })).toHaveAttribute('aria-current', 'page');
    await expect(nav.getByRole('link', { name: /Staging restore/ })).toHaveCount(0);
  });

  test('the old /indexing address lands on Index tools with the query kept', async ({ page }) => {
    await signInAt(page, DEMO_USERS.owner, `/indexing?${CONTEXT}&from=bookmark`);
    await expect(page.getByRole('heading', { level: 2, name: 'Index tools' })).toBeVisible();
    await expect(page).toHaveURL(`/self-service/index-tools?${CONTEXT}&from=bookmark`);
  });

  test('the page passes the accessibility audit in light and dark mode', async ({ page }) => {
    await openIndexTools(page, DEMO_USERS.developer);
    await activeProductsIndex(page);
    await expect(page.getByText('Active search index errors found')).toBeVisible({ timeout: 20_000 });
    await expectNoSeriousViolations(page);
    await page.getByRole('button', { name: 'Switch to dark mode' }).click();
    await expectNoSeriousViolations(page);
  });
});
