import { expect, test, type Page } from '@playwright/test';
import { seriousViolations } from './axe.ts';
import { platformAdmin, platformAdminWrite, firstDemoBuyer } from './platform-api.ts';
import { DEMO_USERS, signIn } from './sign-in.ts';

// Issue 24 "Act on many rows at once": row selection and the bulk bar on the explorer's lists, run through the
// bulk engine against the real platform (progress, cancel, per-row summary), and no bulk action a role cannot do.

const CONTEXT = 'organization=demo-org&tenantName=demo-sandbox';

test.describe.configure({ timeout: 120_000 });

const run = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;

type Send = Awaited<ReturnType<typeof platformAdminWrite>>;

async function createProducts(send: Send, prefix: string, count: number): Promise<string[]> {
  const ids = Array.from({ length: count }, (_, index) => `${prefix}-${String(index + 1).padStart(2, '0')}`);
  for (const id of ids) await send('POST', '/products', { ID: id, Name: `Bulk ${id}`, Active: true });
  return ids;
}

async function removeProducts(send: Send, ids: readonly string[]) {
  for (const id of ids) await send('DELETE', `/products/${id}`).catch(() => undefined);
}

async function openProducts(page: Page, search: string) {
  await page.goto(`/admin/products?s=${search}&${CONTEXT}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Products' })).toBeVisible({ timeout: 20_000 });
}

test('select 3 products, set Active off, and see the 3 rows change', async ({ page, request, baseURL }) => {
  const list = await platformAdmin(request, baseURL);
  const send = await platformAdminWrite(request, baseURL);
  const ids = await createProducts(send, `e2e-bulk-active-${run}`, 3);
  try {
    await signIn(page, DEMO_USERS.owner);
    await openProducts(page, `e2e-bulk-active-${run}`);
    const body = page.getByRole('rowgroup').nth(1);
    await expect(body.getByRole('row')).toHaveCount(3);
    for (const id of ids) await page.getByRole('checkbox', { name: `Select Bulk ${id}` }).check();
    const bar = page.getByRole('region', { name: 'Bulk actions' });
    await expect(bar.getByText('3 selected')).toBeVisible();

    await bar.getByRole('button', { name: 'Set field' }).click();
    const dialog = page.getByRole('dialog', { name: 'Set a field on 3 items' });
    await dialog.getByLabel('Field').selectOption('Active');
    await dialog.getByLabel('Value').selectOption('false');
    await dialog.getByRole('button', { name: 'Apply' }).click();

    await expect(bar.getByRole('status').filter({ hasText: 'Updated 3 of 3.' })).toBeVisible();
    const saved = await list<{ ID: string; Active: boolean }>(`/products?search=e2e-bulk-active-${run}`);
    expect(saved.Items.map((item) => item.Active)).toEqual([false, false, false]);
    // The list is read again: each row now shows Active off, and the selection has cleared.
    for (const id of ids) {
      await expect(page.getByRole('checkbox', { name: `Select Bulk ${id}` })).not.toBeChecked();
    }
    await expect(bar.getByText('0 selected')).toBeVisible();
    await expect(body.getByRole('row').filter({ hasText: 'Yes' })).toHaveCount(0);

    // axe on the bar with its summary, and how it looks on a wide screen and a phone.
    expect(await seriousViolations(page)).toEqual([]);
    await page.getByRole('checkbox', { name: 'Select all on this page' }).check();
    await page.screenshot({ path: test.info().outputPath('bulk-1440.png'), fullPage: true });
    await page.setViewportSize({ width: 390, height: 844 });
    await expect(bar.getByRole('button', { name: 'Delete' })).toBeInViewport();
    const box = await bar.boundingBox();
    expect(box && box.x + box.width).toBeLessThanOrEqual(390);
    await page.screenshot({ path: test.info().outputPath('bulk-390.png'), fullPage: true });
    expect(await seriousViolations(page)).toEqual([]);
  } finally {
    await removeProducts(send, ids);
  }
});

test('select all matching a search, assign them to a catalog, cancel half-way and read the summary', async ({
  page,
  request,
  baseURL,
}) => {
  const list = await platformAdmin(request, baseURL);
  const send = await platformAdminWrite(request, baseURL);
  const prefix = `e2e-bulk-assign-${run}`;
  const ids = await createProducts(send, prefix, 30);
  const catalog = { ID: `${prefix}-catalog`, Name: `Bulk catalog ${run}`, Active: true };
  await send('POST', '/catalogs', catalog);
  try {
    // Each assignment takes a moment, as over a real network, so Cancel lands while the run is under way.
    await page.route('**/v1/catalogs/productassignments', async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 250));
      await route.continue();
    });
    await signIn(page, DEMO_USERS.owner);
    await openProducts(page, prefix);
    await page.getByRole('checkbox', { name: 'Select all on this page' }).check();
    const bar = page.getByRole('region', { name: 'Bulk actions' });
    await expect(bar.getByText('20 selected')).toBeVisible();
    await bar.getByRole('button', { name: 'Select all 30 matching' }).click();
    await expect(bar.getByText('All 30 matching selected')).toBeVisible();

    await bar.getByRole('button', { name: 'Assign to…' }).click();
    await page.getByRole('menuitem', { name: 'Catalog', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Assign 30 items to Catalog' });
    await dialog.getByRole('combobox', { name: 'Catalog' }).fill(catalog.ID);
    await page.getByRole('option', { name: new RegExp(catalog.Name) }).click();
    await expect(dialog.getByText(catalog.Name)).toBeVisible();
    await dialog.getByRole('button', { name: 'Assign', exact: true }).click();

    await expect(bar.getByText(/^([4-9]|1\d) of 30$/)).toBeVisible();
    await bar.getByRole('button', { name: 'Cancel' }).click();
    const summary = bar.getByRole('status').filter({ hasText: /^Assigned \d+ of 30\. \d+ cancelled\.$/ });
    await expect(summary).toBeVisible();
    const [, assigned, cancelled] = /Assigned (\d+) of 30\. (\d+) cancelled\./.exec(await summary.innerText()) ?? [];
    expect(Number(assigned) + Number(cancelled)).toBe(30);
    expect(Number(cancelled)).toBeGreaterThan(0);
    const saved = await list(`/catalogs/productassignments?catalogID=${catalog.ID}&pageSize=100`);
    expect(saved.Meta.TotalCount).toBe(Number(assigned));
  } finally {
    await send('DELETE', `/catalogs/${catalog.ID}`).catch(() => undefined);
    await removeProducts(send, ids);
  }
});

/** Picks an option of one of the dialog's ID pickers by keyboard: type, arrow down to the match, Enter. */
async function pickByKeyboard(page: Page, name: string, typed: string, option: string) {
  const box = page.getByRole('dialog').getByRole('combobox', { name });
  await box.focus();
  await box.pressSequentially(typed);
  // The search has answered: the typed id is the only match left.
  await expect(page.getByRole('option')).toHaveCount(1);
  await expect(page.getByRole('option', { name: new RegExp(option) })).toBeVisible();
  await box.press('ArrowDown');
  await box.press('Enter');
  await expect(box).toHaveValue(new RegExp(typed));
}

test("select 3 demo products, assign them to a price schedule for a buyer's group, and the buyer user's price is it", async ({
  page,
  request,
  baseURL,
}) => {
  const list = await platformAdmin(request, baseURL);
  const send = await platformAdminWrite(request, baseURL);
  const buyer = await firstDemoBuyer(list);
  const products = (await list<{ ID: string; Name: string }>('/products?sortBy=ID&pageSize=3&Active=true')).Items;
  expect(products).toHaveLength(3);
  // A new group of a demo buyer, so the demo's own assignments (buyer level) are neither changed nor removed.
  const schedule = {
    ID: `e2e-bulk-ps-${run}`,
    Name: `Bulk contract ${run}`,
    PriceBreaks: [{ Quantity: 1, Price: 1.23 }],
  };
  const group = { ID: `e2e-bulk-group-${run}`, Name: `Bulk group ${run}` };
  const user = { ID: `e2e-bulk-user-${run}`, Password: 'Bulk-Buyer-1' };
  await send('POST', '/priceschedules', schedule);
  await send('POST', `/buyers/${buyer.ID}/usergroups`, group);
  await send('POST', `/buyers/${buyer.ID}/users`, {
    ...user,
    Username: user.ID,
    Email: `${user.ID}@example.com`,
    FirstName: 'Bulk',
    LastName: 'Buyer',
    Active: true,
  });
  await send('POST', `/buyers/${buyer.ID}/usergroups/assignments`, { UserGroupID: group.ID, UserID: user.ID });
  try {
    await signIn(page, DEMO_USERS.owner);
    // The three on one page: searched by the start their ids share.
    const ids = products.map((product) => product.ID);
    const shared = [...(ids[0] ?? '')].findIndex((char, index) => ids.some((id) => id[index] !== char));
    await openProducts(page, (ids[0] ?? '').slice(0, shared < 0 ? undefined : shared));
    for (const product of products) await page.getByRole('checkbox', { name: `Select ${product.Name}` }).check();
    const bar = page.getByRole('region', { name: 'Bulk actions' });
    await expect(bar.getByText('3 selected')).toBeVisible();

    await bar.getByRole('button', { name: 'Assign to…' }).click();
    await page.getByRole('menuitem', { name: 'Buyer and Price Schedule' }).click();
    const dialog = page.getByRole('dialog', { name: 'Assign 3 items to Buyer and Price Schedule' });
    const assign = dialog.getByRole('button', { name: 'Assign', exact: true });
    // No buyer, no run: the price schedule alone is not enough.
    await pickByKeyboard(page, 'Price Schedule (optional)', schedule.ID, schedule.Name);
    await expect(assign).toBeDisabled();
    await pickByKeyboard(page, 'Buyer', buyer.ID, buyer.Name);
    await pickByKeyboard(page, 'User Group (optional)', group.ID, group.Name);
    await expect(assign).toBeEnabled();

    expect(await seriousViolations(page)).toEqual([]);
    await page.screenshot({ path: test.info().outputPath('assign-dialog-1440.png') });
    await page.setViewportSize({ width: 390, height: 844 });
    await expect(assign).toBeInViewport();
    await page.screenshot({ path: test.info().outputPath('assign-dialog-390.png') });
    expect(await seriousViolations(page)).toEqual([]);
    await page.setViewportSize({ width: 1440, height: 900 });

    await assign.focus();
    await page.keyboard.press('Enter');
    await expect(bar.getByRole('status').filter({ hasText: 'Assigned 3 of 3.' })).toBeVisible();

    // Through the platform's own API: exactly those 3, with that buyer and group.
    type Assignment = { ProductID: string; BuyerID: string; UserGroupID: string | null };
    const saved = await list<Assignment>(`/products/assignments?PriceScheduleID=${schedule.ID}&pageSize=100`);
    expect(saved.Items.map((each) => each.ProductID).sort()).toEqual(products.map((product) => product.ID).sort());
    for (const each of saved.Items) expect(each).toMatchObject({ BuyerID: buyer.ID, UserGroupID: group.ID });

    // The group's buyer user now buys at that schedule.
    const token = await request.post(`${baseURL}/platform/oauth/token`, {
      form: {
        grant_type: 'password',
        username: user.ID,
        password: user.Password,
        client_id: 'demo-sandbox-storefront',
      },
    });
    const { access_token: shopper } = (await token.json()) as { access_token: string };
    const seen = await request.get(`${baseURL}/platform/v1/me/products/${products[0]?.ID ?? ''}`, {
      headers: { authorization: `Bearer ${shopper}` },
    });
    expect(seen.ok()).toBe(true);
    expect(((await seen.json()) as { PriceSchedule: { ID: string } }).PriceSchedule.ID).toBe(schedule.ID);
  } finally {
    for (const product of products) {
      await send('DELETE', `/products/${product.ID}/assignments/${buyer.ID}?userGroupID=${group.ID}`).catch(
        () => undefined,
      );
    }
    await send('DELETE', `/buyers/${buyer.ID}/users/${user.ID}`).catch(() => undefined);
    await send('DELETE', `/buyers/${buyer.ID}/usergroups/${group.ID}`).catch(() => undefined);
    await send('DELETE', `/priceschedules/${schedule.ID}`).catch(() => undefined);
  }
});

test('delete asks first and says how many items it deletes', async ({ page, request, baseURL }) => {
  const list = await platformAdmin(request, baseURL);
  const send = await platformAdminWrite(request, baseURL);
  const prefix = `e2e-bulk-delete-${run}`;
  const ids = await createProducts(send, prefix, 2);
  try {
    await signIn(page, DEMO_USERS.owner);
    await openProducts(page, prefix);
    await page.getByRole('checkbox', { name: 'Select all on this page' }).check();
    const bar = page.getByRole('region', { name: 'Bulk actions' });
    await bar.getByRole('button', { name: 'Delete' }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Delete 2 products?' });
    await expect(confirm.getByText('This deletes 2 products and cannot be undone.')).toBeVisible();
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    expect((await list(`/products?search=${prefix}`)).Meta.TotalCount).toBe(2);

    await bar.getByRole('button', { name: 'Delete' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Delete 2 products' }).click();
    await expect(bar.getByRole('status').filter({ hasText: 'Deleted 2 of 2.' })).toBeVisible();
    expect((await list(`/products?search=${prefix}`)).Meta.TotalCount).toBe(0);
    await expect(page.getByText('No results. Try clearing your search and/or filters.')).toBeVisible();
  } finally {
    await removeProducts(send, ids);
  }
});

test('a BuyerReader gets no bulk actions on buyers, and the platform refuses them anyway', async ({
  page,
  request,
  baseURL,
}) => {
  const list = await platformAdmin(request, baseURL);
  const buyer = (await list<{ ID: string; Active: boolean }>('/buyers?pageSize=1')).Items[0];
  if (!buyer) throw new Error('The demo data has no buyer.');
  // The demo developer holds BuyerReader, not BuyerAdmin (and CatalogAdmin and ProductAdmin, so products keep their
  // bar).
  await signIn(page, DEMO_USERS.developer);
  const listCall = page.waitForRequest((sent) => /\/v1\/buyers(\?|$)/.test(sent.url()));
  await page.goto(`/admin/buyers?${CONTEXT}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Buyers' })).toBeVisible({ timeout: 20_000 });
  await expect(page.getByRole('rowgroup').nth(1).getByRole('row').first()).toBeVisible();
  await expect(page.getByRole('checkbox')).toHaveCount(0);
  await expect(page.getByRole('region', { name: 'Bulk actions' })).toHaveCount(0);

  // The developer's own token, as the page sent it: the platform refuses the change the bar does not offer.
  const authorization = (await listCall).headers().authorization ?? '';
  expect(authorization).toMatch(/^Bearer /);
  const refused = await request.patch(`${baseURL}/platform/v1/buyers/${buyer.ID}`, {
    headers: { authorization },
    data: { Active: !buyer.Active },
  });
  expect(refused.status()).toBe(403);
  const envelope = (await refused.json()) as { Errors: { ErrorCode: string }[] };
  expect(envelope.Errors[0]?.ErrorCode).toBeTruthy();
  const after = (await list<{ ID: string; Active: boolean }>(`/buyers?ID=${buyer.ID}`)).Items[0];
  expect(after?.Active).toBe(buyer.Active);

  await page.goto(`/admin/products?${CONTEXT}`);
  await expect(page.getByRole('checkbox', { name: 'Select all on this page' })).toBeVisible({ timeout: 20_000 });
});
