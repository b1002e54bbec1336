import { ChakraProvider, defaultSystem } from '@chakra-ui/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { QueryParams } from '@/services/http';
import type { ListPage } from '@/services/platform';
import { arrayItemField, buildFieldModel, type FormField } from '../field-model';
import { toFormValues } from '../normalize';
import { SchemaForm } from '../schema-form';
import { PickerScope, PickerSourceContextProvider, type PickerSource } from './picker-source';
import { realApiDescription } from './real-description';
import { MISSING_REQUIRED_PARAMETERS } from './use-picker-options';

// ID fields inside list items, from the platform's real description: a line item's Specs[].SpecID and OptionID
// (options of the spec chosen beside it), a webhook's ApiClientIDs (a list of ids) and an order return's
// ItemsToReturn[].LineItemID (line items of the return's OrderID).

afterEach(cleanup);

const api = realApiDescription();

/** An in-memory platform: lists by path, recording every call. */
function fakeSource(lists: Record<string, Record<string, unknown>[]>) {
  const calls: { path: string; query: QueryParams }[] = [];
  const source: PickerSource = {
    description: api,
    cacheKey: 'test',
    list: async (path, query) => {
      calls.push({ path, query });
      const items = lists[path] ?? [];
      const page: ListPage<unknown> = {
        Items: items,
        Meta: { Page: 1, PageSize: 100, TotalCount: items.length, TotalPages: 1, ItemRange: [1, items.length] },
      };
      return page;
    },
  };
  return { source, calls };
}

function fieldsOf(operationId: string): FormField[] {
  const body = api.operationsById[operationId]?.requestBody;
  if (!body) throw new Error(`${operationId} has no body`);
  return buildFieldModel(body.schema, { required: [], mode: 'create' });
}

function renderForm(operationId: string, source: PickerSource, params?: Record<string, string>) {
  const fields = fieldsOf(operationId);
  const onSubmit = vi.fn();
  render(
    <ChakraProvider value={defaultSystem}>
      <QueryClientProvider client={new QueryClient()}>
        <PickerSourceContextProvider value={source}>
          <PickerScope ownerResourceId={api.operationsById[operationId]?.resourceId} params={params}>
            <SchemaForm fields={fields} defaultValues={toFormValues(fields, undefined)} onSubmit={onSubmit} />
          </PickerScope>
        </PickerSourceContextProvider>
      </QueryClientProvider>
    </ChakraProvider>,
  );
  return onSubmit;
}

const addItem = (list: string) => {
  const legend = screen.getByText(list, { selector: 'legend, legend *' });
  const fieldset = legend.closest('fieldset');
  if (!fieldset) throw new Error(`no fieldset for ${list}`);
  const add = [...fieldset.querySelectorAll('button')].find((button) => button.textContent?.startsWith('Add'));
  if (!add) throw new Error(`no Add button for ${list}`);
  fireEvent.click(add);
};

describe('ID pickers inside list items', { timeout: 20_000 }, () => {
  it('marks the items of a list of ids as identifiers named for one id', () => {
    const apiClients = fieldsOf('Webhooks.Create').find((field) => field.name === 'ApiClientIDs');
    if (!apiClients) throw new Error('no ApiClientIDs');
    const item = arrayItemField(apiClients, 0);
    expect(item).toMatchObject({ idField: true, idName: 'ApiClientID', path: 'ApiClientIDs.0.value' });
    const specs = fieldsOf('LineItems.Create').find((field) => field.name === 'Specs');
    const option = specs && arrayItemField(specs, 1).fields?.find((field) => field.name === 'OptionID');
    expect(option).toMatchObject({ idField: true, path: 'Specs.1.OptionID' });
    expect(option?.idName).toBeUndefined();
  });

  it("picks a webhook's API clients, one picker per item", async () => {
    const { source, calls } = fakeSource({ '/apiclients': [{ ID: 'client-1', AppName: 'Storefront' }] });
    const onSubmit = renderForm('Webhooks.Create', source);
    addItem('Api Client IDs');
    const input = await screen.findByRole<HTMLInputElement>('combobox', { name: /Api Client IDs item 1/ });
    fireEvent.click(input);
    fireEvent.click(await screen.findByRole('option', { name: /Storefront/ }));
    await waitFor(() => expect(input.value).toBe('client-1'));
    expect(calls[0]).toEqual({ path: '/apiclients', query: { page: 1, pageSize: 100 } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalled());
    expect(onSubmit.mock.calls[0]?.[0]).toMatchObject({ ApiClientIDs: ['client-1'] });
  });

  it("lists a spec's options once the item's own spec is chosen", async () => {
    const { source, calls } = fakeSource({
      '/specs': [{ ID: 'size', Name: 'Size' }],
      '/specs/size/options': [{ ID: 'large', Value: 'Large' }],
    });
    renderForm('LineItems.Create', source, { direction: 'Incoming', orderID: 'o1' });
    addItem('Specs');
    const option = await screen.findByRole('combobox', { name: 'Option ID' });
    fireEvent.click(option);
    await waitFor(() => expect(screen.getByRole('status').textContent).toBe(MISSING_REQUIRED_PARAMETERS));
    expect(calls).toEqual([]);

    // Close the option list as a user would. fireEvent.click sends no pointerdown, so without this the option list
    // stays open as a second dismissable layer and swallows the click on "Size" (the cause of the old skip).
    fireEvent.keyDown(option, { key: 'Escape' });
    const spec = screen.getByRole('combobox', { name: 'Spec ID' });
    fireEvent.click(spec);
    fireEvent.click(await screen.findByRole('option', { name: /Size/ }));
    fireEvent.click(option);
    await screen.findByRole('option', { name: /large/ });
    expect(calls.at(-1)?.path).toBe('/specs/size/options');
  });

  it("lists the line items of the order the return is for, from the item's list", async () => {
    const { source, calls } = fakeSource({ '/orders/All/o1/lineitems': [{ ID: 'li-1', ProductID: 'p1' }] });
    renderForm('OrderReturns.Create', source);
    const order = screen.getByRole('combobox', { name: 'Order ID' });
    fireEvent.focus(order);
    fireEvent.change(order, { target: { value: 'o1' } });
    fireEvent.blur(order);
    addItem('Items To Return');
    fireEvent.click(await screen.findByRole('combobox', { name: 'Line Item ID' }));
    await screen.findByRole('option', { name: /li-1/ });
    // Not necessarily the last call: the Order ID box's own debounced search may land after it on a busy machine.
    expect(calls.map((call) => call.path)).toContain('/orders/All/o1/lineitems');
  });
});
