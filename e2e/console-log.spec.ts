import { expect, test, type Page } from '@playwright/test';
import { DEMO_USERS, signInAt } from './sign-in.ts';
import { expectNoSeriousViolations } from './axe.ts';

// Journeys around the request log: load a logged request back into the form, change it, send it again; and a
// console link naming something the API description lacks.

async function openConsole(page: Page, operationId: string): Promise<void> {
  const query = new URLSearchParams({ organization: 'demo-org', tenantName: 'demo-sandbox', operationId });
  await signInAt(page, DEMO_USERS.owner, `/console?${query.toString()}`);
  await expect(page.getByRole('heading', { level: 1, name: 'API console' })).toBeVisible();
}

async function send(page: Page, expectedCount: number): Promise<void> {
  await page.getByRole('button', { name: 'Send', exact: true }).click();
  await expect(page.getByTestId('request-log-entry')).toHaveCount(expectedCount);
}

test.describe('API console request log', () => {
  test('an owner edits a logged list request and sends the changed filter', async ({ page }) => {
    await openConsole(page, 'Products.List');
    await page.getByRole('button', { name: 'Add filter' }).click();
    await page.getByRole('textbox', { name: 'Filter name 1' }).fill('Active');
    await page.getByRole('textbox', { name: 'Filter value 1' }).fill('true');
    await send(page, 1);

    // Leave the form, then bring the logged request back.
    await page.getByRole('textbox', { name: 'Filter value 1' }).fill('');
    await page.getByRole('button', { name: 'Edit request' }).click();
    await expect(page.getByRole('textbox', { name: 'Filter name 1' })).toHaveValue('Active');
    const value = page.getByRole('textbox', { name: 'Filter value 1' });
    await expect(value).toHaveValue('true');
    await value.fill('false');
    await send(page, 2);

    await page.getByRole('tab', { name: 'Payload' }).click();
    const query = page.getByRole('table', { name: 'Query string parameters' });
    await expect(query).toContainText('Active');
    await expect(query).toContainText('false');
  });

  test('an owner edits a created product body and creates a second one', async ({ page }) => {
    await openConsole(page, 'Products.Create');
    const first = `console-edit-${Date.now()}`;
    await page.getByRole('textbox', { name: 'ID', exact: true }).fill(first);
    await page.getByRole('textbox', { name: 'Name', exact: true }).fill('Edited later');
    await send(page, 1);
    await expect(page.getByTestId('request-status').first()).toHaveText('201');

    await page.getByRole('button', { name: 'Edit request' }).click();
    const id = page.getByRole('textbox', { name: 'ID', exact: true });
    await expect(id).toHaveValue(first);
    await expect(page.getByRole('textbox', { name: 'Name', exact: true })).toHaveValue('Edited later');
    await id.fill(`${first}-2`);
    await send(page, 2);
    await expect(page.getByTestId('request-status').first()).toHaveText('201');
    await expect(page.getByRole('tabpanel').getByLabel('Response body')).toContainText(`${first}-2`);
  });

  test('a link to an operation the description lacks opens Me and says why', async ({ page }) => {
    await openConsole(page, 'Nothing.Here');
    await expect(page.getByText(`"Nothing.Here" is not part of this marketplace's API description`)).toBeVisible();
    await expect(page.getByRole('heading', { level: 2, name: 'Me', exact: true })).toBeVisible();
  });

  test('an owner reads the connection and token details the requests use', async ({ page }) => {
    await openConsole(page, 'Me.Get');
    await page.getByRole('button', { name: 'Connection and token' }).click();
    const request = page.getByRole('region', { name: 'Request', exact: true });
    await expect(request.getByText('Developer token')).toBeVisible();
    await expect(request.getByText(/\/platform\/v1$/)).toBeVisible();
    await expect(request.getByText('demo-sandbox', { exact: true })).toBeVisible();
    await expect(request.getByRole('group', { name: 'Platform roles' })).toContainText('FullAccess');
  });

  test('has no serious or critical accessibility violations with a request logged', async ({ page }) => {
    // Two full audits of a page holding a coloured 20-product response: the contrast rule alone takes
    // 10-20 s a run on this machine kind, so the default 30 s is too tight.
    test.setTimeout(90_000);
    await openConsole(page, 'Products.List');
    await send(page, 1);
    await expectNoSeriousViolations(page);
    // The coloured response must keep its contrast in dark mode too.
    await page.getByRole('button', { name: 'Switch to dark mode' }).click();
    await expect(page.getByLabel('Response body')).toContainText('"Items"');
    await page.getByRole('button', { name: 'Connection and token' }).click();
    await expect(page.getByRole('group', { name: 'Platform roles' })).toBeVisible();
    await expectNoSeriousViolations(page);
  });

  test('a developer sends with the keyboard, copies the request and sends it again', async ({ page, context }) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    await openConsole(page, 'Products.Get');
    // A path parameter is missing: nothing is sent.
    await page.getByRole('button', { name: 'Send', exact: true }).click();
    await expect(page.getByText('Insufficient route params provided.')).toBeVisible();
    await expect(page.getByTestId('request-log-entry')).toHaveCount(0);

    const productId = page.getByRole('textbox', { name: 'productID' });
    await productId.fill('missing-product');
    await productId.press('Control+Enter');
    await expect(page.getByTestId('request-log-entry')).toHaveCount(1);
    await expect(page.getByTestId('request-status').first()).toHaveText('404');

    await page.getByRole('button', { name: 'Copy as cURL' }).click();
    await expect(page.getByText('Copied cURL command')).toBeVisible();
    const curl = await page.evaluate<string>('navigator.clipboard.readText()');
    expect(curl).toContain('/platform/v1/products/missing-product');
    expect(curl).toMatch(/Authorization: Bearer [\w-]+\.[\w-]+\.[\w-]+/);

    await page.getByRole('button', { name: 'Copy as SDK call' }).click();
    await expect(page.getByText('Copied SDK call')).toBeVisible();
    expect(await page.evaluate<string>('navigator.clipboard.readText()')).toContain("'missing-product'");

    await page.getByRole('button', { name: 'Copy response' }).click();
    await expect(page.getByText('Copied response')).toBeVisible();
    const response = JSON.parse(await page.evaluate<string>('navigator.clipboard.readText()')) as {
      Errors: { ErrorCode: string }[];
    };
    expect(response.Errors[0]?.ErrorCode).toBe('NotFound');

    await page.getByRole('button', { name: 'Send again' }).click();
    await expect(page.getByTestId('request-log-entry')).toHaveCount(2);
  });

  test('the console passes the accessibility audit in dark mode with the JSON editor open', async ({ page }) => {
    test.setTimeout(60_000);
    await openConsole(page, 'Products.Create');
    await page.getByRole('button', { name: 'Switch to dark mode' }).click();
    await page.getByText('JSON mode').click();
    const editor = page.getByRole('textbox', { name: 'JSON body' });
    await expect(editor).toHaveAttribute('contenteditable', 'true');
    await editor.fill('{"Name": "dark", "Active": true, "Price": 1.5, "xp": null}');
    await expect(page.getByText('JSON applied.')).toBeVisible();
    await page.getByRole('combobox', { name: 'Operation' }).click();
    await expect(page.getByRole('option', { name: /Products\.List$/ })).toBeVisible();
    await expectNoSeriousViolations(page);
  });
});
