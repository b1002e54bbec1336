import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { expectNoSeriousViolations } from './axe.ts';
import { platformAdminWrite } from './platform-api.ts';
import { DEMO_USERS, signInAt } from './sign-in.ts';

// Change history (issue 23) against the real server: a write through the platform shows on the item's History tab
// with old -> new, a buyer's order submit shows on the Activity page filtered by that buyer, a deleted promotion is
// recreated from its history, and a viewer without the grant has no Activity page.

const CONTEXT = 'organization=demo-org&tenantName=demo-sandbox';
const BUYER = { username: 'buyer01', password: 'Demo-Buyer-1', clientId: 'demo-sandbox-storefront' };

test.describe.configure({ timeout: 120_000 });

function at(path: string): string {
  return `${path}${path.includes('?') ? '&' : '?'}${CONTEXT}`;
}

/** A unique id per run: the demo marketplace is shared by every journey. */
function uniqueId(prefix: string): string {
  return `${prefix}-${Date.now().toString(36)}`;
}

/** Signs in to the platform as the demo buyer through the storefront client, as a storefront would. */
async function buyerCalls(request: APIRequestContext, baseURL: string | undefined) {
  const token = await request.post(`${baseURL}/platform/oauth/token`, {
    form: { grant_type: 'password', username: BUYER.username, password: BUYER.password, client_id: BUYER.clientId },
  });
  expect(token.ok(), await token.text()).toBe(true);
  const { access_token: accessToken } = (await token.json()) as { access_token: string };
  return async function call<T>(method: 'GET' | 'POST', path: string, body?: unknown): Promise<T> {
    const answer = await request.fetch(`${baseURL}/platform/v1${path}`, {
      method,
      headers: { authorization: `Bearer ${accessToken}` },
      ...(body === undefined ? {} : { data: body }),
    });
    expect(answer.ok(), `${method} ${path}: ${await answer.text()}`).toBe(true);
    return (await answer.json()) as T;
  };
}

async function screenshots(page: Page, name: string): Promise<void> {
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.screenshot({ path: test.info().outputPath(`${name}-1440.png`), fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: test.info().outputPath(`${name}-390.png`), fullPage: true });
  await page.setViewportSize({ width: 1440, height: 900 });
}

test('a changed price break shows on the price schedule History tab as old -> new', async ({ page, baseURL }) => {
  const send = await platformAdminWrite(page.request, baseURL);
  const id = uniqueId('ch-ps');
  await send('POST', '/priceschedules', { ID: id, Name: 'History journey', PriceBreaks: [{ Quantity: 1, Price: 10 }] });
  await send('PATCH', `/priceschedules/${id}`, { PriceBreaks: [{ Quantity: 1, Price: 12.5 }] });

  await signInAt(page, DEMO_USERS.owner, at(`/admin/price-schedules/${id}`));
  await page
    .getByRole('navigation', { name: 'Price Schedule sections' })
    .getByRole('link', { name: 'History' })
    .click();
  const changes = page.getByRole('list', { name: 'Changes to this price schedule, newest first' });
  const patch = changes.getByRole('listitem').filter({ hasText: 'PriceSchedules.Patch' });
  await expect(patch).toBeVisible();
  await expect(patch.getByText('PriceBreaks')).toBeVisible();
  await expect(patch.getByText('removed: -     "Price": 10')).toBeVisible();
  await expect(patch.getByText('added: +     "Price": 12.5')).toBeVisible();
  await expect(patch.getByRole('link', { name: 'admin' })).toBeVisible();
  await expect(changes.getByRole('listitem').filter({ hasText: 'PriceSchedules.Create' })).toBeVisible();
  await expectNoSeriousViolations(page);
  await screenshots(page, 'history-tab');
  await send('DELETE', `/priceschedules/${id}`);
});

