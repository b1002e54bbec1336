import { readFile } from 'node:fs/promises';
import { expect, test, type Page } from '@playwright/test';
import { platformAdmin } from './platform-api.ts';
import { DEMO_USERS, signInAt } from './sign-in.ts';

const CONTEXT = 'organization=demo-org&tenantName=demo-sandbox';

/** Clicks 'Export CSV' and returns the downloaded file's name and its lines. */
async function exportCsv(page: Page): Promise<{ fileName: string; lines: string[] }> {
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export CSV' }).click();
  const file = await download;
  const path = await file.path();
  const text = await readFile(path, 'utf8');
  return { fileName: file.suggestedFilename(), lines: text.split('\r\n').filter((line) => line !== '') };
}

test.describe('Marketplace explorer: CSV export', () => {
  test('exports every page of the products list, and only what the search keeps', async ({
    page,
    request,
    baseURL,
  }) => {
    const list = await platformAdmin(request, baseURL);
    const all = await list<{ Name: string }>('/products?pageSize=1&sortBy=Name');
    // More than one page of 100, so the file proves every page was read.
    expect(all.Meta.TotalCount).toBeGreaterThan(100);

    await signInAt(page, DEMO_USERS.owner, `/admin/products?${CONTEXT}`);
    await expect(page.getByRole('heading', { level: 1, name: 'Products' })).toBeVisible();
    await expect(
      page
        .getByRole('main')
        .getByRole('row', { name: /^Open / })
        .first(),
    ).toBeVisible();

    const whole = await exportCsv(page);
    const today = new Date().toISOString().slice(0, 10);
    expect(whole.fileName).toBe(`products-demo-sandbox-${today}.csv`);
    expect(whole.lines[0]?.split(',')[0]).toBe('ID');
    // A header and one line per product (demo product names and descriptions hold no line breaks).
    expect(whole.lines).toHaveLength(all.Meta.TotalCount + 1);
    await expect(page.getByRole('button', { name: 'Export CSV' })).toBeVisible();

    const term = all.Items[0]?.Name.split(' ')[0] ?? '';
    const searched = await list(`/products?pageSize=1&search=${encodeURIComponent(term)}`);
    expect(searched.Meta.TotalCount).toBeLessThan(all.Meta.TotalCount);
    await page.goto(`/admin/products?s=${encodeURIComponent(term)}&${CONTEXT}`);
    await expect(page.getByText(new RegExp(`^${searched.Meta.TotalCount} items?$`))).toBeVisible();
    const narrowed = await exportCsv(page);
    expect(narrowed.lines).toHaveLength(searched.Meta.TotalCount + 1);
  });
});
