import { expect, test, type Page } from '@playwright/test';
import { DEMO_USERS, signInAt } from './sign-in.ts';

// Journeys through the generated request body form: lists (a role checklist, a free list of custom roles) and
// switching between the form and JSON without losing what was typed.

async function openConsole(page: Page, operationId: string): Promise<void> {
  const query = new URLSearchParams({ organization: 'demo-org', tenantName: 'demo-sandbox', operationId });
  await signInAt(page, DEMO_USERS.owner, `/console?${query.toString()}`);
  await expect(page.getByText(`${operationId} · /`)).toBeVisible();
}

test.describe('API console body form', () => {
  test('an owner creates a security profile with chosen roles and a custom role', async ({ page }) => {
    await openConsole(page, 'SecurityProfiles.Create');
    const id = `console-profile-${Date.now()}`;
    await page.getByRole('textbox', { name: 'ID', exact: true }).fill(id);
    await page.getByRole('textbox', { name: 'Name', exact: true }).fill('Console profile');
    await page.getByRole('searchbox', { name: 'Filter Roles' }).fill('ProductAd');
    await page.getByRole('checkbox', { name: 'ProductAdmin', exact: true }).check({ force: true });
    await page.getByRole('searchbox', { name: 'Filter Roles' }).fill('');
    await page.getByRole('checkbox', { name: 'OrderReader', exact: true }).check({ force: true });
    await expect(page.getByText('(2 selected)')).toBeVisible();

    await page.getByRole('button', { name: 'Add Custom Roles item' }).click();
    await page.getByRole('button', { name: 'Add Custom Roles item' }).click();
    await page.getByRole('textbox', { name: 'Custom Roles item 1' }).fill('WarehouseManager');
    await page.getByRole('textbox', { name: 'Custom Roles item 2' }).fill('Unwanted');
    await page.getByRole('button', { name: 'Remove Custom Roles item 2' }).click();
    await expect(page.getByRole('textbox', { name: 'Custom Roles item 2' })).toHaveCount(0);

    await page.getByRole('button', { name: 'Send', exact: true }).click();
    await expect(page.getByTestId('request-status').first()).toHaveText('201');
    const response = page.getByRole('tabpanel').getByLabel('Response body');
    await expect(response).toContainText(id);
    await expect(response).toContainText('"ProductAdmin"');
    await expect(response).toContainText('"OrderReader"');
    await expect(response).toContainText('"WarehouseManager"');
    await expect(response).not.toContainText('Unwanted');
  });

  test('switching to JSON mode and back keeps the body', async ({ page }) => {
    await openConsole(page, 'Products.Create');
    await page.getByRole('textbox', { name: 'Name', exact: true }).fill('Typed in the form');
    await page.getByText('JSON mode').click();
    const editor = page.getByRole('textbox', { name: 'JSON body' });
    await expect(editor).toContainText('"Name": "Typed in the form"');

    const id = `console-switch-${Date.now()}`;
    await editor.fill(JSON.stringify({ ID: id, Name: 'Changed in JSON' }));
    await expect(page.getByText('JSON applied.')).toBeVisible();
    await page.getByText('JSON mode').click();
    await expect(page.getByRole('textbox', { name: 'Name', exact: true })).toHaveValue('Changed in JSON');
    await expect(page.getByRole('textbox', { name: 'ID', exact: true })).toHaveValue(id);
    await page.getByRole('button', { name: 'Send', exact: true }).click();
    await expect(page.getByTestId('request-status').first()).toHaveText('201');
  });
});