test('the Activity page filtered by a buyer user shows the order they submitted', async ({ page, baseURL }) => {
  const buyer = await buyerCalls(page.request, baseURL);
  const me = await buyer<{ ID: string }>('GET', '/me');
  const products = await buyer<{ Items: { ID: string }[] }>('GET', '/me/products?pageSize=1');
  const productId = products.Items[0]?.ID ?? '';
  const order = await buyer<{ ID: string }>('POST', '/orders/Outgoing', {});
  await buyer('POST', `/orders/Outgoing/${order.ID}/lineitems`, { ProductID: productId, Quantity: 1 });
  await buyer('POST', `/orders/Outgoing/${order.ID}/submit`);

  await signInAt(page, DEMO_USERS.owner, at('/admin'));
  await page.getByRole('navigation', { name: 'Marketplace resources' }).getByRole('link', { name: 'Activity' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Activity' })).toBeVisible();
  await page.getByRole('textbox', { name: 'User ID' }).fill(me.ID);
  await page.getByRole('button', { name: 'Apply filters' }).click();
  await expect(page).toHaveURL(new RegExp(`[?&]UserID=${me.ID}(&|$)`));
  const table = page.getByRole('table', { name: 'Changes, newest first' });
  const submit = table.getByRole('row').filter({ hasText: 'Orders.Submit' }).filter({ hasText: order.ID });
  await expect(submit).toBeVisible();
  await expect(submit.getByRole('link', { name: BUYER.username })).toBeVisible();
  // Every row is this buyer's.
  for (const row of await table.getByRole('row').all()) {
    if ((await row.getByRole('cell').count()) > 0) await expect(row).toContainText(BUYER.username);
  }
  await expectNoSeriousViolations(page);
  await screenshots(page, 'activity');

  // The filter survives a reload, and the record opens its order.
  await page.reload();
  await expect(page.getByRole('textbox', { name: 'User ID' })).toHaveValue(me.ID);
  await submit.getByRole('link', { name: order.ID }).click();
  await expect(page).toHaveURL(new RegExp(`/admin/orders/all/${order.ID}\\?`));
});

test('a deleted promotion is recreated from its history', async ({ page, baseURL }) => {
  const send = await platformAdminWrite(page.request, baseURL);
  const id = uniqueId('ch-promo');
  await send('POST', '/promotions', {
    ID: id,
    Code: id.toUpperCase(),
    Name: 'History journey promotion',
    EligibleExpression: 'true',
    ValueExpression: '5',
  });

  await signInAt(page, DEMO_USERS.owner, at(`/admin/promotions/${id}`));
  await page.getByRole('button', { name: 'Delete', exact: true }).click();
  await page
    .getByRole('alertdialog', { name: 'Are you sure?' })
    .getByRole('button', { name: 'Delete Promotion' })
    .click();
  await expect(page.getByRole('heading', { level: 1, name: 'Promotions' })).toBeVisible();

  await page.goto(at(`/admin/activity?ResourceID=${id}`));
  await page.getByRole('row').filter({ hasText: 'Promotions.Delete' }).getByRole('link', { name: id }).click();
  await expect(page.getByRole('heading', { name: 'This promotion was deleted' })).toBeVisible();
  await expect(page.getByText('History journey promotion').first()).toBeVisible();
  await page.getByRole('button', { name: 'Recreate' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'New Promotion' })).toBeVisible();
  await expect(
    page.getByText('Prefilled with the last state of the deleted promotion.', { exact: false }),
  ).toBeVisible();
  await page.getByRole('button', { name: 'Create Promotion' }).click();
  await expect(page).toHaveURL(new RegExp(`/admin/promotions/${id}\\?`));
  await expect(page.getByRole('heading', { level: 1, name: 'History journey promotion' })).toBeVisible();
  await send('DELETE', `/promotions/${id}`);
});

test('a viewer without the grant has no Activity page', async ({ page }) => {
  await signInAt(page, DEMO_USERS.viewer, at('/admin'));
  const sidebar = page.getByRole('navigation', { name: 'Marketplace resources' });
  await expect(sidebar.getByRole('link', { name: 'Admin Users' }).or(sidebar.getByText('Admin Users'))).toBeVisible();
  await expect(sidebar.getByRole('link', { name: 'Activity' })).toHaveCount(0);
  const reads: string[] = [];
  page.on('request', (request) => {
    if (request.url().includes('/change-history')) reads.push(request.url());
  });
  await page.goto(at('/admin/activity'));
  await expect(page.getByRole('heading', { level: 1, name: "You don't have access to Activity" })).toBeVisible();
  await expect(page.getByText('add you to a role group with the AuditReader grant', { exact: false })).toBeVisible();
  await expectNoSeriousViolations(page);
  expect(reads).toEqual([]);
});
