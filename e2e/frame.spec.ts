import { expect, test } from '@playwright/test';
import { DEMO_USERS, signIn } from './sign-in.ts';
import { expectNoSeriousViolations } from './axe.ts';

test.describe('portal frame', () => {
  test('remembers the colour mode across reloads', async ({ page }) => {
    await page.emulateMedia({ colorScheme: 'light' });
    await signIn(page, DEMO_USERS.owner);
    await expect(page.locator('html')).toHaveClass(/\blight\b/);

    await page.getByRole('button', { name: 'Switch to dark mode' }).click();
    await expect(page.locator('html')).toHaveClass(/\bdark\b/);

    await page.reload();
    await expect(page.locator('html')).toHaveClass(/\bdark\b/);
    await expect(page.getByRole('button', { name: 'Switch to light mode' })).toBeVisible();
  });

  test('deep links load through the history fallback and keep the tenant query', async ({ page }) => {
    await signIn(page, DEMO_USERS.owner);
    await page.goto('/roles?organization=demo-org&tenantName=demo-sandbox&other=1');
    await expect(page.getByRole('heading', { name: 'Roles' })).toBeVisible();
    await page.getByRole('navigation', { name: 'Primary' }).getByRole('link', { name: 'Home' }).click();
    await expect(page).toHaveURL(/\/\?organization=demo-org&tenantName=demo-sandbox$/);
  });

  test('on a narrow screen the sidebar opens in a drawer', async ({ page }) => {
    await page.setViewportSize({ width: 600, height: 900 });
    await signIn(page, DEMO_USERS.owner);
    await expect(page.getByRole('navigation', { name: 'Marketplace resources' })).toBeHidden();
    await page.getByRole('button', { name: 'Open navigation' }).click();
    const drawer = page.getByRole('dialog', { name: 'Navigation' });
    await expect(drawer.getByRole('link', { name: 'Orders' })).toHaveAttribute(
      'href',
      /\/admin\/orders\/incoming(\?|$)/,
    );
    await drawer.getByRole('button', { name: 'Close navigation' }).click();
    await expect(drawer).toBeHidden();
  });

  test('on a phone nothing scrolls sideways and the user menu shows initials', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await signIn(page, DEMO_USERS.developer);
    const query = 'organization=demo-org&tenantName=demo-sandbox';
    for (const path of [`/?${query}`, `/roles?${query}`, `/console?resourceId=Products&${query}`]) {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      const sideways = await page.evaluate<number>(
        'document.documentElement.scrollWidth - document.documentElement.clientWidth',
      );
      expect(sideways, path).toBe(0);
    }
    const userMenu = page.getByRole('banner').getByRole('button', { name: /^Riley Chen$/ });
    await expect(userMenu).toHaveText('RC', { useInnerText: true });
    await userMenu.click();
    await expect(page.getByRole('menuitem', { name: 'Logout' })).toBeVisible();
  });

  test('has no serious or critical accessibility violations', async ({ page }) => {
    await signIn(page, DEMO_USERS.owner);
    await expectNoSeriousViolations(page);
  });
});
