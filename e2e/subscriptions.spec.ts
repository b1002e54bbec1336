import { expect, test, type Page } from '@playwright/test';
import { platformAdminWrite } from './platform-api.ts';
import { expectNoSeriousViolations } from './axe.ts';
import { DEMO_USERS, signInAt } from './sign-in.ts';

const CONTEXT = 'organization=demo-org&tenantName=demo-sandbox';
const UNAUTHORIZED =
  'You are not authorized to trigger the subscription integration job. Please contact your organization administrator to adjust your permissions.';
const REMAINING = /^You have (\d+) jobs? remaining this hour\.$/;

async function openSubscriptions(page: Page, email: string): Promise<void> {
  await signInAt(page, email, `/self-service/subscriptions?${CONTEXT}`);
  await expect(page.getByRole('heading', { level: 2, name: 'Subscription tools' })).toBeVisible();
}

async function remainingRuns(page: Page): Promise<number> {
  const status = page.getByText(REMAINING);
  await expect(status).toBeVisible();
  return Number(REMAINING.exec((await status.textContent()) ?? '')?.[1]);
}

// The integration is switched off in one journey and on again, so they do not run side by side.
test.describe.configure({ mode: 'serial' });

test.describe('subscription tools', () => {
  test('the owner processes subscriptions and sees the remaining runs go down', async ({ page }) => {
    test.setTimeout(90_000);
    await openSubscriptions(page, DEMO_USERS.owner);
    await expect(page.getByText('An Active Subscription Integration must exist for this job to run.')).toBeVisible();
    await expect(
      page.getByText('Only subscriptions with a NextOrderDate between now and 5 hours ago are processed.'),
    ).toBeVisible();
    await expect(page.getByText('The job can be triggered manually 10 times an hour.')).toBeVisible();
    const before = await remainingRuns(page);
    expect(before).toBeGreaterThan(0);

    const process = page.getByRole('button', { name: 'Process subscriptions' });
    await expect(process).toBeDisabled();
    await page.getByText("I'm not a robot").click();
    await expect(process).toBeEnabled({ timeout: 30_000 });
    await expectNoSeriousViolations(page);
    await process.click();

    await expect(
      page.getByText(
        `The subscription integration job has been triggered for your marketplace. You have ${before - 1} jobs remaining this hour.`,
      ),
    ).toBeVisible();
    expect(await remainingRuns(page)).toBe(before - 1);
    // The captcha starts over, so the button waits for a new answer.
    await expect(process).toBeDisabled();
    const runs = page.getByRole('region', { name: 'Recent subscription runs' });
    const manual = runs.getByRole('row').filter({ hasText: 'by owner@demo.example' }).first();
    await expect(manual).toContainText('Manual');
    await expect(manual.getByText(/^(Completed|Failed)$/)).toBeVisible({ timeout: 30_000 });
    await expectNoSeriousViolations(page);
  });

  test('Process subscriptions stays disabled while the subscription integration is not Active', async ({
    page,
    request,
    baseURL,
  }) => {
    const send = await platformAdminWrite(request, baseURL);
    await send('PATCH', '/integrations/subscription', { Active: false });
    try {
      await openSubscriptions(page, DEMO_USERS.owner);
      await expect(
        page.getByText('The subscription integration of this marketplace is not Active, so the job cannot run.'),
      ).toBeVisible();
      await page.getByText("I'm not a robot").click();
      await expect(page.getByRole('checkbox', { name: 'Verified' })).toBeChecked({ timeout: 30_000 });
      await expect(page.getByRole('button', { name: 'Process subscriptions' })).toBeDisabled();
    } finally {
      await send('PATCH', '/integrations/subscription', { Active: true });
    }
  });

  test('a viewer without SubscriptionAdmin sees the unauthorized text', async ({ page }) => {
    await openSubscriptions(page, DEMO_USERS.viewer);
    await expect(page.getByText(UNAUTHORIZED)).toBeVisible();
    await expect(page.getByRole('button', { name: 'Process subscriptions' })).toHaveCount(0);
    await expectNoSeriousViolations(page);
  });
});
