import { expect, test, type Page } from '@playwright/test';
import { createHmac } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { platformAdmin, platformAdminWrite } from './platform-api.ts';
import { expectNoSeriousViolations } from './axe.ts';
import { DEMO_USERS, signIn } from './sign-in.ts';

const CONTEXT = 'organization=demo-org&tenantName=demo-sandbox';
const UNAUTHORIZED =
  'You are not authorized to trigger product, order, or entity syncs. Please contact your organization administrator to adjust your permissions.';
const RECEIVER_STATUS = 202;
const SECRET = 'sync-journey-secret';

interface Received {
  body: string;
  signature: string | undefined;
}

/** A receiver on this machine answering every POST with RECEIVER_STATUS, keeping what arrived. */
async function startReceiver(): Promise<{ server: Server; url: string; received: Received[] }> {
  const received: Received[] = [];
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const hash = request.headers['x-oc-hash'];
      received.push({ body: Buffer.concat(chunks).toString('utf8'), signature: Array.isArray(hash) ? hash[0] : hash });
      response.writeHead(RECEIVER_STATUS).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { server, url: `http://127.0.0.1:${port}/sync`, received };
}

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
  test('the owner syncs a catalog and watches the run deliver it, signed, to the receiver', async ({
    page,
    request,
    baseURL,
  }) => {
    test.setTimeout(120_000);
    const receiver = await startReceiver();
    const send = await platformAdminWrite(request, baseURL);
    const list = await platformAdmin(request, baseURL);
    const config = await send<{ ID: string }>('POST', '/integrations/deliveryconfig', {
      Name: 'Sync journey receiver',
      Enabled: true,
      DeliveryTargets: { Http: { Endpoint: receiver.url, Secret: SECRET } },
    });
    try {
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
      await expect(submit).toBeDisabled();

      const run = page
        .getByRole('listitem')
        .filter({ hasText: `CatalogID: ${catalogId}` })
        .first();
      await expect(run.getByLabel('Status: Completed')).toBeVisible({ timeout: 60_000 });
      await run.getByRole('button', { name: 'Show deliveries' }).click();
      const deliveries = run.getByRole('region', { name: 'Deliveries of Products' });
      await expect(deliveries.getByRole('cell', { name: String(RECEIVER_STATUS), exact: true }).first()).toBeVisible();
      await expect(deliveries.getByRole('cell', { name: 'Delivered', exact: true }).first()).toBeVisible();
      await expectNoSeriousViolations(page);

      // What arrived is the catalog's products, each batch signed with the configuration's secret.
      const batches = receiver.received.map(({ body, signature }) => {
        expect(signature).toBe(createHmac('sha256', SECRET).update(body).digest('base64'));
        return JSON.parse(body) as { Entity: string; Parameters: Record<string, string>; Items: unknown[] };
      });
      const ours = batches.filter((batch) => batch.Parameters.CatalogID === catalogId);
      expect(ours.length).toBeGreaterThan(0);
      const delivered = ours.reduce((sum, batch) => sum + batch.Items.length, 0);
      await expect(run).toContainText(`${delivered} delivered`);
    } finally {
      if (config) await send('DELETE', `/integrations/deliveryconfig/${encodeURIComponent(config.ID)}`);
      receiver.server.close();
    }
  });

  test('the entity tab offers the server entities with None selected disabled and the first preselected', async ({
    page,
    request,
    baseURL,
  }) => {
    test.setTimeout(90_000);
    // A configuration to send to, so the tab offers the captcha; the buyer that does not exist is what fails.
    const send = await platformAdminWrite(request, baseURL);
    const config = await send<{ ID: string }>('POST', '/integrations/deliveryconfig', {
      Name: 'Entity journey receiver',
      Enabled: true,
      DeliveryTargets: { Http: { Endpoint: 'http://127.0.0.1:9/never-called', Secret: SECRET } },
    });
    try {
      await entityJourney(page);
    } finally {
      if (config) await send('DELETE', `/integrations/deliveryconfig/${encodeURIComponent(config.ID)}`);
    }
  });

  test('on a marketplace with no delivery configuration each tab says so, with a link, before any captcha', async ({
    page,
  }) => {
    test.setTimeout(60_000);
    // demo-staging's demo data has no delivery configuration (the sandbox journeys add theirs on demo-sandbox).
    const staging = 'organization=demo-org&tenantName=demo-staging';
    await openSyncTools(page, DEMO_USERS.owner, staging);
    for (const tab of ['Product sync', 'Order sync', 'Entity sync']) {
      await page.getByRole('tab', { name: tab }).click();
      const panel = page.getByRole('tabpanel');
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
      await expect(page.getByRole('tabpanel').getByText(UNAUTHORIZED)).toBeVisible();
      await expect(page.getByRole('button', { name: 'Submit' })).toHaveCount(0);
    }
    await expectNoSeriousViolations(page);
  });
});
