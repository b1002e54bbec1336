import { expect, test, type Locator, type Page } from '@playwright/test';
import { expectNoSeriousViolations } from './axe.ts';
import { DEMO_USERS, signIn, signInAt } from './sign-in.ts';

// Issue 20, Layout: what a first-time user saw at 1440 px and at 390 px, each as a journey.

const CONTEXT = 'organization=demo-org&tenantName=demo-sandbox';
const DESKTOP = { width: 1440, height: 900 };
const PHONE = { width: 390, height: 844 };

// Sign-in, a save and axe on a shared, loaded machine.
test.describe.configure({ timeout: 90_000 });

interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

async function box(locator: Locator): Promise<Box> {
  const found = await locator.boundingBox();
  expect(found, 'the element has a box on the page').not.toBeNull();
  return found as Box;
}

function intersects(a: Box, b: Box): boolean {
  return a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
}

/** The text of the focused element (none when focus is nowhere, on the page's body): what a screen reader reads. */
function focusedText(page: Page): Promise<string> {
  return page.evaluate(() => {
    const focused = document.activeElement as HTMLElement | null;
    return !focused || focused === document.body ? '' : focused.innerText;
  });
}

async function openFirstRow(page: Page, listPath: string): Promise<void> {
  await page.goto(`${listPath}?${CONTEXT}`);
  const firstRow = page
    .getByRole('main')
    .getByRole('row', { name: /^Open / })
    .first();
  const name = (await firstRow.getAttribute('aria-label'))?.replace(/^Open /, '') ?? '';
  await firstRow.click();
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
}

async function openConsole(page: Page, operationId: string): Promise<void> {
  await page.goto(`/console?${CONTEXT}&operationId=${operationId}`);
  await expect(page.getByRole('heading', { level: 1, name: 'API console' })).toBeVisible();
  await expect(page.getByText(`${operationId} · /`)).toBeVisible();
}

test.describe('layout: the console and self-service have one left menu', () => {
  test('at 1440 px the console shows only its own resource list, which scrolls by itself beside a wide form', async ({
    page,
  }) => {
    await page.setViewportSize(DESKTOP);
    await signIn(page, DEMO_USERS.owner);
    await openConsole(page, 'Me.Get');

    await expect(page.getByRole('navigation', { name: 'Marketplace resources' })).toHaveCount(0);
    const request = page.getByRole('region', { name: 'Request', exact: true });
    const requestBox = await box(request);
    const leftMenus: string[] = [];
    for (const nav of await page.getByRole('navigation').all()) {
      const navBox = await nav.boundingBox();
      if (navBox && navBox.x + navBox.width <= requestBox.x)
        leftMenus.push((await nav.getAttribute('aria-label')) ?? '');
    }
    expect(leftMenus).toEqual(['Console resources']);
    expect(requestBox.width).toBeGreaterThan(480);

    // Choosing a resource near the end of the list keeps the form where it was.
    const resources = page.getByRole('navigation', { name: 'Console resources' });
    const last = resources.getByRole('button', { disabled: false }).last();
    const lastName = (await last.textContent()) ?? '';
    await last.click();
    await expect(request.getByRole('heading', { level: 2, name: lastName })).toBeInViewport();
    await expect(page.getByRole('combobox', { name: 'Operation' })).toBeInViewport();
    await page.screenshot({ path: test.info().outputPath('layout-console-1440.png') });
    await expectNoSeriousViolations(page);
  });

  test('at 1440 px self-service shows only its tools menu beside the tool', async ({ page }) => {
    await page.setViewportSize(DESKTOP);
    await signInAt(page, DEMO_USERS.owner, `/self-service/subscriptions?${CONTEXT}`);
    await expect(page.getByRole('heading', { level: 2, name: 'Subscription tools' })).toBeVisible();
    await expect(page.getByRole('navigation', { name: 'Marketplace resources' })).toHaveCount(0);
    const tools = await box(page.getByRole('navigation', { name: 'Self-service tools' }));
    // The tools menu is at the page's left edge (inside its padding), not beside a second menu.
    expect(tools.x).toBeLessThan(64);
    await page.screenshot({ path: test.info().outputPath('layout-self-service-1440.png') });
    await expectNoSeriousViolations(page);
  });

  test('on a phone the console shows the operation and Send first, the resources behind a button', async ({ page }) => {
    await page.setViewportSize(PHONE);
    await signIn(page, DEMO_USERS.owner);
    await openConsole(page, 'Me.Get');
    await expect(page.getByRole('combobox', { name: 'Operation' })).toBeInViewport();
    await expect(page.getByRole('button', { name: 'Send', exact: true })).toBeInViewport();
    await expect(page.getByRole('navigation', { name: 'Console resources' })).toBeHidden();
    await page.screenshot({ path: test.info().outputPath('layout-console-390.png') });

    await page.getByRole('button', { name: 'Resources: Me' }).click();
    const drawer = page.getByRole('dialog', { name: 'Resources' });
    await drawer
      .getByRole('navigation', { name: 'Console resources' })
      .getByRole('button', { name: 'Products', exact: true })
      .click();
    await expect(drawer).toBeHidden();
    await expect(
      page.getByRole('region', { name: 'Request', exact: true }).getByRole('heading', { name: 'Products' }),
    ).toBeVisible();
    const sideways = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(sideways).toBe(0);
    await expectNoSeriousViolations(page);
  });
});

