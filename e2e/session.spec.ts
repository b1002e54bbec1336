import { expect, test } from '@playwright/test';
import { DEMO_USERS, signIn } from './sign-in.ts';

test.describe('signed-in session', () => {
  test('the owner is greeted with the Admin badge', async ({ page }) => {
    await signIn(page, DEMO_USERS.owner);
    await expect(page.getByRole('heading', { level: 1, name: /^Welcome, / })).toBeVisible();
    await expect(page.getByRole('main').getByText('Admin', { exact: true })).toBeVisible();
    await expect(page.getByText('Marketplace ID')).toBeVisible();
  });

  test('the viewer is greeted without the Admin badge', async ({ page }) => {
    await signIn(page, DEMO_USERS.viewer);
    await expect(page.getByRole('main').getByText('Admin', { exact: true })).toHaveCount(0);
  });

  test('the developer sees only the sidebar entries their roles reach', async ({ page }) => {
    await signIn(page, DEMO_USERS.developer);
    const sidebar = page.getByRole('navigation', { name: 'Marketplace resources' });
    await expect(sidebar.getByText('Security Profiles', { exact: true })).toHaveAttribute('aria-disabled', 'true');
    await expect(sidebar.getByRole('link', { name: 'Products', exact: true })).toBeVisible();
  });

  test('organization and tenantName stay in the address while navigating', async ({ page }) => {
    await signIn(page, DEMO_USERS.owner);
    await expect(page).toHaveURL(/\/\?organization=demo-org&tenantName=demo-sandbox$/);
    await page.getByRole('navigation', { name: 'Primary' }).getByRole('link', { name: 'Roles' }).click();
    await expect(page).toHaveURL(/\/roles\?organization=demo-org&tenantName=demo-sandbox$/);
    await page
      .getByRole('navigation', { name: 'Marketplace resources' })
      .getByRole('link', { name: 'Products', exact: true })
      .click();
    await expect(page).toHaveURL(/\/admin\/products\?organization=demo-org&tenantName=demo-sandbox$/);
  });

  test('the app switcher opens the staging tenant', async ({ page }) => {
    await signIn(page, DEMO_USERS.owner);
    await page.getByRole('button', { name: 'Switch tenant' }).click();
    await page.getByRole('menuitem', { name: /staging/i }).click();
    await expect(page).toHaveURL(/tenantName=demo-staging/, { timeout: 20_000 });
    await expect(page.getByRole('main').getByText('Staging', { exact: true })).toBeVisible({ timeout: 20_000 });
  });

  test('logout returns to the sign-in page', async ({ page }) => {
    await signIn(page, DEMO_USERS.owner);
    // The user menu is labelled with the full name, which starts with the greeted first name.
    const heading = await page.getByRole('heading', { level: 1 }).textContent();
    const first = (heading ?? '').replace(/^Welcome, /, '').trim();
    await page
      .getByRole('banner')
      .getByRole('button', { name: new RegExp(`^${first}\\b`) })
      .click();
    await page.getByRole('menuitem', { name: 'Logout' }).click();
    const confirm = page.getByRole('button', { name: 'Sign out' });
    await confirm.click();
    await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible({ timeout: 20_000 });
  });
});
