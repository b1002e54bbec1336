import { expect, test, type Page } from '@playwright/test';
import { platformAdmin } from './platform-api.ts';
import { expectNoSeriousViolations } from './axe.ts';
import { DEMO_USERS, signIn, signInAt } from './sign-in.ts';

const CONTEXT = 'organization=demo-org&tenantName=demo-sandbox';
const UNAUTHORIZED =
  'You are not authorized to trigger product, order, or entity syncs. Please contact your organization administrator to adjust your permissions.';
async function openSyncTools(page: Page, email: string, context = CONTEXT): Promise<void> {
  const params = new URLSearchParams(context);
  await signIn(page, email, {
    organization: params.get('organization') ?? '',
    tenantName: params.get('tenantName') ?? '',
  });
  await page.goto(`/self-service/sync-tools?${context}`);
  await expect(page.getByRole('heading', { level: 2, name: 'Sync tools' })).toBeVisible();
}

test.describe('sync tools', () => {
  test('the owner syncs a catalog and its orders to the built-in receiver and finds both in the inspector', async ({
    page,
    request,
    baseURL,
  }) => {
    test.setTimeout(150_000);
    // The demo marketplace's own delivery configuration (the demo seed's) sends to the receiver the platform runs.
    const list = await platformAdmin(request, baseURL);
    const configs = (
      await list<{ ID: string; DeliveryTargets: { Http: { Endpoint: string } } }>('/integrations/deliveryconfig')
    ).Items;
    expect(configs.map((config) => [config.ID, new URL(config.DeliveryTargets.Http.Endpoint).pathname])).toContainEqual(
      ['demo-receiver', '/receiver/demo-sandbox'],
    );
    const catalogId = (await list<{ ID: string }>('/catalogs?pageSize=1')).Items[0]?.ID ?? '';
    expect(catalogId).not.toBe('');
    await openSyncTools(page, DEMO_USERS.owner);
    await expect(page.getByText('This tool is limited to marketplace administrators.')).toBeVisible();

    const submit = page.getByRole('button', { name: 'Submit' });
    // The admin forms' ID picker: a box that takes a typed id and offers the marketplace's catalogs.
    const catalog = page.getByRole('combobox', { name: 'Catalog ID' });
    await catalog.focus();
    await catalog.blur();
    await expect(page.getByText('Catalog ID is required')).toBeVisible();
    await page.getByText("I'm not a robot").click();
    await catalog.fill(catalogId);
    await expect(submit).toBeEnabled({ timeout: 30_000 });
    await expectNoSeriousViolations(page);
    await submit.click();
    await expect(page.getByText('Product sync has successfully been triggered')).toBeVisible();
    await expect(catalog).toHaveValue('');

    const products = page
      .getByRole('listitem')
      .filter({ hasText: `CatalogID: ${catalogId}` })
      .first();
    await expect(products.getByLabel('Status: Completed')).toBeVisible({ timeout: 60_000 });
    const productCounts = (await products.textContent()) ?? '';
    const [, read, batches] = /(\d+) read in (\d+) batch/.exec(productCounts) ?? [];
    expect(Number(read)).toBeGreaterThan(0);
    await expect(products).toContainText(`${read} delivered · deliveries: ${batches} delivered, 0 failed`);
    await products.getByRole('button', { name: 'Show deliveries' }).click();
    const deliveries = products.getByRole('region', { name: 'Deliveries of Products' });
    await expect(deliveries.getByRole('cell', { name: '200', exact: true }).first()).toBeVisible();
    await expect(deliveries.getByRole('cell', { name: /\/receiver\/demo-sandbox$/ }).first()).toBeVisible();

    // The order sync too (no dates: every submitted order), delivered to the same receiver.
    await page.getByRole('tab', { name: 'Order sync' }).click();
    await page.getByText("I'm not a robot").click();
    await expect(submit).toBeEnabled({ timeout: 30_000 });
    await submit.click();
    await expect(page.getByText('Order sync has successfully been triggered')).toBeVisible();
    const orders = page
      .getByRole('listitem')
      .filter({ hasText: /^Orders/ })
      .first();
    await expect(orders.getByLabel('Status: Completed')).toBeVisible({ timeout: 90_000 });
    await expect(orders).toContainText('0 failed, 0 not delivered, 0 pending');

    await page.getByRole('link', { name: 'View received deliveries' }).click();
    await expect(page).toHaveURL(/\/self-service\/received-deliveries\?organization=demo-org&tenantName=demo-sandbox/);
    await expect(page.getByRole('heading', { level: 2, name: 'Received deliveries' })).toBeVisible();
    await expect(page.getByRole('navigation', { name: 'Breadcrumb' })).toContainText('Received deliveries');
    await expect(page.locator('code', { hasText: /\/receiver\/demo-sandbox$/ })).toBeVisible();
    const received = page.getByRole('list', { name: 'Received deliveries' }).getByRole('listitem');
    // Newest first: the order batches, then the product batches; the last product batch says so.
    await expect(received.first()).toContainText('Orders, batch');
    const lastProducts = received.filter({ hasText: `Products, batch ${batches} (last)` });
    await expect(lastProducts).toHaveCount(1);
    await expect(lastProducts).toContainText('Accepted, answered 200');
    await expect(lastProducts).not.toContainText('none sent');
    await lastProducts.getByRole('button', { name: 'Show body' }).click();
    const body = lastProducts.getByLabel('Received body');
    await expect(body).toContainText(`"CatalogID": "${catalogId}"`);
    await expect(body).toContainText('"IsLastBatch": true');
    await expect(lastProducts).toContainText('x-delivery-id:');
    await expectNoSeriousViolations(page);
    for (const width of [1440, 390]) {
      await page.setViewportSize({ width, height: 900 });
      await page.screenshot({ path: test.info().outputPath(`received-deliveries-${width}.png`), fullPage: true });
    }

    // The delivery configuration leads there too.
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.goto(`/admin/delivery-configurations/demo-receiver?${CONTEXT}`);
    await page.getByRole('link', { name: 'View received deliveries' }).click();
    await expect(page.getByRole('heading', { level: 2, name: 'Received deliveries' })).toBeVisible();
    await expect(page).toHaveURL(/\/self-service\/received-deliveries\?organization=demo-org&tenantName=demo-sandbox/);
  });

  test('the entity tab offers the server entities with None selected disabled and the first preselected', async ({
    page,
  }) => {
    test.setTimeout(90_000);
    // The demo marketplace's delivery configuration lets the tab offer the captcha; the missing buyer is what fails.
    await entityJourney(page);
  });

  test('on a marketplace with no delivery configuration each tab says so, with a link, before any captcha', async ({
    page,
  }) => {
    test.setTimeout(60_000);
    // demo-staging's demo data has no delivery configuration (only demo-sandbox sends to the built-in receiver).
    const staging = 'organization=demo-org&tenantName=demo-staging';
    await openSyncTools(page, DEMO_USERS.owner, staging);
    for (const tab of ['Product sync', 'Order sync', 'Entity sync']) {
      await page.getByRole('tab', { name: tab }).click();
      // Name the panel: the one being left can still be in the page for a moment.
      const panel = page.getByRole('tabpanel', { name: tab });
      await expect(panel.getByRole('note', { name: 'No delivery configuration' })).toContainText(
        'This marketplace has no delivery configuration, so a sync has nowhere to send its items',
      );
      await expect(panel.getByText("I'm not a robot")).toHaveCount(0);
      await expect(panel.getByRole('button', { name: 'Submit' })).toHaveCount(0);
    }
    await expectNoSeriousViolations(page);
    for (const width of [1440, 390]) {
      await page.setViewportSize({ width, height: 900 });
      await page.screenshot({ path: test.info().outputPath(`sync-tools-no-config-${width}.png`), fullPage: true });
    }
    await page.getByRole('link', { name: 'Delivery Configurations' }).click();
    await expect(page).toHaveURL(/\/admin\/delivery-configurations\?.*tenantName=demo-staging/);
  });
});

