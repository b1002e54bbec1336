import { expect, test, type Page } from '@playwright/test';
import { DEMO_USERS, signInAt } from './sign-in.ts';
import { expectNoSeriousViolations } from './axe.ts';

const VIEW_ONLY =
  'You are only permitted to view application roles. Contact one of your Organization administrators for change requests.';

async function openRoles(page: Page, email: string): Promise<void> {
  await signInAt(page, email, '/roles?organization=demo-org&tenantName=demo-sandbox');
  await expect(page.getByRole('heading', { level: 1, name: 'Roles' })).toBeVisible();
  await expect(page.getByRole('table', { name: 'Role groups' })).toBeVisible();
}

test.describe('roles page', () => {
  test('an owner edits a role group and sees it after a reload', async ({ page }) => {
    await openRoles(page, DEMO_USERS.owner);
    await page.getByRole('button', { name: 'Edit Custom Group 2' }).click();
    const dialog = page.getByRole('dialog', { name: 'Edit Custom Group 2' });
    await expect(dialog.getByRole('textbox', { name: 'Id', exact: true })).toHaveValue('custom-group-2');

    await dialog.getByRole('textbox', { name: 'Name', exact: true }).fill('');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(dialog.getByText('Name is required').first()).toBeVisible();

    await dialog.getByRole('textbox', { name: 'Name', exact: true }).fill('Catalog editors');
    await dialog.getByRole('searchbox', { name: 'Filter platform roles' }).fill('ProductAdmin');
    await dialog.getByText('ProductAdmin', { exact: true }).click();
    await dialog.getByText('SyncAdmin', { exact: true }).click();
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('Role saved')).toBeVisible();
    await expect(dialog).toBeHidden();

    await page.reload();
    const row = page.getByTestId('role-group-custom-group-2');
    await expect(row).toContainText('Catalog editors');
    await expect(row).toContainText('SyncAdmin');
    // The roles show by name, not as a count.
    await expect(row.getByRole('list', { name: 'Platform roles of Catalog editors' })).toContainText('ProductAdmin');
  });

  test('an owner adds a member to a group and removes them', async ({ page }) => {
    await openRoles(page, DEMO_USERS.owner);
    await page.getByRole('button', { name: 'Edit Custom Group 3' }).click();
    const dialog = page.getByRole('dialog', { name: 'Edit Custom Group 3' });
    const email = dialog.getByRole('textbox', { name: 'Member email' });

    await email.fill('not-an-email');
    await dialog.getByRole('button', { name: 'Add member' }).click();
    await expect(dialog.getByText('Email is invalid')).toBeVisible();

    await email.fill(DEMO_USERS.viewer);
    await dialog.getByRole('button', { name: 'Add member' }).click();
    const remove = dialog.getByRole('button', { name: `Remove ${DEMO_USERS.viewer}` });
    await expect(remove).toBeVisible();
    await expect(page.getByTestId('role-group-custom-group-3')).toContainText(DEMO_USERS.viewer);

    await remove.click();
    await expect(remove).toBeHidden();
    await expect(page.getByTestId('role-group-custom-group-3')).not.toContainText(DEMO_USERS.viewer);
  });

  test('each group shows its platform roles by name, readable on a phone', async ({ page }) => {
    // The seeded Developers group (custom-group-1) holds 13 roles; no journey edits it.
    const developerRoles = [
      'ProductAdmin',
      'PriceScheduleAdmin',
      'ProductFacetAdmin',
      'PromotionAdmin',
      'CatalogAdmin',
    ];
    await openRoles(page, DEMO_USERS.developer);
    const roles = page.getByRole('list', { name: 'Platform roles of Developers' });
    await expect(roles.getByRole('listitem').filter({ hasNotText: /^Show/ })).toHaveCount(10);
    for (const role of developerRoles) await expect(roles.getByText(role, { exact: true })).toBeVisible();
    await roles.getByRole('button', { name: 'Show all 13' }).click();
    await expect(roles.getByText('MeXpAdmin', { exact: true })).toBeVisible();
    await expect(roles.getByRole('listitem').filter({ hasNotText: /^Show/ })).toHaveCount(13);
    await expect(page.getByRole('list', { name: 'Platform roles of Full Access' })).toHaveText('FullAccess');
    await page.screenshot({ path: test.info().outputPath('roles-1440.png'), fullPage: true });

    await page.setViewportSize({ width: 390, height: 844 });
    // Cards instead of a five-column table: every tag is inside the window, nothing scrolls sideways.
    await expect(page.getByRole('list', { name: 'Role groups' })).toBeVisible();
    const phoneRoles = page.getByRole('list', { name: 'Platform roles of Developers' });
    await expect(phoneRoles.getByText('ProductAdmin', { exact: true })).toBeVisible();
    const rightEdges = await phoneRoles
      .getByRole('listitem')
      .evaluateAll((items) => items.map((item) => item.getBoundingClientRect().right));
    expect(Math.max(...rightEdges)).toBeLessThanOrEqual(390);
    const sideways = await page.evaluate<number>(
      'document.documentElement.scrollWidth - document.documentElement.clientWidth',
    );
    expect(sideways).toBe(0);
    await page.screenshot({ path: test.info().outputPath('roles-390.png'), fullPage: true });
  });

  test('a developer only views the role groups', async ({ page }) => {
    await openRoles(page, DEMO_USERS.developer);
    await expect(page.getByText(VIEW_ONLY)).toBeVisible();
    await expect(page.getByRole('button', { name: /^Edit/ })).toHaveCount(0);
  });

  test('has no serious or critical accessibility violations', async ({ page }) => {
    await openRoles(page, DEMO_USERS.owner);
    await expectNoSeriousViolations(page);
  });
});
