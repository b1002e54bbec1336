import { expect, test, type Page } from '@playwright/test';
import { DEMO_USERS, signIn } from './sign-in.ts';

/** Every report the browser makes of something the Content-Security-Policy blocked, in any frame. */
function watchForCspViolations(page: Page): string[] {
  const violations: string[] = [];
  page.on('console', (message) => {
    if (/Content Security Policy|Content-Security-Policy/i.test(message.text())) violations.push(message.text());
  });
  page.on('pageerror', (error) => {
    if (/Content Security Policy|Refused to/i.test(error.message)) violations.push(error.message);
  });
  return violations;
}

test.describe('the portal under its Content-Security-Policy', () => {
  test('sign-in, home, the console and its JSON editor, colour mode and a tenant switch run without a violation', async ({
    page,
  }) => {
    test.setTimeout(90_000);
    const violations = watchForCspViolations(page);
    await page.emulateMedia({ colorScheme: 'light' });

    await signIn(page, DEMO_USERS.owner);
    await expect(
      page
        .getByRole('region', { name: 'Set up API access' })
        .getByText(/^Count: /)
        .first(),
    ).toBeVisible();
    await expect(page.getByRole('list', { name: 'Latest articles' })).toBeVisible();
    const home = await page.request.get('/');
    expect(home.headers()['content-security-policy']).toContain("script-src 'self'");
    expect(home.headers()['content-security-policy']).toContain("frame-ancestors 'none'");

    // The colour-mode script is a file now; it still sets the mode before the app starts.
    await page.getByRole('button', { name: 'Switch to dark mode' }).click();
    await page.reload();
    await expect(page.locator('html')).toHaveClass(/\bdark\b/);

    // The console reads the API description (cached in IndexedDB) and the JSON editor injects its styles.
    const query = new URLSearchParams({
      organization: 'demo-org',
      tenantName: 'demo-sandbox',
      operationId: 'Products.Create',
    });
    await page.goto(`/console?${query.toString()}`);
    await expect(page.getByText('Products.Create · /')).toBeVisible();
    await page.getByText('JSON mode').click();
    const editor = page.getByRole('textbox', { name: 'JSON body' });
    await editor.fill(JSON.stringify({ ID: `csp-${Date.now()}`, Name: 'Under the policy' }));
    await expect(page.getByText('JSON applied.')).toBeVisible();
    await page.reload();
    await expect(page.getByText('Products.Create · /')).toBeVisible();

    // A tenant switch signs in silently in a hidden frame of the portal's own page.
    await page.goto('/?organization=demo-org&tenantName=demo-sandbox');
    await page.getByRole('button', { name: 'Switch tenant' }).click();
    await page.getByRole('menuitem', { name: /staging/i }).click();
    await expect(page).toHaveURL(/tenantName=demo-staging/, { timeout: 20_000 });
    await expect(page.getByRole('main').getByText('Staging', { exact: true })).toBeVisible({ timeout: 20_000 });

    expect(violations).toEqual([]);
  });
});
