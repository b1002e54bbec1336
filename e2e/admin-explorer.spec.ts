import { expect, test, type Page } from '@playwright/test';
import { DEMO_USERS, signIn } from './sign-in.ts';
import { seriousViolations } from './axe.ts';
import { platformAdmin } from './platform-api.ts';
import { columnTexts } from './list-cells.ts';

const CONTEXT = 'organization=demo-org&tenantName=demo-sandbox';

// Each journey signs in and walks several pages on a shared, loaded machine: more time than one page needs.
test.describe.configure({ timeout: 90_000 });

async function open(page: Page, path: string, heading: string | RegExp): Promise<void> {
  await page.goto(`${path}${path.includes('?') ? '&' : '?'}${CONTEXT}`);
  await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
}

function rows(page: Page) {
  return page.getByRole('main').getByRole('row', { name: /^Open / });
}

/** The Name cell of every row shown, in order. */
const shownNames = (page: Page) => columnTexts(page, 'Name');

/** The portal's list shows 20 a page; the platform's answer to the same question, as names. */
const PAGE = 20;

test.describe('Marketplace explorer: products list', () => {
  test('searches, sorts, filters, pages, keeps columns after reload and shows a grid', async ({ page, baseURL }) => {
    await signIn(page, DEMO_USERS.owner);
    await open(page, '/admin/products', 'Products');
    await expect(rows(page).first()).toBeVisible();
    await expect(page.getByText(/^\d+ items$/)).toBeVisible();

    // Paginate: page 2 in the URL, page 1 dropped again.
    await page.getByRole('button', { name: 'Page 2', exact: true }).click();
    await expect(page).toHaveURL(/[?&]p=2(&|$)/);
    await page.getByRole('button', { name: 'Page 1', exact: true }).click();
    await expect(page).not.toHaveURL(/[?&]p=/);

    // Sort by name, then descending: the rows are the platform's own first page for that sort.
    const platform = await platformAdmin(page.request, baseURL);
    const names = async (query: string) =>
      (await platform<{ Name: string }>(`/products?pageSize=${PAGE}&${query}`)).Items.map((item) => item.Name);
    await page.getByRole('button', { name: 'Name', exact: true }).click();
    await expect(page).toHaveURL(/[?&]sort=Name(&|$)/);
    await expect.poll(() => shownNames(page)).toEqual(await names('sortBy=Name'));
    await page.getByRole('button', { name: 'Name', exact: true }).click();
    await expect(page).toHaveURL(/[?&]sort=%21Name(&|$)/);
    await expect(page.getByRole('columnheader', { name: /Name/ })).toHaveAttribute('aria-sort', 'descending');
    const descending = await names('sortBy=!Name');
    await expect.poll(() => shownNames(page)).toEqual(descending);

    // Search: `/` focuses the box. A name from the middle of the list, not the first row.
    const term = descending[7]?.split(' ')[0] ?? '';
    expect(term).not.toBe('');
    await page.locator('body').press('/');
    const search = page.getByRole('searchbox', { name: 'Search products' });
    await expect(search).toBeFocused();
    await search.fill('zzzz-no-such-product');
    await expect(page).toHaveURL(/[?&]s=zzzz-no-such-product/);
    await expect(page.getByText('No results. Try clearing your search and/or filters.')).toBeVisible();
    await search.fill(term);
    const searched = await platform(`/products?pageSize=${PAGE}&sortBy=!Name&search=${encodeURIComponent(term)}`);
    expect(searched.Meta.TotalCount).toBeGreaterThan(0);
    await expect(page.getByText(`${searched.Meta.TotalCount} items`, { exact: true })).toBeVisible();
    await expect.poll(() => shownNames(page)).toEqual(searched.Items.map((item) => item.Name));

    // Filter: Name starts with a prefix, written as the platform's syntax; the rows are the platform's answer.
    await search.fill('');
    const prefix = descending[3]?.slice(0, 3) ?? '';
    await page.getByRole('button', { name: 'Filters' }).click();
    const filters = page.getByRole('dialog', { name: 'Filters' });
    await filters.getByRole('button', { name: 'Add filter' }).click();
    await filters.getByLabel('Field').selectOption('Name');
    await filters.getByLabel('Operator').selectOption('startsWith');
    await filters.getByLabel('Value').fill(prefix);
    await filters.getByRole('button', { name: 'Apply filters' }).click();
    await expect(page).toHaveURL(new RegExp(`[?&]Name=${encodeURIComponent(prefix).replace(/%20/g, '\\+')}\\*`));
    await expect(page.getByRole('button', { name: 'Filters (1)' })).toBeVisible();
    const filtered = await platform(`/products?pageSize=${PAGE}&sortBy=!Name&Name=${encodeURIComponent(`${prefix}*`)}`);
    expect(filtered.Meta.TotalCount).toBeGreaterThan(0);
    await expect(page.getByText(`${filtered.Meta.TotalCount} items`, { exact: true })).toBeVisible();
    await expect.poll(() => shownNames(page)).toEqual(filtered.Items.map((item) => item.Name));

    // Columns: add Ship Weight, still there after a reload.
    await page.getByRole('button', { name: 'Columns' }).click();
    const columns = page.getByRole('dialog', { name: 'Columns' });
    await columns.getByText('Ship Weight', { exact: true }).click();
    await columns.getByRole('button', { name: 'Done' }).click();
    await expect(page.getByRole('columnheader', { name: /Ship Weight/ })).toBeVisible();
    await page.reload();
    await expect(page.getByRole('columnheader', { name: /Ship Weight/ })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Filters (1)' })).toBeVisible();

    // Grid view.
    await page.getByText('Grid', { exact: true }).click();
    await expect(page.getByRole('table')).toHaveCount(0);
    await expect(page.locator('[data-row]').first()).toBeVisible();
    await page.getByText('Table', { exact: true }).click();
    await expect(page.getByRole('table')).toBeVisible();

    // Keyboard: arrows move between rows, Enter opens.
    await rows(page).first().focus();
    await page.keyboard.press('ArrowDown');
    await expect(rows(page).nth(1)).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/admin\/products\/[^/?]+\?/);
    await expect(page.getByRole('navigation', { name: 'Product sections' })).toBeVisible();
  });
});