test.describe('layout: the console response box fits its panel', () => {
  test('a long answer wraps inside the Requests panel', async ({ page }) => {
    await page.setViewportSize(DESKTOP);
    await signIn(page, DEMO_USERS.owner);
    await openConsole(page, 'Products.Get');
    // An id of 90 characters with no space: the platform's "not found" message repeats it on one line.
    const longId = `missing-${'x'.repeat(82)}`;
    await page.getByRole('region', { name: 'Request', exact: true }).getByRole('textbox').first().fill(longId);
    await page.getByRole('button', { name: 'Send', exact: true }).click();
    await expect(page.getByTestId('request-status').first()).toHaveText('404');
    const response = page.getByRole('tabpanel').getByLabel('Response body');
    await expect(response).toContainText(longId);

    const responseBox = await box(response);
    const panel = await box(page.getByRole('region', { name: 'Requests' }));
    expect(responseBox.x + responseBox.width).toBeLessThanOrEqual(DESKTOP.width);
    expect(responseBox.x + responseBox.width).toBeLessThanOrEqual(panel.x + panel.width + 1);
    // Wrapped, not cut off: nothing of the answer lies beyond the box's right edge.
    const hidden = await response.evaluate((el) => el.scrollWidth - el.clientWidth);
    expect(hidden).toBeLessThanOrEqual(0);
    await page.screenshot({ path: test.info().outputPath('layout-console-response-1440.png') });
    await expectNoSeriousViolations(page);
  });
});

test.describe('layout: save is in reach and a refusal takes focus', () => {
  test("a product's Save, Discard and Delete are in view without scrolling", async ({ page }) => {
    for (const viewport of [DESKTOP, PHONE]) {
      await page.setViewportSize(viewport);
      if (viewport === DESKTOP) await signIn(page, DEMO_USERS.owner);
      await openFirstRow(page, '/admin/products');
      await expect(page.getByRole('textbox', { name: /^Name/ })).toBeVisible();
      expect(await page.evaluate(() => document.documentElement.scrollHeight)).toBeGreaterThan(viewport.height * 2);
      await expect(page.getByRole('button', { name: 'Save', exact: true })).toBeInViewport();
      await expect(page.getByRole('button', { name: 'Discard changes' })).toBeInViewport();
      await expect(page.getByRole('button', { name: 'Delete' })).toBeInViewport();
      await page.screenshot({ path: test.info().outputPath(`layout-product-${viewport.width}.png`) });
    }
    await expectNoSeriousViolations(page);
  });

  test('a refused save moves focus to the error summary, in the explorer and in the console', async ({ page }) => {
    await page.setViewportSize(DESKTOP);
    await signInAt(page, DEMO_USERS.owner, `/admin/products/new?${CONTEXT}`);
    await expect(page.getByRole('heading', { level: 1, name: 'New Product' })).toBeVisible();
    // The platform refuses the ID's characters (a 400 naming the field).
    await page.getByRole('textbox', { name: /^ID/ }).fill('not an id!');
    await page.getByRole('textbox', { name: /^Name/ }).fill('Refused product');
    await page.getByRole('button', { name: 'Create Product' }).click();
    const idMessage = 'ID may only contain letters, digits, - and _ (at most 100 characters).';
    await expect(page.getByText(idMessage)).toHaveCount(2);
    await expect.poll(() => focusedText(page)).toContain(idMessage);

    // The form's own rules: the console's Send with a required field left empty.
    await openConsole(page, 'Products.Create');
    await page.getByRole('button', { name: 'Send', exact: true }).click();
    await expect(page.getByText('Name is required').first()).toBeVisible();
    await expect.poll(() => focusedText(page)).toContain('Name is required');
    await expectNoSeriousViolations(page);
  });

  test("the 'saved' toast stays clear of Save and Delete", async ({ page }) => {
    for (const viewport of [DESKTOP, PHONE]) {
      await page.setViewportSize(viewport);
      if (viewport === DESKTOP) await signIn(page, DEMO_USERS.owner);
      await openFirstRow(page, '/admin/products');
      const description = page.getByRole('textbox', { name: /^Description/ });
      await description.fill(`${await description.inputValue()} (layout ${viewport.width})`);
      await page.getByRole('button', { name: 'Save', exact: true }).click();
      const toast = page.getByRole('status').filter({ hasText: 'Product saved' }).last();
      await expect(toast).toBeVisible();
      // The toast slides in from below: where it comes to rest is what counts, so each check waits for that.
      for (const name of ['Save', 'Delete', 'Discard changes']) {
        const button = await box(page.getByRole('button', { name, exact: true }));
        await expect
          .poll(async () => intersects(await box(toast), button), {
            message: `the toast covers ${name} at ${viewport.width} px`,
          })
          .toBe(false);
      }
      await page.screenshot({ path: test.info().outputPath(`layout-toast-${viewport.width}.png`) });
    }
  });
});

