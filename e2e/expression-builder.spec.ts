import { expect, test, type Page } from '@playwright/test';
import { platformAdmin, platformAdminWrite } from './platform-api.ts';
import { DEMO_USERS, signInAt } from './sign-in.ts';
import { seriousViolations } from './axe.ts';

const CONTEXT = 'organization=demo-org&tenantName=demo-sandbox';

// Sign-in, the form, the builder's chunk and a save each take a few seconds on the shared machine.
test.describe.configure({ timeout: 90_000 });

interface Promotion {
  ID: string;
  Name: string;
  EligibleExpression: string;
  ValueExpression: string;
  LineItemLevel: boolean;
}

const builderOf = (page: Page, title: string) => page.getByRole('dialog', { name: title });

test.describe('Expression builder', () => {
  test('builds X% off category Y from its recipe, saves the promotion, and reads it back as the same tree', async ({
    page,
    request,
    baseURL,
  }) => {
    const send = await platformAdminWrite(request, baseURL);
    const get = await platformAdmin(request, baseURL);
    const id = `expr-journey-${Date.now()}`;
    await send('POST', '/promotions', {
      ID: id,
      Code: id,
      Name: 'Expression journey',
      EligibleExpression: 'order.Subtotal > 10',
      ValueExpression: '1',
      LineItemLevel: false,
    });
    try {
      await signInAt(page, DEMO_USERS.owner, `/admin/promotions/${id}?${CONTEXT}`);
      await expect(page.getByRole('heading', { level: 1, name: 'Expression journey' })).toBeVisible();

      // The existing expressions open as trees.
      await page.getByRole('button', { name: 'Expression Builder for Eligible Expression' }).click();
      let builder = builderOf(page, 'Promotion Expression Builder');
      await expect(builder.getByTestId('Eligible-expression')).toHaveText('order.Subtotal > 10');
      await expect(builder.getByTestId('Value-expression')).toHaveText('1');
      expect(await seriousViolations(page)).toEqual([]);

      // A recipe over the expressions there asks first; Cancel keeps them as they are.
      const recipe = builder.getByRole('combobox', { name: 'Recipe' });
      await recipe.selectOption({ label: 'X% off category Y' });
      const confirm = page.getByRole('alertdialog', { name: 'Replace the current expressions?' });
      await expect(
        confirm.getByText(
          'The recipe ‘X% off category Y’ replaces the Eligible Expression and Value Expression you have now.',
        ),
      ).toBeVisible();
      await confirm.getByRole('button', { name: 'Cancel' }).click();
      await expect(confirm).toBeHidden();
      const details = page.getByRole('dialog', { name: 'Enter details for recipe' });
      await expect(details).toBeHidden();
      await expect(builder.getByTestId('Eligible-expression')).toHaveText('order.Subtotal > 10');
      await expect(builder.getByTestId('Value-expression')).toHaveText('1');

      await recipe.selectOption({ label: 'X% off category Y' });
      await confirm.getByRole('button', { name: 'Replace' }).click();
      await expect(details.getByRole('button', { name: 'Apply' })).toBeDisabled();
      await details.getByLabel('Percent discount').fill('15');
      // The category is found by name among the categories of a catalog, which is found by name too.
      await details.getByRole('combobox', { name: 'Catalog' }).fill('Outdoor');
      await page.getByRole('option', { name: /Outdoor Gear/ }).click();
      const category = details.getByRole('combobox', { name: 'Category ID' });
      // The options follow the typing (debounced): the choice is made once they have settled on the match.
      await category.fill('Backpacking');
      await expect(async () => {
        await page.getByRole('option', { name: /Backpacking Tents/ }).click({ timeout: 2_000 });
        await expect(category).toHaveValue('backpacking-tents', { timeout: 1_000 });
      }).toPass({ timeout: 15_000 });
      expect(await seriousViolations(page)).toEqual([]);
      await details.getByRole('button', { name: 'Apply' }).click();
      await expect(details).toBeHidden();
      await expect(builder.getByTestId('Eligible-expression')).toHaveText(
        "item.Product.incategory('backpacking-tents')",
      );
      await expect(builder.getByTestId('Value-expression')).toHaveText('item.LineSubtotal * 0.15');
      await expect(builder.getByRole('checkbox', { name: 'Line Item Level' })).toBeChecked();
      expect(await seriousViolations(page)).toEqual([]);
      await builder.getByRole('button', { name: 'Save', exact: true }).click();
      await expect(builder).toBeHidden();

      // Written into the form; the form's Save sends them and the platform stores them.
      await expect(page.getByRole('textbox', { name: 'Eligible Expression' })).toHaveValue(
        "item.Product.incategory('backpacking-tents')",
      );
      await page.getByRole('button', { name: 'Save', exact: true }).click();
      await expect(page.getByText('Promotion saved')).toBeVisible();
      await expect
        .poll(async () => {
          const saved = (await get(`/promotions/${id}`)) as unknown as Promotion;
          return [saved.EligibleExpression, saved.ValueExpression, saved.LineItemLevel];
        })
        .toEqual(["item.Product.incategory('backpacking-tents')", 'item.LineSubtotal * 0.15', true]);

      // Reopened after a reload: the same tree (the category rule, the multiplication rule).
      await page.reload();
      await expect(page.getByRole('heading', { level: 1, name: 'Expression journey' })).toBeVisible();
      await page.getByRole('button', { name: 'Expression Builder for Value Expression' }).click();
      builder = builderOf(page, 'Promotion Expression Builder');
      const eligible = builder.getByRole('region', { name: 'Eligible Expression' });
      await expect(eligible.getByRole('combobox', { name: 'Field' })).toHaveValue('LineItem.Product.Category');
      // The category rule's value is the category picker.
      await expect(eligible.getByRole('combobox', { name: 'Value' })).toHaveValue('backpacking-tents');
      const value = builder.getByRole('region', { name: 'Value Expression' });
      await expect(value.getByRole('combobox', { name: 'Field' })).toHaveValue('LineItem.LineSubtotal');
      await expect(value.getByRole('combobox', { name: 'Operator' })).toHaveValue('*');
      await expect(value.getByRole('spinbutton', { name: 'Value' })).toHaveValue('0.15');

      // An invalid combination: a line item field outside items on an order-level promotion.
      // The switch's visible label, as a user clicks it (its input is visually hidden, and a forced click on it
      // can land outside the dialog's scrolled body).
      await builder.getByText('Line Item Level', { exact: true }).click();
      await expect(builder.getByRole('checkbox', { name: 'Line Item Level' })).not.toBeChecked();
      await expect(
        eligible.getByText(
          'LineItems, Products, Variants, and ShippingAddresses must use the line item group operators OR promotion must be set to line item level',
        ),
      ).toBeVisible();
      await expect(builder.getByRole('button', { name: 'Save', exact: true })).toBeDisabled();
      expect(await seriousViolations(page)).toEqual([]);
      await builder.getByRole('button', { name: 'Close' }).click();
      await expect(builder).toBeHidden();

      // The platform validates again: its 400 about the expression is shown and the form stays open.
      await page.getByRole('textbox', { name: 'Eligible Expression' }).fill('order.Subtotal >');
      await page.getByRole('button', { name: 'Save', exact: true }).click();
      // The platform's message (with its position) beside the field, which is marked invalid.
      await expect(page.getByText(/^EligibleExpression: .* at position 16/).first()).toBeVisible();
      await expect(page.getByRole('textbox', { name: 'Eligible Expression' })).toHaveAttribute('aria-invalid', 'true');
    } finally {
      await send('DELETE', `/promotions/${id}`).catch(() => undefined);
    }
  });

  test('edits an existing approval rule visually; a Min group refuses a third rule', async ({
    page,
    request,
    baseURL,
  }) => {
    const send = await platformAdminWrite(request, baseURL);
    const get = await platformAdmin(request, baseURL);
    const buyers = await get<{ ID: string }>('/buyers');
    const buyerId = buyers.Items[0]?.ID ?? '';
    const rules = await get<{ ID: string; RuleExpression: string; ApprovingGroupID: string }>(
      `/buyers/${buyerId}/approvalrules`,
    );
    const existing = rules.Items[0];
    if (!existing) throw new Error(`buyer ${buyerId} has no approval rule`);
    const id = `expr-rule-${Date.now()}`;
    await send('POST', `/buyers/${buyerId}/approvalrules`, {
      ID: id,
      Name: 'Expression journey rule',
      ApprovingGroupID: existing.ApprovingGroupID,
      RuleExpression: 'order.Total > 1000',
    });
    try {
      await signInAt(page, DEMO_USERS.owner, `/admin/buyers/${buyerId}/approval-rules/${id}?${CONTEXT}`);
      await expect(page.getByRole('heading', { level: 1, name: 'Expression journey rule' })).toBeVisible();
      await page.getByRole('button', { name: 'Expression Builder for Rule Expression' }).click();
      const builder = builderOf(page, 'Approval Rule Expression Builder');
      const rule = builder.getByRole('region', { name: 'Rule Expression' });
      await expect(rule.getByRole('combobox', { name: 'Field' })).toHaveValue('Order.Total');
      await rule.getByRole('spinbutton', { name: 'Value' }).fill('500');
      await expect(builder.getByTestId('Rule-expression')).toHaveText('order.Total > 500');
      await builder.getByRole('button', { name: 'Save', exact: true }).click();
      await page.getByRole('button', { name: 'Save', exact: true }).click();
      await expect(page.getByText('Approval Rule saved')).toBeVisible();
      await expect
        .poll(
          async () =>
            ((await get(`/buyers/${buyerId}/approvalrules/${id}`)) as unknown as { RuleExpression: string })
              .RuleExpression,
        )
        .toBe('order.Total > 500');
    } finally {
      await send('DELETE', `/buyers/${buyerId}/approvalrules/${id}`).catch(() => undefined);
    }

    // A promotion's Value expression with a min group: Add Rule is disabled at two.
    await page.goto(`/admin/promotions/save10?${CONTEXT}`);
    await page.getByRole('button', { name: 'Expression Builder for Value Expression' }).click();
    const promotion = builderOf(page, 'Promotion Expression Builder');
    const value = promotion.getByRole('region', { name: 'Value Expression' });
    await value.getByRole('button', { name: 'Add Group' }).click();
    await value.getByRole('combobox', { name: 'Group operator' }).selectOption('min');
    const addRules = value.getByRole('button', { name: 'Add Rule' });
    await addRules.nth(1).click();
    await addRules.nth(1).click();
    await expect(addRules.nth(1)).toBeDisabled();
    await expect(value.getByText('Min must have exactly two rules')).toBeHidden();
  });
  test('a product in a recipe and in a rule is picked by name', async ({ page, request, baseURL }) => {
    const get = await platformAdmin(request, baseURL);
    const products = await get<{ ID: string; Name: string }>('/products?pageSize=1&sortBy=Name');
    const product = products.Items[0];
    if (!product) throw new Error('the demo marketplace has no product');
    await signInAt(page, DEMO_USERS.owner, `/admin/promotions/save10?${CONTEXT}`);
    await page.getByRole('button', { name: 'Expression Builder for Eligible Expression' }).click();
    const builder = builderOf(page, 'Promotion Expression Builder');
    await builder.getByRole('combobox', { name: 'Recipe' }).selectOption({ label: '$X off product Y' });
    await page
      .getByRole('alertdialog', { name: 'Replace the current expressions?' })
      .getByRole('button', { name: 'Replace' })
      .click();
    const details = page.getByRole('dialog', { name: 'Enter details for recipe' });
    await details.getByLabel('Discount amount').fill('4');
    const picker = details.getByRole('combobox', { name: 'Product ID' });
    await picker.fill(product.Name);
    await page.getByRole('option', { name: product.Name }).first().click();
    await expect(picker).toHaveValue(product.ID);
    await details.getByRole('button', { name: 'Apply' }).click();
    await expect(builder.getByTestId('Eligible-expression')).toHaveText(`item.Product.ID = '${product.ID}'`);
    // In the rule the value is the same picker, holding the chosen ID.
    const eligible = builder.getByRole('region', { name: 'Eligible Expression' });
    await expect(eligible.getByRole('combobox', { name: 'Value' })).toHaveValue(product.ID);
    expect(await seriousViolations(page)).toEqual([]);
  });

  test('the preview says yes for an order that qualifies, no for one that does not, and agrees with the platform', async ({
    page,
    request,
    baseURL,
  }) => {
    const send = await platformAdminWrite(request, baseURL);
    const get = await platformAdmin(request, baseURL);
    // An open cart with no promotion yet that is not among the 20 newest orders, which the picker opens on:
    // it is found by searching.
    interface ListedOrder {
      ID: string;
      Status: string;
      LineItemCount: number;
      PromotionDiscount: number;
      Subtotal: number;
    }
    const newest = await get<ListedOrder>('/orders/Incoming?pageSize=20&sortBy=!DateCreated');
    const newestIds = new Set(newest.Items.map((candidate) => candidate.ID));
    const older = await get<ListedOrder>('/orders/Incoming?pageSize=100&sortBy=!DateCreated');
    const order = older.Items.find(
      (candidate) =>
        !newestIds.has(candidate.ID) &&
        candidate.Status === 'Unsubmitted' &&
        candidate.LineItemCount > 0 &&
        !candidate.PromotionDiscount,
    );
    if (!order) throw new Error('no unsubmitted order among the 100 newest but not the 20 newest');
    const id = `expr-preview-${Date.now()}`;
    await send('POST', '/promotions', {
      ID: id,
      Code: id,
      Name: 'Expression preview journey',
      EligibleExpression: 'order.Subtotal > 1',
      ValueExpression: 'order.Subtotal * 0.1',
      AllowAllBuyers: true,
      Active: true,
    });
    try {
      await signInAt(page, DEMO_USERS.owner, `/admin/promotions/${id}?${CONTEXT}`);
      await expect(page.getByRole('heading', { level: 1, name: 'Expression preview journey' })).toBeVisible();
      await page.getByRole('button', { name: 'Expression Builder for Eligible Expression' }).click();
      const builder = builderOf(page, 'Promotion Expression Builder');
      const preview = builder.getByRole('region', { name: 'Preview' });
      const picker = preview.getByRole('combobox', { name: 'Preview on order' });
      await picker.click();
      // It opens on the newest orders, without the older one; typing its ID finds it.
      await expect(preview.getByRole('option').first()).toBeVisible();
      await expect(preview.getByRole('option', { name: order.ID })).toHaveCount(0);
      await picker.fill(order.ID);
      await preview.getByRole('option', { name: order.ID }).click();
      await expect(picker).toHaveValue(order.ID);
      await expect(preview.getByText(/^Eligible: yes\. Discount: /)).toBeVisible();
      const shown = (await preview.getByText(/^Eligible: yes/).textContent()) ?? '';
      const previewed = Number(shown.replace(/^.*Discount: /, '').replace(/[^0-9.]/g, ''));
      expect(await seriousViolations(page)).toEqual([]);

      // The platform, adding the promotion to that order, gives the same amount.
      const added = await send<{ Amount: number }>('POST', `/orders/Incoming/${order.ID}/promotions/${id}`);
      expect(added?.Amount).toBe(previewed);
      await send('DELETE', `/orders/Incoming/${order.ID}/promotions/${id}`);

      // Raise the minimum past the order: the preview says no, and so does the platform.
      const eligible = builder.getByRole('region', { name: 'Eligible Expression' });
      await eligible.getByRole('spinbutton', { name: 'Value' }).fill('100000000');
      await expect(preview.getByText('Eligible: no.')).toBeVisible();
      // It names the rule that fails, with what the order has.
      await expect(
        preview.getByText(`Why: order.Subtotal > 100000000 does not hold (order.Subtotal is ${order.Subtotal}).`),
      ).toBeVisible();
      expect(await seriousViolations(page)).toEqual([]);
      await send('PATCH', `/promotions/${id}`, { EligibleExpression: 'order.Subtotal > 100000000' });
      await expect(send('POST', `/orders/Incoming/${order.ID}/promotions/${id}`)).rejects.toThrow(/NotEligible/);
    } finally {
      await send('DELETE', `/orders/Incoming/${order.ID}/promotions/${id}`).catch(() => undefined);
      await send('DELETE', `/promotions/${id}`).catch(() => undefined);
    }
  });
});
