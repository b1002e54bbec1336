import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { listOf, platformCalls, reply } from '../testing/fake-platform';
import { detailPageAt, renderAdminPage } from '../testing/render-admin-page';

// The detail page against a fake platform: it reads the item, says when there is none, keeps what was typed when
// the platform refuses a save (with the message at its field), and deletes only after asking.

const PRODUCT = { ID: 'p-1', Name: 'Boot', Description: 'Old', Active: true, QuantityMultiplier: 1, xp: {} };
const ITEM_URL = 'http://localhost/platform/v1/products/p-1';

function openProduct(answers: Record<string, unknown>) {
  const url = '/admin/products/p-1';
  // The products list answers the form's reading of xp (an empty schema here).
  return renderAdminPage(url, detailPageAt(url), { answers: { '/products': listOf([PRODUCT]), ...answers } });
}

function input(name: string): HTMLInputElement {
  const element = document.querySelector<HTMLInputElement>(`[name="${name}"]`);
  if (!element) throw new Error(`no input ${name}`);
  return element;
}

/** Waits for the form with the item's values, then the Save button. */
async function loadedForm() {
  const save = await screen.findByRole('button', { name: 'Save' });
  await waitFor(() => expect(input('Name').value).toBe('Boot'));
  return save;
}

// Above findBy's 5 s (test-setup): a broken page fails on its assertion, not on the test's time limit.
describe('the detail page', { timeout: 20_000 }, () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('reads the item from the platform and shows its name and fields', async () => {
    const { platform } = openProduct({ '/products/p-1': PRODUCT });
    expect(await screen.findByRole('heading', { level: 1, name: 'Boot' })).toBeTruthy();
    await loadedForm();
    expect(input('Description').value).toBe('Old');
    expect(screen.getByText('ID: p-1')).toBeTruthy();
    const reads = platformCalls(platform, 'GET').map((call) => call.url.href);
    expect(reads).toContain(ITEM_URL);
  });

  it('says the item was not found when the platform answers 404, with no form', async () => {
    openProduct({
      '/products/p-1': reply(404, { Errors: [{ ErrorCode: 'NotFound', Message: 'Product not found: p-1' }] }),
    });
    expect(await screen.findByText('This product was not found. It may have been deleted.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Save' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Delete' })).toBeNull();
  });

  it('says the item could not be loaded when the platform cannot be reached', async () => {
    // No answer for the item: the fake platform is offline for it.
    openProduct({});
    expect(await screen.findByText('This product could not be loaded.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Save' })).toBeNull();
  });

  it("shows a refused save's message at its field and keeps what was typed", async () => {
    const refusal = {
      ErrorCode: 'ValidationFailure',
      Message: 'Name is already used by P-9.',
      Data: { Property: 'Name' },
    };
    const { platform } = openProduct({
      'GET /products/p-1': PRODUCT,
      'PATCH /products/p-1': reply(400, { Errors: [refusal] }),
    });
    const save = await loadedForm();
    fireEvent.change(input('Name'), { target: { value: 'Boot Pro' } });
    await waitFor(() => expect(save.hasAttribute('disabled')).toBe(false));
    fireEvent.click(save);

    await waitFor(() => expect(input('Name').getAttribute('aria-invalid')).toBe('true'));
    // Beside the field: inside the Name field's own group, not only in the summary above the form.
    const nameField = input('Name').closest('[data-scope="field"][data-part="root"]');
    expect(nameField?.textContent).toContain('Name is already used by P-9.');
    expect(input('Name').value).toBe('Boot Pro');
    expect(platformCalls(platform, 'PATCH').map((call) => call.body)).toEqual([{ Name: 'Boot Pro' }]);
    expect(screen.queryByText('Product saved')).toBeNull();
  });

  it('asks before deleting, then sends DELETE and goes up to the list', async () => {
    const { platform } = openProduct({ 'GET /products/p-1': PRODUCT, 'DELETE /products/p-1': reply(204) });
    await loadedForm();
    fireEvent.click(screen.getByRole('button', { name: 'Delete' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Are you sure?' });
    expect(platformCalls(platform, 'DELETE')).toEqual([]);

    // Cancel sends nothing.
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(platformCalls(platform, 'DELETE')).toEqual([]);

    fireEvent.click(screen.getByRole('button', { name: 'Delete' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Delete Product' }));
    expect(await screen.findByText('Now at /admin/products')).toBeTruthy();
    expect(platformCalls(platform, 'DELETE').map((call) => call.url.href)).toEqual([ITEM_URL]);
    expect(await screen.findByText('Product deleted')).toBeTruthy();
  });

  it('stays on the item and shows the platform message when the delete is refused', async () => {
    const { platform, router } = openProduct({
      'GET /products/p-1': PRODUCT,
      'DELETE /products/p-1': reply(409, { Errors: [{ ErrorCode: 'InUse', Message: 'Product p-1 is in an order.' }] }),
    });
    await loadedForm();
    fireEvent.click(screen.getByRole('button', { name: 'Delete' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Delete Product' }));
    expect(await screen.findByText('Product p-1 is in an order.')).toBeTruthy();
    // The dialog closes once the delete has finished, a navigation included: the page must not have moved.
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(router.state.location.pathname).toBe('/admin/products/p-1');
    expect(platformCalls(platform, 'DELETE')).toHaveLength(1);
    expect(screen.queryByText('Product deleted')).toBeNull();
    expect(screen.getByRole('heading', { level: 1, name: 'Boot' })).toBeTruthy();
  });
});
