import { ChakraProvider, defaultSystem } from '@chakra-ui/react';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { requireOperation } from '@/description/api-model';
import { buildFieldModel } from '@/forms/field-model';
import { toFormValues } from '@/forms/normalize';
import { SchemaForm } from '@/forms/schema-form';
import { listOf, platformCalls } from '../testing/fake-platform';
import { detailPageAt, realDescription, renderAdminPage } from '../testing/render-admin-page';

// The detail page's form on the platform's real Products operations: Save waits for a change and a valid form,
// Discard puts the item back, and the page's edit sends only what changed.
const api = realDescription;
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function formFor(operationId: string, mode: 'create' | 'edit') {
  const body = requireOperation(api, operationId).requestBody;
  if (!body) throw new Error(`${operationId} has no body`);
  return buildFieldModel(body.schema, { required: body.requiredFields, mode });
}

function input(name: string): HTMLInputElement {
  const element = document.querySelector<HTMLInputElement>(`[name="${name}"]`);
  if (!element) throw new Error(`no input ${name}`);
  return element;
}

// Above findBy's 5 s (test-setup): a broken page fails on its assertion, not on the test's time limit.
describe('the product form of the detail page', { timeout: 20_000 }, () => {
  it('keeps Create disabled until the new product is changed and valid', async () => {
    const fields = formFor('Products.Create', 'create');
    render(
      <ChakraProvider value={defaultSystem}>
        <SchemaForm
          fields={fields}
          defaultValues={toFormValues(fields, undefined)}
          onSubmit={vi.fn()}
          submitLabel="Create Product"
          saveOnlyWhenChanged
          discardable
        />
      </ChakraProvider>,
    );
    const create = screen.getByRole('button', { name: 'Create Product' });
    await waitFor(() => expect(create.hasAttribute('disabled')).toBe(true));
    fireEvent.change(input('ID'), { target: { value: 'p-1' } });
    fireEvent.blur(input('ID'));
    // Name is required on create: still disabled.
    await waitFor(() => expect(create.hasAttribute('disabled')).toBe(true));
    // Typing is enough: Save follows each change, not only blurs.
    fireEvent.change(input('Name'), { target: { value: 'Boot' } });
    await waitFor(() => expect(create.hasAttribute('disabled')).toBe(false));
    fireEvent.click(screen.getByRole('button', { name: 'Discard changes' }));
    await waitFor(() => expect(input('Name').value).toBe(''));
  });

  it('sends only the changed field of an existing product through PATCH, then shows the saved answer', async () => {
    const product = { ID: 'p-1', Name: 'Boot', Description: 'Old', Active: true, QuantityMultiplier: 1, xp: { a: 1 } };
    // The platform's answer, not what was typed, is what the page shows afterwards: its Description differs from
    // the typed one so the test tells them apart.
    const saved = { ...product, Description: 'New (saved)' };
    const url = '/admin/products/p-1';
    const { platform } = renderAdminPage(url, detailPageAt(url), {
      answers: { '/products': listOf([product]), 'GET /products/p-1': product, 'PATCH /products/p-1': saved },
    });
    const save = await screen.findByRole('button', { name: 'Save' });
    await waitFor(() => expect(input('Description').value).toBe('Old'));
    expect(save.hasAttribute('disabled')).toBe(true);

    fireEvent.change(input('Description'), { target: { value: 'New' } });
    await waitFor(() => expect(save.hasAttribute('disabled')).toBe(false));
    fireEvent.click(save);

    expect(await screen.findByText('Product saved')).toBeTruthy();
    const writes = platformCalls(platform).filter((call) => call.method !== 'GET');
    expect(writes.map(({ method, url: sentTo, body }) => ({ method, url: sentTo.href, body }))).toEqual([
      { method: 'PATCH', url: 'http://localhost/platform/v1/products/p-1', body: { Description: 'New' } },
    ]);
    await waitFor(() => expect(input('Description').value).toBe('New (saved)'));
    // Saved: nothing is left to save until the next change.
    expect(screen.getByRole('button', { name: 'Save' }).hasAttribute('disabled')).toBe(true);
  });
});
