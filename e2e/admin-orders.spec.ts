import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { platformAdmin } from './platform-api.ts';
import { expectNoSeriousViolations } from './axe.ts';
import { DEMO_USERS, signIn } from './sign-in.ts';
import { columnTexts } from './list-cells.ts';

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

interface Address {
  Street1: string;
  City: string;
  State: string;
  Zip: string;
}

interface FullOrder extends Order {
  FromUserID: string;
  FromCompanyID: string;
  FromUser: { FirstName: string; LastName: string; Email: string };
  BillingAddress: Address;
  Currency: string | null;
}

interface LineItem {
  ID: string;
  ProductID: string;
  Quantity: number;
  UnitPrice: number;
  LineTotal: number;
  Product: { Name: string };
  ShippingAddress: Address | null;
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const usd = (amount: number) => new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' }).format(amount);

/** A completed incoming order with its line items and buyer, read from the platform as its admin. */
async function completedOrder(request: APIRequestContext, baseURL: string | undefined) {
  const list = await platformAdmin(request, baseURL);
  const completed = await list<FullOrder>('/orders/Incoming?Status=Completed&pageSize=5');
  for (const order of completed.Items) {
    const lineItems = await list<LineItem>(`/orders/Incoming/${order.ID}/lineitems?pageSize=100`);
    const lineItem = lineItems.Items.find((item) => item.Product?.Name && item.ShippingAddress);
    if (!lineItem || !order.BillingAddress || order.Currency !== 'USD') continue;
    const buyer = (await list(`/buyers/${order.FromCompanyID}`)) as unknown as { Name: string };
    return { order, lineItem, buyer };
  }
  throw new Error('The demo data has no completed USD order with a shipped line item.');
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
    const total = usd(order.Total);

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

    // The first line item and payment as the platform holds them: the screens must show their own amounts.
    const [firstItem] = (await list<LineItem>(`/orders/Incoming/${order.ID}/lineitems?pageSize=1`)).Items;
    const [firstPayment] = (
      await list<{ ID: string; Amount: number }>(`/orders/Incoming/${order.ID}/payments?pageSize=1`)
    ).Items;
    if (!firstItem || !firstPayment) throw new Error(`Order ${order.ID} lost its line items or payments.`);

    await sections.getByRole('link', { name: 'Line Items', exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`/admin/orders/incoming/${order.ID}/line-items`));
    await rows(page).filter({ hasText: firstItem.ID }).first().click();
    const lineItem = page.getByRole('region', { name: 'Line item summary' });
    await expect(lineItem).toBeVisible();
    await expect(lineItem).toContainText(new RegExp(`Unit price\\s*${escapeRegExp(usd(firstItem.UnitPrice))}`));
    await expect(page.getByRole('button', { name: 'Save' })).toHaveCount(0);

    await open(page, `/admin/orders/incoming/${order.ID}/payments`);
    await rows(page).filter({ hasText: firstPayment.ID }).first().click();
    const payment = page.getByRole('region', { name: 'Payment summary' });
    await expect(payment).toBeVisible();
    await expect(payment).toContainText(new RegExp(`Amount\\s*${escapeRegExp(usd(firstPayment.Amount))}`));
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

  test('an order reads as an order: status, customer and company linked, addresses, products, prices and totals', async ({
    page,
    request,
    baseURL,
  }) => {
    const { order, lineItem, buyer } = await completedOrder(request, baseURL);
    const customer = `${order.FromUser.FirstName} ${order.FromUser.LastName}`;

    await signIn(page, DEMO_USERS.owner);
    await open(page, `/admin/orders/incoming/${order.ID}`);
    const summary = page.getByRole('region', { name: 'Order summary' });
    await expect(summary).toBeVisible();
    await expect(summary).toContainText(/^Completed\s*\d+ line items? · Total \$/);
    await expect(summary).toContainText(/Submitted\s*\d{1,2} \w{3} \d{4}, \d{2}:\d{2} UTC/);

    const customerCard = summary.getByRole('region', { name: 'Customer' });
    await expect(customerCard.getByRole('link', { name: customer })).toHaveAttribute(
      'href',
      new RegExp(`^/admin/buyers/${order.FromCompanyID}/users/${order.FromUserID}\\?`),
    );
    await expect(customerCard).toContainText(order.FromUser.Email);
    await expect(customerCard.getByRole('link', { name: buyer.Name })).toHaveAttribute(
      'href',
      new RegExp(`^/admin/buyers/${order.FromCompanyID}\\?`),
    );

    const billing = summary.getByRole('region', { name: 'Billing address' });
    const { Street1, City, State, Zip } = order.BillingAddress;
    await expect(billing.getByText(Street1, { exact: true })).toBeVisible();
    await expect(billing.getByText(`${City}, ${State} ${Zip}`, { exact: true })).toBeVisible();
    const shipping = summary.getByRole('region', { name: /^Shipping address/ });
    await expect(shipping.getByText(lineItem.ShippingAddress?.Street1 ?? '', { exact: true }).first()).toBeVisible();

    const row = summary
      .getByRole('region', { name: 'Line items' })
      .getByRole('row')
      .filter({ hasText: lineItem.ProductID });
    await expect(row.getByRole('link', { name: lineItem.Product.Name })).toBeVisible();
    await expect(row).toContainText(usd(lineItem.UnitPrice));
    await expect(row).toContainText(usd(lineItem.LineTotal));
    const totals = summary.getByRole('region', { name: 'Totals' });
    await expect(totals).toContainText(new RegExp(`Total\\s*${escapeRegExp(usd(order.Total))}`));
    await expect(totals).toContainText('Amounts in USD.');

    // The overview leads; the raw fields follow, with no one-line JSON among them.
    const allFields = page.getByRole('region', { name: 'All fields' });
    const [summaryBox, fieldsBox] = [await summary.boundingBox(), await allFields.boundingBox()];
    expect(summaryBox && fieldsBox && summaryBox.y < fieldsBox.y).toBe(true);
    await expect(allFields).not.toContainText('{"');
    await expect(
      allFields.getByRole('button', { name: new RegExp(`^${escapeRegExp(customer)} · \\d+ fields \\(From User\\)`) }),
    ).toHaveAttribute('aria-expanded', 'false');

    await expectNoSeriousViolations(page);

    await customerCard.getByRole('link', { name: customer }).click();
    await expect(page).toHaveURL(new RegExp(`/admin/buyers/${order.FromCompanyID}/users/${order.FromUserID}`));
    await expect(page.getByRole('heading', { level: 1, name: customer })).toBeVisible();
  });

  test('the orders list shows each Customer and Total; line items show the product name beside its id', async ({
    page,
    request,
    baseURL,
  }) => {
    const { order, lineItem } = await completedOrder(request, baseURL);
    const list = await platformAdmin(request, baseURL);
    await signIn(page, DEMO_USERS.owner);
    await open(page, '/admin/orders/incoming');
    const table = page.getByRole('main').getByRole('table');
    await expect(table.getByRole('columnheader', { name: 'Customer' })).toBeVisible();
    await expect(table.getByRole('columnheader', { name: 'Total' })).toBeVisible();
    // The first row, compared with the platform's own answer for that order.
    const first = rows(page).first();
    await expect(first).toBeVisible();
    const firstId = (await columnTexts(page, 'ID'))[0] ?? '';
    expect(firstId).not.toBe('');
    const shown = (await list(`/orders/Incoming/${firstId}`)) as unknown as FullOrder;
    await expect(first).toContainText(
      `${shown.FromUser.FirstName} ${shown.FromUser.LastName} · ${shown.FromCompanyID}`,
    );
    await expect(first).toContainText(usd(shown.Total));

    await open(page, `/admin/orders/incoming/${order.ID}/line-items`);
    await expect(table.getByRole('columnheader', { name: 'Product' })).toBeVisible();
    await expect(rows(page).filter({ hasText: lineItem.ID })).toContainText(
      `${lineItem.Product.Name} (${lineItem.ProductID})`,
    );
  });

  test("a nested object in another resource's detail is a collapsible, formatted view", async ({
    page,
    request,
    baseURL,
  }) => {
    const { order, lineItem } = await completedOrder(request, baseURL);
    await signIn(page, DEMO_USERS.owner);
    await open(page, `/admin/orders/incoming/${order.ID}/line-items/${lineItem.ID}`);
    const allFields = page.getByRole('region', { name: 'All fields' });
    await expect(allFields).toBeVisible();
    await expect(allFields).not.toContainText('{"');
    const product = allFields.getByRole('button', {
      name: new RegExp(`^${escapeRegExp(lineItem.Product.Name)} · \\d+ fields \\(Product\\)`),
    });
    await expect(product).toHaveAttribute('aria-expanded', 'false');
    await product.press('Enter');
    await expect(product).toHaveAttribute('aria-expanded', 'true');
    // Opened: one labelled row per field of the product.
    await expect(allFields.getByText('Quantity Multiplier', { exact: true })).toBeVisible();
    await expect(allFields.getByText(lineItem.Product.Name, { exact: true })).toBeVisible();
    await expect(allFields.getByRole('button', { name: /\(Shipping Address\)$/ })).toBeVisible();
    await expectNoSeriousViolations(page);
  });
});
