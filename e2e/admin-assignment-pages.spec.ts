import { expect, test, type Page } from '@playwright/test';
import { platformAdmin, platformAdminWrite, firstDemoBuyer } from './platform-api.ts';
import { DEMO_USERS, signIn, signInAt } from './sign-in.ts';
import { seriousViolations } from './axe.ts';

const CONTEXT = 'organization=demo-org&tenantName=demo-sandbox';

/** A suffix that keeps this run's arranged items apart from other runs'. */
const run = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;

function buyerUser(id: string, firstName: string) {
  return { ID: id, Username: id, FirstName: firstName, LastName: 'Member', Email: 'member@example.com', Active: true };
}

/** Chooses the switcher's user group through the 'Select User Group' modal. */
async function chooseGroup(page: Page, group: { ID: string; Name: string }): Promise<void> {
  await page.getByRole('button', { name: 'Select User Group' }).click();
  const modal = page.getByRole('dialog', { name: 'Select User Group' });
  await modal.getByLabel('Search User Group').fill(group.Name);
  await modal.getByRole('button', { name: new RegExp(group.ID) }).click();
  await expect(modal).toBeHidden();
  await expect(page.getByText(`User Group: ${group.Name}`)).toBeVisible();
}

test.describe('Marketplace explorer: assignment pages', () => {
  test.setTimeout(90_000);

  test("adds a user to a user group from the buyer's users with the switcher, and the user's tab shows it", async ({
    page,
    request,
    baseURL,
  }) => {
    const list = await platformAdmin(request, baseURL);
    const send = await platformAdminWrite(request, baseURL);
    const buyer = (await list<{ ID: string }>('/buyers?pageSize=1')).Items[0];
    if (!buyer) throw new Error('The demo data has no buyer.');
    const user = buyerUser(`e2e-a2-user-${run}`, 'Switcher');
    const group = { ID: `e2e-a2-group-${run}`, Name: `Switcher group ${run}` };
    await send('POST', `/buyers/${buyer.ID}/users`, user);
    await send('POST', `/buyers/${buyer.ID}/usergroups`, group);
    try {
      await signInAt(page, DEMO_USERS.owner, `/admin/buyers/${buyer.ID}/users?s=${user.ID}&${CONTEXT}`);
      await expect(page.getByText('Select a User Group to view Users')).toBeVisible({ timeout: 20_000 });
      // No Assignment column before a group is chosen.
      await expect(page.getByRole('columnheader', { name: 'Assignment' })).toHaveCount(0);
      await chooseGroup(page, group);
      await expect(page).toHaveURL(new RegExp(`assign-UserGroupID=${group.ID}`));

      const row = page.getByRole('row').filter({ hasText: user.ID });
      await expect(row.getByText('Not assigned')).toBeVisible();
      await row.getByRole('button', { name: 'Assign Switcher Member' }).click();
      await expect(row.getByText('Assigned', { exact: true })).toBeVisible();
      const saved = await list(`/buyers/${buyer.ID}/usergroups/assignments?userID=${user.ID}`);
      expect(saved.Items).toEqual([{ UserGroupID: group.ID, UserID: user.ID }]);

      // The choice survives a reload: it is in the URL, and the column reads what the platform holds.
      await page.reload();
      await expect(page.getByText(`User Group: ${group.Name}`)).toBeVisible({ timeout: 20_000 });
      await expect(row.getByText('Assigned', { exact: true })).toBeVisible();

      // The grid's cards carry the same selection box and Assignment state.
      await page.getByText('Grid', { exact: true }).click();
      await expect(page.getByRole('checkbox', { name: 'Select all on this page' })).toBeVisible();
      await expect(page.getByRole('checkbox', { name: 'Select Switcher Member' })).toBeVisible();
      await expect(page.getByRole('button', { name: 'Unassign Switcher Member' })).toBeVisible();

      await page.goto(`/admin/buyers/${buyer.ID}/users/${user.ID}/user-groups?${CONTEXT}`);
      await expect(
        page.getByRole('row').filter({ hasText: group.ID }).getByRole('link', { name: group.Name }),
      ).toBeVisible({ timeout: 20_000 });
    } finally {
      await send('DELETE', `/buyers/${buyer.ID}/usergroups/${group.ID}`);
      await send('DELETE', `/buyers/${buyer.ID}/users/${user.ID}`);
    }
  });

  test('assigns three rows at once; the one the server refuses is reported and the others stay assigned', async ({
    page,
    request,
    baseURL,
  }) => {
    const list = await platformAdmin(request, baseURL);
    const send = await platformAdminWrite(request, baseURL);
    const buyer = (await list<{ ID: string }>('/buyers?pageSize=1')).Items[0];
    if (!buyer) throw new Error('The demo data has no buyer.');
    const prefix = `e2e-a2-bulk-${run}`;
    const users = [
      buyerUser(`${prefix}-1`, 'First'),
      buyerUser(`${prefix}-2`, 'Second'),
      buyerUser(`${prefix}-3`, 'Third'),
    ];
    const group = { ID: `${prefix}-group`, Name: `Bulk group ${run}` };
    for (const user of users) await send('POST', `/buyers/${buyer.ID}/users`, user);
    await send('POST', `/buyers/${buyer.ID}/usergroups`, group);
    const [first, gone, third] = users as [(typeof users)[0], (typeof users)[0], (typeof users)[0]];
    try {
      await signInAt(page, DEMO_USERS.owner, `/admin/buyers/${buyer.ID}/users?s=${prefix}&${CONTEXT}`);
      await expect(page.getByText('Select a User Group to view Users')).toBeVisible({ timeout: 20_000 });
      await chooseGroup(page, group);
      const body = page.getByRole('rowgroup').nth(1);
      await expect(body.getByRole('row')).toHaveCount(3);
      await expect(body.getByText('Not assigned')).toHaveCount(3);

      // By keyboard: the header's box takes focus and Space checks it (and every row of the page).
      await page.getByRole('checkbox', { name: 'Select all on this page' }).press('Space');
      for (const user of users) {
        await expect(page.getByRole('checkbox', { name: `Select ${user.FirstName} Member` })).toBeChecked();
      }
      await expect(page.getByText('3 selected')).toBeVisible();

      // The platform refuses the second row: its user is deleted after the page has listed it.
      await send('DELETE', `/buyers/${buyer.ID}/users/${gone.ID}`);
      await page.getByRole('button', { name: 'Assign selected', exact: true }).click();

      const summary = page.getByRole('status').filter({ hasText: 'Assigned 2 of 3. 1 failed.' });
      await expect(summary).toBeVisible();
      await expect(summary.getByRole('listitem')).toHaveCount(1);
      await expect(summary.getByRole('listitem')).toContainText(gone.ID);
      await expect(summary.getByRole('listitem')).toContainText(/not found/i);

      const rowOf = (id: string) => body.getByRole('row').filter({ hasText: id });
      await expect(rowOf(first.ID).getByText('Assigned', { exact: true })).toBeVisible();
      await expect(rowOf(third.ID).getByText('Assigned', { exact: true })).toBeVisible();
      await expect(rowOf(gone.ID).getByText(/^Failed: .*not found/i)).toBeVisible();
      const saved = await list<{ UserID: string }>(
        `/buyers/${buyer.ID}/usergroups/assignments?userGroupID=${group.ID}`,
      );
      expect(saved.Items.map((record) => record.UserID).sort()).toEqual([first.ID, third.ID]);

      // The page with its switcher, columns, per-row results and summary, in light and dark mode.
      expect(await seriousViolations(page), 'light').toEqual([]);
      await page.getByRole('button', { name: 'Switch to dark mode' }).click();
      await expect(page.locator('html')).toHaveClass(/dark/);
      expect(await seriousViolations(page), 'dark').toEqual([]);
      await page.getByRole('button', { name: 'Switch to light mode' }).click();

      // Only the refused row stays selected after the run, for a retry; the page's box selects every row again.
      await expect(page.getByText('1 selected')).toBeVisible();
      await page.getByRole('checkbox', { name: 'Select all on this page' }).check();
      // Unassigning the selection asks first, then removes both assignments.
      await page.getByRole('button', { name: 'Unassign selected' }).click();
      const confirm = page.getByRole('alertdialog', { name: 'Are you sure?' });
      await confirm.getByRole('button', { name: 'Delete User Assignment' }).click();
      await expect(page.getByRole('status').filter({ hasText: 'Unassigned 2 of 3.' })).toBeVisible();
      await expect
        .poll(
          async () =>
            (await list(`/buyers/${buyer.ID}/usergroups/assignments?userGroupID=${group.ID}`)).Meta.TotalCount,
        )
        .toBe(0);
    } finally {
      await send('DELETE', `/buyers/${buyer.ID}/usergroups/${group.ID}`);
      for (const user of [first, third]) await send('DELETE', `/buyers/${buyer.ID}/users/${user.ID}`);
    }
  });
  test("a catalog's categories: a buyer, then one of its user groups, each with its own assignments", async ({
    page,
    request,
    baseURL,
  }) => {
    const list = await platformAdmin(request, baseURL);
    const send = await platformAdminWrite(request, baseURL);
    const buyer = await firstDemoBuyer(list);
    const catalog = { ID: `e2e-a2-catalog-${run}`, Name: `Switcher catalog ${run}` };
    const [company, grouped] = [
      { ID: `e2e-a2-cat-company-${run}`, Name: 'Company category' },
      { ID: `e2e-a2-cat-group-${run}`, Name: 'Group category' },
    ] as const;
    const group = { ID: `e2e-a2-catgroup-${run}`, Name: `Category group ${run}` };
    await send('POST', '/catalogs', catalog);
    for (const category of [company, grouped]) await send('POST', `/catalogs/${catalog.ID}/categories`, category);
    await send('POST', `/buyers/${buyer.ID}/usergroups`, group);
    const records = `/catalogs/${catalog.ID}/categories/assignments?buyerID=${buyer.ID}`;
    try {
      await signInAt(page, DEMO_USERS.owner, `/admin/catalogs/${catalog.ID}/categories?${CONTEXT}`);
      await expect(page.getByText('Select a Buyer to view Categories')).toBeVisible({ timeout: 20_000 });
      await page.getByRole('button', { name: 'Select Buyer' }).click();
      const buyers = page.getByRole('dialog', { name: 'Select Buyer' });
      await buyers.getByLabel('Search Buyer').fill(buyer.Name);
      await buyers
        .getByRole('button', { name: new RegExp(buyer.ID) })
        .first()
        .click();
      await expect(page.getByText(`Buyer: ${buyer.Name}`)).toBeVisible();

      const body = page.getByRole('rowgroup').nth(1);
      const rowOf = (id: string) => body.getByRole('row').filter({ hasText: id });
      await rowOf(company.ID)
        .getByRole('button', { name: `Assign ${company.Name}` })
        .click();
      await expect(rowOf(company.ID).getByText('Assigned', { exact: true })).toBeVisible();
      await expect
        .poll(
          async () =>
            (await list<{ CategoryID: string; UserGroupID?: string | null }>(`${records}&level=Company`)).Items,
        )
        .toEqual([expect.objectContaining({ CategoryID: company.ID, BuyerID: buyer.ID })]);

      // Narrowed to one of the buyer's groups, the column shows the group's assignments, not the buyer's.
      await page.getByRole('button', { name: 'Select User Group' }).click();
      const groups = page.getByRole('dialog', { name: 'Select User Group' });
      await groups.getByLabel('Search User Group').fill(group.Name);
      await groups.getByRole('button', { name: new RegExp(group.ID) }).click();
      await expect(page.getByText(`User Group: ${group.Name}`)).toBeVisible();
      await expect(rowOf(company.ID).getByText('Not assigned')).toBeVisible();
      await rowOf(grouped.ID)
        .getByRole('button', { name: `Assign ${grouped.Name}` })
        .click();
      await expect(rowOf(grouped.ID).getByText('Assigned', { exact: true })).toBeVisible();
      await expect
        .poll(async () => (await list(`${records}&userGroupID=${group.ID}&level=Group`)).Items)
        .toEqual([expect.objectContaining({ CategoryID: grouped.ID, UserGroupID: group.ID })]);

      await page.getByRole('button', { name: 'Clear User Group' }).click();
      await expect(rowOf(company.ID).getByText('Assigned', { exact: true })).toBeVisible();
      await expect(rowOf(grouped.ID).getByText('Not assigned')).toBeVisible();
    } finally {
      await send('DELETE', `/catalogs/${catalog.ID}`);
      await send('DELETE', `/buyers/${buyer.ID}/usergroups/${group.ID}`);
    }
  });
  test("the developer (no user group roles) gets the platform's refusal and no assign controls on a buyer's users", async ({
    page,
    request,
    baseURL,
  }) => {
    const list = await platformAdmin(request, baseURL);
    const buyer = (await list<{ ID: string }>('/buyers?pageSize=1')).Items[0];
    const group = buyer && (await list<{ ID: string }>(`/buyers/${buyer.ID}/usergroups?pageSize=1`)).Items[0];
    if (!buyer || !group) throw new Error('The demo data has no buyer user group.');
    await signIn(page, DEMO_USERS.developer);
    // A link that carries the choice, as a colleague might share it.
    await page.goto(`/admin/buyers/${buyer.ID}/users?assign-UserGroupID=${group.ID}&${CONTEXT}`);
    await expect(page.getByRole('alert')).toContainText('User does not have role(s) required to perform this action.', {
      timeout: 20_000,
    });
    const body = page.getByRole('rowgroup').nth(1);
    await expect(body.getByText('Unknown').first()).toBeVisible();
    await expect(body.getByText('Not assigned')).toHaveCount(0);
    await expect(page.getByRole('checkbox')).toHaveCount(0);
    await expect(page.getByRole('button', { name: /^Assign/ })).toHaveCount(0);
    // The switcher, the alert and the wider table fit a phone: the table scrolls in its own box.
    await page.setViewportSize({ width: 390, height: 844 });
    await expect
      .poll(() => page.evaluate<number>('document.documentElement.scrollWidth - document.documentElement.clientWidth'))
      .toBe(0);
  });
});
