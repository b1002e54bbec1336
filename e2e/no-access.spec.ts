import { expect, test, type Page } from '@playwright/test';
import { expectNoSeriousViolations } from './axe.ts';
import { DEMO_USERS, signIn } from './sign-in.ts';

const CONTEXT = 'organization=demo-org&tenantName=demo-sandbox';

test.describe.configure({ timeout: 90_000 });

/** The platform calls the page makes (its own resources under /v1), recorded from now on. */
function recordPlatformCalls(page: Page): string[] {
  const calls: string[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (url.pathname.includes('/v1/')) calls.push(`${request.method()} ${url.pathname}`);
  });
  return calls;
}

test.describe('A page the roles do not open, opened by URL', () => {
  test('dev@ on Admin Users sees who may open it and no admin users request leaves', async ({ page }) => {
    await page.setViewportSize({ width: 1440, height: 900 });
    await signIn(page, DEMO_USERS.developer);
    const calls = recordPlatformCalls(page);
    await page.goto(`/admin/admin-users?${CONTEXT}`);
    await expect(page.getByRole('heading', { level: 1, name: "You don't have access to Admin Users" })).toBeVisible();
    await expect(
      page.getByText(
        'To open it, ask an organization admin for any one of these roles: FullAccess, AdminUserAdmin or AdminUserReader.',
      ),
    ).toBeVisible();
    await expect(page.getByText('The list could not be loaded.')).toHaveCount(0);
    await expect(page.getByText(/InsufficientRoles/)).toHaveCount(0);
    await expectNoSeriousViolations(page);
    await page.screenshot({ path: test.info().outputPath('no-access-1440.png'), fullPage: true });
    await page.setViewportSize({ width: 390, height: 844 });
    await page.screenshot({ path: test.info().outputPath('no-access-390.png'), fullPage: true });
    expect(calls.filter((call) => /\/v1\/adminusers/i.test(call))).toEqual([]);

    await page.getByRole('link', { name: "Back to the explorer's home" }).click();
    await expect(page).toHaveURL(/\/admin\?organization=demo-org&tenantName=demo-sandbox$/);
  });

  test('viewer@ on Products sees who may open it and no products request leaves', async ({ page }) => {
    await signIn(page, DEMO_USERS.viewer);
    const calls = recordPlatformCalls(page);
    await page.goto(`/admin/products?${CONTEXT}`);
    await expect(page.getByRole('heading', { level: 1, name: "You don't have access to Products" })).toBeVisible();
    await expect(page.getByText(/any one of these roles: FullAccess, .*ProductReader/)).toBeVisible();
    await expect(page.getByText('The list could not be loaded.')).toHaveCount(0);
    await expectNoSeriousViolations(page);
    expect(calls.filter((call) => /\/v1\/products/i.test(call))).toEqual([]);
  });
});
