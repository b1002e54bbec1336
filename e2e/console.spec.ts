import { expect, test, type Page } from '@playwright/test';
import { DEMO_USERS, signInAt } from './sign-in.ts';

async function openConsole(page: Page, email: string, operationId: string): Promise<void> {
  const query = new URLSearchParams({ organization: 'demo-org', tenantName: 'demo-sandbox', operationId });
  await signInAt(page, email, `/console?${query.toString()}`);
  await expect(page.getByRole('heading', { level: 1, name: 'API console' })).toBeVisible();
  await expect(page.getByText(`${operationId} · /`)).toBeVisible();
}

function latestStatus(page: Page) {
  return page.getByTestId('request-status').first();
}

async function send(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Send', exact: true }).click();
}

test.describe('API console', () => {
  test('an owner sends Me.Get and Products.List and reads the log', async ({ page }) => {
    await openConsole(page, DEMO_USERS.owner, 'Me.Get');
    await expect(page.getByText('Choose an operation and send your first request.')).toBeVisible();
    await send(page);
    // The owner's portal token has no platform user behind it: Me.Get describes the portal user from the token.
    await expect(latestStatus(page)).toHaveText('200');
    const responseBody = page.getByRole('tabpanel').getByLabel('Response body');
    await expect(responseBody).toContainText('"Username": "owner@demo.example"');
    await expect(responseBody).toContainText('"FirstName": "Morgan"');
    await expect(responseBody).toContainText('"LastName": "Blake"');

    const resources = page.getByRole('navigation', { name: 'Console resources' });
    await resources.getByRole('button', { name: 'Products', exact: true }).click();
    await page.getByRole('combobox', { name: 'Operation' }).click();
    await page.getByRole('option', { name: /Products\.List$/ }).click();
    await expect(page.getByText('Products.List · /')).toBeVisible();
    await send(page);
    await expect(latestStatus(page)).toHaveText('200');
    await expect(page.getByTestId('request-log-entry')).toHaveCount(2);
    await page.getByRole('tab', { name: 'Payload' }).click();
    await expect(page.getByText('This request was sent without a payload.')).toBeVisible();
  });

  test('an owner creates a product through the form after a validation error', async ({ page }) => {
    await openConsole(page, DEMO_USERS.owner, 'Products.Create');
    await send(page);
    await expect(page.getByText('Name is required').first()).toBeVisible();
    await expect(page.getByTestId('request-log-entry')).toHaveCount(0);

    const id = `console-form-${Date.now()}`;
    await page.getByRole('textbox', { name: 'ID', exact: true }).fill(id);
    await page.getByRole('textbox', { name: 'Name', exact: true }).fill('Console form product');
    await send(page);
    await expect(latestStatus(page)).toHaveText('201');
    await expect(page.getByLabel('Response body')).toContainText(id);
  });

  test('an owner creates a product in JSON mode', async ({ page }) => {
    await openConsole(page, DEMO_USERS.owner, 'Products.Create');
    await page.getByText('JSON mode').click();
    const id = `console-json-${Date.now()}`;
    await page
      .getByRole('textbox', { name: 'JSON body' })
      .fill(JSON.stringify({ ID: id, Name: 'Console JSON product' }));
    await expect(page.getByText('JSON applied.')).toBeVisible();
    await send(page);
    await expect(latestStatus(page)).toHaveText('201');
    await expect(page.getByLabel('Response body')).toContainText(id);
  });

  test('an owner lists products with a filter and a sort', async ({ page }) => {
    await openConsole(page, DEMO_USERS.owner, 'Products.List');
    await page.getByRole('button', { name: 'Add filter' }).click();
    await page.getByRole('textbox', { name: 'Filter name 1' }).fill('Active');
    await page.getByRole('textbox', { name: 'Filter value 1' }).fill('true');
    await page.getByRole('button', { name: 'Add sort' }).click();
    await page.getByRole('combobox', { name: 'Sort field 1' }).selectOption('Name');
    await send(page);
    await expect(latestStatus(page)).toHaveText('200');
    await expect(page.getByLabel('Response body')).toContainText('"Items"');
    await page.getByRole('tab', { name: 'Payload' }).click();
    const query = page.getByRole('table', { name: 'Query string parameters' });
    await expect(query).toContainText('sortBy');
    await expect(query).toContainText('Active');
  });

  test('a developer sees unpermitted operations disabled', async ({ page }) => {
    await openConsole(page, DEMO_USERS.developer, 'Buyers.List');
    await page.getByRole('combobox', { name: 'Operation' }).click();
    await expect(page.getByRole('option', { name: /Buyers\.List$/ })).toBeEnabled();
    await expect(page.getByRole('option', { name: /Buyers\.Create$/ })).toBeDisabled();
    await expect(page.getByRole('option', { name: /Buyers\.Create$/ })).toHaveAttribute('aria-disabled', 'true');
    await page.keyboard.press('Escape');
    await expect(page.getByRole('listbox', { name: 'Operation' })).toBeHidden();
    await send(page);
    await expect(latestStatus(page)).toHaveText('200');
  });
});
