import { expect, test } from '@playwright/test';
import { DEMO_USERS, signIn, signInAt } from './sign-in.ts';
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
    await signInAt(page, DEMO_USERS.owner, '/roles?organization=demo-org&tenantName=demo-sandbox&other=1');
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

  test('a Production marketplace has a red bar across the top of every page; a sandbox has none', async ({ page }) => {
    await signIn(page, DEMO_USERS.owner, { tenantName: 'demo-production' });
    const bar = page.getByRole('banner').getByRole('note', { name: 'Production marketplace' });
    await expect(bar).toBeVisible();
    const look = await bar.evaluate((element) => {
      const box = element.getBoundingClientRect();
      return { top: box.top, width: box.width, height: box.height, colour: getComputedStyle(element).backgroundColor };
    });
    expect(look.top).toBe(0);
    expect(look.width).toBe(page.viewportSize()?.width);
    expect(look.height).toBeGreaterThanOrEqual(3);
    expect(look.height).toBeLessThanOrEqual(6);
    // The theme's red.solid (red.600).
    expect(look.colour).toBe('rgb(220, 38, 38)');
    await page.goto('/roles?organization=demo-org&tenantName=demo-production');
    await expect(page.getByRole('heading', { level: 1, name: 'Roles' })).toBeVisible();
    await expect(bar).toBeVisible();
    await page.screenshot({ path: test.info().outputPath('production-1440.png') });
  });

  test('a sandbox marketplace has no production bar', async ({ page }) => {
    await signIn(page, DEMO_USERS.owner);
    await expect(page.getByRole('banner').getByRole('button', { name: 'Demo Sandbox (Sandbox)' })).toBeVisible();
    await expect(page.getByRole('note', { name: 'Production marketplace' })).toHaveCount(0);
  });

  test("on a phone the marketplace's name stays in the top bar, and it opens information, not a switch", async ({
    page,
  }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await signIn(page, DEMO_USERS.owner);
    const name = page.getByRole('banner').getByRole('button', { name: 'Demo Sandbox (Sandbox)' });
    await expect(name).toBeVisible();
    await expect(name).toContainText('Demo Sandbox');
    // Whole, not cut to an ellipsis, and inside the window.
    const fit = await name.evaluate((element) => {
      const label = element.querySelector('span');
      const box = element.getBoundingClientRect();
      return { cut: label ? label.scrollWidth > label.clientWidth : true, right: box.right };
    });
    expect(fit.cut).toBe(false);
    expect(fit.right).toBeLessThanOrEqual(390);
    await page.screenshot({ path: test.info().outputPath('top-bar-390.png') });
    await name.click();
    const info = page.getByRole('dialog', { name: 'Marketplace information' });
    await expect(info).toContainText('demo-sandbox');
    await expect(info).toContainText('Sandbox');
    await page.keyboard.press('Escape');
    // Switching tenants is the switcher's job.
    await page.getByRole('button', { name: 'Switch tenant' }).click();
    await expect(page.getByRole('menuitem', { name: 'Demo Production' })).toBeVisible();
  });

  test("no page load logs the router's missing HydrateFallback warning", async ({ page }) => {
    const warnings: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'warning' || message.type() === 'error') warnings.push(message.text());
    });
    await signIn(page, DEMO_USERS.owner);
    const query = 'organization=demo-org&tenantName=demo-sandbox';
    // Each a fresh load of a page whose code loads lazily, where the warning came from.
    for (const [path, heading] of [
      [`/roles?${query}`, 'Roles'],
      [`/console?${query}`, 'API console'],
      [`/self-service/index-tools?${query}`, 'Self-service'],
      [`/admin?${query}`, 'Marketplace explorer'],
      [`/articles?${query}`, 'Knowledge base'],
    ] as const) {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
    }
    expect(warnings.filter((text) => /HydrateFallback/.test(text))).toEqual([]);
  });

  test('has no serious or critical accessibility violations', async ({ page }) => {
    await signIn(page, DEMO_USERS.owner);
    await expectNoSeriousViolations(page);
  });
});
