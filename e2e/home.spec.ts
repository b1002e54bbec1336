import { expect, test } from '@playwright/test';
import { DEMO_USERS, signIn } from './sign-in.ts';
import { expectNoSeriousViolations } from './axe.ts';

test.describe('home dashboard', () => {
  test('the owner sees the API-access checklist with counts, states and console deep links', async ({ page }) => {
    await signIn(page, DEMO_USERS.owner);
    const checklist = page.getByRole('region', { name: 'Set up API access' });
    const steps = checklist.getByRole('listitem');
    await expect(steps).toHaveCount(5);

    // The seed has admin users, so that step is done; its count comes from Meta.TotalCount.
    const adminUser = checklist.getByRole('listitem', { name: 'Step 1: Create an admin user' });
    await expect(adminUser.getByText(/^Count: [1-9]\d*$/)).toBeVisible();
    await expect(adminUser.getByText('Completed')).toBeVisible();
    for (let index = 0; index < 5; index += 1) {
      await expect(steps.nth(index).getByText(/^Count: \d+$/)).toBeVisible();
      await expect(steps.nth(index).getByText(/^(Completed|Pending)$/)).toBeVisible();
    }
    await expect(checklist.getByText('You are not authorized to complete this step')).toHaveCount(0);

    await checklist.getByRole('link', { name: '4. Create a security profile' }).click();
    await expect(page).toHaveURL(/\/console\?/);
    const url = new URL(page.url());
    expect(url.searchParams.get('operationId')).toBe('SecurityProfiles.Create');
    expect(url.searchParams.get('resourceId')).toBe('SecurityProfiles');
    expect(url.searchParams.get('organization')).toBe('demo-org');
    expect(url.searchParams.get('tenantName')).toBe('demo-sandbox');
  });

  test('a viewer without platform roles is told to ask an organization administrator', async ({ page }) => {
    await signIn(page, DEMO_USERS.viewer);
    await expect(page.getByText('You have no platform roles')).toBeVisible();
    await expect(page.getByText(/Ask an organization administrator/)).toBeVisible();
    await expect(page.getByRole('region', { name: 'Set up API access' })).toHaveCount(0);
  });

  test('the knowledge base lists 5 articles and API versions 3 release notes', async ({ page }) => {
    await signIn(page, DEMO_USERS.owner);
    await expect(page.getByRole('list', { name: 'Latest articles' }).getByRole('listitem')).toHaveCount(5);
    await expect(page.getByRole('list', { name: 'Latest release notes' }).getByRole('listitem')).toHaveCount(3);
    await expect(page.getByRole('tab', { name: 'JavaScript' })).toBeVisible();
    await expect(page.getByRole('tab', { name: '.NET' })).toBeVisible();
  });

  test('has no serious or critical accessibility violations', async ({ page }) => {
    await signIn(page, DEMO_USERS.owner);
    // Audit the settled page, not the skeletons.
    await expect(page.getByRole('list', { name: 'Latest articles' })).toBeVisible();
    await expect(page.getByRole('list', { name: 'Latest release notes' })).toBeVisible();
    await expect(page.getByRole('region', { name: 'Set up API access' }).getByText(/^Count: /)).toHaveCount(5);
    await expectNoSeriousViolations(page);
  });
});