test.describe('layout: the frame and cut-off text', () => {
  test("the explorer's sidebar runs to the bottom of a long order", async ({ page }) => {
    await page.setViewportSize(DESKTOP);
    await signIn(page, DEMO_USERS.owner);
    await openFirstRow(page, '/admin/orders/incoming');
    const pageHeight = await page.evaluate(() => document.documentElement.scrollHeight);
    expect(pageHeight).toBeGreaterThan(DESKTOP.height * 1.5);
    const sidebar = await box(page.getByRole('complementary', { name: 'Explorer sidebar' }));
    // At the top of the page, so the box's page position is its viewport position.
    expect(await page.evaluate(() => window.scrollY)).toBe(0);
    expect(sidebar.y + sidebar.height).toBeGreaterThanOrEqual(pageHeight - 1);
    // The menu itself stays in view while the page scrolls.
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    await expect(page.getByRole('region', { name: 'Side menu' }).getByRole('heading').first()).toBeInViewport();
    await page.screenshot({ path: test.info().outputPath('layout-order-1440.png'), fullPage: true });
    await expectNoSeriousViolations(page);
  });

  test("a buyer's section tabs are all readable, 'Approval Rules' included", async ({ page }) => {
    for (const viewport of [DESKTOP, PHONE]) {
      await page.setViewportSize(viewport);
      if (viewport === DESKTOP) await signIn(page, DEMO_USERS.owner);
      await openFirstRow(page, '/admin/buyers');
      const tabs = page.getByRole('navigation', { name: 'Buyer sections' });
      const tabsBox = await box(tabs);
      await expect(tabs.getByRole('link', { name: 'Approval Rules' })).toBeVisible();
      for (const link of await tabs.getByRole('link').all()) {
        const linkBox = await box(link);
        const label = await link.textContent();
        expect(linkBox.x, `${label} at ${viewport.width} px`).toBeGreaterThanOrEqual(tabsBox.x);
        expect(linkBox.x + linkBox.width, `${label} at ${viewport.width} px`).toBeLessThanOrEqual(
          Math.min(tabsBox.x + tabsBox.width, viewport.width) + 1,
        );
      }
      await page.screenshot({ path: test.info().outputPath(`layout-buyer-${viewport.width}.png`) });
    }
    await expectNoSeriousViolations(page);
  });

  test("the captcha's label and its round logo do not overlap", async ({ page }) => {
    await page.setViewportSize(DESKTOP);
    await signIn(page, DEMO_USERS.owner);
    // The subscriptions tool shows its captcha straight away (sync tools need a delivery configuration first).
    await page.goto(`/self-service/subscriptions?${CONTEXT}`);
    const label = page.getByText("I'm not a robot");
    await expect(label).toBeVisible();
    // The logo is decorative (aria-hidden), so it has no role to find it by.
    const logo = page.locator('altcha-widget .altcha-logo');
    const labelBox = await box(label);
    const logoBox = await box(logo);
    expect(labelBox.x + labelBox.width + 8).toBeLessThanOrEqual(logoBox.x);
    await page.screenshot({ path: test.info().outputPath('layout-captcha-1440.png') });
  });

  test("a subscription run's result is readable on a phone", async ({ page }) => {
    test.setTimeout(120_000);
    await page.setViewportSize(DESKTOP);
    await signInAt(page, DEMO_USERS.owner, `/self-service/subscriptions?${CONTEXT}`);
    const process = page.getByRole('button', { name: 'Process subscriptions' });
    await page.getByText("I'm not a robot").click();
    await expect(process).toBeEnabled({ timeout: 30_000 });
    await process.click();
    await expect(page.getByText(/^The subscription integration job has been triggered/)).toBeVisible();
    const desktopRuns = page.getByRole('region', { name: 'Recent subscription runs' });
    await expect(desktopRuns.getByText(/ due, /).first()).toBeVisible({ timeout: 30_000 });
    await page.screenshot({ path: test.info().outputPath('layout-subscriptions-1440.png') });

    await page.setViewportSize(PHONE);
    const result = page.getByText(/ due, /).first();
    await expect(result).toBeVisible();
    const resultBox = await box(result);
    expect(resultBox.x).toBeGreaterThanOrEqual(0);
    expect(resultBox.x + resultBox.width).toBeLessThanOrEqual(PHONE.width);
    const sideways = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(sideways).toBe(0);
    await result.scrollIntoViewIfNeeded();
    await page.screenshot({ path: test.info().outputPath('layout-subscriptions-390.png') });
    await expectNoSeriousViolations(page);
  });
});