test.describe('Marketplace explorer: product detail', () => {
  test('creates after validation, saves only the changed field, then deletes through the dialog', async ({
    page,
    baseURL,
  }) => {
    const id = `e2e-product-${Date.now()}`;
    await signIn(page, DEMO_USERS.owner);
    await open(page, '/admin/products', 'Products');
    await page.getByRole('link', { name: 'Create new Product' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'New Product' })).toBeVisible();

    const create = page.getByRole('button', { name: 'Create Product' });
    await expect(create).toBeDisabled();
    const name = page.getByRole('textbox', { name: /^Name/ });
    await name.fill('x');
    await name.fill('');
    await name.blur();
    await expect(page.getByText('Name is required')).toBeVisible();
    await expect(create).toBeDisabled();

    await page.getByRole('textbox', { name: /^ID/ }).fill(id);
    await name.fill('Explorer test product');
    await create.click();
    await expect(page).toHaveURL(new RegExp(`/admin/products/${id}\\?`));
    await expect(page.getByRole('heading', { level: 1, name: 'Explorer test product' })).toBeVisible();
    await expect(page.getByText(`ID: ${id}`)).toBeVisible();

    // Edit one field: the PATCH carries only that field.
    const save = page.getByRole('button', { name: 'Save', exact: true });
    await expect(save).toBeDisabled();
    await page.getByRole('textbox', { name: /^Description/ }).fill('Edited by the journey');
    const patch = page.waitForRequest(
      (request) => request.method() === 'PATCH' && request.url().includes(`/products/${id}`),
    );
    await save.click();
    expect((await patch).postDataJSON()).toEqual({ Description: 'Edited by the journey' });
    await expect(page.getByText('Product saved')).toBeVisible();
    await expect(save).toBeDisabled();

    await page.getByRole('button', { name: 'Delete', exact: true }).click();
    const dialog = page.getByRole('alertdialog', { name: 'Are you sure?' });
    await expect(
      dialog.getByText(
        'This is an irreversible, destructive action. Please make sure that you have selected the right product.',
      ),
    ).toBeVisible();
    await dialog.getByRole('button', { name: 'Delete Product' }).click();
    await expect(page).toHaveURL(/\/admin\/products\?/);
    await expect(page.getByRole('heading', { level: 1, name: 'Products' })).toBeVisible();
    // Gone from the platform, not only from the screen.
    const platform = await platformAdmin(page.request, baseURL);
    await expect(platform(`/products/${id}`)).rejects.toThrow(`/products/${id} answered 404`);
    // Its old address says so, rather than that it could not be loaded.
    await page.goto(`/admin/products/${id}?${CONTEXT}`);
    await expect(page.getByText('This product was not found. It may have been deleted.')).toBeVisible();
  });

  test('a duplicate ID answers 409 and the form keeps what was typed', async ({ page }) => {
    await signIn(page, DEMO_USERS.owner);
    await open(page, '/admin/products', 'Products');
    // The heading is drawn before the list answers: read the first ID once a row is there.
    await expect(rows(page).first()).toBeVisible();
    const existing = (await columnTexts(page, 'ID'))[0] ?? '';
    expect(existing).not.toBe('');
    await open(page, '/admin/products/new', 'New Product');
    await page.getByRole('textbox', { name: /^ID/ }).fill(existing);
    await page.getByRole('textbox', { name: /^Name/ }).fill('Duplicate');
    await page.getByRole('button', { name: 'Create Product' }).click();
    // Beside the ID field it names (and in the form's summary).
    const idField = page.getByRole('group').filter({ has: page.getByRole('textbox', { name: /^ID/ }) });
    await expect(idField.getByText(`Product already exists: ${existing}`)).toBeVisible();
    await expect(page.getByRole('textbox', { name: /^Name/ })).toHaveValue('Duplicate');
    await expect(page).toHaveURL(/\/admin\/products\/new\?/);
  });
});

