import { expect, test } from '@playwright/test';
import { DEMO_USERS, signInAt } from './sign-in.ts';

const CONTEXT = 'organization=demo-org&tenantName=demo-sandbox';

// Signs in and walks a list and a form on a shared, loaded machine.
test.describe.configure({ timeout: 90_000 });

test.describe('Marketplace explorer: unsaved changes', () => {
  test('leaving a changed form asks first; staying keeps the typed text, leaving discards it', async ({ page }) => {
    await signInAt(page, DEMO_USERS.owner, `/admin/products?${CONTEXT}`);
    const firstRow = page
      .getByRole('main')
      .getByRole('row', { name: /^Open / })
      .first();
    const productName = (await firstRow.getAttribute('aria-label'))?.replace(/^Open /, '') ?? '';
    await firstRow.click();
    await expect(page.getByRole('heading', { level: 1, name: productName })).toBeVisible();
    const itemUrl = page.url();
    const description = page.getByRole('textbox', { name: /^Description/ });
    const before = await description.inputValue();
    const typed = `${before} (typed, never saved)`;
    await description.fill(typed);

    // An unchanged form would leave at once; this one asks.
    const sidebar = page.getByRole('navigation', { name: 'Marketplace resources' });
    await sidebar.getByRole('link', { name: 'Products', exact: true }).click();
    const dialog = page.getByRole('alertdialog', { name: 'Leave without saving?' });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByText('Your changes to this form have not been saved.')).toBeVisible();

    await dialog.getByRole('button', { name: 'Stay on this page' }).click();
    await expect(dialog).toBeHidden();
    expect(page.url()).toBe(itemUrl);
    await expect(description).toHaveValue(typed);
    await expect(page.getByRole('button', { name: 'Save', exact: true })).toBeEnabled();

    // The breadcrumb back to the list asks too; leaving discards what was typed.
    await page.getByRole('navigation', { name: 'Breadcrumb' }).getByRole('link', { name: 'Products' }).click();
    await expect(dialog).toBeVisible();
    await dialog.getByRole('button', { name: 'Leave and discard' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Products' })).toBeVisible();
    await expect(page).toHaveURL(/\/admin\/products\?/);

    await page.goto(itemUrl);
    await expect(page.getByRole('heading', { level: 1, name: productName })).toBeVisible();
    await expect(description).toHaveValue(before);

    // Typed back to what it was, nothing is left to lose: leaving asks nothing.
    await description.fill(before);
    await sidebar.getByRole('link', { name: 'Products', exact: true }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Products' })).toBeVisible();
    await expect(dialog).toBeHidden();
  });
});