async function entityJourney(page: Page): Promise<void> {
  await openSyncTools(page, DEMO_USERS.owner);
  await page.getByRole('tab', { name: 'Entity sync' }).click();
  const entity = page.getByRole('combobox', { name: 'Entity' });
  await expect(entity).toHaveValue('Products');
  await expect(entity.getByRole('option', { name: 'None selected' })).toBeDisabled();
  await expect(page.getByRole('textbox', { name: 'Product ID' })).toBeVisible();
  await entity.selectOption('Users');
  const buyer = page.getByRole('textbox', { name: /Buyer ID/ });
  await expect(buyer).toBeVisible();
  await page.getByText("I'm not a robot").click();
  const submit = page.getByRole('button', { name: 'Submit' });
  // A solved captcha alone is not enough: the buyer is required.
  await expect(page.getByRole('checkbox', { name: 'Verified' })).toBeChecked({ timeout: 30_000 });
  await expect(submit).toBeDisabled();
  await buyer.fill('no-such-buyer');
  await expect(submit).toBeEnabled({ timeout: 30_000 });
  await submit.click();
  await expect(page.getByText('Not Found', { exact: true })).toBeVisible();
  await expect(buyer).toHaveValue('no-such-buyer');
  await expectNoSeriousViolations(page);
}

test.describe('sync tools without SyncAdmin', () => {
  test('a viewer without SyncAdmin sees the unauthorized text on each tab', async ({ page }) => {
    await openSyncTools(page, DEMO_USERS.viewer);
    for (const tab of ['Product sync', 'Order sync', 'Entity sync']) {
      await page.getByRole('tab', { name: tab }).click();
      await expect(page.getByRole('tabpanel', { name: tab }).getByText(UNAUTHORIZED)).toBeVisible();
      await expect(page.getByRole('button', { name: 'Submit' })).toHaveCount(0);
    }
    await expectNoSeriousViolations(page);
  });

  test('a viewer without SyncAdmin is told so on the received deliveries page, and sees none', async ({ page }) => {
    await signInAt(page, DEMO_USERS.viewer, `/self-service/received-deliveries?${CONTEXT}`);
    await expect(page.getByRole('heading', { level: 2, name: 'Received deliveries' })).toBeVisible();
    await expect(
      page.getByText('You are not authorized to view the deliveries the receiver got.', { exact: false }),
    ).toBeVisible();
    await expect(page.getByRole('list', { name: 'Received deliveries' })).toHaveCount(0);
  });
});
