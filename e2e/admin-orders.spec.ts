import { expect, test, type Page } from '@playwright/test';
import { platformAdmin } from './platform-api.ts';
import { DEMO_USERS, signIn } from './sign-in.ts';

const CONTEXT = 'organization=demo-org&tenantName=demo-sandbox';

async function open(page: Page, path: string): Promise<void> {
  await page.goto(`${path}?${CONTEXT}`);
}

function rows(page: Page) {
  return page.getByRole('main').getByRole('row', { name: /^Open / });
}

interface Order {
  ID: string;
  Status: string;
  Total: number;
}

test.describe('Marketplace explorer: orders and shipments', () => {
  test('an incoming order reads without editing, with its line items and payments', async ({
    page,
    request,
    baseURL,
  }) => {
    const list = await platformAdmin(request, baseURL);
    const completed = await list<Order>('/orders/Incoming?Status=Completed&pageSize=20');
    let order: Order | undefined;
    for (const candidate of completed.Items) {
      const payments = await list(`/orders/Incoming/${candidate.ID}/payments?pageSize=1`);
      if (payments.Meta.TotalCount > 0) {
        order = candidate;
        break;
      }
    }
    if (!order) throw new Error('The demo data has no completed order with a payment.');
    const total = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' }).format(order.Total);

    await signIn(page, DEMO_USERS.owner);
    await open(page, `/admin/orders/incoming/${order.ID}`);
    const summary = page.getByRole('region', { name: 'Order summary' });
    await expect(summary).toBeVisible();
    await expect(summary).toContainText('Completed');
    await expect(summary).toContainText(total);
    // Read-only: no form controls and no Save or Delete.
    await expect(page.getByRole('main').getByRole('textbox')).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Save' })).toHaveCount(0);
    await expect(page.getByRole('button', { name: /^Delete/ })).toHaveCount(0);

    const sections = page.getByRole('navigation', { name: 'Order sections' });
    for (const tab of ['Line Items', 'Promotions', 'Approvers', 'Approvals', 'Payments', 'Shipments']) {
      await expect(sections.getByRole('link', { name: tab, exact: true })).toBeVisible();
    }

    await sections.getByRole('link', { name: 'Line Items', exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`/admin/orders/incoming/${order.ID}/line-items`));
    await rows(page).first().click();
    const lineItem = page.getByRole('region', { name: 'Line item summary' });
    await expect(lineItem).toBeVisible();
    await expect(lineItem).toContainText(/Unit price\s*\$[\d,]+\.\d\d/);
    await expect(page.getByRole('button', { name: 'Save' })).toHaveCount(0);

    await open(page, `/admin/orders/incoming/${order.ID}/payments`);
    await rows(page).first().click();
    const payment = page.getByRole('region', { name: 'Payment summary' });
    await expect(payment).toBeVisible();
    await expect(payment).toContainText(/Amount\s*\$[\d,]+\.\d\d/);
    await expect(page.getByRole('button', { name: 'Save' })).toHaveCount(0);
  });

  test("a shipment's item opens its incoming order's line item", async ({ page, request, baseURL }) => {
    const list = await platformAdmin(request, baseURL);
    const shipments = await list<{ ID: string }>('/shipments?pageSize=1');
    const shipment = shipments.Items[0];
    if (!shipment) throw new Error('The demo data has no shipment.');
    const items = await list<{ OrderID: string; LineItemID: string }>(`/shipments/${shipment.ID}/items?pageSize=1`);
    const item = items.Items[0];
    if (!item) throw new Error('The demo shipment has no items.');

    await signIn(page, DEMO_USERS.owner);
    await open(page, `/admin/shipments/${shipment.ID}`);
    await expect(page.getByRole('region', { name: 'Shipment summary' })).toBeVisible();
    await page
      .getByRole('navigation', { name: 'Shipment sections' })
      .getByRole('link', { name: 'Shipment Items', exact: true })
      .click();
    await rows(page).first().click();
    await expect(page).toHaveURL(new RegExp(`/admin/orders/incoming/${item.OrderID}/line-items/${item.LineItemID}`));
    await expect(page.getByRole('region', { name: 'Line item summary' })).toBeVisible();
  });
});
