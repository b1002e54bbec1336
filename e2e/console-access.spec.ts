import { expect, test } from '@playwright/test';
import { DEMO_USERS, signInAt } from './sign-in.ts';

const CONTEXT = { organization: 'demo-org', tenantName: 'demo-sandbox' };

test.describe.configure({ timeout: 90_000 });

test.describe('Console: an operation the token in use cannot call', () => {
  test('a deep link to Products.Create while impersonating a buyer keeps Send disabled and says why', async ({
    page,
  }) => {
    await signInAt(page, DEMO_USERS.developer, `/console?${new URLSearchParams(CONTEXT).toString()}`);
    const panel = page.getByRole('region', { name: 'Impersonation' });
    await panel.getByRole('button', { name: 'Select context' }).click();
    const picker = page.getByRole('dialog', { name: 'Select context' });
    await picker.getByPlaceholder('Search API Clients...').fill('Storefront');
    await picker
      .getByRole('list', { name: 'API clients' })
      .getByRole('button', { name: 'demo-sandbox-storefront' })
      .click();
    await picker.getByPlaceholder('Search by username...').fill('buyer01');
    await picker
      .getByRole('list', { name: 'Users' })
      .getByRole('button', { name: /buyer01/ })
      .click();
    await picker.getByRole('button', { name: 'Apply' }).click();
    await expect(panel.getByText('On', { exact: true })).toBeVisible();

    const link = new URLSearchParams({ ...CONTEXT, resourceId: 'Products', operationId: 'Products.Create' });
    await page.goto(`/console?${link.toString()}`);
    await expect(page.getByText(/Products\.Create · /)).toBeVisible();
    await expect(
      page.getByText(
        /^The token in use has none of the roles this operation needs \(any one of FullAccess.*ProductAdmin/,
      ),
    ).toBeVisible();
    await expect(page.getByRole('button', { name: 'Send', exact: true })).toBeDisabled();
    await expect(page.getByTestId('request-log-entry')).toHaveCount(0);
  });
});
