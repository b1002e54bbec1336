import { expect, test } from '@playwright/test';
import { expectNoSeriousViolations } from './axe.ts';
import { platformAdmin } from './platform-api.ts';
import { DEMO_USERS, signInAt } from './sign-in.ts';

const CONTEXT = 'organization=demo-org&tenantName=demo-sandbox';

interface Product {
  ID: string;
  Name: string;
  DefaultPriceScheduleID: string;
  Inventory: { Enabled: boolean; QuantityAvailable: number | null };
  xp: { Images?: { Url: string }[] };
}

interface Schedule {
  Currency: string;
  PriceBreaks: { Quantity: number; Price: number }[];
}

const money = (amount: number, currency: string) =>
  new Intl.NumberFormat('en-US', { style: 'currency', currency }).format(amount);

test.describe('Marketplace explorer: products as merchandise', () => {
  // A sign-in, two axe runs and a reload on a machine shared with other builds.
  test.setTimeout(90_000);

  test('the products list shows price, inventory and picture columns from one price call; a column turns off', async ({
    page,
    request,
    baseURL,
  }) => {
    const list = await platformAdmin(request, baseURL);
    const products = await list<Product>('/products?page=1&pageSize=20');
    const tracked = products.Items.find((product) => product.Inventory.Enabled);
    const untracked = products.Items.find((product) => !product.Inventory.Enabled);
    expect(tracked && untracked, 'the first demo page holds tracked and untracked products').toBeTruthy();
    const first = products.Items[0] as Product;
    const schedule = (await list<Schedule>(`/priceschedules?ID=${first.DefaultPriceScheduleID}`)).Items[0];
    const firstBreak = [...(schedule?.PriceBreaks ?? [])].sort((a, b) => a.Quantity - b.Quantity)[0];
    expect(firstBreak).toBeTruthy();

    const priceCalls: string[] = [];
    page.on('request', (sent) => {
      if (new URL(sent.url()).pathname.endsWith('/v1/priceschedules')) priceCalls.push(sent.url());
    });
    await signInAt(page, DEMO_USERS.owner, `/admin/products?${CONTEXT}`);
    const table = page.getByRole('main').getByRole('table');
    await expect(table.getByRole('columnheader', { name: 'Price' })).toBeVisible();
    await expect(table.getByRole('columnheader', { name: 'Inventory' })).toBeVisible();

    const firstRow = table.getByRole('row', { name: `Open ${first.Name}` });
    await expect(firstRow).toContainText(money(firstBreak?.Price ?? 0, schedule?.Currency ?? 'USD'));
    await expect(table.getByRole('row', { name: `Open ${tracked?.Name}` })).toContainText(
      `${new Intl.NumberFormat('en-US').format(tracked?.Inventory.QuantityAvailable ?? 0)} available`,
    );
    await expect(table.getByRole('row', { name: `Open ${untracked?.Name}` })).toContainText('Not tracked');

    // The demo product's picture is served by the product itself and loads (no internet needed).
    const picture = firstRow.getByRole('img', { name: first.Name });
    await expect(picture).toHaveAttribute('src', new RegExp(`${first.xp.Images?.[0]?.Url ?? 'missing'}$`));
    await expect.poll(() => picture.evaluate((image: HTMLImageElement) => image.naturalWidth)).toBeGreaterThan(0);
    const box = await picture.boundingBox();
    expect([box?.width, box?.height]).toEqual([40, 40]);
    // One price schedule call for the whole page.
    expect(priceCalls).toHaveLength(1);
    expect(new URL(priceCalls[0] ?? '').searchParams.get('ID')?.split('|').length).toBeGreaterThan(1);
    await expectNoSeriousViolations(page);

    await page.getByRole('button', { name: 'Columns' }).click();
    const dialog = page.getByRole('dialog', { name: 'Columns' });
    await dialog.getByText('Inventory', { exact: true }).click();
    await expectNoSeriousViolations(page);
    await dialog.getByRole('button', { name: 'Done' }).click();
    await expect(table.getByRole('columnheader', { name: 'Inventory' })).toHaveCount(0);
    await expect(table.getByRole('columnheader', { name: 'Price' })).toBeVisible();
    // Kept for this marketplace in this browser.
    await page.reload();
    await expect(table.getByRole('columnheader', { name: 'Price' })).toBeVisible();
    await expect(table.getByRole('columnheader', { name: 'Inventory' })).toHaveCount(0);
  });

  test("a product's page shows its picture, price breaks, inventory, state and variants above the form", async ({
    page,
    request,
    baseURL,
  }) => {
    const list = await platformAdmin(request, baseURL);
    const product = (await list<Product>('/products?page=1&pageSize=1&Inventory.Enabled=true')).Items[0] as Product;
    const schedule = (await list<Schedule>(`/priceschedules?ID=${product.DefaultPriceScheduleID}`)).Items[0];
    const breaks = [...(schedule?.PriceBreaks ?? [])].sort((a, b) => a.Quantity - b.Quantity);

    await signInAt(page, DEMO_USERS.owner, `/admin/products/${encodeURIComponent(product.ID)}?${CONTEXT}`);
    const summary = page.getByRole('region', { name: 'Merchandise' });
    await expect(summary).toBeVisible();
    await expect(summary.getByRole('img', { name: product.Name })).toBeVisible();
    await expect(summary).toContainText(
      `${new Intl.NumberFormat('en-US').format(product.Inventory.QuantityAvailable ?? 0)} available`,
    );
    await expect(summary).toContainText(/\d+ variants?/);
    const table = summary.getByRole('table', { name: /^Price breaks/ });
    await expect(table.getByRole('row')).toHaveCount(breaks.length + 1);
    await expect(table.getByRole('row').nth(1)).toContainText(
      money(breaks[0]?.Price ?? 0, schedule?.Currency ?? 'USD'),
    );
    // Above the generated form.
    const summaryBox = await summary.boundingBox();
    const saveBox = await page.getByRole('button', { name: 'Save' }).boundingBox();
    expect(summaryBox?.y ?? 0).toBeLessThan(saveBox?.y ?? 0);
    await expectNoSeriousViolations(page);
  });
});
