import { ChakraProvider, defaultSystem } from '@chakra-ui/react';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { requireOperation } from '@/description/api-model';
import { buildApiDescription } from '@/description/index-description';
import { changedFields } from '@/forms/diff';
import { buildFieldModel } from '@/forms/field-model';
import { toFormValues, toRequestBody } from '@/forms/normalize';
import { SchemaForm } from '@/forms/schema-form';
import { realPlatformDocument } from '../catalogue/real-platform-description';

// The detail page's form on the platform's real Products operations: Save waits for a change and a valid form,
// Discard puts the item back, and an edit sends only what changed.
const api = buildApiDescription(realPlatformDocument());
afterEach(cleanup);

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

describe('the product form of the detail page', () => {
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

  it('sends only the changed field of an existing product through PATCH', async () => {
    const fields = formFor('Products.Patch', 'edit');
    const product = { ID: 'p-1', Name: 'Boot', Description: 'Old', Active: true, QuantityMultiplier: 1, xp: { a: 1 } };
    const defaults = toFormValues(fields, product);
    const onSubmit = vi.fn();
    render(
      <ChakraProvider value={defaultSystem}>
        <SchemaForm fields={fields} defaultValues={defaults} onSubmit={onSubmit} saveOnlyWhenChanged discardable />
      </ChakraProvider>,
    );
    const save = screen.getByRole('button', { name: 'Save' });
    await waitFor(() => expect(save.hasAttribute('disabled')).toBe(true));
    fireEvent.change(input('Description'), { target: { value: 'New' } });
    await waitFor(() => expect(save.hasAttribute('disabled')).toBe(false));
    fireEvent.click(save);
    await waitFor(() => expect(onSubmit).toHaveBeenCalled());
    const body = onSubmit.mock.calls[0]?.[0] as Parameters<typeof changedFields>[1];
    expect(changedFields(toRequestBody(fields, defaults), body)).toEqual({ Description: 'New' });
  });
});
