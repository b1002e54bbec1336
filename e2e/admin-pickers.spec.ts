import { expect, test, type Page } from '@playwright/test';
import { platformAdmin } from './platform-api.ts';
import { DEMO_USERS, signIn } from './sign-in.ts';
import { expectNoSeriousViolations } from './axe.ts';

const CONTEXT = 'organization=demo-org&tenantName=demo-sandbox';
const REFUSED = 'User does not have role(s) required to perform this action.';

async function openProduct(page: Page, productId: string): Promise<void> {
  await page.goto(`/admin/products/${encodeURIComponent(productId)}?${CONTEXT}`);
  await expect(page.getByRole('combobox', { name: 'Default Price Schedule ID' })).toBeVisible();
}

test.describe('Marketplace explorer: ID pickers', () => {
  test("a product's default price schedule is searched and chosen by name", async ({ page, request, baseURL }) => {
    const list = await platformAdmin(request, baseURL);
    const product = (await list<{ ID: string }>('/products?pageSize=1')).Items[0];
    const schedules = (await list<{ ID: string; Name: string }>('/priceschedules?pageSize=100')).Items;
    const wanted = schedules.find((schedule) => schedule.Name && schedule.Name !== schedule.ID);
    if (!product || !wanted) throw new Error('The demo data has no product or no named price schedule.');
    const term = wanted.Name.split(' ').sort((a, b) => b.length - a.length)[0] ?? wanted.Name;
    const matching = schedules.filter((schedule) =>
      JSON.stringify(schedule).toLowerCase().includes(term.toLowerCase()),
    );

    await signIn(page, DEMO_USERS.owner);
    await openProduct(page, product.ID);
    const picker = page.getByRole('combobox', { name: 'Default Price Schedule ID' });
    await picker.click();
    const listbox = page.getByRole('listbox');
    await expect(listbox.getByRole('option').first()).toBeVisible();
    // Display names with ids.
    await expect(listbox.getByRole('option', { name: new RegExp(wanted.Name) })).toContainText(wanted.ID);

    await picker.fill(term);
    await expect(listbox.getByRole('option')).toHaveCount(Math.min(matching.length, 100));
    await listbox
      .getByRole('option', { name: new RegExp(wanted.Name) })
      .first()
      .click();
    await expect(picker).toHaveValue(wanted.ID);
    await expect(page.getByText(wanted.Name, { exact: true })).toBeVisible();

    await expectNoSeriousViolations(page);
  });

  test("the developer's pickers list what their roles allow and show the platform's refusal otherwise", async ({
    page,
    request,
    baseURL,
  }) => {
    const list = await platformAdmin(request, baseURL);
    const product = (await list<{ ID: string }>('/products?pageSize=1')).Items[0];
    if (!product) throw new Error('The demo data has no product.');

    await signIn(page, DEMO_USERS.developer);
    await openProduct(page, product.ID);
    // PriceScheduleAdmin: the list opens.
    await page.getByRole('combobox', { name: 'Default Price Schedule ID' }).click();
    await expect(page.getByRole('listbox').getByRole('option').first()).toBeVisible();
    await page.keyboard.press('Escape');
    // No supplier role: the platform refuses, and the picker says so instead of listing.
    const supplier = page.getByRole('combobox', { name: 'Default Supplier ID' });
    await supplier.click();
    await expect(page.getByRole('status').filter({ hasText: REFUSED })).toBeVisible();
    // The field still takes a typed id.
    await supplier.fill('any-supplier');
    await expect(supplier).toHaveValue('any-supplier');
  });
});
