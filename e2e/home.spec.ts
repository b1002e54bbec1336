import { expect, test } from '@playwright/test';
import { readdirSync, readFileSync } from 'node:fs';
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

  test('a knowledge-base link opens its article and a release note its page, inside the portal', async ({ page }) => {
    await signIn(page, DEMO_USERS.owner);
    const articles = page.getByRole('list', { name: 'Latest articles' });
    const first = articles.getByRole('link').first();
    const title = (await first.textContent()) ?? '';
    expect(title).not.toBe('');
    await first.click();
    await expect(page).toHaveURL(/\/articles\/[a-z0-9-]+\?organization=demo-org&tenantName=demo-sandbox$/);
    await expect(page.getByRole('heading', { level: 1, name: title, exact: true })).toBeVisible();
    // The body is rendered markdown: its sections are headings below the title, its text paragraphs.
    const article = page.getByRole('article', { name: title });
    await expect(article.getByRole('heading', { level: 2 }).first()).toBeVisible();
    await expect(article.getByText(/^Published \d{1,2} [A-Z][a-z]{2,3} \d{4}$/)).toBeVisible();
    await expect(page.getByRole('navigation', { name: 'Breadcrumb' })).toContainText('Knowledge base');
    await page.screenshot({ path: test.info().outputPath('article-1440.png'), fullPage: true });
    await expectNoSeriousViolations(page);

    await page.getByRole('navigation', { name: 'Primary' }).getByRole('link', { name: 'Home' }).click();
    const notes = page.getByRole('list', { name: 'Latest release notes' });
    const newest = notes.getByRole('link').first();
    const version = ((await newest.textContent()) ?? '').replace(/^Version /, '');
    expect(version).toMatch(/^\d+\.\d+\.\d+$/);
    await newest.click();
    await expect(page).toHaveURL(
      new RegExp(`/release-notes/${version.replaceAll('.', '\\.')}\\?organization=demo-org`),
    );
    await expect(page.getByRole('heading', { level: 1, name: new RegExp(`^Version ${version}: `) })).toBeVisible();
    await expect(page.getByText(/^Released \d{1,2} [A-Z][a-z]{2,3} \d{4}$/)).toBeVisible();

    // A longer article with a table and code: the table is named by its header and keyboard-scrollable.
    await page.goto('/articles/authentication-and-roles?organization=demo-org&tenantName=demo-sandbox');
    await expect(page.getByRole('heading', { level: 1, name: 'Authentication, API clients and roles' })).toBeVisible();
    const grants = page.getByRole('region', { name: 'Table: Application, Grant' });
    await expect(grants.getByRole('cell', { name: 'Server-to-server integration' })).toBeVisible();
    await expect(grants.getByRole('columnheader', { name: 'Grant' })).toBeVisible();
    await expectNoSeriousViolations(page);

    // An address naming no article says so, with a way on; it is not an error.
    await page.goto('/articles/no-such-article?organization=demo-org&tenantName=demo-sandbox');
    await expect(page.getByRole('heading', { level: 1, name: 'Article not found' })).toBeVisible();
    await page.getByRole('link', { name: 'See all articles' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Knowledge base' })).toBeVisible();
    const shipped = readdirSync(new URL('../apps/server/src/content/articles/', import.meta.url)).filter((name) =>
      name.endsWith('.md'),
    );
    await expect(page.getByRole('list', { name: 'Articles' }).getByRole('listitem')).toHaveCount(shipped.length);
  });

  test('the SDK tab names the package the README installs', async ({ page }) => {
    const readme = readFileSync(new URL('../README.md', import.meta.url), 'utf8');
    const installed = /npm install ([@a-z0-9/_.-]+)/.exec(readme)?.[1];
    expect(installed).toBeTruthy();
    await signIn(page, DEMO_USERS.owner);
    const sdk = page.getByRole('region', { name: 'Install an SDK' });
    await expect(sdk.getByRole('tabpanel')).toHaveText(`npm install ${installed}`);
    await sdk.getByRole('tab', { name: '.NET' }).click();
    await expect(sdk.getByRole('tabpanel')).toHaveText('dotnet add package OrderCloud.SDK');
  });

  test('the marketplace card is in view without scrolling at 1440 x 900', async ({ page }) => {
    await page.setViewportSize({ width: 1440, height: 900 });
    await signIn(page, DEMO_USERS.owner);
    const card = page.getByRole('region', { name: 'Your marketplace', exact: true });
    await expect(card.getByText('demo-sandbox', { exact: true })).toBeVisible();
    const box = await card.boundingBox();
    expect(box).not.toBeNull();
    expect((box?.y ?? 0) + (box?.height ?? 0)).toBeLessThanOrEqual(900);
    await page.screenshot({ path: test.info().outputPath('home-1440.png') });
    await page.setViewportSize({ width: 390, height: 844 });
    await expect(card).toBeVisible();
    await page.screenshot({ path: test.info().outputPath('home-390.png'), fullPage: true });
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
