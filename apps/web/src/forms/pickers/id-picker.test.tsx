import { ChakraProvider, defaultSystem } from '@chakra-ui/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { QueryParams } from '@/services/http';
import { errorFromResponse } from '@/services/portal-error';
import type { ListPage } from '@/services/platform';
import { buildFieldModel } from '../field-model';
import { toFormValues } from '../normalize';
import { SchemaForm } from '../schema-form';
import { PickerScope, PickerSourceContextProvider, type PickerSource } from './picker-source';
import { realApiDescription } from './real-description';
import { MISSING_REQUIRED_PARAMETERS } from './use-picker-options';

afterEach(cleanup);

const api = realApiDescription();

interface Call {
  readonly path: string;
  readonly query: QueryParams;
}

/** An in-memory platform: lists by path, searched by name or id, recording every call. */
function fakeSource(lists: Record<string, Record<string, unknown>[]>, refuse?: string) {
  const calls: Call[] = [];
  const source: PickerSource = {
    description: api,
    cacheKey: 'test',
    list: async (path, query) => {
      calls.push({ path, query });
      if (refuse && path === refuse) {
        throw errorFromResponse(403, {
          Errors: [
            { ErrorCode: 'InsufficientRoles', Message: 'User does not have role(s) required to perform this action.' },
          ],
        });
      }
      const term = String(query.search ?? '').toLowerCase();
      const items = (lists[path] ?? []).filter((item) => JSON.stringify(item).toLowerCase().includes(term));
      const page: ListPage<unknown> = {
        Items: items,
        Meta: {
          Page: 1,
          PageSize: Number(query.pageSize),
          TotalCount: items.length,
          TotalPages: 1,
          ItemRange: [1, items.length],
        },
      };
      return page;
    },
  };
  return { source, calls };
}