test.describe('Marketplace explorer: buyers', () => {
  test('buyer, Users tab, a user, and back through the breadcrumbs; a nested create', async ({ page }) => {
    await signIn(page, DEMO_USERS.owner);
    await open(page, '/admin/buyers', 'Buyers');
    await rows(page).first().click();
    const buyerHeading = page.getByRole('heading', { level: 1 });
    await expect(page.getByRole('navigation', { name: 'Buyer sections' })).toBeVisible();
    // The heading says 'Buyer' until the buyer has loaded, then its display name.
    await expect(buyerHeading).not.toHaveText('Buyer');
    const buyerName = (await buyerHeading.textContent()) ?? '';
    await page.getByRole('navigation', { name: 'Buyer sections' }).getByRole('link', { name: 'Users' }).click();
    await expect(page.getByRole('heading', { level: 2, name: 'Users' })).toBeVisible();
    await rows(page).first().click();
    await expect(page.getByRole('navigation', { name: 'User sections' })).toBeVisible();

    const crumbs = page.getByRole('navigation', { name: 'Breadcrumb' });
    await expect(crumbs.getByRole('link', { name: buyerName })).toBeVisible();
    await crumbs.getByRole('link', { name: 'Users' }).click();
    await expect(page.getByRole('heading', { level: 2, name: 'Users' })).toBeVisible();
    await crumbs.getByRole('link', { name: buyerName }).click();
    await expect(page.getByRole('heading', { level: 1, name: buyerName })).toBeVisible();

    // A user created below the buyer opens at its new id there.
    const buyerPath = new URL(page.url()).pathname;
    await open(page, `${buyerPath}/users/new`, 'New User');
    const userId = `e2e-user-${Date.now()}`;
    await page.getByRole('textbox', { name: /^ID/ }).fill(userId);
    await page.getByRole('textbox', { name: /^Username/ }).fill(userId);
    await page.getByRole('textbox', { name: /^First Name/ }).fill('Journey');
    await page.getByRole('textbox', { name: /^Last Name/ }).fill('Tester');
    await page.getByRole('textbox', { name: /^Email/ }).fill(`${userId}@example.com`);
    await page.getByRole('button', { name: 'Create User' }).click();
    await expect(page).toHaveURL(new RegExp(`${buyerPath}/users/${userId}\\?`));
    await expect(page.getByRole('heading', { level: 1, name: 'Journey Tester' })).toBeVisible();

    // The console opens on Users.Get with the user's ids filled in.
    await page.getByRole('link', { name: 'Open in API console' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'API console' })).toBeVisible();
    await expect(page.getByText('Users.Get · /')).toBeVisible();
    await expect(page.getByRole('textbox', { name: 'userID' })).toHaveValue(userId);
  });

  test('a buyer reader sees no create, edit or delete on buyers but does on products', async ({ page }) => {
    await signIn(page, DEMO_USERS.developer);
    await open(page, '/admin/buyers', 'Buyers');
    await expect(rows(page).first()).toBeVisible();
    await expect(page.getByRole('link', { name: /^Create new/ })).toHaveCount(0);
    await rows(page).first().click();
    await expect(page.getByRole('navigation', { name: 'Buyer sections' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Save', exact: true })).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Delete', exact: true })).toHaveCount(0);

    await open(page, '/admin/products', 'Products');
    await expect(page.getByRole('link', { name: 'Create new Product' })).toBeVisible();
    await rows(page).first().click();
    await expect(page.getByRole('button', { name: 'Save', exact: true })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Delete', exact: true })).toBeVisible();
  });
});

