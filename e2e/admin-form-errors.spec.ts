import { expect, test } from '@playwright/test';
import { DEMO_USERS, signInAt } from './sign-in.ts';
import { columnTexts, explorerRows } from './list-cells.ts';

const CONTEXT = 'organization=demo-org&tenantName=demo-sandbox';

// Signs in and saves a form twice on a shared, loaded machine.
test.describe.configure({ timeout: 90_000 });

test.describe('Marketplace explorer: the platform refuses a save', () => {
  test('its messages show beside the field they name and in the summary, and go when it is edited', async ({
    page,
  }) => {
    await signInAt(page, DEMO_USERS.owner, `/admin/products?${CONTEXT}`);
    await expect(explorerRows(page).first()).toBeVisible();
    const existingId = (await columnTexts(page, 'ID'))[0] ?? '';
    expect(existingId).not.toBe('');

    await page.goto(`/admin/products/new?${CONTEXT}`);
    await expect(page.getByRole('heading', { level: 1, name: 'New Product' })).toBeVisible();
    const id = page.getByRole('textbox', { name: /^ID/ });
    const idField = page.getByRole('group').filter({ has: id });
    const create = page.getByRole('button', { name: 'Create Product' });

    // The form has no rule for an ID's characters; the platform has (400, Data.Property 'ID').
    await id.fill('not an id!');
    await page.getByRole('textbox', { name: /^Name/ }).fill('Refused product');
    await create.click();
    const idMessage = 'ID may only contain letters, digits, - and _ (at most 100 characters).';
    await expect(idField.getByText(idMessage)).toBeVisible();
    await expect(id).toHaveAttribute('aria-invalid', 'true');
    // Once beside the field, once in the form's summary.
    await expect(page.getByText(idMessage)).toHaveCount(2);
    await expect(page).toHaveURL(/\/admin\/products\/new\?/);

    // Editing the field clears its message; a taken ID is a 409, shown beside the ID too.
    await id.fill(existingId);
    await expect(page.getByText(idMessage)).toHaveCount(0);
    await create.click();
    await expect(idField.getByText(`Product already exists: ${existingId}`)).toBeVisible();
    await expect(page.getByRole('textbox', { name: /^Name/ })).toHaveValue('Refused product');
    await expect(page).toHaveURL(/\/admin\/products\/new\?/);
  });
});
