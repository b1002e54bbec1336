import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { listOf, platformCalls, type PlatformCall } from '../testing/fake-platform';
import { detailPageAt, renderAdminPage } from '../testing/render-admin-page';

// The item read again while its form is open (a reload's second read, another tab's save): the same answer must
// leave the form alone (the xp editor stays in edit mode), a different one must not wipe what the user typed.

const PRODUCT = {
  ID: 'p-1',
  Name: 'Boot',
  Description: 'Old',
  Active: true,
  QuantityMultiplier: 1,
  xp: { Color: 'Red' },
};
const ITEM_PATH = '/platform/v1/products/p-1';
const URL = '/admin/products/p-1';

/** The product page whose item answers `current()` at each read. */
function openProduct(current: () => unknown) {
  return renderAdminPage(URL, detailPageAt(URL), {
    // The products list answers the form's reading of xp: Color is a text property.
    answers: { '/products': listOf([PRODUCT]), 'GET /products/p-1': () => current() },
  });
}

function input(name: string): HTMLInputElement {
  const element = document.querySelector<HTMLInputElement>(`[name="${name}"]`);
  if (!element) throw new Error(`no input ${name}`);
  return element;
}

const itemReads = (platform: ReturnType<typeof openProduct>['platform']) =>
  platformCalls(platform, 'GET').filter((call: PlatformCall) => call.url.pathname === ITEM_PATH).length;

/** Reads every query of the page again and waits until the item has been read once more. */
async function refetch(rendered: ReturnType<typeof openProduct>) {
  const before = itemReads(rendered.platform);
  await act(async () => {
    await rendered.queryClient.refetchQueries({ type: 'active' });
    // The query tells its observers on a later task (its notify manager's scheduler), not within the refetch.
    await new Promise((resolve) => setTimeout(resolve, 50));
  });
  expect(itemReads(rendered.platform)).toBeGreaterThan(before);
}

async function loadedForm() {
  await screen.findByRole('button', { name: 'Save' });
  await waitFor(() => expect(input('Name').value).toBe('Boot'));
}

describe('the detail page when its item is read again', { timeout: 20_000 }, () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('keeps the xp editor in edit mode when the answer is the same', async () => {
    const rendered = openProduct(() => PRODUCT);
    await loadedForm();
    fireEvent.click(await screen.findByRole('button', { name: 'Edit extended properties' }));
    expect(await screen.findByRole('button', { name: 'Remove Color' })).toBeTruthy();

    await refetch(rendered);
    expect(screen.getByRole('button', { name: 'Remove Color' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Save extended properties' })).toBeTruthy();
  });

  it('keeps what the user typed when the item changed meanwhile, and loads the new version on request', async () => {
    let current: typeof PRODUCT = PRODUCT;
    const rendered = openProduct(() => current);
    await loadedForm();
    fireEvent.change(input('Name'), { target: { value: 'Boot Pro' } });
    await waitFor(() => expect(screen.getByRole('button', { name: 'Save' }).hasAttribute('disabled')).toBe(false));

    current = { ...PRODUCT, Description: 'Changed elsewhere' };
    await refetch(rendered);
    expect(await screen.findByText(/This product was changed since you opened it/)).toBeTruthy();
    expect(input('Name').value).toBe('Boot Pro');
    expect(input('Description').value).toBe('Old');

    fireEvent.click(screen.getByRole('button', { name: 'Load the new version' }));
    await waitFor(() => expect(input('Description').value).toBe('Changed elsewhere'));
    expect(input('Name').value).toBe('Boot');
    expect(screen.queryByText(/This product was changed since you opened it/)).toBeNull();
  });

  it('shows a changed item at once when nothing was typed, still in edit mode', async () => {
    let current: typeof PRODUCT = PRODUCT;
    const rendered = openProduct(() => current);
    await loadedForm();
    fireEvent.click(await screen.findByRole('button', { name: 'Edit extended properties' }));

    current = { ...PRODUCT, Description: 'Changed elsewhere' };
    await refetch(rendered);
    await waitFor(() => expect(input('Description').value).toBe('Changed elsewhere'));
    expect(screen.queryByText(/This product was changed since you opened it/)).toBeNull();
    expect(screen.getByRole('button', { name: 'Remove Color' })).toBeTruthy();
  });
});
