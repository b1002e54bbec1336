import { expect, test, type Page } from '@playwright/test';
import { platformAdmin, platformAdminWrite, firstDemoBuyer } from './platform-api.ts';
import { DEMO_USERS, signIn } from './sign-in.ts';
import { expectNoSeriousViolations } from './axe.ts';

const CONTEXT = 'organization=demo-org&tenantName=demo-sandbox';

async function open(page: Page, path: string, tabHeading: string): Promise<void> {
  await page.goto(`/admin/${path}${path.includes('?') ? '&' : '?'}${CONTEXT}`);
  await expect(page.getByRole('heading', { level: 2, name: tabHeading, exact: true })).toBeVisible({ timeout: 20_000 });
}

/** A suffix that keeps this run's arranged items apart from other runs'. */
const run = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;

test.describe('Marketplace explorer: assignments', () => {
  test.setTimeout(90_000);

  test("assigns a product to a buyer with a price schedule, shows it on the schedule's tab, and unassigns it", async ({
    page,
    request,
    baseURL,
  }) => {
    const list = await platformAdmin(request, baseURL);
    const send = await platformAdminWrite(request, baseURL);
    const buyer = await firstDemoBuyer(list);
    const product = { ID: `e2e-a1-product-${run}`, Name: `Assigned product ${run}` };
    const schedule = { ID: `e2e-a1-schedule-${run}`, Name: `Assigned schedule ${run}` };
    await send('POST', '/products', product);
    await send('POST', '/priceschedules', { ...schedule, PriceBreaks: [{ Quantity: 1, Price: 5 }] });
    try {
      await signIn(page, DEMO_USERS.owner);
      await open(page, `products/${product.ID}/assignments`, 'Assignments');
      await expect(page.getByText('Nothing here yet. Try creating a new item first.')).toBeVisible();

      await page.getByRole('button', { name: 'Create Assignment' }).click();
      const dialog = page.getByRole('dialog', { name: 'Create Assignment' });
      // The product's own key is the route's: not asked for.
      await expect(dialog.getByLabel('Product ID')).toHaveCount(0);
      await dialog.getByRole('button', { name: 'Select Buyer' }).click();
      const modal = page.getByRole('dialog', { name: 'Select Buyer' });
      await modal.getByLabel('Search Buyer').fill(buyer.Name);
      await modal
        .getByRole('button', { name: new RegExp(buyer.ID) })
        .first()
        .click();
      await expect(dialog.getByLabel('Buyer ID')).toHaveValue(buyer.ID);
      const picker = dialog.getByRole('combobox', { name: 'Price Schedule ID' });
      await picker.fill(schedule.Name);
      await page
        .getByRole('listbox')
        .getByRole('option', { name: new RegExp(schedule.Name) })
        .click();
      await dialog.getByRole('button', { name: 'Create Assignment' }).click();
      await expect(dialog).toBeHidden();

      // The other side and the price schedule by name, linked to their pages; the Level column.
      const row = page.getByRole('row').filter({ hasText: buyer.ID });
      await expect(row.getByRole('link', { name: buyer.Name })).toBeVisible();
      await expect(row.getByRole('link', { name: schedule.Name })).toBeVisible();
      await expect(row).toContainText('Company');

      // Editing shows the configurable fields alone.
      await row.getByRole('button', { name: /^Edit assignment/ }).click();
      const edit = page.getByRole('dialog', { name: 'Edit Assignment' });
      await expect(edit.getByRole('combobox', { name: 'Price Schedule ID' })).toHaveValue(schedule.ID);
      await expect(edit.getByLabel('Buyer ID')).toHaveCount(0);
      await expect(edit.getByLabel('User Group ID')).toHaveCount(0);
      await edit.getByRole('button', { name: 'Cancel' }).click();
      await expect(edit).toBeHidden();

      await open(page, `price-schedules/${schedule.ID}/assignments`, 'Assignments');
      const scheduleRow = page.getByRole('row').filter({ hasText: product.ID });
      await expect(scheduleRow.getByRole('link', { name: product.Name })).toBeVisible();
      await expect(scheduleRow.getByRole('link', { name: buyer.Name })).toBeVisible();

      // Unassign through the confirmation dialog.
      await scheduleRow.getByRole('button', { name: /^Delete Product Assignment/ }).click();
      const confirm = page.getByRole('alertdialog', { name: 'Are you sure?' });
      await confirm.getByRole('button', { name: 'Delete Product Assignment' }).click();
      await expect(page.getByRole('row').filter({ hasText: product.ID })).toHaveCount(0);
      const left = await list(`/products/assignments?productID=${product.ID}`);
      expect(left.Meta.TotalCount).toBe(0);
    } finally {
      await send('DELETE', `/products/${product.ID}`);
      await send('DELETE', `/priceschedules/${schedule.ID}`);
    }
  });

  test("adds a user to a user group from the user's User Groups tab", async ({ page, request, baseURL }) => {
    const list = await platformAdmin(request, baseURL);
    const send = await platformAdminWrite(request, baseURL);
    const buyer = (await list<{ ID: string }>('/buyers?pageSize=1')).Items[0];
    if (!buyer) throw new Error('The demo data has no buyer.');
    const user = {
      ID: `e2e-a1-user-${run}`,
      Username: `e2e-a1-user-${run}`,
      FirstName: 'Tab',
      LastName: 'Member',
      Email: 'tab@example.com',
      Active: true,
    };
    const group = { ID: `e2e-a1-group-${run}`, Name: `Tab group ${run}` };
    await send('POST', `/buyers/${buyer.ID}/users`, user);
    await send('POST', `/buyers/${buyer.ID}/usergroups`, group);
    try {
      await signIn(page, DEMO_USERS.owner);
      await open(page, `buyers/${buyer.ID}/users/${user.ID}/user-groups`, 'User Groups');
      await page.getByRole('button', { name: 'Create Assignment' }).click();
      const dialog = page.getByRole('dialog', { name: 'Create Assignment' });
      await expect(dialog.getByLabel('User ID')).toHaveCount(0);
      // A group the buyer lacks: the platform's own message, and the dialog stays open.
      await dialog.getByLabel('User Group ID').fill(`no-such-group-${run}`);
      await dialog.getByRole('button', { name: 'Create Assignment' }).click();
      await expect(dialog.getByRole('alert')).toContainText(`no-such-group-${run}`);
      await dialog.getByRole('button', { name: 'Select User Group' }).click();
      const modal = page.getByRole('dialog', { name: 'Select User Group' });
      await modal.getByLabel('Search User Group').fill(group.Name);
      await modal.getByRole('button', { name: new RegExp(group.ID) }).click();
      await dialog.getByRole('button', { name: 'Create Assignment' }).click();
      await expect(dialog).toBeHidden();
      await expect(
        page.getByRole('row').filter({ hasText: group.ID }).getByRole('link', { name: group.Name }),
      ).toBeVisible();
      const saved = await list(`/buyers/${buyer.ID}/usergroups/assignments?userID=${user.ID}`);
      expect(saved.Items).toEqual([{ UserGroupID: group.ID, UserID: user.ID }]);
    } finally {
      await send('DELETE', `/buyers/${buyer.ID}/usergroups/${group.ID}`);
      await send('DELETE', `/buyers/${buyer.ID}/users/${user.ID}`);
    }
  });

  test("asks for a catalog first on a buyer's Categories tab, then lists that catalog's assignments", async ({
    page,
    request,
    baseURL,
  }) => {
    const list = await platformAdmin(request, baseURL);
    const send = await platformAdminWrite(request, baseURL);
    const buyer = (await list<{ ID: string }>('/buyers?pageSize=1')).Items[0];
    if (!buyer) throw new Error('The demo data has no buyer.');
    const catalog = { ID: `e2e-a1-switch-${run}`, Name: `Switcher catalog ${run}` };
    const category = { ID: `e2e-a1-category-${run}`, Name: `Switcher category ${run}` };
    await send('POST', '/catalogs', catalog);
    await send('POST', `/catalogs/${catalog.ID}/categories`, category);
    await send('POST', `/catalogs/${catalog.ID}/categories/assignments`, {
      CategoryID: category.ID,
      BuyerID: buyer.ID,
    });
    try {
      await signIn(page, DEMO_USERS.owner);
      await open(page, `buyers/${buyer.ID}/categories`, 'Categories');
      await expect(page.getByText('Select a Catalog to view Categories')).toBeVisible();
      await page.getByRole('button', { name: 'Select Catalog' }).click();
      const modal = page.getByRole('dialog', { name: 'Select Catalog' });
      await modal.getByLabel('Search Catalog').fill(catalog.Name);
      await modal.getByRole('button', { name: new RegExp(catalog.ID) }).click();
      await expect(page).toHaveURL(new RegExp(`catalogID=${catalog.ID}`));
      await expect(page.getByText(catalog.Name, { exact: true })).toBeVisible();
      const row = page.getByRole('row').filter({ hasText: category.ID });
      await expect(row.getByRole('link', { name: category.Name })).toHaveAttribute(
        'href',
        new RegExp(`/admin/catalogs/${catalog.ID}/categories/${category.ID}`),
      );
      // The choice survives a reload.
      await page.reload();
      await expect(page.getByRole('row').filter({ hasText: category.ID })).toBeVisible();
    } finally {
      await send('DELETE', `/catalogs/${catalog.ID}`);
    }
  });

  test("an API client's tabs: its impersonation configs by ClientID, its buyers by name", async ({
    page,
    request,
    baseURL,
  }) => {
    const list = await platformAdmin(request, baseURL);
    const configs = await list<{ ID: string; ClientID: string }>('/impersonationconfig?pageSize=100');
    const config = configs.Items.find((item) => item.ClientID);
    if (!config) throw new Error('The demo data has no impersonation config of an API client.');
    const clientId = config.ClientID;
    // A known assignment to look for: the first buyer, assigned to the client here unless it already is.
    const send = await platformAdminWrite(request, baseURL);
    const [buyer] = (await list<{ ID: string; Name: string }>('/buyers?pageSize=1&sortBy=ID')).Items;
    if (!buyer) throw new Error('The demo data has no buyer.');
    const before = await list<{ BuyerID: string | null }>(`/apiclients/assignments?apiClientID=${clientId}`);
    const arranged = !before.Items.some((item) => item.BuyerID === buyer.ID);
    if (arranged) await send('POST', '/apiclients/assignments', { ApiClientID: clientId, BuyerID: buyer.ID });
    try {
      await signIn(page, DEMO_USERS.owner);
      await open(page, `api-clients/${clientId}/impersonation-configs`, 'Impersonation Configs');
      await expect(page.getByRole('link', { name: config.ID })).toHaveAttribute(
        'href',
        new RegExp(`/admin/impersonation-configs/${config.ID}`),
      );
      await page.getByRole('navigation', { name: 'Api Client sections' }).getByRole('link', { name: 'Buyers' }).click();
      await expect(page.getByRole('heading', { level: 2, name: 'Buyers', exact: true })).toBeVisible();
      await expect(
        page.getByRole('row').filter({ hasText: buyer.ID }).getByRole('link', { name: buyer.Name }),
      ).toBeVisible();
    } finally {
      if (arranged) await send('DELETE', `/buyers/${buyer.ID}/ApiClients/Assignments/${clientId}`);
    }
  });

  test('pages through more than 20 assignments', async ({ page, request, baseURL }) => {
    const list = await platformAdmin(request, baseURL);
    const send = await platformAdminWrite(request, baseURL);
    const products = (await list<{ ID: string }>('/products?pageSize=25')).Items;
    expect(products).toHaveLength(25);
    const catalog = { ID: `e2e-a1-catalog-${run}`, Name: `Paged catalog ${run}` };
    await send('POST', '/catalogs', catalog);
    try {
      for (const product of products) {
        await send('POST', '/catalogs/productassignments', { CatalogID: catalog.ID, ProductID: product.ID });
      }
      await signIn(page, DEMO_USERS.owner);
      await open(page, `catalogs/${catalog.ID}/products`, 'Products');
      const body = page.getByRole('rowgroup').nth(1);
      await expect(body.getByRole('row')).toHaveCount(20);
      await expect(page.getByText('25 assignments')).toBeVisible();
      await page.getByRole('navigation', { name: 'Pagination' }).getByRole('button', { name: 'Page 2' }).click();
      await expect(body.getByRole('row')).toHaveCount(5);
      await expect(page).toHaveURL(/[?&]p=2/);
      // The last five are those the platform lists after the first twenty.
      const second = await list<{ ProductID: string }>(
        `/catalogs/productassignments?catalogID=${catalog.ID}&page=2&pageSize=20`,
      );
      for (const record of second.Items) await expect(body.getByText(record.ProductID, { exact: true })).toBeVisible();
      await page.reload();
      await expect(body.getByRole('row')).toHaveCount(5);
    } finally {
      await send('DELETE', `/catalogs/${catalog.ID}`);
    }
  });

  test('assigns an address to its buyer with the company checkbox and takes it back', async ({
    page,
    request,
    baseURL,
  }) => {
    const list = await platformAdmin(request, baseURL);
    const send = await platformAdminWrite(request, baseURL);
    const buyer = (await list<{ ID: string }>('/buyers?pageSize=1')).Items[0];
    if (!buyer) throw new Error('The demo data has no buyer.');
    const address = {
      ID: `e2e-a1-address-${run}`,
      AddressName: 'Checkbox office',
      Street1: '1 Main St',
      City: 'Town',
      State: 'MN',
      Zip: '55401',
      Country: 'US',
    };
    await send('POST', `/buyers/${buyer.ID}/addresses`, address);
    const companyLevel = `/buyers/${buyer.ID}/addresses/assignments?addressID=${address.ID}&level=Company`;
    try {
      await signIn(page, DEMO_USERS.owner);
      await open(page, `buyers/${buyer.ID}/addresses/${address.ID}/company`, 'Company');
      const box = page.getByRole('checkbox', { name: 'Assigned to the buyer' });
      await expect(box).not.toBeChecked();
      // The input is visually hidden behind its styled control; a user clicks the label.
      const label = page.getByText('Assigned to the buyer', { exact: true });
      await label.click();
      await expect(box).toBeChecked();
      await expect.poll(async () => (await list(companyLevel)).Meta.TotalCount).toBe(1);
      await page.reload();
      await expect(box).toBeChecked();
      await label.click();
      await expect(box).not.toBeChecked();
      await expect.poll(async () => (await list(companyLevel)).Meta.TotalCount).toBe(0);

      // A refused call puts the box back and says why: the address goes away behind the page's back.
      await send('DELETE', `/buyers/${buyer.ID}/addresses/${address.ID}`);
      await label.click();
      await expect(page.getByRole('alert')).toContainText(address.ID);
      await expect(box).not.toBeChecked();
    } finally {
      await send('DELETE', `/buyers/${buyer.ID}/addresses/${address.ID}`).catch(() => null);
    }
  });

  test("the developer (no user group roles) gets no Create Assignment on a buyer user's User Groups tab", async ({
    page,
    request,
    baseURL,
  }) => {
    const list = await platformAdmin(request, baseURL);
    const buyer = (await list<{ ID: string }>('/buyers?pageSize=1')).Items[0];
    const user = buyer && (await list<{ ID: string }>(`/buyers/${buyer.ID}/users?pageSize=1`)).Items[0];
    if (!buyer || !user) throw new Error('The demo data has no buyer user.');
    await signIn(page, DEMO_USERS.developer);
    const listCalls: string[] = [];
    page.on('request', (sent) => {
      if (/\/v1\/buyers\/[^/]+\/usergroups\/assignments/i.test(sent.url())) listCalls.push(sent.url());
    });
    await page.goto(`/admin/buyers/${buyer.ID}/users/${user.ID}/user-groups?${CONTEXT}`);
    // These roles cannot read the list: the page says which roles would, and asks the platform nothing.
    await expect(page.getByRole('heading', { level: 1, name: /^You don't have access to / })).toBeVisible({
      timeout: 20_000,
    });
    await expect(page.getByText(/ask an organization admin for any one of these roles: FullAccess/)).toBeVisible();
    await expect(page.getByRole('button', { name: 'Create Assignment' })).toHaveCount(0);
    expect(listCalls).toEqual([]);
  });

  test('an assignment tab has no serious accessibility violations in light mode', async ({
    page,
    request,
    baseURL,
  }) => {
    const list = await platformAdmin(request, baseURL);
    const catalog = (await list<{ ID: string }>('/catalogs/productassignments?pageSize=1')).Items[0] as
      { CatalogID: string } | undefined;
    if (!catalog) throw new Error('The demo data has no catalog with products.');
    await page.emulateMedia({ colorScheme: 'light' });
    await signIn(page, DEMO_USERS.owner);
    await open(page, `catalogs/${catalog.CatalogID}/products`, 'Products');
    await expect(page.getByRole('rowgroup').nth(1).getByRole('row').first()).toBeVisible();
    await expect(page.getByRole('button', { name: /^Delete Product Assignment/ }).first()).toBeVisible();
    await expectNoSeriousViolations(page);
  });
});
