import { expect, test, type Page } from '@playwright/test';
import { expectNoSeriousViolations } from './axe.ts';
import { platformAdmin } from './platform-api.ts';
import { DEMO_USERS, signInAt } from './sign-in.ts';

const CONTEXT = 'organization=demo-org&tenantName=demo-sandbox';

test.describe.configure({ timeout: 120_000 });

function rows(page: Page) {
  return page.getByRole('main').getByRole('row', { name: /^Open / });
}

function countText(total: number): string {
  return `${total} ${total === 1 ? 'item' : 'items'}`;
}

test.describe('Marketplace explorer: filters follow the field type', () => {
  test('Active = no matches the platform, its chip removes it, a number filter compares', async ({
    page,
    request,
    baseURL,
  }) => {
    const platform = await platformAdmin(request, baseURL);
    const all = await platform('/products?pageSize=20');
    const inactive = await platform('/products?Active=false&pageSize=20');
    expect(inactive.Meta.TotalCount).toBeGreaterThan(0);
    expect(inactive.Meta.TotalCount).toBeLessThan(all.Meta.TotalCount);

    await page.setViewportSize({ width: 1440, height: 900 });
    await signInAt(page, DEMO_USERS.owner, `/admin/products?${CONTEXT}`);
    await expect(page.getByText(countText(all.Meta.TotalCount), { exact: true })).toBeVisible();

    // Active is a yes/no field: 'is' / 'is not' and a yes/no choice, no free text.
    await page.getByRole('button', { name: 'Filters' }).click();
    const dialog = page.getByRole('dialog', { name: 'Filters' });
    await dialog.getByRole('button', { name: 'Add filter' }).click();
    await dialog.getByLabel('Field').selectOption({ label: 'Active' });
    await expect(dialog.getByLabel('Operator').locator('option')).toHaveText(['is', 'is not']);
    await expect(dialog.getByLabel('Value').locator('option')).toHaveText(['yes', 'no']);
    await dialog.getByLabel('Value').selectOption({ label: 'no' });
    await expectNoSeriousViolations(page);
    await page.screenshot({ path: test.info().outputPath('filters-dialog-1440.png') });
    await dialog.getByRole('button', { name: 'Apply filters' }).click();

    await expect(page).toHaveURL(/[?&]Active=false(&|$)/);
    await expect(page.getByText(countText(inactive.Meta.TotalCount), { exact: true })).toBeVisible();
    const shown = await rows(page).allTextContents();
    expect(shown).toHaveLength(inactive.Items.length);
    for (const [index, item] of inactive.Items.entries()) expect(shown[index]).toContain(String(item.ID));
    const chip = page.getByRole('button', { name: 'Remove filter: Active is no' });
    await expect(chip).toBeVisible();
    await page.screenshot({ path: test.info().outputPath('filter-chips-1440.png') });
    await page.setViewportSize({ width: 390, height: 844 });
    await page.screenshot({ path: test.info().outputPath('filter-chips-390.png'), fullPage: true });
    await page.getByRole('button', { name: /^Filters/ }).click();
    await page.screenshot({ path: test.info().outputPath('filters-dialog-390.png') });
    await page.keyboard.press('Escape');
    await page.setViewportSize({ width: 1440, height: 900 });

    await chip.click();
    await expect(page).not.toHaveURL(/[?&]Active=/);
    await expect(page.getByText(countText(all.Meta.TotalCount), { exact: true })).toBeVisible();
    await expect(page.getByRole('button', { name: /^Remove filter/ })).toHaveCount(0);

    // A number: ≥ with a number input, sent as the platform's comparison.
    const heavy = await platform('/products?ShipWeight=%3E%3D5&pageSize=20');
    await page.getByRole('button', { name: 'Filters' }).click();
    await dialog.getByRole('button', { name: 'Add filter' }).click();
    await dialog.getByLabel('Field').selectOption({ label: 'Ship Weight' });
    await expect(dialog.getByLabel('Operator').locator('option')).toHaveText(['=', '≠', '<', '≤', '>', '≥']);
    await dialog.getByLabel('Operator').selectOption({ label: '≥' });
    await expect(dialog.getByLabel('Value')).toHaveAttribute('type', 'number');
    await dialog.getByLabel('Value').fill('5');
    await dialog.getByRole('button', { name: 'Apply filters' }).click();
    await expect(page).toHaveURL(/[?&]ShipWeight=%3E%3D5(&|$)/);
    await expect(page.getByText(countText(heavy.Meta.TotalCount), { exact: true })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Remove filter: Ship Weight ≥ 5' })).toBeVisible();

    // An xp property, typed by name, filtered as text: the platform's own answer for `xp.Name=value`.
    const sample = (await platform('/products?pageSize=100')).Items.flatMap((item) =>
      Object.entries((item.xp ?? {}) as Record<string, unknown>).filter(
        (entry): entry is [string, string] => typeof entry[1] === 'string' && /^[\w -]+$/.test(entry[1]),
      ),
    )[0];
    expect(sample).toBeDefined();
    const [xpName, xpValue] = sample ?? ['', ''];
    const xpMatching = await platform(`/products?xp.${xpName}=${encodeURIComponent(xpValue)}&pageSize=20`);
    await page.getByRole('button', { name: /^Filters/ }).click();
    await dialog.getByRole('button', { name: 'Add filter' }).click();
    await dialog.getByLabel('Field').last().selectOption({ label: 'Extended property (xp)…' });
    await dialog.getByLabel('Property name').fill(xpName);
    await dialog.getByLabel('Value').last().fill(xpValue);
    await dialog.getByRole('button', { name: 'Apply filters' }).click();
    await expect(page).toHaveURL(new RegExp(`[?&]xp\\.${xpName}=`));
    await expect(page.getByRole('button', { name: `Remove filter: xp.${xpName} equals ${xpValue}` })).toBeVisible();
    await page.getByRole('button', { name: 'Remove filter: Ship Weight ≥ 5' }).click();
    await expect(page.getByText(countText(xpMatching.Meta.TotalCount), { exact: true })).toBeVisible();
  });
});