function renderForm(operationId: string, source: PickerSource, onSubmit = vi.fn(), params?: Record<string, string>) {
  const body = api.operationsById[operationId]?.requestBody;
  if (!body) throw new Error(`${operationId} has no body`);
  const fields = buildFieldModel(body.schema, { required: [], mode: 'create' });
  const client = new QueryClient();
  render(
    <ChakraProvider value={defaultSystem}>
      <QueryClientProvider client={client}>
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

const priceSchedules = [
  { ID: 'ps-standard', Name: 'Standard price' },
  { ID: 'ps-wholesale', Name: 'Wholesale price' },
  { ID: 'ps-bare' },
];

// Chakra's combobox is slow to render in happy-dom on a loaded machine; the default 5 s is too tight.
describe('IdPicker in the form engine', { timeout: 20_000 }, () => {
  it('lists display names with ids, 100 a page, and searches what is typed', async () => {
    const { source, calls } = fakeSource({ '/priceschedules': priceSchedules });
    renderForm('Products.Create', source);
    const input = screen.getByRole('combobox', { name: 'Default Price Schedule ID' });
    fireEvent.click(input);
    const listbox = await screen.findByRole('listbox');
    await waitFor(() => expect(listbox.querySelectorAll('[role="option"]').length).toBe(3));
    expect(screen.getByRole('option', { name: /Wholesale price/ }).textContent).toContain('ps-wholesale');
    expect(calls[0]).toEqual({ path: '/priceschedules', query: { page: 1, pageSize: 100 } });

    fireEvent.change(input, { target: { value: 'whole' } });
    await waitFor(() => expect(calls.at(-1)?.query.search).toBe('whole'));
    await waitFor(() =>
      expect(screen.getAllByRole('option').map((o) => o.getAttribute('data-value'))).toEqual(['ps-wholesale']),
    );
  });

  it('puts the chosen id into the form and names it under the box', async () => {
    const { source } = fakeSource({ '/priceschedules': priceSchedules });
    const onSubmit = renderForm('Products.Create', source);
    const input = screen.getByRole<HTMLInputElement>('combobox', { name: 'Default Price Schedule ID' });
    fireEvent.click(input);
    fireEvent.click(await screen.findByRole('option', { name: /Standard price/ }));
    await waitFor(() => expect(input.value).toBe('ps-standard'));
    // The list closes (its exit may take a moment); the name then stays under the box alone.
    await waitFor(() => expect(screen.queryByRole('option', { name: /Standard price/ })).toBeNull());
    expect(screen.getByText('Standard price')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalled());
    expect(onSubmit.mock.calls[0]?.[0]).toMatchObject({ DefaultPriceScheduleID: 'ps-standard' });
  });

  it('keeps any typed id, listed or not', async () => {
    const { source } = fakeSource({ '/priceschedules': priceSchedules });
    const onSubmit = renderForm('Products.Create', source);
    const input = screen.getByRole('combobox', { name: 'Default Price Schedule ID' });
    fireEvent.focus(input);
    fireEvent.change(input, { target: { value: 'not-listed' } });
    fireEvent.blur(input);
    // The combobox reports typing a moment later, as it does in a browser before the user reaches Save.
    await new Promise((resolve) => setTimeout(resolve, 50));
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalled());
    expect(onSubmit.mock.calls[0]?.[0]).toMatchObject({ DefaultPriceScheduleID: 'not-listed' });
  });

  it("says 'Missing required parameters.' until the parent is chosen, then lists that parent's items", async () => {
    const { source, calls } = fakeSource({ '/buyers/b1/users': [{ ID: 'u1', FirstName: 'Ann', LastName: 'Lee' }] });
    renderForm('ImpersonationConfigs.Create', source);
    const user = screen.getByRole('combobox', { name: 'Impersonation User ID' });
    fireEvent.click(user);
    await waitFor(() => expect(screen.getByRole('status').textContent).toBe(MISSING_REQUIRED_PARAMETERS));
    expect(calls).toEqual([]);

    const buyer = screen.getByRole('combobox', { name: 'Impersonation Buyer ID' });
    fireEvent.focus(buyer);
    fireEvent.change(buyer, { target: { value: 'b1' } });
    fireEvent.blur(buyer);
    fireEvent.click(user);
    await screen.findByRole('option', { name: /Ann Lee/ });
    expect(calls.at(-1)?.path).toBe('/buyers/b1/users');
  });

  it('takes parent ids from the route scope: categories of the catalog, all depths', async () => {
    const { source, calls } = fakeSource({ '/catalogs/c1/categories': [{ ID: 'cat-1', Name: 'Shoes' }] });
    renderForm('Categories.SaveAssignment', source, vi.fn(), { catalogID: 'c1' });
    fireEvent.click(screen.getByRole('combobox', { name: 'Category ID' }));
    await screen.findByRole('option', { name: /Shoes/ });
    expect(calls.at(-1)?.query).toMatchObject({ depth: 'all', pageSize: 100 });
  });

  it("shows the platform's refusal instead of a list when the roles do not allow it", async () => {
    const { source } = fakeSource({}, '/priceschedules');
    renderForm('Products.Create', source);
    fireEvent.click(screen.getByRole('combobox', { name: 'Default Price Schedule ID' }));
    await waitFor(() =>
      expect(screen.getByRole('status').textContent).toBe(
        'User does not have role(s) required to perform this action.',
      ),
    );
  });

  it('stays a plain text box without a picker source', () => {
    const body = api.operationsById['Products.Create']?.requestBody;
    if (!body) throw new Error('no body');
    const fields = buildFieldModel(body.schema, { mode: 'create' });
    render(
      <ChakraProvider value={defaultSystem}>
        <SchemaForm fields={fields} defaultValues={toFormValues(fields, undefined)} onSubmit={vi.fn()} />
      </ChakraProvider>,
    );
    expect(screen.queryByRole('combobox')).toBeNull();
    expect(screen.getByRole('textbox', { name: 'Default Price Schedule ID' })).toBeTruthy();
  });
});
