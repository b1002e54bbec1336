import { expect, test, type Page } from '@playwright/test';
import { platformAdmin, platformAdminWrite } from './platform-api.ts';
import { DEMO_USERS, signIn } from './sign-in.ts';
import { seriousViolations } from './axe.ts';

const CONTEXT = 'organization=demo-org&tenantName=demo-sandbox';

// Each journey signs in, reads every product for the xp schema and saves: more time than one page needs.
test.describe.configure({ timeout: 90_000 });

interface Product {
  ID: string;
  Name: string;
  xp?: Record<string, unknown>;
}

async function openProduct(page: Page, product: Product): Promise<void> {
  await page.goto(`/admin/products/${encodeURIComponent(product.ID)}?${CONTEXT}`);
  await expect(page.getByRole('heading', { level: 1, name: product.Name })).toBeVisible();
  // The form waits for the products to be read for the xp schema.
  await expect(page.getByRole('group', { name: 'Extended Properties (xp)' })).toBeVisible({ timeout: 30_000 });
}

test.describe('Marketplace explorer: extended properties (xp)', () => {
  test('adds a number property to a product, saves, sees it after a reload, then removes it', async ({
    page,
    request,
    baseURL,
  }) => {
    const send = await platformAdminWrite(request, baseURL);
    const get = await platformAdmin(request, baseURL);
    const product: Product = { ID: `xp-journey-${Date.now()}`, Name: 'Xp journey boot' };
    await send('POST', '/products', { ...product, Active: true });
    try {
      await signIn(page, DEMO_USERS.owner);
      await openProduct(page, product);
      const xp = page.getByRole('group', { name: 'Extended Properties (xp)' });
      // The demo products' own properties are offered, inferred from all 540 (and any other journey's) of them,
      // six pages of 100 rather than one item.
      const inferred = await xp.getByText(/^Inferred from \d+ products\.$/).textContent();
      expect(Number(/\d+/.exec(inferred ?? '')?.[0])).toBeGreaterThanOrEqual(540);
      await expect(xp.getByLabel('Brand', { exact: true })).toBeVisible();

      await xp.getByRole('button', { name: 'Edit extended properties' }).click();
      await xp.getByRole('button', { name: 'Add Property' }).click();
      const dialog = page.getByRole('dialog', { name: 'Add Property' });
      const add = dialog.getByRole('button', { name: 'Add', exact: true });
      await expect(add).toBeDisabled();
      await dialog.getByLabel(/^Type/).selectOption('array');
      await dialog.getByLabel('Name').fill('JourneyWeight');
      // An array needs its item type first.
      await expect(add).toBeDisabled();
      await expect(dialog.getByLabel('Item type')).toBeVisible();
      expect(await seriousViolations(page)).toEqual([]);
      await dialog.getByLabel(/^Type/).selectOption('number');
      await expect(add).toBeEnabled();
      await add.click();
      await expect(dialog).toBeHidden();

      const weight = xp.getByLabel('Journey Weight');
      await weight.fill('2.5');
      // The editor with its remove buttons showing.
      expect(await seriousViolations(page)).toEqual([]);
      await xp.getByRole('button', { name: 'Save extended properties' }).click();
      await page.getByRole('button', { name: 'Save', exact: true }).click();
      await expect(page.getByText('Product saved')).toBeVisible();
      const saved = (await get(`/products/${product.ID}`)) as unknown as Product;
      expect(saved.xp?.JourneyWeight).toBe(2.5);

      await page.reload();
      await expect(page.getByRole('heading', { level: 1, name: product.Name })).toBeVisible();
      await expect(
        page.getByRole('group', { name: 'Extended Properties (xp)' }).getByLabel('Journey Weight'),
      ).toHaveValue('2.5');

      // Removing asks first, and the item's Save sends it. One click on Edit: the item read again after the reload
      // leaves the form (and its edit mode) as it is.
      await xp.getByRole('button', { name: 'Edit extended properties' }).click();
      await xp.getByRole('button', { name: 'Remove JourneyWeight' }).click();
      const confirm = page.getByRole('alertdialog', { name: 'Remove property JourneyWeight?' });
      await confirm.getByRole('button', { name: 'Remove', exact: true }).click();
      await expect(xp.getByLabel('Journey Weight')).toBeHidden();
      await page.getByRole('button', { name: 'Save', exact: true }).click();
      await expect(page.getByText('Product saved')).toBeVisible();
      await expect
        .poll(async () => ((await get(`/products/${product.ID}`)) as unknown as Product).xp?.JourneyWeight)
        .toBeUndefined();
      // The rest of the product is as it was.
      const after = (await get(`/products/${product.ID}`)) as unknown as Product & { Active: boolean };
      expect([after.Name, after.Active]).toEqual([product.Name, true]);
    } finally {
      await send('DELETE', `/products/${product.ID}`);
    }
  });

  test('warns when a product breaks the inferred schema and lists the products a search index rejects', async ({
    page,
    request,
    baseURL,
  }) => {
    const send = await platformAdminWrite(request, baseURL);
    const get = await platformAdmin(request, baseURL);
    // Sizes are numbers in the demo products; this one holds text, and a property without a value.
    const product: Product = { ID: `xp-odd-${Date.now()}`, Name: 'Xp odd boot', xp: { Size: 'Enormous', Note: null } };
    await send('POST', '/products', { ...product, Active: true });
    const textSized = await get<Product>('/products?xp.SizeUnit=Letter&pageSize=100');
    expect(textSized.Items.length).toBeGreaterThanOrEqual(3);
    try {
      await signIn(page, DEMO_USERS.owner);
      await openProduct(page, product);
      const xp = page.getByRole('group', { name: 'Extended Properties (xp)' });
      await expect(
        xp.getByText('The extended properties of this product do not conform to the expected schema.', { exact: true }),
      ).toBeVisible();
      await expect(xp.getByText(/without a type or value, which are hidden here: xp\.Note/)).toBeVisible();
      const consoleLink = xp.getByRole('link', { name: 'See them in the API console' });
      await expect(consoleLink).toHaveAttribute(
        'href',
        new RegExp(`operationId=Products\\.Get.*productID=${product.ID}`),
      );

      await consoleLink.click();
      await expect(page.getByRole('heading', { level: 1, name: 'API console' })).toBeVisible();
      await expect(page.getByText('Products.Get · /')).toBeVisible();
      await expect(page.getByRole('textbox', { name: 'productID' })).toHaveValue(product.ID);
      await page.goBack();
      await expect(xp).toBeVisible({ timeout: 30_000 });

      // The type conflict: numbers win, and the products holding text are listed (this one among them).
      await expect(xp.getByText(/disagree on the type of xp\.Size: number wins/)).toBeVisible();
      for (const other of [...textSized.Items, product]) {
        await expect(xp.getByRole('link', { name: other.ID, exact: true })).toBeVisible();
      }
      const first = textSized.Items[0];
      if (!first) throw new Error('no text-sized demo product');
      await xp.getByRole('link', { name: first.ID, exact: true }).click();
      await expect(page.getByRole('heading', { level: 1, name: first.Name })).toBeVisible();
      await expect(
        page.getByText('The extended properties of this product do not conform to the expected schema.'),
      ).toBeVisible();
    } finally {
      await send('DELETE', `/products/${product.ID}`);
    }
  });
});