test.describe('Marketplace explorer: accessibility and small screens', () => {
  test('list and detail have no serious violations in light and dark mode', async ({ page }) => {
    await signIn(page, DEMO_USERS.owner);
    for (const mode of ['light', 'dark'] as const) {
      await open(page, '/admin/products', 'Products');
      const html = page.locator('html');
      const isDark = ((await html.getAttribute('class')) ?? '').includes('dark');
      if ((mode === 'dark') !== isDark) {
        await page
          .getByRole('button', { name: mode === 'dark' ? 'Switch to dark mode' : 'Switch to light mode' })
          .click();
      }
      await expect(rows(page).first()).toBeVisible();
      expect(await seriousViolations(page), `list, ${mode}`).toEqual([]);
      await rows(page).first().click();
      await expect(page.getByRole('button', { name: 'Save', exact: true })).toBeVisible();
      expect(await seriousViolations(page), `detail, ${mode}`).toEqual([]);
    }
  });

  test('no explorer page scrolls sideways at 390 px', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await signIn(page, DEMO_USERS.owner);
    await open(page, '/admin/products', 'Products');
    await expect(rows(page).first()).toBeVisible();
    const sideways = () =>
      page.evaluate<number>('document.documentElement.scrollWidth - document.documentElement.clientWidth');
    expect(await sideways(), 'list').toBe(0);
    await rows(page).first().click();
    await expect(page.getByRole('button', { name: 'Save', exact: true })).toBeVisible();
    expect(await sideways(), 'detail').toBe(0);
    await open(page, '/admin/buyers', 'Buyers');
    await rows(page).first().click();
    await expect(page.getByRole('navigation', { name: 'Buyer sections' })).toBeVisible();
    expect(await sideways(), 'buyer with tabs').toBe(0);
  });
});
