import { expect, test, type Page } from '@playwright/test';
import { createHmac } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expectNoSeriousViolations } from './axe.ts';
import { DEMO_USERS, signInAt } from './sign-in.ts';

const STAGING = { organization: 'demo-org', tenantName: 'demo-staging' };
const UNAUTHORIZED =
  'You are not authorized to trigger the staging restore webhook. Please contact your organization administrator to adjust your permissions.';
// The receiver first refuses the test with a status of its own, so the page must show what the receiver said.
const RECEIVER_STATUS = 418;
const HASH_KEY = 'staging-journey-key';

interface Received {
  path: string;
  body: string;
  signature: string | undefined;
}

/** A receiver on this machine answering every POST with `answer.status` (RECEIVER_STATUS at first), keeping what arrived. */
async function startReceiver(): Promise<{
  url: string;
  received: Received[];
  server: Server;
  answer: { status: number };
}> {
  const received: Received[] = [];
  const answer = { status: RECEIVER_STATUS };
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const signature = request.headers['x-oc-hash'];
      received.push({
        path: request.url ?? '',
        body: Buffer.concat(chunks).toString('utf8'),
        signature: Array.isArray(signature) ? signature[0] : signature,
      });
      response.writeHead(answer.status).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}/post-restore`, received, server, answer };
}

async function openStagingRestore(page: Page, email: string): Promise<void> {
  await signInAt(page, email, `/self-service/staging-restore?${new URLSearchParams(STAGING).toString()}`);
  await expect(page.getByRole('heading', { level: 2, name: 'Post-Restore Webhook' })).toBeVisible();
}

// The owner's journeys share demo-staging's one post-restore webhook, so they do not run side by side.
test.describe.configure({ mode: 'serial' });

test.describe('staging restore', () => {
  test('the owner saves, tests and deletes the post-restore webhook on a Staging marketplace', async ({ page }) => {
    test.setTimeout(90_000);
    const receiver = await startReceiver();
    try {
      await openStagingRestore(page, DEMO_USERS.owner);
      const menu = page.getByRole('navigation', { name: 'Self-service tools' });
      await expect(menu.getByRole('link', { name: /Staging restore/ })).toContainText('BETA');
      await expect(page.getByText(/Each Sunday, after the staging restore/)).toBeVisible();
      const url = page.getByRole('textbox', { name: /URL/ });
      // The HashKey is a secret: a masked box, named by its label (not the Show button's).
      const hashKey = page.getByLabel(/^HashKey/);
      // A webhook left by an earlier run is removed first, so the journey starts from "not saved".
      if (await page.getByRole('button', { name: 'Delete' }).isVisible()) {
        await page.getByRole('button', { name: 'Delete' }).click();
        await expect(url).toHaveValue('');
      }
      await url.fill('https://');
      await url.fill('');
      await hashKey.focus();
      await expect(page.getByText('URL is required')).toBeVisible();
      await url.fill(receiver.url);
      await hashKey.fill(HASH_KEY);
      await page.getByRole('button', { name: 'Save' }).click();
      await expect(page.getByText('Staging restore webhook has been saved.')).toBeVisible();
      await expect(url).toHaveValue(receiver.url);
      await expect(page.getByRole('button', { name: 'Save' })).toBeDisabled();
      await expect(hashKey).toHaveAttribute('type', 'password');
      // The reveal button is reached by keyboard from the box and says what it does.
      await hashKey.focus();
      await page.keyboard.press('Tab');
      await expect(page.getByRole('button', { name: 'Show HashKey' })).toBeFocused();
      await page.keyboard.press('Enter');
      await expect(hashKey).toHaveAttribute('type', 'text');
      await expect(hashKey).toHaveValue(HASH_KEY);
      await page.getByRole('button', { name: 'Hide HashKey' }).click();
      await expect(hashKey).toHaveAttribute('type', 'password');
      await expectNoSeriousViolations(page);

      await page.getByRole('heading', { name: 'Test Your Webhook' }).scrollIntoViewIfNeeded();
      await page.getByRole('button', { name: 'Send Test Request' }).click();
      // A refusal: the failure, an error toast, and never the success toast beside it.
      const result = page.getByRole('status', { name: 'Test request result' });
      await expect(result).toContainText(`Failed: the receiver answered HTTP ${RECEIVER_STATUS}`);
      await expect(
        page.getByText('Staging restore webhook test was triggered, but the receiver refused it.'),
      ).toBeVisible();
      await expect(page.getByText('Staging restore webhook test was triggered successfully.')).toHaveCount(0);
      expect(receiver.received).toHaveLength(1);
      const [sample] = receiver.received;
      expect(sample?.path).toBe('/post-restore');
      expect(sample?.signature).toBe(
        createHmac('sha256', HASH_KEY)
          .update(sample?.body ?? '')
          .digest('base64'),
      );
      expect(JSON.parse(sample?.body ?? '{}')).toMatchObject({
        Event: 'StagingRestoreCompleted',
        Test: true,
        MarketplaceID: 'demo-staging',
      });
      const deliveries = page.getByRole('region', { name: 'Recent post-restore deliveries' });
      await expect(deliveries.getByRole('row').filter({ hasText: receiver.url }).first()).toContainText(
        String(RECEIVER_STATUS),
      );
      for (const width of [1440, 390]) {
        await page.setViewportSize({ width, height: 900 });
        await page.screenshot({ path: test.info().outputPath(`staging-restore-refused-${width}.png`), fullPage: true });
      }
      await page.setViewportSize({ width: 1440, height: 900 });

      // The receiver now accepts: the spec's success toast and a delivered result.
      receiver.answer.status = 200;
      await page.getByRole('button', { name: 'Send Test Request' }).click();
      await expect(result).toContainText('Delivered: the receiver accepted the test request (HTTP 200).');
      await expect(page.getByText('Staging restore webhook test was triggered successfully.')).toBeVisible();
      expect(receiver.received).toHaveLength(2);
      await expectNoSeriousViolations(page);

      await page.getByRole('button', { name: 'Delete' }).click();
      await expect(page.getByText('Staging restore webhook test was deleted successfully.')).toBeVisible();
      await expect(url).toHaveValue('');
      await expect(hashKey).toHaveValue('');
      await expect(page.getByRole('button', { name: 'Delete' })).toHaveCount(0);
      await expect(page.getByRole('button', { name: 'Send Test Request' })).toHaveCount(0);
      await expectNoSeriousViolations(page);
    } finally {
      receiver.server.close();
    }
  });

  test('the owner restores Staging from Production now, behind a confirmation and a captcha, and the webhook hears of it', async ({
    page,
  }) => {
    test.setTimeout(90_000);
    const receiver = await startReceiver();
    try {
      await openStagingRestore(page, DEMO_USERS.owner);
      const url = page.getByRole('textbox', { name: /URL/ });
      if (await page.getByRole('button', { name: 'Delete' }).isVisible()) {
        await page.getByRole('button', { name: 'Delete' }).click();
        await expect(url).toHaveValue('');
      }
      await url.fill(receiver.url);
      await page.getByLabel(/^HashKey/).fill(HASH_KEY);
      await page.getByRole('button', { name: 'Save' }).click();
      await expect(page.getByText('Staging restore webhook has been saved.')).toBeVisible();

      await page.getByRole('button', { name: 'Restore from Production now' }).click();
      const dialog = page.getByRole('dialog', { name: 'Restore Staging from Production?' });
      await expect(dialog).toBeVisible();
      await dialog.getByRole('button', { name: 'Cancel' }).click();
      await expect(dialog).toHaveCount(0);
      expect(receiver.received).toHaveLength(0);

      await page.getByRole('button', { name: 'Restore from Production now' }).click();
      const restore = dialog.getByRole('button', { name: 'Restore', exact: true });
      await expect(restore).toBeDisabled();
      await dialog.getByText("I'm not a robot").click();
      await expect(restore).toBeEnabled({ timeout: 30_000 });
      await expectNoSeriousViolations(page);
      await restore.click();
      await expect(page.getByText('The staging restore has completed.')).toBeVisible({ timeout: 30_000 });
      await expect(
        page.getByText(/copied from demo-production\. The post-restore webhook was notified\./),
      ).toBeVisible();
      await expect(dialog).toHaveCount(0);
      await expect.poll(() => receiver.received.length).toBe(1);
      expect(JSON.parse(receiver.received[0]?.body ?? '{}')).toMatchObject({
        Event: 'StagingRestoreCompleted',
        Test: false,
        MarketplaceID: 'demo-staging',
        SourceMarketplaceID: 'demo-production',
      });
      // Staging kept its own webhook settings through the restore.
      await page.reload();
      await expect(url).toHaveValue(receiver.url);
      await page.getByRole('button', { name: 'Delete' }).click();
      await expect(url).toHaveValue('');
    } finally {
      receiver.server.close();
    }
  });

  test('a Sandbox marketplace has no staging restore entry', async ({ page }) => {
    await signInAt(page, DEMO_USERS.owner, '/self-service/index-tools?organization=demo-org&tenantName=demo-sandbox');
    const menu = page.getByRole('navigation', { name: 'Self-service tools' });
    await expect(menu.getByRole('link', { name: 'Index tools' })).toBeVisible();
    await expect(menu.getByRole('link', { name: /Staging restore/ })).toHaveCount(0);
    // An address typed by hand shows why there is nothing to configure here.
    await page.goto('/self-service/staging-restore?organization=demo-org&tenantName=demo-sandbox');
    await expect(page.getByText('Staging restore is available for Staging marketplaces only.')).toBeVisible();
    await expect(page.getByRole('textbox', { name: /URL/ })).toHaveCount(0);
  });

  test('the viewer sees the unauthorized text', async ({ page }) => {
    await openStagingRestore(page, DEMO_USERS.viewer);
    await expect(page.getByText(UNAUTHORIZED)).toBeVisible();
    await expect(page.getByRole('textbox', { name: /URL/ })).toHaveCount(0);
    await expectNoSeriousViolations(page);
  });
});
