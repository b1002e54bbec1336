import { expect, test, type Page } from '@playwright/test';
import { expectNoSeriousViolations } from './axe.ts';
import { DEMO_USERS, signIn } from './sign-in.ts';

const CONTEXT = new URLSearchParams({ organization: 'demo-org', tenantName: 'demo-sandbox' }).toString();

/** This week's count of a feature on the usage page: its row's last cell (the weeks run oldest to newest). */
async function thisWeek(page: Page, feature: string): Promise<number> {
  const row = page.getByRole('row').filter({ has: page.getByRole('rowheader', { name: feature, exact: true }) });
  const text = await row.getByRole('cell').last().innerText();
  return Number(text.trim());
}

async function openUsage(page: Page): Promise<void> {
  await page.goto(`/usage?${CONTEXT}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Product usage' })).toBeVisible();
  await expect(page.getByRole('rowheader', { name: 'API console requests', exact: true })).toBeVisible();
}

/** The portal service's answer to `path`, asked with the signed-in user's own access token. */
async function portalStatus(page: Page, path: string): Promise<number> {
  return page.evaluate(async (url) => {
    const key = Object.keys(sessionStorage).find((name) => name.startsWith('oidc.user:'));
    const user = key ? (JSON.parse(sessionStorage.getItem(key) ?? '{}') as { access_token?: string }) : {};
    const response = await fetch(url, { headers: { authorization: `Bearer ${user.access_token ?? ''}` } });
    return response.status;
  }, path);
}

test.describe('Product usage', () => {
  test('an owner uses the console and sees the request counted this week', async ({ page }) => {
    test.setTimeout(60_000);
    await signIn(page, DEMO_USERS.owner);
    // The page is in the user menu, for organization admins.
    // Opened once the home page has settled: a menu opened while it still renders can lose the click (seen once).
    await expect(page.getByRole('region', { name: 'Set up API access' })).toBeVisible();
    // The menu's code loads on this first click and the menu then opens itself; a click on the item during its
    // opening has been lost twice under load (the menu stayed open), so the journey clicks again, as a user would.
    const item = page.getByRole('menuitem', { name: 'Product usage' });
    const heading = page.getByRole('heading', { level: 1, name: 'Product usage' });
    await expect(async () => {
      if (!(await item.isVisible())) await page.getByRole('button', { name: 'Morgan Blake' }).click();
      await item.click({ timeout: 5_000 });
      await expect(heading).toBeVisible({ timeout: 5_000 });
    }).toPass({ timeout: 30_000 });
    await expect(page.getByRole('rowheader', { name: 'API console requests', exact: true })).toBeVisible();
    const sentBefore = await thisWeek(page, 'API console requests');
    const viewsBefore = await thisWeek(page, 'Page views');

    await page.goto(`/roles?${CONTEXT}`);
    await expect(page.getByRole('heading', { level: 1, name: 'Roles' })).toBeVisible();
    await page.goto(`/console?${CONTEXT}&operationId=Me.Get`);
    await expect(page.getByText('Me.Get · /')).toBeVisible();
    await page.getByRole('button', { name: 'Send', exact: true }).click();
    await expect(page.getByTestId('request-status').first()).toHaveText('200');

    // Leaving the page sends what is queued; the usage page may load before that batch is stored, so it is read
    // again until it shows.
    await expect(async () => {
      await openUsage(page);
      expect(await thisWeek(page, 'API console requests')).toBe(sentBefore + 1);
    }).toPass({ timeout: 20_000 });
    // Other journeys of the same organization may open pages at the same time, so only a lower bound: the roles
    // page, the console and this page again.
    expect(await thisWeek(page, 'Page views')).toBeGreaterThanOrEqual(viewsBefore + 3);
    expect(await thisWeek(page, 'Active users')).toBeGreaterThanOrEqual(1);
    await expectNoSeriousViolations(page);
  });

  test('a developer (not an organization admin) cannot open it, and the service refuses them', async ({ page }) => {
    await signIn(page, DEMO_USERS.developer);
    await page.getByRole('button', { name: 'Riley Chen' }).click();
    await expect(page.getByRole('menuitem', { name: 'Manage account' })).toBeVisible();
    await expect(page.getByRole('menuitem', { name: 'Product usage' })).toHaveCount(0);
    await page.keyboard.press('Escape');

    await page.goto(`/usage?${CONTEXT}`);
    await expect(page.getByRole('heading', { level: 1, name: "You don't have access to product usage" })).toBeVisible();
    await expect(page.getByRole('table')).toHaveCount(0);
    expect(await portalStatus(page, '/portal-api/analytics/usage?weeks=8')).toBe(403);
    // Reporting is open to every signed-in user.
    expect(await portalStatus(page, '/portal-api/analytics/settings')).toBe(200);
  });
});
