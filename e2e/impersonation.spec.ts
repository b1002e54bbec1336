import { expect, test, type Locator, type Page } from '@playwright/test';
import { DEMO_USERS, signInAt } from './sign-in.ts';

const STOREFRONT_CLIENT = 'demo-sandbox-storefront';

async function openConsole(page: Page, email: string): Promise<void> {
  await signInAt(
    page,
    email,
    `/console?${new URLSearchParams({ organization: 'demo-org', tenantName: 'demo-sandbox' }).toString()}`,
  );
  await expect(page.getByRole('heading', { level: 1, name: 'API console' })).toBeVisible();
}

function impersonationPanel(page: Page): Locator {
  return page.getByRole('region', { name: 'Impersonation' });
}

/** Opens the side panel, picks the storefront client and buyer01; returns the side panel. */
async function pickStorefrontBuyer(page: Page): Promise<Locator> {
  await impersonationPanel(page).getByRole('button', { name: 'Select context' }).click();
  const picker = page.getByRole('dialog', { name: 'Select context' });
  await expect(picker).toBeVisible();
  await picker.getByPlaceholder('Search API Clients...').fill('Storefront');
  const client = picker.getByRole('list', { name: 'API clients' }).getByRole('button', { name: STOREFRONT_CLIENT });
  await client.click();
  await expect(client).toHaveAttribute('aria-pressed', 'true');
  await picker.getByPlaceholder('Search by username...').fill('buyer01');
  return picker;
}

function buyer01Button(picker: Locator): Locator {
  return picker.getByRole('list', { name: 'Users' }).getByRole('button', { name: /buyer01/ });
}

async function sendMeGet(page: Page, count: number): Promise<Locator> {
  await page.getByRole('button', { name: 'Send', exact: true }).click();
  await expect(page.getByTestId('request-log-entry')).toHaveCount(count);
  await expect(page.getByTestId('request-status').first()).toHaveText(/^\d{3}$/);
  return page.getByRole('tabpanel').getByLabel('Response body');
}

test.describe('Console impersonation', () => {
  test('a developer impersonates buyer01, pauses, resumes and stops', async ({ page }) => {
    await openConsole(page, DEMO_USERS.developer);
    const picker = await pickStorefrontBuyer(page);
    await expect(picker.getByRole('list', { name: 'Users' }).getByRole('button')).toHaveCount(1);
    const user = buyer01Button(picker);
    await expect(user).toBeEnabled();
    await expect(user).toContainText('Buyer User');
    await user.click();
    await picker.getByRole('button', { name: 'Apply' }).click();
    await expect(picker).toBeHidden();

    const panel = impersonationPanel(page);
    await expect(panel).toContainText('Buyer User');
    await expect(panel).toContainText('buyer01');
    await expect(panel.getByText('On', { exact: true })).toBeVisible();

    await page
      .getByRole('navigation', { name: 'Console resources' })
      .getByRole('button', { name: 'Me', exact: true })
      .click();
    await page.getByRole('combobox', { name: 'Operation' }).fill('Me.Get');
    await page.getByRole('option', { name: /Me\.Get$/ }).click();
    await expect(page.getByText('Me.Get · /')).toBeVisible();

    let body = await sendMeGet(page, 1);
    await expect(page.getByTestId('request-status').first()).toHaveText('200');
    await expect(body).toContainText('"Username": "buyer01"');

    // Paused: the developer's own token goes out again, which is not buyer01.
    await panel.getByRole('button', { name: 'Pause' }).click();
    await expect(panel.getByText('Paused', { exact: true })).toBeVisible();
    body = await sendMeGet(page, 2);
    await expect(body).toContainText('"Username": "dev@demo.example"');
    await expect(body).not.toContainText('"Username": "buyer01"');

    await panel.getByRole('button', { name: 'Resume' }).click();
    await expect(panel.getByText('On', { exact: true })).toBeVisible();
    body = await sendMeGet(page, 3);
    await expect(page.getByTestId('request-status').first()).toHaveText('200');
    await expect(body).toContainText('"Username": "buyer01"');

    await panel.getByRole('button', { name: 'Stop' }).click();
    await expect(panel.getByRole('button', { name: 'Select context' })).toBeVisible();
    await expect(panel).not.toContainText('buyer01');
  });

  test('a viewer without grants cannot apply a buyer context', async ({ page }) => {
    await openConsole(page, DEMO_USERS.viewer);
    const picker = await pickStorefrontBuyer(page);
    // The picker says up front why no user can be chosen, and the portal refuses the user list (403) itself.
    await expect(picker.getByText(/None of your role groups grants Impersonate Buyer/)).toBeVisible();
    await expect(picker.getByText(/You do not have permission to see the users of this API client/)).toBeVisible();
    const users = picker.getByRole('list', { name: 'Users' }).getByRole('button');
    for (const user of await users.all()) await expect(user).toBeDisabled();
    await expect(picker.getByRole('button', { name: 'Apply' })).toBeDisabled();
    await picker.getByRole('button', { name: 'Cancel' }).click();
    await expect(impersonationPanel(page).getByRole('button', { name: 'Select context' })).toBeVisible();
  });
});
